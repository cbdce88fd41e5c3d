import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, TimeoutError, UsageError } from '../../src/core/errors.ts';
import { backoffDelay, CONNECTIONS, encodeQuery, encodeSegment, fillPath, HttpClient, parseBaseUrl, parseRetryAfter, RetryBudget, unwrap } from '../../src/core/http.ts';
import { fakeServer, json, text, unexpected, type FakeServer } from '../support/fake-server.ts';

let srv: FakeServer;
beforeAll(async () => {
  srv = await fakeServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.seen.length = 0;
  srv.queue.length = 0;
  srv.fallback = unexpected;
});

const clients: HttpClient[] = [];
function client(extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
  const c = new HttpClient({ baseUrl: srv.url, token: 'secret-token-123', timeoutMs: 2000, retries: 3, backoffBaseMs: 5, ...extra });
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('request basics', () => {
  it('sends the bearer token and JSON, and unwraps the envelope', async () => {
    srv.queue.push(json(201, { ok: true, user: { id: 'u1' } }));
    const res = await client().request({ method: 'POST', path: '/users', body: { email: 'a@b.c' }, resultKey: 'user' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: 'u1' });
    expect(srv.seen[0]!.headers.authorization).toBe('Bearer secret-token-123');
    expect(srv.seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(srv.seen[0]!.body)).toEqual({ email: 'a@b.c' });
  });

  it('reads an answer sent in pieces after an interim 102, without its byte order mark', async () => {
    srv.queue.push((_req, res) => {
      res.writeProcessing();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('\ufeff{"ok":true,"user":');
      setImmediate(() => res.end('{"id":"u1","name":"Zoë"}}'));
    });
    const res = await client().request({ method: 'GET', path: '/users/u1', resultKey: 'user' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: 'u1', name: 'Zoë' });
  });

  it('keeps the connection alive across requests', async () => {
    const c = client();
    srv.queue.push(json(200, { ok: true }), json(200, { ok: true }));
    await c.request({ method: 'GET', path: '/a' });
    await c.request({ method: 'GET', path: '/b' });
    expect(srv.seen.map((s) => s.headers.connection)).not.toContain('close');
  });

  it('unwrap: named key, lists with page meta, several keys, no ok', () => {
    expect(unwrap({ ok: true, chats: [1], page: 1, perPage: 20, total: 1 })).toEqual({ data: [1], meta: { page: 1, perPage: 20, total: 1 } });
    expect(unwrap({ ok: true, user: {}, created: true })).toEqual({ data: { user: {}, created: true }, meta: {} });
    expect(unwrap({ total: { runs: 1 }, rows: [] }, undefined, 'none')).toEqual({ data: { total: { runs: 1 }, rows: [] }, meta: {} });
    expect(unwrap({ name: 'x', emails: [] })).toEqual({ data: { name: 'x', emails: [] }, meta: {} });
  });

  it('encodes a query as a form does, plain values as they are', () => {
    const form = (q: Record<string, string>) => `?${new URLSearchParams(q).toString()}`;
    expect(encodeQuery({ page: 2, perPage: 100, status: 'pending', id: 'usr_a-b.c*' })).toBe('?page=2&perPage=100&status=pending&id=usr_a-b.c*');
    for (const v of ['a b', "it's (x)!~", 'a&b=c', 'Zoë', '100%', 'a+b', '']) expect(encodeQuery({ q: v, page: 1 })).toBe(form({ q: v, page: '1' }));
    expect(encodeQuery({ 'a b': 'x' })).toBe(form({ 'a b': 'x' }));
    expect(encodeQuery({ tags: ['x', 'y z'], none: undefined, nil: null })).toBe(form({ tags: 'x,y z', nil: 'null' }));
    expect(encodeQuery({})).toBe('');
  });

  it('percent-encodes ids so they cannot change the path', () => {
    expect(fillPath('/users/{userId}/x', { userId: 'a/../b?c#d' })).toBe('/users/a%2F..%2Fb%3Fc%23d/x');
    expect(() => encodeSegment('userId', '..')).toThrow(UsageError);
    expect(() => encodeSegment('userId', '.')).toThrow(UsageError);
    expect(() => encodeSegment('userId', '')).toThrow(UsageError);
  });

  it('refuses plain http to a non-loopback host, and credentials in the URL', () => {
    expect(() => parseBaseUrl('http://api.example.com')).toThrow(/plain http/);
    expect(() => parseBaseUrl('https://u:p@api.example.com')).toThrow(/credentials/);
    expect(parseBaseUrl('http://127.0.0.2:8080').host).toBe('127.0.0.2:8080');
    expect(parseBaseUrl('http://[::1]:8080').hostname).toBe('[::1]');
    expect(parseBaseUrl('https://api.example.com/v1').pathname).toBe('/v1');
  });

  it('an absolute URL on another origin is refused; the token never goes there', async () => {
    await expect(client().request({ method: 'GET', path: 'https://evil.example.com/x' })).rejects.toThrow(/refusing to send the token/);
  });
});

describe('errors', () => {
  it('maps the error body to an ApiError with status, code and exit code', async () => {
    srv.queue.push(json(404, { status: 404, error_code: 'AGNT_E_NOT_FOUND', error: 'no such user' }));
    const e = (await client()
      .request({ method: 'GET', path: '/users/x' })
      .catch((x) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.code, e.message, e.exitCode]).toEqual([404, 'AGNT_E_NOT_FOUND', 'no such user', 3]);
  });

  it.each([
    [401, 4],
    [403, 4],
    [400, 5],
    [409, 5],
    [422, 5],
  ])('status %i exits %i', async (status, code) => {
    srv.queue.push(json(status, { status, error: 'nope' }));
    const e = (await client()
      .request({ method: 'POST', path: '/x' })
      .catch((x) => x)) as ApiError;
    expect(e.exitCode).toBe(code);
  });

  it('an HTML page, an empty body and truncated JSON each get a clear message', async () => {
    srv.queue.push(text(400, '<html><title>Bad thing</title></html>', { 'content-type': 'text/html' }));
    await expect(client().request({ method: 'POST', path: '/x' })).rejects.toThrow('HTTP 400 Bad Request: the server sent an HTML page ("Bad thing")');
    srv.queue.push(text(409, ''));
    await expect(client().request({ method: 'POST', path: '/x' })).rejects.toThrow('HTTP 409 Conflict with an empty body');
    srv.queue.push(text(200, '{"ok": true, "user": {"id"', { 'content-type': 'application/json' }));
    const e = (await client()
      .request({ method: 'POST', path: '/x' })
      .catch((x) => x)) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.message).toMatch(/^HTTP 200: the server sent a body that is not JSON/);
    expect(e.exitCode).toBe(1);
  });

  it('a redirect to another origin is refused; the same origin is followed for GET', async () => {
    srv.queue.push(text(302, '', { location: 'https://other.example.com/steal' }));
    await expect(client().request({ method: 'GET', path: '/x' })).rejects.toThrow(/redirected to another origin \(https:\/\/other\.example\.com\)/);
    srv.queue.push(text(301, '', { location: '/y' }), json(200, { ok: true, v: 1 }));
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.data).toBe(1);
    expect(srv.seen.slice(-2).map((s) => s.url)).toEqual(['/x', '/y']);
  });

  it('a timeout ends the request and names the limit', async () => {
    srv.queue.push((_req, res) => setTimeout(() => res.end('{}'), 1500));
    const e = (await client({ timeoutMs: 200, retries: 1 })
      .request({ method: 'GET', path: '/slow' })
      .catch((x) => x)) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toMatch(/^request timed out after 0\.2s \(--timeout 0\.2\)/);
  });
});

