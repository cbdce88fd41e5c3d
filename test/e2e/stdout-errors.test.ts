// What agnt does when its standard output fails: a reader that goes away (`agnt … | head`) ends
// the run quietly with the run's own exit code, like other Unix tools; any other failure to
// write (a full disk) is one line on stderr and exit 1, never a stack trace quoting the bundle.
// --version is answered before the rest of agnt loads, so it is checked on its own.
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, removeDir, tempDir } from '../support/helpers.ts';

/** Runs a bash line in which AGNT stands for the built agnt (a shell, for its redirections and pipes). */
async function sh(line: string) {
  const dir = tempDir();
  try {
    const agnt = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`;
    return await execa('bash', ['-c', line.replaceAll('AGNT', agnt)], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir }, reject: false, input: '' });
  } finally {
    removeDir(dir);
  }
}

describe('standard output that fails', () => {
  it('a reader that stops early ends the run with exit 0 and nothing on stderr', async () => {
    // The OpenAPI document is far larger than a pipe's buffer, so agnt is still writing when
    // head has gone: the write fails with EPIPE every time.
    // ($PIPESTATUS: the exit status of the pipeline's first command, agnt.)
    const r = await sh('AGNT api spec | head -c 10 >/dev/null; echo "agnt exit $PIPESTATUS"');
    expect(r.stdout).toMatch(/agnt exit 0$/);
    expect(r.stderr).toBe('');
  });

  it.skipIf(!existsSync('/dev/full'))('a full disk is one line and exit 1, for --version and for --help', async () => {
    for (const args of ['--version', '--help', 'users list --help']) {
      // A redirection by the shell: the descriptor itself is /dev/full, as for a user.
      const r = await sh(`AGNT ${args} > /dev/full`);
      expect(r.exitCode, args).toBe(1);
      expect(r.stderr, args).toBe('error: cannot write to standard output (ENOSPC)');
    }
  });
});
