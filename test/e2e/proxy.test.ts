// HTTPS_PROXY / HTTP_PROXY / NO_PROXY: API calls and presigned transfers go through the proxy
// the environment names (undici's EnvHttpProxyAgent), and NO_PROXY sends a host direct. The
// proxy is a small one written here: CONNECT tunnels (what undici uses, for http targets too)
// and absolute-URI forwarding, each recorded.
import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let proxy: Server;
let proxyUrl: string;
let dir: string;
const seen: string[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-proxy-');
  proxy = createServer((req, res) => {
    // An absolute-URI request (a plain forward proxy).
    seen.push(`${req.method} ${req.url}`);
    const u = new URL(req.url ?? '');
    const up = request({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    // The request lines inside the tunnel (plain http here), to tell which requests used it.
    client.on('data', (d: Buffer) => {
      for (const m of d.toString('latin1').matchAll(/^(GET|PUT|POST|PATCH|DELETE) (\/\S*) HTTP\/1\.1\r$/gm)) seen.push(`TUNNEL ${m[1]} ${m[2]}`);
    });
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => proxy.close(r));
  await sb.dispose();
  removeDir(dir);
});

const sandboxHost = () => new URL(sb.baseUrl).host;
const through = () => seen.filter((l) => l.includes(sandboxHost()));

describe('proxies', () => {
  it('HTTP_PROXY: API calls go through the proxy', async () => {
    seen.length = 0;
    const r = await agnt(['users', 'get', 'me', '-o', 'json'], { sb, env: { HTTP_PROXY: proxyUrl } });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('usr_admin');
    expect(through().length).toBeGreaterThan(0);
    // The lower-case spelling works too.
    seen.length = 0;
    const lower = await agnt(['users', 'get', 'me', '-o', 'json'], { sb, env: { http_proxy: proxyUrl } });
    expect(lower.exitCode).toBe(0);
    expect(through().length).toBeGreaterThan(0);
  });

  it('presigned upload and download go through it as well', async () => {
    seen.length = 0;
    const file = join(dir, 'proxied.txt');
    writeFileSync(file, 'through the proxy\n');
    const up = await agnt(['drive', 'upload', file, '-o', 'json'], { sb, env: { HTTP_PROXY: proxyUrl } });
    expect(up.exitCode).toBe(0);
    const id = JSON.parse(up.stdout).id ?? JSON.parse(up.stdout)[0]?.id;
    expect(id).toBeTruthy();
    const out = join(dir, 'back.txt');
    const down = await agnt(['drive', 'download', id, '--out', out], { sb, env: { HTTP_PROXY: proxyUrl } });
    expect(down.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('through the proxy\n');
    // The presigned PUT and GET went through the proxy's tunnel like the API calls.
    const tunnelled = seen.filter((l) => l.startsWith('TUNNEL '));
    expect(
      tunnelled.some((l) => /^TUNNEL PUT \/_presigned\/drive\//.test(l)),
      tunnelled.join('\n'),
    ).toBe(true);
    expect(
      tunnelled.some((l) => /^TUNNEL GET \/_presigned\/drive\//.test(l)),
      tunnelled.join('\n'),
    ).toBe(true);
    expect(
      // `me` is sent as the caller's id (the API gives `me` to no {userId}).
      tunnelled.some((l) => /^TUNNEL POST \/users\/usr_\w+\/drive-files/.test(l)),
      tunnelled.join('\n'),
    ).toBe(true);
  });

  it('NO_PROXY sends the host direct; HTTPS_PROXY alone does not take http URLs', async () => {
    seen.length = 0;
    const direct = await agnt(['users', 'get', 'me', '-o', 'json'], { sb, env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } });
    expect(direct.exitCode).toBe(0);
    const httpsOnly = await agnt(['users', 'get', 'me', '-o', 'json'], { sb, env: { HTTPS_PROXY: proxyUrl } });
    expect(httpsOnly.exitCode).toBe(0);
    expect(seen).toEqual([]);
  });

  it('a proxy that is down fails the command with a network error (exit 1), not a direct connection', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise((r) => dead.close(r));
    const before = sb.requests.length;
    const r = await agnt(['users', 'get', 'me', '-o', 'json', '--timeout', '5'], { sb, env: { HTTP_PROXY: deadUrl, AGNT_BACKOFF_MS: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    // With -o json the error is JSON on stderr (issue 14); either way it names the proxy that refused.
    expect(r.stderr).toMatch(/cannot connect to the proxy 127\.0\.0\.1:\d+ \(HTTP_PROXY\): connection refused/);
    expect(sb.requests.length).toBe(before);
  });
});
