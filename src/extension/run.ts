// Running an extension: its arguments as given, the server and profile in the environment, and
// the token only in AGNT_TOKEN (never in argv, where `ps` would show it).
import { hostEnv } from '../core/host.ts';
import { spawn } from 'node:child_process';
import { resolveSettings } from '../core/config.ts';
import { findExtension } from './find.ts';

/** The environment an extension gets: the caller's, plus the resolved base URL, profile and token. */
export function extensionEnv(global: { profile?: string; baseUrl?: string } = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...hostEnv(), AGNT_EXTENSION: '1' };
  try {
    const s = resolveSettings({ profile: global.profile, baseUrl: global.baseUrl });
    env.AGNT_PROFILE = s.profile.name;
    if (s.baseUrl.value) env.AGNT_BASE_URL = s.baseUrl.value;
    const token = s.token.value;
    if (token) env.AGNT_TOKEN = token;
  } catch {
    // No usable profile: the extension gets what the environment already had.
  }
  return env;
}

/** Runs `agnt-NAME ARGS` when argv[0] names an extension (and no command); its exit code, or undefined. */
export async function runExtension(argv: string[]): Promise<number | undefined> {
  const name = argv[0];
  if (!name || name.startsWith('-')) return undefined;
  const ext = findExtension(name);
  if (!ext) return undefined;
  const child = spawn(ext.path, argv.slice(1), { stdio: 'inherit', env: extensionEnv() });
  return new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}
