// Every failure in the JSON error form (--json, -o json|jsonl, AGNT_ERROR_FORMAT=json): exactly
// one JSON object on stderr and nothing else, for each class of failure; a repeated one-value
// flag; an empty stdin for `-`; and `-` always giving a list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { bench, type Bench } from './setup.ts';

/** The sandbox answering with its own fault rules (late answers), and journaling what it got. */
let box: Bench;
let dir: string;
beforeAll(async () => {
  box = await bench();
  dir = tempDir('agnt-failures-');
});
afterAll(async () => {
  await box.dispose();
});
beforeEach(() => box.again());

/** stderr must be one JSON object, and nothing else. */
function oneJson(stderr: string): { error: Record<string, unknown> } {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trim().split('\n').length).toBe(1);
  const parsed = JSON.parse(stderr);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(typeof parsed.error.message).toBe('string');
  return parsed;
}

describe('the JSON error form', () => {
  it('API error: message, exitCode, status, code, hint', async () => {
    for (const flags of [['--json'], ['-o', 'jsonl'], ['--output=json']]) {
      const res = await box.run(['users', 'get', 'usr_nobody', ...flags]);
      expect(res.exitCode).toBe(3);
      expect(res.stdout).toBe('');
      expect(oneJson(res.stderr).error).toEqual({ message: "user 'usr_nobody' not found", exitCode: 3, status: 404, code: 'AGNT_E_NOT_FOUND' });
    }
    const unauth = await box.run(['users', 'me'], { env: { AGNT_TOKEN: 'wrong', AGNT_ERROR_FORMAT: 'json' } });
    expect(unauth.exitCode).toBe(4);
    expect(oneJson(unauth.stderr).error).toMatchObject({ status: 401, exitCode: 4, code: 'AGNT_E_UNAUTHORIZED', hint: expect.stringContaining('agnt auth login') });
  });

  it('API validation error keeps the server details', async () => {
    const res = await box.run(['contacts', 'create', '--email', 'not-an-email', '--json']);
    expect(res.exitCode).toBe(5);
    const e = oneJson(res.stderr).error;
    expect(e).toMatchObject({ exitCode: 5, status: 400 });
  });

  it('network error (nothing listening)', async () => {
    const res = await box.run(['users', 'me', '--json'], { env: { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_RETRIES: '1' } });
    expect(res.exitCode).toBe(1);
    expect(oneJson(res.stderr).error).toMatchObject({ exitCode: 1, code: 'ECONNREFUSED', message: expect.stringContaining('connection refused') });
  });

  it('timeout', async () => {
    await box.fault({ path: '/users/me', delay: 5000 });
    const res = await box.run(['users', 'me', '--json', '--timeout', '0.3'], { env: { AGNT_RETRIES: '1' } });
    expect(res.exitCode).toBe(1);
    expect(oneJson(res.stderr).error).toMatchObject({ exitCode: 1, message: expect.stringContaining('timed out') });
  });

  it("usage errors, commander's own parse errors included, name the field", async () => {
    const unknown = await box.run(['users', 'list', '--colour', '--json']);
    expect(unknown.exitCode).toBe(2);
    expect(oneJson(unknown.stderr).error).toMatchObject({ exitCode: 2, field: 'colour', message: expect.stringContaining("unknown option '--colour'") });
    const missing = await box.run(['users', 'list', '--json', '--per-page']);
    expect(missing.exitCode).toBe(2);
    expect(oneJson(missing.stderr).error).toMatchObject({ exitCode: 2, field: 'per-page' });
    const badEnum = await box.run(['users', 'update', 'usr_member', '--status', 'asleep'], { env: { AGNT_ERROR_FORMAT: 'json' } });
    expect(badEnum.exitCode).toBe(2);
    expect(oneJson(badEnum.stderr).error).toEqual({ message: "--status: invalid value 'asleep' (allowed: active, inactive, suspended)", exitCode: 2, field: 'status' });
    const noVerb = await box.run(['users', 'frobnicate', '--json']);
    expect(noVerb.exitCode).toBe(2);
    oneJson(noVerb.stderr);
  });

  it('local file errors', async () => {
    const missing = await box.run(['users', 'update', 'usr_member', '--file', join(dir, 'nope.json'), '--json']);
    expect(missing.exitCode).toBe(2);
    expect(oneJson(missing.stderr).error.message).toMatch(/nope\.json: no such file/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"status": }');
    const broken = await box.run(['users', 'update', 'usr_member', '--file', bad, '--json']);
    expect(broken.exitCode).toBe(2);
    expect(oneJson(broken.stderr).error.message).toMatch(/bad\.json:1:\d+: invalid JSON/);
  });

  it('interrupt: Ctrl-C during --all --json', async () => {
    const late = await box.fault({ method: 'GET', path: '/users', query: { page: '2' }, delay: 20_000 });
    const child = box.spawn(['users', 'list', '--all', '--per-page', '2', '--json']);
    await box.until(() => box.rule(late.id).hits === 1, 'page 2 of the walk');
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(oneJson(String(res.stderr)).error).toEqual({ message: 'interrupted after 2 records (1 page); none printed: use -o jsonl, csv or id to print records as they arrive', exitCode: 130 });
  });

  it('a partial failure of several ids: one object naming each failure', async () => {
    const base = box.sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as Record<string, unknown>;
    const { id: _id, ...rest } = base;
    const id = box.sb.store.insert('contacts', 'con', { ...rest, name: 'partial', email: 'partial@stdin.test' }).id as string;
    const res = await box.run(['contacts', 'delete', id, 'con_nobody', '--yes', '--json']);
    expect(res.exitCode).toBe(6);
    expect(oneJson(res.stderr).error).toMatchObject({ exitCode: 6, message: expect.stringMatching(/^1 of 2 failed: con_nobody: /) });
    expect(JSON.parse(res.stdout)).toEqual([expect.objectContaining({ id }), { id: 'con_nobody', error: expect.objectContaining({ exitCode: 3, status: 404 }) }]);
  });

  it('the human form is unchanged: one line and a hint', async () => {
    const res = await box.run(['users', 'get', 'usr_nobody']);
    expect(res.stderr).toBe("error: user 'usr_nobody' not found (HTTP 404, AGNT_E_NOT_FOUND)\n");
  });
});