describe('secrets sent', () => {
  it('a password in a pre-serialized body is masked when an error echoes it', async () => {
    srv.queue.push(json(400, { status: 400, error: 'bad row: password Wq7-unlikely-pass was refused' }));
    const e = (await client()
      .request({ method: 'POST', path: '/contacts/bulk-import', json: JSON.stringify({ rows: [{ email: 'a@b.c', password: 'Wq7-unlikely-pass' }] }) })
      .catch((x) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).not.toContain('Wq7-unlikely-pass');
    expect(e.message).toContain('bad row: password');
  });
});

describe('retries', () => {
  it('retries GET on 503 honouring Retry-After in seconds', async () => {
    srv.queue.push(text(503, '', { 'retry-after': '1' }), json(200, { ok: true, v: 2 }));
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.data).toBe(2);
    expect(srv.seen.length).toBe(2);
    expect(srv.seen[1]!.at - srv.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const when = new Date(Date.now() + 1500).toUTCString();
    srv.queue.push(text(429, '', { 'retry-after': when }), json(200, { ok: true, v: 3 }));
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.data).toBe(3);
    expect(srv.seen[1]!.at - srv.seen[0]!.at).toBeGreaterThanOrEqual(400);
  });

  it.each(['PUT', 'DELETE'] as const)('retries %s on 500, 502, 504 up to the attempt limit, then fails with the last status', async (method) => {
    srv.queue.push(text(500, ''), text(502, ''), text(504, ''));
    const e = (await client()
      .request({ method, path: '/x' })
      .catch((x) => x)) as ApiError;
    expect(srv.seen.length).toBe(3);
    expect(e.status).toBe(504);
    expect(e.attempts).toBe(3);
    expect(e.message).toMatch(/\(after 3 attempts\)$/);
  });

  it.each(['POST', 'PATCH'] as const)('never retries %s once it may have reached the server', async (method) => {
    srv.queue.push(text(503, '', { 'retry-after': '0' }), json(200, { ok: true }));
    await expect(client().request({ method, path: '/x', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(srv.seen.length).toBe(1);
  });

  it('retries a GET after a reset connection', async () => {
    srv.queue.push((req) => req.socket.destroy(), json(200, { ok: true, v: 4 }));
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.data).toBe(4);
  });

  it('does not retry a POST after a reset connection', async () => {
    srv.queue.push((req) => req.socket.destroy(), json(200, { ok: true }));
    await expect(client().request({ method: 'POST', path: '/x', body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(srv.seen.length).toBe(1);
  });

  it('a presigned download from a host with an untrusted certificate is tried once', async () => {
    const { createServer } = await import('node:https');
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const tlsDir = join(import.meta.dirname, '..', 'fixtures', 'tls');
    const tls = createServer({ key: readFileSync(join(tlsDir, 'self-signed.key')), cert: readFileSync(join(tlsDir, 'self-signed.crt')) }, (_req, res) => res.end('x'));
    let connections = 0;
    tls.on('connection', () => connections++);
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    const { port } = tls.address() as import('node:net').AddressInfo;
    try {
      const e = await client({ retries: 3 })
        .external('GET', `https://127.0.0.1:${port}/file?X-Amz-Signature=abc`)
        .catch((x) => x);
      expect(e).toBeInstanceOf(Error);
      expect(connections).toBe(1);
    } finally {
      await new Promise((r) => tls.close(r));
    }
  });

  it('retries a connection refused even for POST (nothing was sent) and reports the attempts', async () => {
    const c = new HttpClient({ baseUrl: 'http://127.0.0.1:1', token: 't', timeoutMs: 1000, retries: 2, backoffBaseMs: 1 });
    clients.push(c);
    const e = (await c.request({ method: 'POST', path: '/x', body: {} }).catch((x) => x)) as NetworkError;
    expect(e.message).toBe('cannot connect to 127.0.0.1:1: connection refused (after 2 attempts)');
    expect(e.attempts).toBe(2);
  });

  it('full-jitter backoff stays within the exponential cap', () => {
    expect(backoffDelay(1, 500, 8000, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 500, 8000, () => 0.5)).toBe(1000);
    expect(backoffDelay(10, 500, 8000, () => 0.999)).toBe(7992);
    expect(backoffDelay(2, 500, 8000, () => 0)).toBe(0);
  });

  it('parses Retry-After in seconds and as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('the retry budget caps extra attempts per process', () => {
    const b = new RetryBudget(2, 0.1);
    expect([b.take(), b.take(), b.take()]).toEqual([true, true, false]);
    for (let i = 0; i < 10; i++) b.noteRequest();
    expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
  });
});

describe('dry run and debug', () => {
  it('--dry-run prints the request with the token masked and sends nothing', async () => {
    const out: string[] = [];
    const res = await client({ dryRun: (t) => out.push(t) }).request({ method: 'PUT', path: '/users/{id}', params: { id: 'u 1' }, query: { a: 1 }, body: { name: 'x', password: 'p' } });
    expect(res.dryRun).toBe(true);
    expect(srv.seen.length).toBe(0);
    const req = JSON.parse(out[0]!);
    expect(req).toEqual({ method: 'PUT', url: `${srv.url}/users/u%201?a=1`, headers: expect.objectContaining({ authorization: 'Bearer <redacted>' }), body: { name: 'x', password: '<redacted>' } });
    expect(out.join('')).not.toContain('secret-token-123');
  });

  it('--debug masks the token, secret fields and presigned signatures', async () => {
    const lines: string[] = [];
    srv.queue.push(json(200, { ok: true, url: 'https://s3.test/x?X-Amz-Signature=abcd1234&a=1', scim: { token: 'scim-secret-value' }, echo: 'secret-token-123' }));
    await client({ debug: (l) => lines.push(l) }).request({ method: 'POST', path: '/x', body: { carrierCCredentials: { accessToken: 'cc-secret' } } });
    const all = lines.join('\n');
    for (const secret of ['secret-token-123', 'abcd1234', 'scim-secret-value', 'cc-secret']) expect(all).not.toContain(secret);
    expect(all).toContain('> authorization: Bearer <redacted>');
  });
});

describe('fan-out', () => {
  it('sends CONNECTIONS requests at once and queues the rest inside agnt, all on one abort signal, with no process warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const total = CONNECTIONS * 2 + 16;
    let open = 0;
    let most = 0;
    const held: Array<() => void> = [];
    srv.fallback = (_req, res) => {
      open++;
      most = Math.max(most, open);
      held.push(() => {
        open--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
      // Answered only once CONNECTIONS are held at the server (or the last ones have come): a
      // client that sent fewer at once would never be answered, and the test would time out.
      if (held.length === CONNECTIONS || srv.seen.length === total) for (const answer of held.splice(0)) answer();
    };
    const controller = new AbortController();
    const c = client({ signal: controller.signal });
    const all = Promise.all(Array.from({ length: total }, (_, i) => c.request({ method: 'GET', path: `/r/${i}` })));
    await all;
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(srv.seen).toHaveLength(total);
    expect(most).toBe(CONNECTIONS);
    expect(warnings).toEqual([]);
  });
});
