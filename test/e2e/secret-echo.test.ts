// A secret agnt sent is never printed back: a server whose error repeats the SAML private key or
// a client secret of the request gets masked output, in the plain and the JSON error form and in
// --debug, whichever key the server quotes it under.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt } from '../support/helpers.ts';
import { type FakeServer, fakeServer } from '../support/fake-server.ts';

const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const CLIENT_SECRET = 'cs_9f8e7d6c5b4a';

let fake: FakeServer;
beforeAll(async () => {
  // GETs answer an empty settings object; writes fail with a message quoting the whole body.
  fake = await fakeServer((req, res, body) => {
    res.writeHead(req.method === 'GET' ? 200 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.method === 'GET' ? { enabled: false } : { error: `cannot use ${body}`, error_code: 'AGNT_E_VALIDATION', echo: { text: body, parsed: JSON.parse(body) } }));
  });
});
afterAll(async () => {
  await fake.close();
});

const args = ['org', 'sso', 'set', 'org_echo', '--saml', JSON.stringify({ entityId: 'https://idp.test', privateKey: KEY }), '--provider2-directory', JSON.stringify({ clientSecret: CLIENT_SECRET })];
const env = () => ({ AGNT_BASE_URL: fake.url, AGNT_TOKEN: 'agnt_test_echo_token' });
const leaks = (text: string) => [KEY, JSON.stringify(KEY).slice(1, -1), 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', CLIENT_SECRET].filter((s) => text.includes(s));

describe('secrets a server echoes', () => {
  it('are masked in the error line, the JSON error object and --debug', async () => {
    const plain = await agnt(args, { env: env() });
    expect(plain.exitCode).toBe(5);
    expect(plain.stderr).toMatch(/^error: cannot use .*"privateKey":"<redacted>"/);
    const json = await agnt([...args, '--json'], { env: env() });
    expect(json.exitCode).toBe(5);
    const obj = JSON.parse(json.stderr);
    expect(obj.error.details.echo.parsed).toEqual({ saml: { entityId: 'https://idp.test', privateKey: '<redacted>' }, provider2Directory: { clientSecret: '<redacted>' } });
    const debug = await agnt([...args, '--debug'], { env: env() });
    expect(debug.exitCode).toBe(5);
    // The server really did receive the secrets: only agnt's output hides them.
    expect(fake.seen.some((s) => s.body.includes(CLIENT_SECRET))).toBe(true);
    expect([...leaks(plain.stdout + plain.stderr), ...leaks(json.stdout + json.stderr), ...leaks(debug.stdout + debug.stderr)]).toEqual([]);
  });
});
