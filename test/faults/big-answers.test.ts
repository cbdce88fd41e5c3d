// Edges of what a server or a file can hand agnt: a 1 MB error message is shown cut to a few KB
// (whole under --debug, redacted), and a --file nested 100,000 deep is bad input (exit 2 naming
// the file), not a stack overflow.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeServer, fakeServer, json } from '../support/fake-server.ts';
import { agnt, tempDir } from '../support/helpers.ts';

let fake: FakeServer;
beforeAll(async () => {
  fake = await fakeServer();
});
afterAll(async () => {
  await fake.close();
});
const env = () => ({ AGNT_BASE_URL: fake.url, AGNT_TOKEN: 'agnt_test_big' });

it('a huge error message is cut to a few KB, and shown whole (secrets masked) under --debug', async () => {
  const message = `bad ${'x'.repeat(1_000_000)} password=hunter2 end`;
  const body = { status: 400, error: message, error_code: 'AGNT_E_VALIDATION', token: 'tok_secret_value' };
  fake.queue.push(json(400, body));
  const r = await agnt(['users', 'get', 'usr_1'], { env: env() });
  expect(r.exitCode).toBe(5);
  expect(r.stderr.length).toBeLessThan(4096);
  expect(r.stderr).toMatch(/^error: bad x+… \(cut: the server's message is 1000025 characters; --debug shows it whole\) \(HTTP 400, AGNT_E_VALIDATION\)\n$/);

  fake.queue.push(json(400, body));
  const d = await agnt(['users', 'get', 'usr_1', '--debug'], { env: env() });
  expect(d.exitCode).toBe(5);
  expect(d.stderr).toContain(`"error":"${message}"`);
  expect(d.stderr).not.toContain('tok_secret_value');
});

it('a --file nested 100,000 deep is refused as bad input, naming the file', async () => {
  const before = fake.seen.length;
  const dir = tempDir('agnt-deep-');
  const file = join(dir, 'deep.json');
  writeFileSync(file, `{"email":"a@b.test","properties":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
  const r = await agnt(['contacts', 'create', '--file', file], { env: env() });
  expect(r.stderr).toBe(`error: ${file}: nested more than 1000 levels deep\n`);
  expect(r.exitCode).toBe(2);
  const data = await agnt(['contacts', 'create', '--data', `{"email":"a@b.test","properties":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`], { env: env() });
  expect(data.exitCode).toBe(2);
  expect(data.stderr).toMatch(/^error: --data: nested more than 1000 levels deep\n$/);
  // Nothing was sent.
  expect(fake.seen.length).toBe(before);
});
