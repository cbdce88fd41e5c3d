// Aliases: a name that stands for an agnt command line (`agnt alias set mine 'users list
// --status active'`) or, with --shell, for a shell command. Kept in aliases.json beside the
// profiles (AGNT_CONFIG_DIR), mode 0600, written through a temporary file and a rename, under
// its lock (changeAliases), so that parallel `alias set` runs each keep their alias.
import { writeFileAtomic } from '../core/atomic-file.ts';
import { withFileLock } from '../core/file-lock.ts';
import { hostEnv } from '../core/host.ts';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../core/config.ts';
import { UsageError } from '../core/errors.ts';

export interface Alias {
  expansion: string;
  /** Run by /bin/sh rather than as agnt's arguments. */
  shell?: boolean;
}

export type Aliases = Record<string, Alias>;

export function aliasesPath(env: NodeJS.ProcessEnv = hostEnv()): string {
  return join(configDir(env), 'aliases.json');
}

export function readAliases(env: NodeJS.ProcessEnv = hostEnv()): Aliases {
  const file = aliasesPath(env);
  if (!existsSync(file)) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  return checkAliases(data, file);
}

/** The aliases of a file (aliases.json, or one `alias import` reads), checked entry by entry. */
export function checkAliases(data: unknown, where: string): Aliases {
  const raw = (data as { aliases?: unknown } | null)?.aliases ?? data;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${where}: expected an object of aliases`);
  const out: Aliases = {};
  for (const [name, v] of Object.entries(raw as Record<string, unknown>)) {
    const a = typeof v === 'string' ? { expansion: v } : (v as Alias);
    if (!a || typeof a.expansion !== 'string' || !a.expansion.trim()) throw new UsageError(`${where}: alias '${name}' has no expansion`);
    out[name] = { expansion: a.expansion, ...(a.shell ? { shell: true } : {}) };
  }
  return out;
}

export function writeAliases(aliases: Aliases, env: NodeJS.ProcessEnv = hostEnv()): void {
  const sorted = Object.fromEntries(Object.entries(aliases).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileAtomic(aliasesPath(env), `${JSON.stringify({ aliases: sorted }, null, 2)}\n`, { dirMode: 0o700 });
}

/** Reads the aliases, changes them and writes them back, with aliases.json locked throughout. */
export async function changeAliases<T>(change: (aliases: Aliases) => T | Promise<T>, env: NodeJS.ProcessEnv = hostEnv()): Promise<T> {
  mkdirSync(configDir(env), { recursive: true, mode: 0o700 });
  return await withFileLock(aliasesPath(env), { waitMs: 15_000, what: 'the aliases file' }, async () => {
    const aliases = readAliases(env);
    const out = await change(aliases);
    writeAliases(aliases, env);
    return out;
  });
}
