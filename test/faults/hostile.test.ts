// Hostile data from the server and hostile ids from the user: escape sequences never reach a
// terminal (yet json round-trips), ids cannot change the request path, download names cannot
// leave the target folder, and the token never goes to another origin or a presigned URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeServer, fakeServer, json } from '../support/fake-server.ts';
import { tempDir } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';
import { hits, rig, type Rig } from './setup.ts';

let r: Rig;
/** Another origin: records every request (and whether a token came with it) and answers 200. */
let other: FakeServer;
let dir: string;
beforeAll(async () => {
  r = await rig();
  other = await fakeServer(json(200, { ok: true, user: { id: 'usr_elsewhere' }, users: [] }));
  dir = tempDir('agnt-hostile-');
});
afterAll(async () => {
  await r.dispose();
  await other.close();
});
beforeEach(() => r.fs.reset());

// OSC 52 (clipboard write), clear screen, C1 CSI and NEL, a carriage return that would overwrite
// the line, NUL, DEL, and a bidi override.
const EVIL = 'A\x1b]52;c;aGVsbG8=\x07B\x1b[2JC\x9b31mD\x85E\rF\x00G\x7fH\u202eI';
const EVIL_ID = 'usr_\x1b[2Jx\x1b]0;title\x07';
const RAW = ['\x1b]52', '\x1b[2J', '\x9b', '\x85', '\rF', '\x00', '\x7f', '\u202e', '\x1b]0;'];

function hostileUsers(body: any): any {
  const users = body.users as Array<Record<string, unknown>>;
  users[0]!.name = EVIL;
  users[0]!.email = `x${EVIL}@acme.test`;
  users[1]!.id = EVIL_ID;
  return body;
}

describe('escape sequences from the server', () => {
  it.each(['table', 'csv', 'id'])('%s output on a terminal shows them escaped', async (format) => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: hostileUsers } });
    const res = await runInPty(['users', 'list', '--limit', '3', '-o', format, '--no-color'], [], r.env());
    expect(res.exitCode).toBe(0);
    for (const raw of RAW) expect(res.output, JSON.stringify(raw)).not.toContain(raw);
    expect(res.output).toContain('usr_\\e[2Jx\\e]0;title\\u0007');
    if (format === 'csv') expect(res.output).toContain('A\\e]52;c;aGVsbG8=\\u0007B\\e[2JC\\u009b31mD\\u0085E\\rF\\u0000G\\u007fH\\u202eI');
    // A table cuts long cells to the terminal's width, after escaping.
    if (format === 'table') expect(res.output, res.output).toMatch(/A\\e\]52;c;aGVsbG8=(\\u0007B\\e\[2J|\u2026)/);
  });

  it('a single record, as a table on a terminal, too; and the error line of a hostile error message', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'rewrite', fn: (b) => ({ ...b, user: { ...b.user, name: EVIL } }) } });
    const res = await runInPty(['users', 'get', 'usr_member', '--no-color'], [], r.env());
    expect(res.exitCode).toBe(0);
    for (const raw of RAW) expect(res.output).not.toContain(raw);
    r.fs.reset();
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'json', status: 409, body: { status: 409, error: EVIL, error_code: 'AGNT_E_CONFLICT' } } });
    const err = await r.run(['users', 'get', 'usr_member']);
    expect(err.exitCode).toBe(5);
    for (const raw of RAW) expect(err.stderr).not.toContain(raw);
    expect(err.stderr).toBe('error: A\\e]52;c;aGVsbG8=\\u0007B\\e[2JC\\u009b31mD\\u0085E\\rF\\u0000G\\u007fH\\u202eI (HTTP 409, AGNT_E_CONFLICT)\n');
  });

  it('json round-trips them exactly, on a terminal and in a pipe', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: hostileUsers } });
    const piped = await r.run(['users', 'list', '--limit', '3', '-o', 'json']);
    expect(piped.exitCode).toBe(0);
    for (const raw of RAW) expect(piped.stdout).not.toContain(raw);
    const users = JSON.parse(piped.stdout);
    expect(users[0].name).toBe(EVIL);
    expect(users[1].id).toBe(EVIL_ID);
    const jsonl = await r.run(['users', 'list', '--limit', '3', '-o', 'jsonl']);
    expect(JSON.parse(jsonl.stdout.split('\n')[0]!).email).toBe(`x${EVIL}@acme.test`);
    const tty = await runInPty(['users', 'list', '--limit', '3', '-o', 'json'], [], r.env());
    for (const raw of RAW) expect(tty.output).not.toContain(raw);
    expect(JSON.parse(tty.output)[0].name).toBe(EVIL);
  });
});

