// Prompts follow agnt's colour rule (docs/usage.md, Terminal): coloured on a terminal by default, and
// plain with --no-color, NO_COLOR or CI=1, which inquirer alone would not all honour.
import { describe, expect, it } from 'vitest';
import { tempDir, sandboxForFile } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';

const sb = sandboxForFile();

// A colour or style (SGR) sequence; inquirer's cursor moves and line clears are other sequences.
const SGR = /\x1b\[[0-9;]*m/;

async function loginScreen(args: string[], env: Record<string, string>): Promise<string> {
  const r = await runInPty(
    ['auth', 'login', '--profile', 'p', ...args],
    [
      { expect: /Base URL of the API/, send: `${sb.baseUrl}\r` },
      { expect: /API token/, send: `${sb.tokens.admin}\r` },
    ],
    { AGNT_CONFIG_DIR: tempDir(), TERM: 'xterm-256color', ...env },
  );
  expect(r.exitCode).toBe(0);
  return r.output.slice(0, r.output.indexOf('Logged in'));
}

describe('prompts and the colour rule', () => {
  it('are coloured on a terminal by default', async () => {
    expect(await loginScreen([], {})).toMatch(SGR);
  });

  for (const [label, args, env] of [
    ['--no-color', ['--no-color'], {}],
    ['NO_COLOR=1', [], { NO_COLOR: '1' }],
    ['CI=1', [], { CI: '1' }],
  ] as Array<[string, string[], Record<string, string>]>) {
    it(`carry no colour with ${label}`, async () => {
      expect(await loginScreen(args, env)).not.toMatch(SGR);
    });
  }
});
