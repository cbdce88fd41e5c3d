// Failures that cannot pass are not retried, and are worded for what failed: a certificate that
// is not trusted (with the ca-file / NODE_EXTRA_CA_CERTS hint, which then works), and a proxy that cannot
// be reached, named as the proxy rather than as the API server.
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agnt, withSandbox } from '../support/helpers.ts';

const TLS = join(import.meta.dirname, '..', 'fixtures', 'tls');
let sb: Awaited<ReturnType<typeof withSandbox>>;
let tls: Server;
let tlsUrl: string;
let connections = 0;

beforeAll(async () => {
  sb = await withSandbox();
  const target = new URL(sb.baseUrl);
  // An HTTPS front for the sandbox, with a self-signed certificate for 127.0.0.1.
  tls = createServer({ key: readFileSync(join(TLS, 'self-signed.key')), cert: readFileSync(join(TLS, 'self-signed.crt')) }, (req, res) => {
    const up = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  tls.on('connection', () => connections++);
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
});
afterAll(async () => {
  tls.closeAllConnections();
  await new Promise((resolve) => tls.close(resolve));
  await sb.dispose();
});

describe('an untrusted certificate', () => {
  it('fails at once (no retry) with a hint naming ca-file and NODE_EXTRA_CA_CERTS', async () => {
    connections = 0;
    const r = await agnt(['users', 'me', '--base-url', tlsUrl, '--debug'], { sb, env: { AGNT_BACKOFF_MS: '1', AGNT_RETRIES: '3' } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('retrying');
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:') || l.startsWith('hint:'));
    expect(lines[0]).toMatch(new RegExp(`^error: the certificate of ${tlsUrl.slice(8).replace(/\./g, '\\.')} is not trusted: .+ \\(DEPTH_ZERO_SELF_SIGNED_CERT\\)$`));
    expect(lines[1]).toBe(
      'hint: if 127.0.0.1 uses a certificate authority of your own (a company proxy or CA), give its PEM file with `agnt config set ca-file FILE` (or AGNT_CA_FILE, or NODE_EXTRA_CA_CERTS)',
    );
    await vi.waitFor(() => expect(connections).toBeGreaterThan(0));
    expect(connections).toBe(1);
  });

  it('the hint works: with NODE_EXTRA_CA_CERTS naming the certificate the same command succeeds', async () => {
    const r = await agnt(['users', 'me', '--base-url', tlsUrl, '-o', 'id'], { sb, env: { NODE_EXTRA_CA_CERTS: join(TLS, 'self-signed.crt') } });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: 'usr_admin\n', err: '' });
  });
});

describe('a proxy that cannot be reached', () => {
  it('is named as the proxy, with the variable that set it, --debug or not', async () => {
    // Nothing listens on the discard port of loopback.
    for (const extra of [[], ['--debug']]) {
      const r = await agnt(['users', 'me', ...extra], { sb, env: { HTTP_PROXY: 'http://127.0.0.1:9', AGNT_RETRIES: '0' } });
      expect(r.exitCode).toBe(1);
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:') || l.startsWith('hint:'));
      expect(lines).toEqual(['error: cannot connect to the proxy 127.0.0.1:9 (HTTP_PROXY): connection refused', 'hint: check HTTP_PROXY, or send 127.0.0.1 direct with NO_PROXY=127.0.0.1']);
    }
  });

  it('a server that refuses without a proxy is still the server', async () => {
    const r = await agnt(['users', 'me', '--base-url', 'http://127.0.0.1:9'], { sb, env: { AGNT_RETRIES: '0' } });
    expect(r.stderr).toBe('error: cannot connect to 127.0.0.1:9: connection refused\n');
  });
});