describe('ids cannot change the request path', () => {
  it.each([
    ['a/../b', '/users/a%2F..%2Fb'],
    ['../../admin', '/users/..%2F..%2Fadmin'],
    ['x?admin=true', '/users/x%3Fadmin%3Dtrue'],
    ['x#frag', '/users/x%23frag'],
    ['%2e%2e', '/users/%252e%252e'],
    ['a b', '/users/a%20b'],
  ])('get %j goes to %s', async (id, path) => {
    const res = await r.run(['users', 'get', id]);
    expect(res.exitCode).toBe(3);
    expect(r.fs.seen.map((s) => s.url)).toEqual([path]);
  });

  it('update and delete (several ids, from stdin too) stay on their path', async () => {
    await r.run(['users', 'update', '../me', '--timezone', 'UTC']);
    await r.run(['users', 'delete', 'a/b', '--yes']);
    await r.run(['contacts', 'delete', 'a/b', '-', '--yes'], { input: 'c?d\ne#f\n..\n' });
    // The writes, and the reads of each record the change journal makes before them, all on their own path.
    const writes = ['PUT /users/..%2Fme', 'DELETE /users/a%2Fb', 'DELETE /contacts/a%2Fb', 'DELETE /contacts/c%3Fd', 'DELETE /contacts/e%23f'];
    expect(r.fs.seen.map((s) => `${s.method} ${s.url}`)).toEqual(writes.flatMap((w) => [`GET ${w.split(' ')[1]}`, w]));
  });

  it("'..' and '.' alone are refused before sending", async () => {
    for (const id of ['..', '.']) {
      const res = await r.run(['users', 'get', id]);
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe(`error: userId '${id}' is not a valid id\n`);
    }
    expect(r.fs.seen).toEqual([]);
  });
});

describe('download names cannot leave the target folder', () => {
  let id = '';
  beforeAll(async () => {
    const src = join(dir, 'payload.txt');
    writeFileSync(src, 'payload\n');
    id = (await r.run(['drive', 'upload', src, '--name', 'hostile.txt', '-o', 'id'])).stdout.trim();
    expect(id).toMatch(/^fil_/);
  });

  it.each([
    ['..', null],
    ['.', null],
    ['../x', 'x'],
    ['../../../../../../tmp/agnt-escaped', 'agnt-escaped'],
    ['/abs/path/name.txt', 'name.txt'],
    ['/', null],
    ['sub\\..\\..\\win.txt', 'win.txt'],
    ['a\x00b.txt', 'a_b.txt'],
    ['\x1b[2Jclear\r.txt', '_[2Jclear_.txt'],
    ['.hidden', 'hidden'],
    ['name.txt/..', null],
  ])('%j is saved as %j inside the folder', async (name, saved) => {
    r.fs.rules.push({ method: 'GET', path: new RegExp(`/drive-files/${id}$`), fault: { kind: 'rewrite', fn: (b) => ({ ...b, driveFile: { ...b.driveFile, name } }) } });
    const parent = tempDir('agnt-hostile-dl-');
    const target = join(parent, 'inside');
    mkdirSync(target);
    const res = await r.run(['drive', 'download', id, '--out', target]);
    expect(res.exitCode).toBe(0);
    expect(readdirSync(parent)).toEqual(['inside']);
    expect(readdirSync(target)).toEqual([saved ?? id]);
    for (const raw of RAW) expect(res.stderr).not.toContain(raw);
  });
});

describe('the token stays with the configured server', () => {
  it('a presigned upload or download URL on another origin gets the bytes but never the token', async () => {
    const src = join(dir, 'elsewhere.txt');
    writeFileSync(src, 'to another origin\n');
    const moved = (b: any) => ({ ...b, url: String(b.url).replace(/^http:\/\/127\.0\.0\.1:\d+/, other.url) });
    r.fs.rules.push({ method: 'POST', path: /\/drive-files\/upload$/, fault: { kind: 'rewrite', fn: moved } });
    const up = await r.run(['drive', 'upload', src, '--name', 'elsewhere.txt']);
    // The other origin took the bytes, but the sandbox never got them: confirm refuses.
    expect(up.exitCode).not.toBe(0);
    r.fs.reset();
    const id = (await r.run(['drive', 'upload', src, '--name', 'elsewhere2.txt', '-o', 'id'])).stdout.trim();
    r.fs.rules.push({ method: 'GET', path: /\/download$/, fault: { kind: 'rewrite', fn: moved } });
    await r.run(['drive', 'download', id, '--out', '-']);
    expect(other.seen.map((s) => s.method).sort()).toEqual(['GET', 'PUT']);
    for (const s of other.seen) expect(s.headers.authorization).toBeUndefined();
  });

  it('a redirect to another origin, for a GET, a PUT and a DELETE, is never followed', async () => {
    other.seen.length = 0;
    r.fs.rules.push({ fault: { kind: 'redirect', to: `${other.url}/users/usr_member`, status: 307 } });
    for (const args of [
      ['users', 'get', 'usr_member'],
      ['users', 'update', 'usr_member', '--timezone', 'UTC'],
      ['users', 'delete', 'usr_member', '--yes'],
      ['users', 'list', '--all'],
    ]) {
      const res = await r.run(args);
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain(`redirected to another origin (${other.url})`);
    }
    expect(other.seen).toEqual([]);
    // users get, users list, and the change journal's read of the record before the update and the delete.
    expect(hits(r.fs, 'GET', /^\/users/)).toBe(4);
  });
});
