// Retries, backoff, Retry-After, timeouts and bad answers, for each class of command: answered by
// the sandbox's own fault rules where a server can give the answer itself (a status, Retry-After
// in seconds, a late answer, a dropped connection), through the fault proxy in front of a real
// sandbox for the rest (see setup.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeServer, fakeServer, json } from '../support/fake-server.ts';
import { tempDir } from '../support/helpers.ts';
import { bench, type Bench, hits, rig, type Rig } from './setup.ts';

let r: Rig;
/** The sandbox answering with its own fault rules. */
let b: Bench;
/** Another origin: records every request (and whether a token came with it) and answers 200. */
let other: FakeServer;
let dir: string;
beforeAll(async () => {
  r = await rig();
  b = await bench();
  other = await fakeServer(json(200, { ok: true, user: { id: 'usr_elsewhere' }, users: [] }));
  dir = tempDir('agnt-faults-');
});
afterAll(async () => {
  await r.dispose();
  await b.dispose();
  await other.close();
});
beforeEach(() => {
  r.fs.reset();
  b.again();
});

const USER = /^\/users\/usr_member$/;

describe('get', () => {
  it('retries a 503 with Retry-After in seconds, and the wait is the one asked for', async () => {
    const f = await b.fault({ path: '/users/usr_member', times: 2, status: 503, retryAfter: 1 });
    const res = await b.run(['users', 'get', 'usr_member', '--json', '--debug']);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout).id).toBe('usr_member');
    const got = b.sent('GET', '/users/usr_member');
    expect(got.map((e) => [e.status, e.fault])).toEqual([
      [503, f.id],
      [503, f.id],
      [200, null],
    ]);
    expect(res.stderr).toContain('* HTTP 503; retrying in 1000 ms (attempt 2 of 3)');
    // The sandbox's clock runs with the wall clock here: the second attempt came a second after the first answer.
    expect(Date.parse(got[1]!.time) - Date.parse(got[0]!.time)).toBeGreaterThanOrEqual(950);
  });

  it('honours a 429 Retry-After given as an HTTP date', async () => {
    const date = new Date(Date.now() + 2000).toUTCString();
    const at = Date.parse(date);
    r.fs.rules.push({ path: USER, times: 1, fault: { kind: 'status', status: 429, headers: { 'retry-after': date } } });
    const res = await r.run(['users', 'get', 'usr_member', '--json', '--debug']);
    expect(res.exitCode).toBe(0);
    expect(hits(r.fs, 'GET', USER)).toBe(2);
    const wait = Number(/\* HTTP 429; retrying in (\d+) ms/.exec(res.stderr)?.[1]);
    // What the clock can prove, however slow the machine: the wait was counted to the date (no
    // more than from the first request to it), and the second request did not come before it.
    const [first, second] = r.fs.seen.filter((q) => q.method === 'GET' && USER.test(q.path));
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(wait).toBeLessThanOrEqual(Math.max(0, at - first!.at));
    expect(second!.at).toBeGreaterThanOrEqual(at);
  });

  it('gives up at once on a Retry-After longer than it will wait, and says so', async () => {
    const f = await b.fault({ path: '/users/usr_member', status: 503, retryAfter: 3600 });
    const res = await b.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(b.sent('GET', '/users/usr_member')).toHaveLength(1);
    expect(res.stderr).toMatch(new RegExp(`^error: Service Unavailable \\(sandbox fault rule ${f.id}\\).*\\(HTTP 503, AGNT_E_UNAVAILABLE\\)\n`));
  });

  it('retries 500, 502 and 504 at most the configured number of times, then names the last status and the attempts', async () => {
    await b.fault({ path: '/users/usr_member', times: 1, status: 500 });
    await b.fault({ path: '/users/usr_member', times: 1, status: 502 });
    const last = await b.fault({ path: '/users/usr_member', status: 504 });
    const res = await b.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`error: Gateway Timeout (sandbox fault rule ${last.id}) (after 3 attempts) (HTTP 504, AGNT_E_UNAVAILABLE)\n`);
    expect(b.sent('GET', '/users/usr_member').map((e) => e.status)).toEqual([500, 502, 504]);

    b.again();
    await b.fault({ path: '/users/usr_member', status: 503 });
    const five = await b.run(['users', 'get', 'usr_member'], { env: { AGNT_RETRIES: '5' } });
    expect(five.exitCode).toBe(1);
    expect(five.stderr).toContain('(after 5 attempts) (HTTP 503');
    expect(b.sent('GET', '/users/usr_member')).toHaveLength(5);

    b.again();
    const f = await b.fault({ path: '/users/usr_member', status: 503 });
    const one = await b.run(['users', 'get', 'usr_member'], { env: { AGNT_RETRIES: '1' } });
    expect(one.exitCode).toBe(1);
    expect(one.stderr).toBe(`error: Service Unavailable (sandbox fault rule ${f.id}) (HTTP 503, AGNT_E_UNAVAILABLE)\n`);
    expect(b.sent('GET', '/users/usr_member')).toHaveLength(1);
  });

  it('retries a dropped connection, and names it once the attempts are spent', async () => {
    const f = await b.fault({ path: '/users/usr_member', times: 1, reset: true });
    const ok = await b.run(['users', 'get', 'usr_member', '-o', 'id']);
    expect(ok).toMatchObject({ exitCode: 0, stdout: 'usr_member\n' });
    expect(b.sent('GET', '/users/usr_member').map((e) => e.fault)).toEqual([f.id, null]);

    b.again();
    await b.fault({ path: '/users/usr_member', reset: true });
    const res = await b.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: connection to 127\.0\.0\.1:\d+ was reset \(after 3 attempts\)\n$/);
    expect(b.sent('GET', '/users/usr_member')).toHaveLength(3);
  });

  it('retries a connection reset in the middle of the body', async () => {
    r.fs.rules.push({ path: USER, times: 1, fault: { kind: 'reset' } });
    const ok = await r.run(['users', 'get', 'usr_member', '-o', 'id']);
    expect(ok).toMatchObject({ exitCode: 0, stdout: 'usr_member\n' });
    expect(hits(r.fs, 'GET', USER)).toBe(2);

    r.fs.reset();
    r.fs.rules.push({ path: USER, fault: { kind: 'reset' } });
    const res = await r.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: connection to 127\.0\.0\.1:\d+ was reset \(after 3 attempts\)\n$/);
  });

  it.each([
    [
      'an HTML error page',
      { kind: 'status', status: 502, headers: { 'content-type': 'text/html' }, body: '<html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>' },
      /^error: HTTP 502 Bad Gateway: the server sent an HTML page \("502 Bad Gateway"\) \(after 3 attempts\) \(HTTP 502\)\n$/,
    ],
    [
      'an HTML page with status 200',
      { kind: 'status', status: 200, headers: { 'content-type': 'text/html' }, body: '<html><title>Sign in</title></html>' },
      /^error: HTTP 200: the server sent an HTML page \("Sign in"\) where JSON was expected\n$/,
    ],
    ['an empty 500', { kind: 'status', status: 500, body: '' }, /^error: HTTP 500 Internal Server Error with an empty body \(after 3 attempts\) \(HTTP 500\)\n$/],
    ['truncated JSON', { kind: 'truncated' }, /^error: HTTP 200: the server sent a body that is not JSON \(application\/json: "\{"ok": true, "user": \{"id": "usr_adm"\) where JSON was expected\n$/],
  ] as const)('%s exits 1 with one clear line', async (_name, fault, message) => {
    r.fs.rules.push({ path: USER, fault: fault as never });
    const res = await r.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
  });

  it('an answer that is not of the documented shape exits 1 instead of printing nonsense', async () => {
    r.fs.rules.push({ path: USER, fault: { kind: 'json', body: { ok: true, user: 'not a user' } } });
    const res = await r.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe("error: the server's answer is not of the documented shape: 'user' is a string where a record (an object) was expected (GET /users/usr_member)\n");
  });

  it('a redirect to another origin is not followed, and the other origin never sees a request', async () => {
    r.fs.rules.push({ path: USER, fault: { kind: 'redirect', to: `${other.url}/users/usr_member` } });
    const res = await r.run(['users', 'get', 'usr_member']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe(`error: the server redirected to another origin (${other.url}); agnt does not follow it with your credentials\n`);
    expect(other.seen).toEqual([]);
  });

  it('a stalled answer ends at the timeout, naming it; so does a body that drips', async () => {
    r.fs.rules.push({ path: USER, fault: { kind: 'delay', ms: 10_000 } });
    const res = await r.run(['users', 'get', 'usr_member', '--timeout', '0.5'], { env: { AGNT_RETRIES: '2' } });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe('error: request timed out after 0.5s (--timeout 0.5): GET /users/usr_member (after 2 attempts)\n');
    // On a loaded machine the proxy may read the second request only after agnt has given up
    // on it and exited: wait for it to arrive, then check there were no more.
    await r.fs.waitFor(() => hits(r.fs, 'GET', USER) >= 2);
    expect(hits(r.fs, 'GET', USER)).toBe(2);
    // The proxy saw agnt give up on both.
    await r.fs.waitFor((s) => USER.test(s.path) && s.aborted);

    r.fs.reset();
    r.fs.rules.push({ path: USER, fault: { kind: 'drip', everyMs: 100, bytes: 2 } });
    const drip = await r.run(['users', 'get', 'usr_member', '--timeout', '0.6'], { env: { AGNT_RETRIES: '1' } });
    expect(drip.exitCode).toBe(1);
    expect(drip.stderr).toBe('error: request timed out after 0.6s (--timeout 0.6): GET /users/usr_member\n');
  });
});

describe('list --all', () => {
  /** A rule for one page of `users list --all --per-page 2`. */
  const page = (n: number) => ({ method: 'GET', path: '/users', query: { page: String(n), perPage: '2' } });
  const pageSent = (n: number) => b.sent('GET', '/users').filter((e) => e.query.page === String(n) && e.query.perPage === '2');

  it('retries a failed page and prints every record once, in order', async () => {
    const clean = await b.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id']);
    expect(clean.exitCode).toBe(0);
    b.again();
    const refused = await b.fault({ ...page(2), times: 1, status: 503, retryAfter: 0 });
    const dropped = await b.fault({ ...page(3), times: 1, reset: true });
    const res = await b.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe(clean.stdout);
    expect(clean.stdout.split('\n').length).toBeGreaterThan(6);
    expect(pageSent(2).map((e) => [e.status, e.fault])).toEqual([
      [503, refused.id],
      [200, null],
    ]);
    expect(pageSent(3).map((e) => e.fault)).toEqual([dropped.id, null]);
  });

  it('a page that keeps failing exits 1 with the status and the attempts', async () => {
    const f = await b.fault({ ...page(3), status: 502 });
    const res = await b.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe(`error: Bad Gateway (sandbox fault rule ${f.id}) (after 3 attempts) (HTTP 502, AGNT_E_UNAVAILABLE)\n`);
    expect(pageSent(3)).toHaveLength(3);
    expect(b.sent('GET', '/users').length).toBeGreaterThanOrEqual(3);
  });

  it('a page whose list is not a list exits 1', async () => {
    r.fs.rules.push({ url: /^\/users\?.*\bpage=2\b/, fault: { kind: 'json', body: { ok: true, users: { id: 'x' }, page: 2, perPage: 2, total: 9 } } });
    const res = await r.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: the server's answer is not of the documented shape: 'users' is an object where a list was expected \(GET \/users\?.*\)\n$/);
  });

  it('a page that times out exits 1 naming the timeout', async () => {
    // Page 2 never answers in time; the limit leaves page 1 room on a loaded machine.
    await b.fault({ ...page(2), delay: 60_000 });
    const res = await b.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id', '--timeout', '8'], { env: { AGNT_RETRIES: '1' } });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: request timed out after 8s \(--timeout 8\): GET \/users\?\S*page=2\S*\n$/);
  });
});

describe('create, update, delete', () => {
  const fault = (rule: Parameters<Bench['fault']>[0]) => b.fault(rule);
  const run = (args: string[], env: Record<string, string> = {}) => b.run(args, { env });
  const sent = (method: string, path: string) => b.sent(method, path);
  const again = () => b.again();

  it('a POST is sent once whatever happens: 503, reset, timeout', async () => {
    const f = await fault({ method: 'POST', path: '/users', status: 503, retryAfter: 0 });
    const a = await run(['users', 'create', '--email', 'once@acme.test']);
    expect(a.exitCode).toBe(1);
    expect(a.stderr).toBe(`error: Service Unavailable (sandbox fault rule ${f.id}) (HTTP 503, AGNT_E_UNAVAILABLE)\n`);
    expect(sent('POST', '/users').map((e) => [e.status, e.fault])).toEqual([[503, f.id]]);

    again();
    await fault({ method: 'POST', path: '/users', reset: true });
    const dropped = await run(['users', 'create', '--email', 'once@acme.test']);
    expect(dropped.exitCode).toBe(1);
    expect(dropped.stderr).toMatch(/^error: connection to 127\.0\.0\.1:\d+ was reset\n$/);
    expect(sent('POST', '/users')).toHaveLength(1);

    again();
    const late = await fault({ method: 'POST', path: '/users', delay: 10_000 });
    const c = await run(['users', 'create', '--email', 'once@acme.test', '--timeout', '0.5']);
    expect(c.exitCode).toBe(1);
    expect(c.stderr).toBe('error: request timed out after 0.5s (--timeout 0.5): POST /users\n');
    // The late answer is journaled once it is sent; the rule answered exactly one request.
    expect(b.rule(late.id).hits).toBe(1);
  });

  it('a PATCH is not retried; a PUT is', async () => {
    await fault({ method: 'PATCH', path: '/users/usr_admin/assistant', status: 502 });
    const p = await run(['users', 'set-assistant', 'usr_admin', '--assistant', 'ast_ava']);
    expect(p.exitCode).toBe(1);
    expect(p.stderr).toMatch(/^error: Bad Gateway \(sandbox fault rule f\d+\) \(HTTP 502, /);
    expect(sent('PATCH', '/users/usr_admin/assistant')).toHaveLength(1);

    again();
    await fault({ method: 'PUT', path: '/users/usr_member', times: 2, status: 503, retryAfter: 0 });
    const u = await run(['users', 'update', 'usr_member', '--timezone', 'Europe/Paris', '-o', 'id']);
    expect(u).toMatchObject({ exitCode: 0, stdout: 'usr_member\n' });
    expect(sent('PUT', '/users/usr_member').map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it('a DELETE is retried, and exhausting retries names the status and attempts', async () => {
    const created = await run(['users', 'create', '--email', 'gone@acme.test', '-o', 'id']);
    const id = created.stdout.trim();
    await fault({ method: 'DELETE', path: `/users/${id}`, times: 1, status: 504 });
    const d = await run(['users', 'delete', id, '--yes']);
    expect(d.exitCode).toBe(0);
    expect(sent('DELETE', `/users/${id}`).map((e) => e.status)).toEqual([504, 200]);

    again();
    await fault({ method: 'DELETE', path: '/users/usr_member', status: 500 });
    const e = await run(['users', 'delete', 'usr_member', '--yes']);
    expect(e.exitCode).toBe(1);
    expect(e.stderr).toMatch(/\(sandbox fault rule f\d+\) \(after 3 attempts\) \(HTTP 500, /);
    expect(sent('DELETE', '/users/usr_member')).toHaveLength(3);
  });
});

describe('drive transfer', () => {
  const PRESIGNED = /^\/_presigned\//;

  // The presigned storage URLs are not endpoints of the API model, which a fault rule must
  // match: their failures go through the proxy.
  it('upload: the presigned PUT is retried from the start', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'hello faults\n');
    r.fs.rules.push({ method: 'PUT', path: PRESIGNED, times: 1, fault: { kind: 'status', status: 503 } });
    const ok = await r.run(['drive', 'upload', file, '--name', 'faults-a.txt', '--json']);
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ name: 'faults-a.txt', status: 'ready' });
    expect(hits(r.fs, 'PUT', PRESIGNED)).toBe(2);
  });

  it('upload: the POSTs are sent once, whatever they answer', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'hello faults\n');
    await b.fault({ method: 'POST', path: '/users/*/drive-files/upload', status: 503 });
    const a = await b.run(['drive', 'upload', file, '--name', 'faults-b.txt']);
    expect(a.exitCode).toBe(1);
    expect(b.sent('POST', '/users/*/drive-files/upload')).toHaveLength(1);
    expect(b.sent('PUT', '/_presigned/**')).toHaveLength(0);

    b.again();
    const f = await b.fault({ method: 'POST', path: '/users/*/drive-files/*/confirm', status: 502 });
    const c = await b.run(['drive', 'upload', file, '--name', 'faults-c.txt']);
    expect(c.exitCode).toBe(1);
    expect(c.stderr).toMatch(
      new RegExp(
        `^error: Bad Gateway \\(sandbox fault rule ${f.id}\\) \\(fil_\\w+ was not confirmed: a new file stays pending, an existing one keeps its current version\\) \\(HTTP 502, AGNT_E_UNAVAILABLE\\)\n$`,
      ),
    );
    expect(b.sent('POST', '/users/*/drive-files/*/confirm')).toHaveLength(1);
    // The bytes did go up, once.
    expect(b.sent('PUT', '/_presigned/**')).toHaveLength(1);
  });

  it('upload: a presigned PUT that keeps failing exits 1 naming the attempts', async () => {
    const file = join(dir, 'b.txt');
    writeFileSync(file, 'x'.repeat(1000));
    r.fs.rules.push({ method: 'PUT', path: PRESIGNED, fault: { kind: 'status', status: 500 } });
    const res = await r.run(['drive', 'upload', file, '--name', 'faults-d.txt']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^faults-d\.txt: upload to the presigned URL failed: HTTP 500; retrying from the start \(attempt 2 of 3\)\n/);
    expect(res.stderr).toMatch(/error: upload to the presigned URL failed: HTTP 500 \(after 3 attempts\) \(fil_\w+ was not confirmed[^)]*\) \(HTTP 500\)\n$/);
    expect(hits(r.fs, 'PUT', PRESIGNED)).toBe(3);
  });

  it('download: metadata and the presigned GET are retried; a stall ends at the timeout with no file left', async () => {
    const file = join(dir, 'c.txt');
    writeFileSync(file, 'download me\n');
    const up = await r.run(['drive', 'upload', file, '--name', 'faults-dl.txt', '-o', 'id']);
    const id = up.stdout.trim();
    const out = tempDir('agnt-faults-dl-');

    r.fs.reset();
    r.fs.rules.push(
      { method: 'GET', path: new RegExp(`/drive-files/${id}$`), times: 1, fault: { kind: 'status', status: 503 } },
      { method: 'GET', path: PRESIGNED, times: 1, fault: { kind: 'status', status: 502 } },
    );
    const ok = await r.run(['drive', 'download', id, '--out', out]);
    expect(ok.exitCode).toBe(0);
    expect(readdirSync(out)).toEqual(['faults-dl.txt']);
    expect(hits(r.fs, 'GET', PRESIGNED)).toBe(2);

    // Reset in the middle of the bytes: no file, whole or partial.
    r.fs.reset();
    const out1 = tempDir('agnt-faults-dl-');
    r.fs.rules.push({ method: 'GET', path: PRESIGNED, fault: { kind: 'reset' } });
    const cut = await r.run(['drive', 'download', id, '--out', out1]);
    expect(cut.exitCode).toBe(1);
    expect(cut.stderr).toMatch(/^error: download failed: /);
    expect(readdirSync(out1)).toEqual([]);

    r.fs.reset();
    const out2 = tempDir('agnt-faults-dl-');
    r.fs.rules.push({ method: 'GET', path: PRESIGNED, fault: { kind: 'drip', everyMs: 1500, bytes: 4 } });
    const slow = await r.run(['drive', 'download', id, '--out', out2, '--timeout', '0.5'], { env: { AGNT_RETRIES: '1' } });
    expect(slow.exitCode).toBe(1);
    expect(slow.stderr).toMatch(/timed out after 0\.5s \(--timeout 0\.5\)/);
    expect(readdirSync(out2)).toEqual([]);
  });
});