describe('flags and stdin', () => {
  it('a one-value flag given twice is a usage error naming the flag; nothing is sent', async () => {
    const res = await box.run(['contacts', 'create', '--email', 'a@x.test', '--email', 'b@x.test']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: --email was given more than once; it takes one value\n/);
    const global = await box.run(['users', 'list', '-o', 'json', '-o', 'yaml']);
    expect(global.exitCode).toBe(2);
    expect(global.stderr).toMatch(/--output was given more than once/);
    const page = await box.run(['users', 'list', '--per-page', '2', '--per-page', '3']);
    expect(page.exitCode).toBe(2);
    // A built-in command's flag too (inbox is declared from a built-in record).
    const zone = await box.run(['inbox', '--tz', 'UTC', '--tz', 'Europe/Paris']);
    expect(zone.exitCode).toBe(2);
    expect(zone.stderr).toMatch(/^error: --tz was given more than once; it takes one value\n/);
    expect(box.sent()).toEqual([]);
    // A list flag may still repeat.
    const tags = await box.run(['contacts', 'list', '--tags', 'a', '--tags', 'b', '-o', 'id']);
    expect(tags.exitCode).toBe(0);
  });

  it('an empty stdin for `-` does nothing: exit 0, one note on stderr', async () => {
    const res = await box.run(['contacts', 'delete', '-', '--yes'], { input: '' });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe('no ids on standard input; nothing to do\n');
    expect(res.stdout).toBe('');
    const json = await box.run(['contacts', 'delete', '-', '--yes', '--json'], { input: '\n' });
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(box.sent()).toEqual([]);
    const tag = await box.run(['contacts', 'bulk-tag', '--ids', '-', '--add', 'x'], { input: '' });
    expect(tag.exitCode).toBe(0);
    expect(tag.stderr).toBe('no ids on standard input; nothing to do\n');
  });

  it('with `-`, -o json is an array for one id as for two', async () => {
    const base = box.sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as Record<string, unknown>;
    const make = (n: string) => {
      const { id: _id, ...rest } = base;
      return box.sb.store.insert('contacts', 'con', { ...rest, name: n, email: `${n}@stdin.test` }).id as string;
    };
    const [a, b, c, d] = ['sa', 'sb', 'sc', 'sd'].map(make);
    const one = await box.run(['contacts', 'delete', '-', '--yes', '--json'], { input: `${a}\n` });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual([expect.objectContaining({ id: a })]);
    const two = await box.run(['contacts', 'delete', '-', '--yes', '--json'], { input: `${b}\n${c}\n` });
    expect(JSON.parse(two.stdout).map((x: { id: string }) => x.id)).toEqual([b, c]);
    // Given as an argument, one id is still one record.
    const arg = await box.run(['contacts', 'delete', d!, '--yes', '--json']);
    expect(JSON.parse(arg.stdout).id).toBe(d);
  });
});
