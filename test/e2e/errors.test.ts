// The contract's error behaviour: exit codes, one-line messages, hints, dry runs and retries.
import { describe, expect, it } from 'vitest';
import { agnt, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('errors and exit codes', () => {
  it('401 exits 4 with the login hint; with --json one error object on stderr', async () => {
    const r = await agnt(['users', 'me'], { sb, as: 'wrong-token' });
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: invalid or expired API token (HTTP 401, AGNT_E_UNAUTHORIZED)\nhint: run `agnt auth login` (or set AGNT_TOKEN) with a valid token\n');
    const j = await agnt(['users', 'me', '--json'], { sb, as: 'wrong-token' });
    expect(JSON.parse(j.stderr)).toEqual({
      error: { message: 'invalid or expired API token', exitCode: 4, status: 401, code: 'AGNT_E_UNAUTHORIZED', hint: 'run `agnt auth login` (or set AGNT_TOKEN) with a valid token' },
    });
  });

  it('404 exits 3', async () => {
    const r = await agnt(['users', 'get', 'usr_nobody'], { sb });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toBe("error: user 'usr_nobody' not found (HTTP 404, AGNT_E_NOT_FOUND)\n");
  });

  it('a bad enum exits 2 and sends nothing', async () => {
    sb.requests.length = 0;
    const r = await agnt(['users', 'update', 'usr_member', '--status', 'asleep'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe("error: --status: invalid value 'asleep' (allowed: active, inactive, suspended)\n");
    const n = await agnt(['users', 'list', '--per-page', 'ten'], { sb });
    expect(n.exitCode).toBe(2);
    expect(sb.requests).toEqual([]);
  });

  it('--dry-run prints the request with the token masked and sends nothing', async () => {
    sb.requests.length = 0;
    const r = await agnt(['users', 'update', 'usr_member', '--status', 'inactive', '--dry-run'], { sb });
    expect(r.exitCode).toBe(0);
    const req = JSON.parse(r.stdout);
    expect(req).toMatchObject({ method: 'PUT', url: `${sb.baseUrl}/users/usr_member`, body: { status: 'inactive' } });
    expect(req.headers.authorization).toBe('Bearer <redacted>');
    expect(r.stdout + r.stderr).not.toContain(sb.tokens.admin);
    const del = await agnt(['users', 'delete', 'usr_member', '--dry-run'], { sb });
    expect(JSON.parse(del.stdout)).toMatchObject({ method: 'DELETE', body: null });
    expect(sb.requests).toEqual([]);
  });

  it('--debug logs the exchange on stderr with the token masked, stdout stays data', async () => {
    const r = await agnt(['users', 'me', '--debug', '--json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('usr_admin');
    expect(r.stderr).toContain('> GET ');
    expect(r.stderr).toContain('> authorization: Bearer <redacted>');
    expect(r.stderr).toContain('< HTTP 200');
    expect(r.stderr).not.toContain(sb.tokens.admin);
  });

  it('an HTML 502 page from a proxy exits 1 with a clear message', async () => {
    sb.faults.push({ path: /^\/users\/me$/, times: 3, status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>' });
    const r = await agnt(['users', 'me'], { sb, env: { AGNT_BACKOFF_MS: '10' } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: HTTP 502 Bad Gateway: the server sent an HTML page ("502 Bad Gateway") (after 3 attempts) (HTTP 502)\n');
  });

  it('a GET is retried after a 503 with Retry-After; a POST is not', async () => {
    sb.requests.length = 0;
    sb.faults.push({ method: 'GET', path: /^\/users\/me$/, times: 1, status: 503, headers: { 'retry-after': '1' }, body: '' });
    const started = Date.now();
    const r = await agnt(['users', 'me', '--json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('usr_admin');
    const gets = sb.requests.filter((q) => q.path === '/users/me');
    expect(gets.map((q) => q.status)).toEqual([503, 200]);
    // Retry-After: 1 was honoured (the second request came at least ~1 s later).
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    sb.requests.length = 0;
    sb.faults.push({ method: 'POST', path: /^\/users$/, times: 1, status: 503, headers: { 'retry-after': '1' }, body: '' });
    const p = await agnt(['users', 'create', '--email', 'retry@acme.test'], { sb });
    expect(p.exitCode).toBe(1);
    expect(p.stderr).toMatch(/^error: HTTP 503 Service Unavailable with an empty body \(HTTP 503\)/);
    expect(sb.requests.filter((q) => q.path === '/users').length).toBe(1);
  });

  it('a server that is down exits 1 naming the host; a timeout names the limit', async () => {
    const r = await agnt(['users', 'me'], { env: { AGNT_BASE_URL: 'http://127.0.0.1:1', AGNT_TOKEN: 'x', AGNT_BACKOFF_MS: '5' } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: cannot connect to 127.0.0.1:1: connection refused (after 3 attempts)\n');
  });

  it('unknown flags and commands exit 2', async () => {
    expect((await agnt(['users', 'list', '--colour'], { sb })).exitCode).toBe(2);
    expect((await agnt(['userz'], { sb })).exitCode).toBe(2);
    expect((await agnt(['users', 'get'], { sb })).exitCode).toBe(2);
    // commander's suggestion is on a line of its own, not behind an escaped "\n".
    const typo = await agnt(['users', 'lst'], { sb });
    expect(typo).toMatchObject({ exitCode: 2, stdout: '' });
    expect(typo.stderr).toBe("error: unknown command 'lst'\n(Did you mean one of list, ls?)\n(run with --help for usage)\n");
  });

  it('help names the endpoint and shows an example', async () => {
    const r = await agnt(['users', 'set-assistant', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Endpoint:\n  PATCH /users/{userId}/assistant');
    expect(r.stdout).toContain('$ agnt users set-assistant usr_admin --assistant ast_ava');
  });
});
