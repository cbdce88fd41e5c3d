// Where the token is kept: the OS keyring when there is one (here a stand-in with the binding's
// API), else the 0600 config file; `auth status` says which. The binding loads only when a
// token is read or written without AGNT_TOKEN. A config file readable by others is tightened,
// with a warning, by every command that reads it.
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agnt, tempDir, sandboxForFile } from '../support/helpers.ts';

const FAKE = resolve(import.meta.dirname, 'fake-keyring.cjs');
const sb = sandboxForFile();

function keyringEnv(dir: string): Record<string, string> {
  return { AGNT_KEYRING: 'on', AGNT_KEYRING_MODULE: FAKE, AGNT_FAKE_KEYRING_FILE: join(dir, 'keyring.json') };
}
const loads = (dir: string) => (existsSync(join(dir, 'keyring.json.loads')) ? readFileSync(join(dir, 'keyring.json.loads'), 'utf8').split('\n').filter(Boolean).length : 0);

async function login(configDir: string, env: Record<string, string> = {}) {
  return await agnt(['auth', 'login', '--base-url', sb.baseUrl, '--with-token'], { configDir, input: `${sb.tokens.admin}\n`, env });
}

describe('token storage', () => {
  it('with a keyring: the token goes there, not into the file; status says keyring; logout removes it', async () => {
    const dir = tempDir('agnt-keyring-');
    const env = keyringEnv(dir);
    const r = await login(dir, env);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('The token is stored in the OS keyring.');
    const config = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(config).not.toContain(sb.tokens.admin);
    expect(JSON.parse(config).profiles.default.tokenStore).toBe('keyring');
    expect(JSON.parse(readFileSync(join(dir, 'keyring.json'), 'utf8'))).toEqual({ 'agnt/default': sb.tokens.admin });

    const me = await agnt(['users', 'me', '-o', 'id'], { configDir: dir, env });
    expect(me).toMatchObject({ exitCode: 0, stdout: 'usr_admin\n' });
    const status = await agnt(['auth', 'status', '--json'], { configDir: dir, env });
    expect(status.exitCode).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ tokenStorage: 'keyring', tokenSource: 'OS keyring (service agnt, account default)', user: 'admin@acme.test (Ada Admin)' });
    expect(status.stdout).not.toContain(sb.tokens.admin);

    const out = await agnt(['auth', 'logout'], { configDir: dir, env });
    expect(out.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'keyring.json'), 'utf8'))).toEqual({});
    expect((await agnt(['users', 'me'], { configDir: dir, env })).exitCode).toBe(4);
  });

  it('without a keyring service the token falls back to the 0600 file, and status says file', async () => {
    const envs: Array<Record<string, string>> = [
      { ...keyringEnv(tempDir()), AGNT_FAKE_KEYRING_BROKEN: '1' },
      { ...keyringEnv(tempDir()), AGNT_KEYRING: 'off' },
    ];
    // The real binding too, where there is no session bus and so no Secret Service (never on a
    // desktop, where it would write to the developer's own keyring).
    if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) envs.push({ AGNT_KEYRING: 'on' });
    for (const env of envs) {
      const dir = tempDir('agnt-keyring-');
      const r = await login(dir, env);
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toMatch(/The token is stored in .*config\.json \(mode 0600\)/);
      const file = join(dir, 'config.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.token).toBe(sb.tokens.admin);
      const status = await agnt(['auth', 'status', '--json'], { configDir: dir, env });
      expect(JSON.parse(status.stdout)).toMatchObject({ tokenStorage: 'file (mode 0600)', tokenSource: `config file ${file}` });
    }
  });

  it('a keyring that cannot be read says so, with exit 4', async () => {
    const dir = tempDir('agnt-keyring-');
    const env = keyringEnv(dir);
    expect((await login(dir, env)).exitCode).toBe(0);
    writeFileSync(join(dir, 'keyring.json'), '{}');
    const r = await agnt(['users', 'me'], { configDir: dir, env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toBe("error: the token of profile 'default' is in the OS keyring, which cannot be read now\nhint: unlock the keyring, or run `agnt auth login` again (or set AGNT_TOKEN)\n");
  });

  it('the binding loads only when a token is read or written, and never with AGNT_TOKEN', async () => {
    const dir = tempDir('agnt-keyring-');
    const env = keyringEnv(dir);
    expect((await login(dir, env)).exitCode).toBe(0);
    const after = loads(dir);
    expect(after).toBeGreaterThan(0);
    for (const args of [['--version'], ['users', 'list', '--help'], ['config', 'list'], ['config', 'profiles']]) {
      expect((await agnt(args, { configDir: dir, env })).exitCode).toBe(0);
    }
    expect((await agnt(['users', 'me', '--json'], { configDir: dir, env: { ...env, AGNT_TOKEN: sb.tokens.admin, AGNT_BASE_URL: sb.baseUrl } })).exitCode).toBe(0);
    expect(loads(dir)).toBe(after);
    expect((await agnt(['users', 'me', '--json'], { configDir: dir, env })).exitCode).toBe(0);
    expect(loads(dir)).toBe(after + 1);
  });
});

describe('config file permissions', () => {
  it.each([
    ['auth status', ['auth', 'status']],
    ['a command that reads the token', ['users', 'me', '-o', 'id']],
    ['a list', ['users', 'list', '--limit', '1', '-o', 'id']],
    ['config list', ['config', 'list']],
  ])('%s tightens a config file readable by others, with a warning', async (_name, args) => {
    const dir = tempDir('agnt-perms-');
    expect((await login(dir, { AGNT_KEYRING: 'off' })).exitCode).toBe(0);
    const file = join(dir, 'config.json');
    chmodSync(file, 0o644);
    const r = await agnt(args, { configDir: dir, env: { AGNT_KEYRING: 'off' } });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(`warning: config file ${file} was readable by others (mode 644); set it to 600\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await agnt(args, { configDir: dir, env: { AGNT_KEYRING: 'off' } });
    expect(again.stderr).toBe('');
  });
});
