// Every example in every command's help, pasted into a shell against a fresh `agnt sandbox`:
// each must exit 0. docs/commands.md is generated from the command tree (a test in
// completion.test.ts keeps it so), so its example blocks are exactly what --help shows.
import { execa } from 'execa';
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

function examples(): Array<{ command: string; line: string }> {
  const out: Array<{ command: string; line: string }> = [];
  let command = '';
  let inBlock = false;
  for (const line of readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8').split('\n')) {
    const h = /^#{2,4} `agnt ([^`]+)`/.exec(line);
    if (h) command = h[1]!;
    if (line.startsWith('```')) inBlock = !inBlock && line.trim() === '```sh';
    else if (inBlock && line.startsWith('agnt ')) out.push({ command, line });
  }
  return out;
}

const all = examples();

// Examples that do not run yet against a fresh sandbox, each with why. The test expects them to
// fail (it.fails), so one that starts to pass fails the suite until it leaves this list.
const PENDING: Record<string, string> = {};

// Whose token an example runs with: the seeded user a person pasting it would be. Coverage is
// the coordinator's, accepting it the backup's, approving it the manager's; the rest the admin's.
const ROLES: Array<[RegExp, string]> = [
  [/^agnt (manager-assignments create|backup-rules create .*--is-org-default)/, 'admin'],
  [/^agnt coordinator audit-events/, 'manager'],
  [/^agnt coverage (accept|decline)\b|--role backup/, 'backup'],
  [/^agnt coverage (approve|reject)\b|--role manager|^agnt coordinator manager/, 'manager'],
  [/^agnt (coverage|coordinator|backup-rules|manager-assignments)\b|^agnt delegations (list --role coordinator|reverify|invite|revoke)/, 'coordinator'],
  [/^agnt delegations (confirm|list --role principal)/, 'principal'],
];
const roleOf = (line: string) => ROLES.find(([re]) => re.test(line))?.[1] ?? 'admin';

describe('help examples', () => {
  it('there are examples to run', () => expect(all.length).toBeGreaterThan(300));

  it('every pending example is still an example', () => {
    const lines = new Set(all.map((e) => e.line));
    expect(Object.keys(PENDING).filter((l) => !lines.has(l))).toEqual([]);
  });

  const run = async (e: { command: string; line: string }) => {
    const sb = await withSandbox();
    const cwd = tempDir('agnt-example-');
    try {
      cpSync(join(ROOT, 'examples'), join(cwd, 'examples'), { recursive: true });
      const bin = join(cwd, '.bin');
      mkdirSync(bin);
      mkdirSync(join(cwd, 'Downloads'));
      writeFileSync(join(bin, 'agnt'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
      const env = { ...cleanEnv(), HOME: cwd, PATH: `${bin}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(cwd, '.config'), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[roleOf(e.line)] };
      // The files a user of these examples has: a token file, and the profiles `agnt sandbox start`
      // and a staging login would have made.
      writeFileSync(join(cwd, 'token.txt'), `${sb.tokens.admin}\n`, { mode: 0o600 });
      if (/\b(auth|config)\b|--profile/.test(e.line)) {
        for (const profile of ['sandbox', 'staging']) {
          const login = await execa(process.execPath, [BIN, 'auth', 'login', '--profile', profile, '--with-token'], { env: { ...env, AGNT_TOKEN: undefined }, input: sb.tokens.admin, reject: false });
          expect(login.exitCode, String(login.stderr)).toBe(0);
        }
      }
      if (/# on a terminal/.test(e.line)) {
        // Off a terminal these refuse plainly (exit 2) and say that they need one.
        const r = await execa('bash', ['-c', e.line], { cwd, env, reject: false, input: '', timeout: 60_000 });
        expect({ exitCode: r.exitCode, terminal: /terminal/.test(String(r.stderr)) }, e.line).toEqual({ exitCode: 2, terminal: true });
        return;
      }
      if (/^agnt sandbox start/.test(e.line)) {
        // A server: it prints where it listens, then serves until Ctrl-C, and exits 0.
        const child = execa('bash', ['-c', `exec ${e.line.replace(/#.*/, '')}`], { cwd, env, reject: false, timeout: 60_000 });
        await new Promise<void>((ok) => child.stdout!.once('data', () => ok()));
        child.kill('SIGINT');
        expect((await child).exitCode, e.line).toBe(0);
        return;
      }
      const r = await execa('bash', ['-o', 'pipefail', '-c', e.line], { cwd, env, reject: false, input: '', timeout: 60_000 });
      if (r.exitCode !== 0 && process.env.EX_REPORT)
        appendFileSync(process.env.EX_REPORT, `${JSON.stringify({ line: e.line, code: r.exitCode, err: String(r.stderr).split('\n').slice(0, 2).join(' | ') })}\n`);
      expect({ exitCode: r.exitCode, stderr: String(r.stderr).slice(0, 400) }, `${e.command}: ${e.line}`).toMatchObject({ exitCode: 0 });
    } finally {
      await sb.dispose();
      removeDir(cwd);
    }
  };
  const ready = all.filter((e) => !(e.line in PENDING));
  const pending = all.filter((e) => e.line in PENDING);
  it.concurrent.each(ready.map((e) => [e.line, e] as const))('%s', (_line, e) => run(e));
  if (pending.length) it.concurrent.fails.each(pending.map((e) => [e.line, e] as const))('pending: %s', (_line, e) => run(e));
});
