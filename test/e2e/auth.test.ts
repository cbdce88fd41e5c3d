import { describe, expect, it } from 'vitest';
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, tempDir, sandboxForFile } from '../support/helpers.ts';
import { plain, runInPty } from '../support/pty.ts';

const sb = sandboxForFile();

function config(dir: string): any {
  return JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
}

describe('auth', () => {
  it('logs in from stdin, checks the token, and stores it in a 0600 file in a 0700 folder', async () => {
    const dir = join(tempDir(), 'cfg');
    const r = await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: `${sb.tokens.coordinator}\n` });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('as coordinator@acme.test');
    expect(r.stderr).not.toContain(sb.tokens.coordinator);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const c = config(dir);
    expect(c.currentProfile).toBe('default');
    expect(c.profiles.default).toMatchObject({ baseUrl: sb.baseUrl, token: sb.tokens.coordinator });

    const me = await agnt(['users', 'me', '--json'], { configDir: dir });
    expect(me.exitCode).toBe(0);
    expect(JSON.parse(me.stdout).id).toBe('usr_coord');
  });

  it('refuses a bad token and saves nothing', async () => {
    const dir = tempDir();
    const r = await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: 'not-a-real-token\n' });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/^error: the server refused this token: invalid or expired API token \(HTTP 401, AGNT_E_UNAUTHORIZED\)/);
    expect(() => statSync(join(dir, 'config.json'))).toThrow();
  });

  it('refuses a plain-http base URL that is not loopback before sending anything', async () => {
    const r = await agnt(['auth', 'login', '--base-url', 'http://api.example.com', '--with-token'], { input: 'tok_123456789\n' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/refusing to send credentials over plain http to api\.example\.com/);
  });

  it('logs in at a prompt in a real pseudo-terminal, with the token masked', async () => {
    const dir = tempDir();
    const token = sb.tokens.manager!;
    const r = await runInPty(
      ['auth', 'login', '--profile', 'work'],
      [
        { expect: /Base URL of the API/, send: `${sb.baseUrl}\r` },
        { expect: /API token/, send: `${token}\r` },
      ],
      { AGNT_CONFIG_DIR: dir },
    );
    const out = plain(r.output);
    expect(r.exitCode).toBe(0);
    expect(out).toContain('as manager@acme.test');
    expect(out).not.toContain(token);
    expect(out).toMatch(/API token: \*{8,}/);
    expect(config(dir).profiles.work.token).toBe(token);
    expect(config(dir).currentProfile).toBe('work');
  });

  it('status shows profile, server, user, masked token, storage and sources; logout removes the token', async () => {
    const dir = tempDir();
    await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: sb.tokens.admin });
    const s = await agnt(['auth', 'status', '--json'], { configDir: dir });
    expect(s.exitCode).toBe(0);
    const st = JSON.parse(s.stdout);
    expect(st).toMatchObject({ profile: 'default', baseUrl: sb.baseUrl, baseUrlSource: 'profile', user: 'admin@acme.test (Ada Admin)', tokenStorage: 'file (mode 0600)' });
    expect(st.token).toMatch(/^agnt\*+$/);
    expect(s.stdout + s.stderr).not.toContain(sb.tokens.admin);

    const table = await agnt(['auth', 'status'], { configDir: dir, env: { AGNT_TIMEOUT: '12' } });
    expect(table.stdout).toMatch(/timeoutSource\s+environment/);
    expect(table.stdout).not.toContain(sb.tokens.admin);

    const out = await agnt(['auth', 'logout'], { configDir: dir });
    expect(out.exitCode).toBe(0);
    expect(config(dir).profiles.default.token).toBeUndefined();
    const after = await agnt(['auth', 'status'], { configDir: dir });
    expect(after.exitCode).toBe(4);
    expect(after.stderr).toContain('not logged in');
    const me = await agnt(['users', 'me'], { configDir: dir });
    expect(me.exitCode).toBe(4);
    expect(me.stderr).toMatch(/hint: run `agnt auth login`/);
  });

  it('tightens a config file found with looser permissions, with a warning', async () => {
    const dir = tempDir();
    await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: sb.tokens.admin });
    chmodSync(join(dir, 'config.json'), 0o644);
    const s = await agnt(['auth', 'status'], { configDir: dir });
    expect(s.stderr).toMatch(/warning: config file .* was readable by others \(mode 644\)/);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('config sets, lists, switches and removes profiles', async () => {
    const dir = tempDir();
    await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: sb.tokens.admin });
    await agnt(['auth', 'login', '--profile', 'second', '--use', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: sb.tokens.member });
    expect((await agnt(['config', 'set', 'output', 'json'], { configDir: dir })).exitCode).toBe(0);
    const bad = await agnt(['config', 'set', 'output', 'xml'], { configDir: dir });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('allowed: table, json, yaml, jsonl, csv, id');
    expect((await agnt(['config', 'get', 'output'], { configDir: dir })).stdout).toBe('json\n');
    // The profile's default output now applies.
    const me = await agnt(['users', 'me'], { configDir: dir });
    expect(JSON.parse(me.stdout).id).toBe('usr_member');
    const list = await agnt(['config', 'list', '-o', 'json'], { configDir: dir });
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'output', value: 'json', source: 'profile' });
    expect((await agnt(['config', 'use', 'default'], { configDir: dir })).exitCode).toBe(0);
    expect(JSON.parse((await agnt(['users', 'me', '--json'], { configDir: dir })).stdout).id).toBe('usr_admin');
    const profiles = JSON.parse((await agnt(['config', 'profiles', '--json'], { configDir: dir })).stdout);
    expect(profiles.map((p: any) => [p.name, p.active])).toEqual([
      ['default', true],
      ['second', false],
    ]);
    const refused = await agnt(['config', 'remove', 'second'], { configDir: dir });
    expect(refused.exitCode).toBe(2);
    expect((await agnt(['config', 'remove', 'second', '--yes'], { configDir: dir })).exitCode).toBe(0);
    expect(Object.keys(config(dir).profiles)).toEqual(['default']);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a config file that is not JSON gives a clear usage error', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"profiles": ');
    const r = await agnt(['users', 'me'], { configDir: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/config file .*config\.json is not valid JSON/);
  });
});
