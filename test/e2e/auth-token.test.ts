// `agnt auth token` for scripts, and `auth status` telling a server that cannot be reached from
// a token it rejects, for the active profile and (--all) for every profile.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agnt, tempDir, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

// Nothing listens on the discard port of loopback.
const DOWN = 'http://127.0.0.1:9';

function configWith(profiles: Record<string, { baseUrl: string; token?: string }>, current: string): string {
  const dir = join(tempDir(), 'cfg');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentProfile: current, profiles }), { mode: 0o600 });
  return dir;
}

describe('agnt auth token', () => {
  it("prints the active profile's token, or --profile NAME's, alone on stdout", async () => {
    const dir = configWith({ work: { baseUrl: sb.baseUrl, token: sb.tokens.admin! }, staging: { baseUrl: sb.baseUrl, token: sb.tokens.member! } }, 'work');
    const r = await agnt(['auth', 'token'], { configDir: dir });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: `${sb.tokens.admin}\n`, err: '' });
    const s = await agnt(['auth', 'token', '--profile', 'staging'], { configDir: dir });
    expect(s.stdout).toBe(`${sb.tokens.member}\n`);
    // What $(agnt auth token) gives a script works as a token.
    const me = await agnt(['users', 'me', '-o', 'id'], { sb, as: s.stdout.trim() });
    expect(me.stdout).toBe('usr_member\n');
  });

  it('a profile without a token: exit 4, nothing on stdout', async () => {
    const dir = configWith({ empty: { baseUrl: sb.baseUrl } }, 'empty');
    const r = await agnt(['auth', 'token'], { configDir: dir });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 4, out: '', err: "error: profile 'empty' has no token\nhint: run `agnt auth login` (or set AGNT_TOKEN)\n" });
  });
});

describe('agnt auth status', () => {
  it('a server that cannot be reached is not a rejected token: exit 1, and no advice to log in again', async () => {
    const dir = configWith({ down: { baseUrl: DOWN, token: 'tok_whatever_123' } }, 'down');
    const r = await agnt(['auth', 'status', '--json'], { configDir: dir, env: { AGNT_RETRIES: '0' } });
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stderr).error).toMatchObject({
      message: expect.stringMatching(/^cannot reach the server at http:\/\/127\.0\.0\.1:9: /),
      hint: expect.stringContaining('the token was not checked'),
    });
    expect(r.stderr).not.toContain('not accepted');
    expect(r.stderr).not.toContain('auth login');
    expect(JSON.parse(r.stdout)).toMatchObject({ profile: 'down', user: null, tokenCheck: 'unreachable' });
  });

  it('a token the server rejects: exit 4, and the advice to log in again', async () => {
    const dir = configWith({ old: { baseUrl: sb.baseUrl, token: 'tok_revoked_123456' } }, 'old');
    const r = await agnt(['auth', 'status'], { configDir: dir });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/^error: the token was not accepted: .*\(HTTP 401, AGNT_E_UNAUTHORIZED\)\nhint: run `agnt auth login`[^\n]*\n$/);
  });

  it('--all checks every profile with its own server and token, the environment left out', async () => {
    const dir = configWith(
      {
        good: { baseUrl: sb.baseUrl, token: sb.tokens.coordinator! },
        old: { baseUrl: sb.baseUrl, token: 'tok_revoked_123456' },
        down: { baseUrl: DOWN, token: 'tok_whatever_123' },
        empty: { baseUrl: sb.baseUrl },
      },
      'good',
    );
    const r = await agnt(['auth', 'status', '--all', '-o', 'json'], { configDir: dir, env: { AGNT_RETRIES: '0', AGNT_TOKEN: sb.tokens.admin } });
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((x) => [x.profile, x.active, x.tokenCheck, x.user])).toEqual([
      ['down', false, 'unreachable', null],
      ['empty', false, 'not logged in', null],
      ['good', true, 'accepted', 'coordinator@acme.test (Cory Coordinator)'],
      ['old', false, 'rejected', null],
    ]);
    expect(r.stdout).not.toContain(sb.tokens.coordinator);
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stderr).error.message).toBe('3 of 4 profiles cannot be used: down (unreachable), empty (not logged in), old (rejected)');
  });
});
