// HTTPS and HTTP/2 end to end. `agnt sandbox start --tls` (a process: its profile is the subject)
// serves on a certificate from a CA it makes, and its `sandbox` profile trusts that CA with no
// environment variable; --debug shows the protocol; `http2 off` keeps to HTTP/1.1. Sandboxes on
// certificates the test makes show the failures: an untrusted CA, an expired certificate, one
// for another name, and mutual TLS with and without the client certificate, each one line with
// the setting that fixes it, exit 1, and no retry.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issue, makeAuthority, type KeyPair } from '../../src/sandbox/certificates.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import { agnt, BIN, cleanEnv, removeDir, tempDir } from '../support/helpers.ts';

const DAY = 86_400_000;
const dir = tempDir('agnt-tls-');
let child: ReturnType<typeof execa>;
let started: { baseUrl: string; tokens: Record<string, string>; caFile: string };

beforeAll(async () => {
  child = execa(process.execPath, [BIN, 'sandbox', 'start', '--tls', '--json'], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir }, extendEnv: true, reject: false });
  started = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l)));
    child.catch(reject);
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await child;
  removeDir(dir);
});

/** The lines of stderr a user reads for a failure. */
const said = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('error:') || l.startsWith('hint:'));

describe('agnt sandbox start --tls', () => {
  it('serves https, writes its CA beside the config, and the sandbox profile trusts it with no environment variable', async () => {
    expect(started.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(started.caFile).toBe(join(dir, 'sandbox-ca.pem'));
    expect(readFileSync(started.caFile, 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(config.profiles.sandbox).toMatchObject({ baseUrl: started.baseUrl, caFile: started.caFile });
    const r = await agnt(['--profile', 'sandbox', 'users', 'me', '-o', 'id'], { configDir: dir });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: 'usr_admin\n', err: '' });
  });

  it('--debug shows the connection agreed on HTTP/2', async () => {
    const r = await agnt(['--profile', 'sandbox', 'users', 'me', '-o', 'id', '--debug'], { configDir: dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^\\* connected to ${started.baseUrl.slice(8).replace(/\./g, '\\.')} over TLSv1\\.[23], HTTP/2 \\(ALPN h2\\)$`, 'm'));
  });

  it('with the profile setting http2 off, the same command uses HTTP/1.1', async () => {
    const own = tempDir('agnt-tls-h1-');
    try {
      copyFileSync(join(dir, 'config.json'), join(own, 'config.json'));
      const set = await agnt(['--profile', 'sandbox', 'config', 'set', 'http2', 'off'], { configDir: own });
      expect(set.exitCode).toBe(0);
      const r = await agnt(['--profile', 'sandbox', 'users', 'me', '-o', 'id', '--debug'], { configDir: own });
      expect(r.stdout).toBe('usr_admin\n');
      expect(r.stderr).toMatch(/^\* connected to \S+ over TLSv1\.[23], HTTP\/1\.1 \(ALPN http\/1\.1\)$/m);
      expect(r.stderr).not.toContain('HTTP/2');
    } finally {
      removeDir(own);
    }
  });

  it('without the CA (no profile, no ca-file) the certificate is not trusted: one line naming ca-file, exit 1, no retry', async () => {
    const r = await agnt(['users', 'me', '--debug'], { env: { AGNT_BASE_URL: started.baseUrl, AGNT_TOKEN: started.tokens.admin, AGNT_RETRIES: '3', AGNT_BACKOFF_MS: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('retrying');
    expect(said(r.stderr)).toEqual([
      expect.stringMatching(/^error: the certificate of 127\.0\.0\.1:\d+ is not trusted: .+ \((SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\)$/),
      'hint: if 127.0.0.1 uses a certificate authority of your own (a company proxy or CA), give its PEM file with `agnt config set ca-file FILE` (or AGNT_CA_FILE, or NODE_EXTRA_CA_CERTS)',
    ]);
  });
});

describe('certificates the test makes', () => {
  const certs = join(dir, 'certs');
  let ca: KeyPair;
  let caFile: string;
  const servers: Sandbox[] = [];
  /** A sandbox serving `server`, and how agnt reaches it (the test's CA trusted). */
  const serve = async (server: KeyPair, clientCa?: string) => {
    const sb = await startSandbox({ port: 0, tls: { ...server, clientCa } });
    servers.push(sb);
    return { sb, env: { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, AGNT_CA_FILE: caFile, AGNT_RETRIES: '3', AGNT_BACKOFF_MS: '1' } };
  };
  const write = (name: string, text: string): string => {
    const file = join(certs, name);
    writeFileSync(file, text, { mode: 0o600 });
    return file;
  };

  beforeAll(() => {
    mkdirSync(certs, { recursive: true });
    ca = makeAuthority({ name: 'agnt test CA' });
    caFile = write('ca.pem', ca.cert);
  });
  afterAll(async () => {
    for (const sb of servers) await sb.close();
  });

  it('an expired certificate: one line saying so, exit 1, no retry', async () => {
    const { env } = await serve(issue(ca, { name: 'expired', names: ['127.0.0.1'], notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) }));
    const r = await agnt(['users', 'me', '--debug'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toContain('retrying');
    expect(said(r.stderr)).toEqual([
      expect.stringMatching(/^error: the certificate of 127\.0\.0\.1:\d+ has expired \(CERT_HAS_EXPIRED\)$/),
      "hint: the server's certificate must be renewed (no setting of agnt trusts an expired one); check this machine's clock too",
    ]);
  });

  it('a certificate for another name: one line naming the names it has, and base-url', async () => {
    const { env } = await serve(issue(ca, { name: 'elsewhere', names: ['api.example.test'] }));
    const r = await agnt(['users', 'me', '--debug'], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toContain('retrying');
    expect(said(r.stderr)).toEqual([
      expect.stringMatching(/^error: the certificate of 127\.0\.0\.1:\d+ is not issued for 127\.0\.0\.1 \(it names DNS:api\.example\.test\) \(ERR_TLS_CERT_ALTNAME_INVALID\)$/),
      'hint: set base-url to a name the certificate is for (`agnt config set base-url https://NAME`, or AGNT_BASE_URL)',
    ]);
  });

  it('over HTTP/2 one connection carries the requests a workflow sends at once; over HTTP/1.1 they take several', async () => {
    const { sb, env } = await serve(issue(ca, { name: 'fan-out', names: ['127.0.0.1'] }));
    const runs: Record<string, { out: string; requests: number; connections: number }> = {};
    for (const http2 of ['auto', 'off']) {
      const [requests, connections] = [sb.requests.length, sb.connections];
      const r = await agnt(['org', 'export', 'org_acme'], { env: { ...env, AGNT_HTTP2: http2 } });
      expect(r.exitCode, r.stderr).toBe(0);
      runs[http2] = { out: r.stdout, requests: sb.requests.length - requests, connections: sb.connections - connections };
    }
    expect(runs.auto!.out).toBe(runs.off!.out);
    expect(runs.auto!.requests).toBeGreaterThan(10);
    expect(runs.auto!.connections).toBe(1);
    expect(runs.off!.connections).toBeGreaterThan(1);
  });

  it("over HTTP/2 it sends as many requests at once as the server's SETTINGS allow: the rest wait in agnt, their --timeout not yet running", async () => {
    // A server taking 2 streams at once, each answer 300 ms late; 24 reads asked for at once, each
    // given 2 s. Sent all at once, 22 would wait on the connection with their time running, and
    // the last (twelve answers later, 3.6 s) would time out.
    const server = issue(ca, { name: 'two-streams', names: ['127.0.0.1'] });
    const sb = await startSandbox({ port: 0, tls: { ...server, maxStreams: 2 }, bench: { faults: [{ method: 'GET', path: '/users/*', delay: 300 }] } });
    servers.push(sb);
    const rows = join(certs, 'ids.csv');
    writeFileSync(rows, `id\n${Array.from({ length: 24 }, (_, i) => (i % 2 ? 'usr_admin' : 'usr_member')).join('\n')}\n`);
    const env = { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin!, AGNT_CA_FILE: caFile, AGNT_RETRIES: '1', AGNT_TIMEOUT: '2' };
    const r = await agnt(['batch', rows, '--concurrency', '24', '-o', 'jsonl', '--debug', '--', 'users', 'get', '{id}'], { env });
    expect(r.exitCode, said(r.stderr).join('\n')).toBe(0);
    const answers = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(answers.map((a) => `${a.status} ${a.result?.id}`).sort()).toEqual([...Array(12).fill('ok usr_admin'), ...Array(12).fill('ok usr_member')]);
    expect(r.stderr).toContain('* HTTP/2: the server takes 2 streams at once; agnt sends up to 2\n');
  });

  it('a stream the server refuses (HTTP/2 REFUSED_STREAM: not handled) is sent again, a POST too', async () => {
    // A bare HTTP/2 server that refuses each path's first stream and answers the second.
    const { createSecureServer, constants } = await import('node:http2');
    const seen: string[] = [];
    const server = createSecureServer(issue(ca, { name: 'refusing', names: ['127.0.0.1'] }), (req, res) => {
      const key = `${req.method} ${req.url}`;
      seen.push(key);
      if (seen.filter((k) => k === key).length === 1) return req.stream.close(constants.NGHTTP2_REFUSED_STREAM);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.method === 'POST' ? { ok: true, contact: { id: 'con_new', name: 'Ann' } } : { ok: true, user: { id: 'usr_admin' } }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const env = { AGNT_BASE_URL: `https://127.0.0.1:${(server.address() as { port: number }).port}`, AGNT_TOKEN: 'agnt_test_token', AGNT_CA_FILE: caFile, AGNT_RETRIES: '2', AGNT_BACKOFF_MS: '1' };
      const get = await agnt(['users', 'me', '-o', 'id'], { env });
      expect({ code: get.exitCode, out: get.stdout }).toEqual({ code: 0, out: 'usr_admin\n' });
      const post = await agnt(['contacts', 'create', '--name', 'Ann', '--email', 'ann@example.test', '-o', 'id'], { env });
      expect({ code: post.exitCode, out: post.stdout }).toEqual({ code: 0, out: 'con_new\n' });
      expect(seen).toEqual(['GET /users/me', 'GET /users/me', 'POST /contacts', 'POST /contacts']);
    } finally {
      server.close();
    }
  });

  describe('mutual TLS', () => {
    let env: Record<string, string>;
    let sb: Sandbox;
    let clientCa: KeyPair;
    beforeAll(async () => {
      clientCa = makeAuthority({ name: 'agnt test client CA' });
      ({ env, sb } = await serve(issue(ca, { name: 'mtls', names: ['127.0.0.1'] }), clientCa.cert));
    });

    it('without a client certificate: one line naming cert-file and key-file, exit 1, no retry', async () => {
      const before = sb.requests.length;
      const r = await agnt(['users', 'me', '--debug'], { env });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).not.toContain('retrying');
      expect(said(r.stderr)).toEqual([
        expect.stringMatching(/^error: 127\.0\.0\.1:\d+ requires a client certificate \(mutual TLS\), and none is set \(ERR_SSL_\w+\)$/),
        'hint: give yours with `agnt config set cert-file FILE` and `agnt config set key-file FILE` (or AGNT_CERT_FILE, AGNT_KEY_FILE)',
      ]);
      expect(sb.requests.length).toBe(before);
    });

    it('with the client certificate (its key encrypted, the passphrase from AGNT_KEY_PASSPHRASE) the request is served', async () => {
      const mine = issue(clientCa, { name: 'agnt test client', client: true, passphrase: 'correct horse' });
      const certFile = write('client.pem', mine.cert);
      const keyFile = write('client.key', mine.key);
      const r = await agnt(['users', 'me', '-o', 'id'], { env: { ...env, AGNT_CERT_FILE: certFile, AGNT_KEY_FILE: keyFile, AGNT_KEY_PASSPHRASE: 'correct horse' } });
      expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: 'usr_admin\n', err: '' });

      const wrong = await agnt(['users', 'me'], { env: { ...env, AGNT_CERT_FILE: certFile, AGNT_KEY_FILE: keyFile, AGNT_KEY_PASSPHRASE: 'wrong' } });
      expect(wrong.exitCode).toBe(2);
      expect(said(wrong.stderr)[0]).toBe(`error: key-file '${keyFile}' cannot be opened with the passphrase given`);
      const none = await agnt(['users', 'me'], { env: { ...env, AGNT_CERT_FILE: certFile, AGNT_KEY_FILE: keyFile } });
      expect(none.exitCode).toBe(2);
      expect(said(none.stderr)[0]).toBe(`error: key-file '${keyFile}' is encrypted and no passphrase is given`);
    });

    it('the passphrase kept in the OS keyring (`config set key-passphrase -`, never in the config file) opens the key', async () => {
      const mine = issue(clientCa, { name: 'agnt keyring client', client: true, passphrase: 'kept in the keyring' });
      const own = tempDir('agnt-tls-keyring-');
      try {
        const keyring = { AGNT_KEYRING: 'on', AGNT_KEYRING_MODULE: resolve(import.meta.dirname, '..', 'faults', 'fake-keyring.cjs'), AGNT_FAKE_KEYRING_FILE: join(own, 'keyring.json') };
        const files = { AGNT_CERT_FILE: write('keyring-client.pem', mine.cert), AGNT_KEY_FILE: write('keyring-client.key', mine.key) };
        const inArgv = await agnt(['config', 'set', 'key-passphrase', 'kept in the keyring'], { configDir: own, env: keyring });
        expect(inArgv.exitCode).toBe(2);
        const set = await agnt(['config', 'set', 'key-passphrase', '-'], { configDir: own, env: keyring, input: 'kept in the keyring\n' });
        expect(set.exitCode).toBe(0);
        expect(existsSync(join(own, 'config.json')) ? readFileSync(join(own, 'config.json'), 'utf8') : '').not.toContain('kept in the keyring');
        const r = await agnt(['users', 'me', '-o', 'id'], { configDir: own, env: { ...env, ...keyring, ...files } });
        expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: 'usr_admin\n', err: '' });
      } finally {
        removeDir(own);
      }
    });

    it('a client certificate from another CA: the server closes the connection; the hint names the cert-file', async () => {
      const stranger = issue(makeAuthority({ name: 'someone else' }), { name: 'stranger', client: true });
      const certFile = write('stranger.pem', stranger.cert);
      const keyFile = write('stranger.key', stranger.key);
      const before = sb.requests.length;
      const r = await agnt(['users', 'me'], { env: { ...env, AGNT_RETRIES: '0', AGNT_CERT_FILE: certFile, AGNT_KEY_FILE: keyFile } });
      expect(r.exitCode).toBe(1);
      expect(said(r.stderr)).toEqual([
        expect.stringMatching(/^error: connection to 127\.0\.0\.1:\d+ was reset$/),
        `hint: if 127.0.0.1 requires mutual TLS, it may have refused the client certificate ${certFile}: check cert-file and key-file`,
      ]);
      expect(sb.requests.length).toBe(before);
    });
  });
});
