// `agnt api` (the raw escape hatch), `agnt commands`, and `agnt sandbox start` as a process.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { agnt, agntJson, BIN, cleanEnv, tempDir, sandboxForFile } from '../support/helpers.ts';
import { SPEC_ENDPOINTS } from '../support/spec.ts';

const sb = sandboxForFile();

describe('agnt api', () => {
  it('GET with typed fields as query parameters; prints the whole body', async () => {
    sb.requests.length = 0;
    const r = await agnt(['api', 'GET', '/users', '-F', 'perPage=2', '-f', 'search=princ', '--json'], { sb });
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ ok: true, perPage: 2, total: 2 });
    expect(body.users.map((u: any) => u.id)).toEqual(['usr_principal', 'usr_principal2']);
    expect(sb.requests[0]!.url).toBe('/users?perPage=2&search=princ');
  });

  it('POST with -f strings, -F typed values and --file, then --paginate walks pages', async () => {
    const dir = tempDir();
    const f = join(dir, 'body.yaml');
    writeFileSync(f, 'type: email\nuserId: usr_member\n');
    const r = await agnt(['api', 'post', '/identifiers', '--file', f, '-f', 'value=raw@acme.test', '-F', 'verified=true', '--json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).identifier).toMatchObject({ type: 'email', value: 'raw@acme.test', verified: true });
    const all = await agnt(['api', 'GET', '/users', '--paginate', '-F', 'perPage=2', '-o', 'id'], { sb });
    const ids = (await agntJson<any[]>(['users', 'list', '--per-page', '100'], { sb })).map((u) => u.id);
    expect(all.stdout.trim().split('\n')).toEqual(ids);
  });

  it('bad method, unfilled path parameters, and a 404 behave per the contract', async () => {
    expect((await agnt(['api', 'FETCH', '/users'], { sb })).exitCode).toBe(2);
    const p = await agnt(['api', 'GET', '/users/{userId}'], { sb });
    expect(p.exitCode).toBe(2);
    expect(p.stderr).toMatch(/fill in the path parameters/);
    const nf = await agnt(['api', 'GET', '/users/nobody'], { sb });
    expect(nf.exitCode).toBe(3);
    const dry = await agnt(['api', 'DELETE', '/users/usr_member', '--dry-run'], { sb });
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'DELETE', url: `${sb.baseUrl}/users/usr_member` });
  });
});

describe('agnt commands', () => {
  it('--json is the catalogue: one row per command with its endpoints, paths as the spec writes them', async () => {
    const rows = await agntJson<Array<{ command: string; endpoints: string[] }>>(['commands']);
    expect(rows).toContainEqual(expect.objectContaining({ command: 'chats process', endpoints: ['POST /chats/{chatId}/process'] }));
    expect(rows).toContainEqual(expect.objectContaining({ command: 'users set-assistant', endpoints: ['PATCH /users/{userId}/assistant'] }));
    const spec = SPEC_ENDPOINTS;
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const have = new Set(rows.flatMap((r) => r.endpoints.map((e) => shape(e))));
    expect(spec.filter((e) => !have.has(`${e.method} ${shape(e.path)}`))).toEqual([]);
  });
});

describe('agnt sandbox start', () => {
  it('prints its URL and tokens as the first JSON line, writes the sandbox profile, persists --data, stops on SIGTERM with 0', async () => {
    const dir = tempDir();
    const data = join(dir, 'state.json');
    const start = async () => {
      const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--json', '--data', data], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir }, extendEnv: true, reject: false });
      const first = await new Promise<any>((resolve) => createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l))));
      return { child, first };
    };
    const a = await start();
    expect(Object.keys(a.first.tokens)).toEqual(expect.arrayContaining(['admin', 'coordinator', 'manager', 'member']));
    expect(a.first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const cfg = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(cfg.profiles.sandbox).toMatchObject({ baseUrl: a.first.baseUrl, token: a.first.tokens.admin });
    const made = await agnt(['users', 'create', '--email', 'kept@acme.test', '-o', 'id'], { configDir: dir, env: { AGNT_PROFILE: 'sandbox' } });
    expect(made.exitCode).toBe(0);
    a.child.kill('SIGTERM');
    expect((await a.child).exitCode).toBe(0);
    expect(statSync(data).mode & 0o777).toBe(0o600);

    const b = await start();
    expect(b.first.tokens.admin).toBe(a.first.tokens.admin);
    const again = await agnt(['users', 'get', made.stdout.trim(), '--json'], { env: { AGNT_BASE_URL: b.first.baseUrl, AGNT_TOKEN: b.first.tokens.admin } });
    expect(JSON.parse(again.stdout).email).toBe('kept@acme.test');
    b.child.kill('SIGINT');
    expect((await b.child).exitCode).toBe(0);
  });

  it('refuses a host that is not loopback', async () => {
    const r = await agnt(['sandbox', 'start', '--host', '0.0.0.0']);
    expect(r.exitCode).toBe(2);
  });
});
