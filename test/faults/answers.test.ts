// A success answer is checked against what the endpoint documents: the result key and the
// record's kind. Empty, the wrong kind, or null where a record is documented: exit 1 naming the
// endpoint and what came back. Unknown extra fields are fine; a documented null is fine.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rig, type Rig } from './setup.ts';

let r: Rig;
beforeAll(async () => {
  r = await rig();
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.fs.reset());

const ME = /^\/users\/usr_member$/;

describe('answers of the wrong shape', () => {
  it.each([
    ['null where a record is documented', { ok: true, user: null }, /'user' is null where a record \(an object\) was expected \(GET \/users\/usr_member\)/],
    ['a list where a record is documented', { ok: true, user: [{ id: 'usr_member' }] }, /'user' is a list where a record \(an object\) was expected \(GET \/users\/usr_member\)/],
    ['a string where a record is documented', { ok: true, user: 'usr_member' }, /'user' is a string where a record/],
    ['no result key at all', { ok: true }, /has no 'user' \(GET \/users\/usr_member\): it holds nothing but ok/],
    ['another key than the documented one', { ok: true, users: [{ id: 'usr_member' }] }, /has no 'user' \(GET \/users\/usr_member\): it holds 'users'/],
  ])('%s: exit 1, naming the endpoint and what came back', async (_name, body, message) => {
    r.fs.rules.push({ method: 'GET', path: ME, fault: { kind: 'json', body } });
    for (const format of ['table', 'json']) {
      const res = await r.run(['users', 'get', 'usr_member', '-o', format]);
      expect(res.exitCode).toBe(1);
      expect(res.stdout).toBe('');
      const text = format === 'json' ? JSON.parse(res.stderr).error.message : res.stderr;
      expect(text).toMatch(message);
    }
  });

  it('an empty 200 where a record is documented', async () => {
    r.fs.rules.push({ method: 'GET', path: ME, fault: { kind: 'status', status: 200, headers: { 'content-type': 'application/json' }, body: '' } });
    const res = await r.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe("error: the server's answer is empty where a record was documented (HTTP 200, GET /users/usr_member)\n");
  });

  it('a record where a list is documented', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'json', body: { ok: true, users: { id: 'usr_admin' } } } });
    const res = await r.run(['users', 'list', '-o', 'id']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/'users' is an object where a list was expected \(GET \/users\)/);
  });

  it('a write that answers null where the record is documented', async () => {
    r.fs.rules.push({ method: 'PUT', path: ME, fault: { kind: 'json', body: { ok: true, user: null } } });
    const res = await r.run(['users', 'update', 'usr_member', '--timezone', 'UTC']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/'user' is null where a record \(an object\) was expected \(PUT \/users\/usr_member\)/);
  });
});

describe('answers that are fine', () => {
  it('unknown extra fields, in the envelope and in the record', async () => {
    r.fs.rules.push({ method: 'GET', path: ME, fault: { kind: 'rewrite', fn: (b) => ({ ...b, extra: 1, user: { ...b.user, brandNew: { x: 1 } } }) } });
    const res = await r.run(['users', 'get', 'usr_member', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ id: 'usr_member', brandNew: { x: 1 } });
  });

  it('a documented null (no workspace profile yet)', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/workspace\/profile$/, fault: { kind: 'json', body: { ok: true, profile: null } } });
    const res = await r.run(['workspace', 'profile', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('null\n');
  });
});
