// A documentation page's commands run as a reader runs them: one bash session (set -e, pipefail)
// in a home folder of its own, with agnt on PATH and its own config folder. Each agnt the session
// starts notes its pid, so that one a failed session left serving (a sandbox) is ended after.
import { execa, type Result } from 'execa';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BIN, cleanEnv, removeDir, tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

export type DocSession = (script: string, timeout: number) => Promise<Result>;

/** Runs `use` with such a home (examples/ copied into it when asked), then ends what is left and removes it. */
export async function inDocHome<T>(prefix: string, use: (home: string, session: DocSession) => Promise<T>, opts: { examples?: boolean } = {}): Promise<T> {
  const home = tempDir(prefix);
  const bin = join(home, '.bin');
  const pids = join(home, '.agnt-pids');
  try {
    if (opts.examples) cpSync(join(ROOT, 'examples'), join(home, 'examples'), { recursive: true });
    mkdirSync(bin);
    writeFileSync(join(bin, 'agnt'), `#!/bin/sh\necho $$ >> '${pids}'\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
    const session: DocSession = (script, timeout) =>
      execa('bash', ['-c', `set -euo pipefail\n${script}`], {
        cwd: home,
        env: { ...cleanEnv(), HOME: home, PATH: `${bin}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(home, '.config', 'agnt') },
        reject: false,
        timeout,
      });
    return await use(home, session);
  } finally {
    if (existsSync(pids))
      for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // Ended already.
        }
      }
    removeDir(home);
  }
}
