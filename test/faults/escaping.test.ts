// No C0 or C1 control and no bidirectional override or isolate from the server reaches a
// terminal, through any path: table, csv, id, yaml, renderings, error lines (both forms),
// per-id lines, --debug, progress and completion candidates. json and yaml still round-trip.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { agnt, tempDir } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';
import { rig, type Rig } from './setup.ts';

let r: Rig;
beforeAll(async () => {
  r = await rig();
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.fs.reset());

// OSC 52, clear screen, C1 CSI and NEL, CR, NUL, DEL; the bidi overrides and isolates
// (U+202A-U+202E, U+2066-U+2069) and the line separator.
const EVIL = 'A\x1b]52;c;aGVsbG8=\x07B\x1b[2JC\x9b31mD\x85E\rF\x00G\x7fH\u202eI\u2066J\u2069K\u202aL\u2028M\u2067N\u202dO';
const RAW = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9f\u2028\u202a-\u202e\u2066-\u2069]|\x1b(?!\[[0-9;?]*[A-Za-z])/;

function hostileUsers(body: any): any {
  body.users[0].name = EVIL;
  body.users[0].email = `x${EVIL}@acme.test`;
  return body;
}
const hostileUser = (b: any) => ({ ...b, user: { ...b.user, name: EVIL, preferredName: EVIL } });

/** What a pty shows, less the terminal's own CR LF. */
const screen = (s: string) => s.replace(/\r\n/g, '\n');

describe('every output path escapes them', () => {
  it.each(['table', 'csv', 'id', 'yaml', 'json'])('%s on a terminal', async (format) => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: hostileUsers } });
    const res = await runInPty(['users', 'list', '--limit', '3', '-o', format, '--fields', format === 'id' ? 'name' : 'id,name,email', '--no-color'], [], r.env());
    expect(res.exitCode).toBe(0);
    expect(screen(res.output)).not.toMatch(RAW);
    // A table cuts long cells to the terminal's width, after escaping.
    if (format !== 'table') expect(res.output).toMatch(/\\u202e|\\u202E/);
  });

  it('yaml round-trips exactly in a pipe, with nothing raw in it', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users$/, fault: { kind: 'rewrite', fn: hostileUsers } });
    const res = await r.run(['users', 'list', '--limit', '3', '-o', 'yaml']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).not.toMatch(RAW);
    expect(parseYaml(res.stdout)[0].name).toBe(EVIL);
    const json = await r.run(['users', 'list', '--limit', '3', '-o', 'json']);
    expect(json.stdout).not.toMatch(RAW);
    expect(JSON.parse(json.stdout)[0].name).toBe(EVIL);
  });

  it('a record as a table, and a command that renders text, on a terminal', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'rewrite', fn: hostileUser } });
    const res = await runInPty(['users', 'get', 'usr_member', '--no-color'], [], r.env());
    expect(res.exitCode).toBe(0);
    expect(screen(res.output)).not.toMatch(RAW);
    r.fs.reset();
    r.fs.rules.push({
      method: 'GET',
      path: /^\/chats\/[^/]+\/usage$/,
      fault: { kind: 'rewrite', fn: (b) => JSON.parse(JSON.stringify(b).replace(/"(model|name|title)":"[^"]*"/g, `"$1":${JSON.stringify(EVIL)}`)) },
    });
    const usage = await runInPty(['chats', 'usage', 'cht_welcome', '--no-color'], [], r.env());
    expect(screen(usage.output)).not.toMatch(RAW);
  });

  it('error lines, in both forms, and the per-id lines of several ids', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'json', status: 409, body: { status: 409, error: EVIL, error_code: 'AGNT_E_CONFLICT', detail: EVIL } } });
    const human = await r.run(['users', 'get', 'usr_member']);
    expect(human.exitCode).toBe(5);
    expect(human.stderr).not.toMatch(RAW);
    const json = await r.run(['users', 'get', 'usr_member', '--json']);
    expect(json.stderr).not.toMatch(RAW);
    expect(JSON.parse(json.stderr).error.message).toBe(EVIL);
    r.fs.reset();
    r.fs.rules.push({ method: 'DELETE', path: /^\/contacts\//, fault: { kind: 'json', status: 409, body: { status: 409, error: EVIL } } });
    const many = await r.run(['contacts', 'delete', 'con_a', 'con_b', '--yes']);
    expect(many.exitCode).toBe(6);
    expect(many.stderr).not.toMatch(RAW);
    expect(many.stderr).toContain('\\u202e');
  });

  it('--debug shows the exchange escaped', async () => {
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'rewrite', fn: hostileUser } });
    const res = await r.run(['users', 'get', 'usr_member', '--debug', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('< HTTP 200');
    expect(res.stderr).not.toMatch(RAW);
    expect(JSON.parse(res.stdout).name).toBe(EVIL);
    r.fs.reset();
    r.fs.rules.push({ method: 'GET', path: /^\/users\/usr_member$/, fault: { kind: 'status', status: 502, body: `<p>${EVIL}</p>` } });
    const html = await r.run(['users', 'get', 'usr_member', '--debug'], { env: { AGNT_RETRIES: '1' } });
    expect(html.exitCode).toBe(1);
    expect(html.stderr).not.toMatch(RAW);
  });

  it('completion candidates: an id carrying one is left out, descriptions are cleaned', async () => {
    r.fs.rules.push({
      method: 'GET',
      path: /^\/users$/,
      fault: {
        kind: 'rewrite',
        fn: (b) => {
          b.users[0].name = EVIL;
          b.users[1].id = `usr_\u202eevil`;
          return b;
        },
      },
    });
    const res = await agnt(['__complete', '--', 'users', 'get', ''], { configDir: tempDir(), env: { AGNT_BASE_URL: r.fs.url, AGNT_TOKEN: r.sb.tokens.admin, AGNT_COMPLETE_TIMEOUT_MS: '20000' } });
    expect(res.exitCode).toBe(0);
    expect(res.stdout.length).toBeGreaterThan(0);
    expect(res.stdout).not.toMatch(RAW);
    expect(res.stdout).not.toContain('usr_\u202eevil');
  });
});