describe('CSV import', () => {
  it('a 503 on a batch is sent again and every row goes in; a stall names the timeout', async () => {
    const csv = join(dir, 'few.csv');
    writeFileSync(csv, `email,name\n${Array.from({ length: 30 }, (_, i) => `few${i}@faults.test,Few ${i}`).join('\n')}\n`);
    const f = await b.fault({ method: 'POST', path: '/contacts/bulk-import', times: 1, status: 503, retryAfter: 0 });
    const res = await b.run(['contacts', 'import', csv, '--batch-size', '10', '--json']);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ total: 30, created: 30, failed: 0, pending: 0 });
    const sent = b.sent('POST', '/contacts/bulk-import');
    expect(sent).toHaveLength(4);
    expect(sent.filter((e) => e.fault === f.id).map((e) => e.status)).toEqual([503]);

    b.again();
    const csv2 = join(dir, 'stall.csv');
    writeFileSync(csv2, 'email,name\nstall@faults.test,Stall\n');
    await b.fault({ method: 'POST', path: '/contacts/bulk-import', delay: 10_000 });
    const t = await b.run(['contacts', 'import', csv2, '--timeout', '0.5'], { env: { AGNT_RETRIES: '1' } });
    expect(t.exitCode).toBe(1);
    expect(t.stderr).toMatch(/request timed out after 0\.5s \(--timeout 0\.5\): POST \/contacts\/bulk-import/);
  });
});
