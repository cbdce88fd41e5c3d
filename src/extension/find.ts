// Extensions: an executable `agnt-NAME` on PATH runs as `agnt NAME ...`, as git and kubectl
// plugins do. The first one on PATH wins, as the shell would pick it; a built-in command or area
// always wins over an extension of the same name.
import { hostEnv } from '../core/host.ts';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Extension {
  name: string;
  path: string;
}

const PREFIX = 'agnt-';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The extension `agnt NAME` would run: agnt-NAME on PATH, first found. */
export function findExtension(name: string, env: NodeJS.ProcessEnv = hostEnv()): Extension | undefined {
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const path = join(dir, `${PREFIX}${name}`);
    if (executable(path)) return { name, path };
  }
  return undefined;
}

/** Every extension on PATH, one per name (the first found), in name order. */
export function listExtensions(env: NodeJS.ProcessEnv = hostEnv()): Extension[] {
  const found = new Map<string, Extension>();
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of names.sort()) {
      if (!file.startsWith(PREFIX) || file.length === PREFIX.length) continue;
      const name = file.slice(PREFIX.length);
      if (found.has(name) || !/^[a-z0-9][a-z0-9_-]*$/i.test(name)) continue;
      const path = join(dir, file);
      if (executable(path)) found.set(name, { name, path });
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
