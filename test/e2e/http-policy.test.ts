// One HTTP policy (issue 23 item 4): the import's batches go through the core's retries, which
// honour the server's Retry-After (after a 429 asking for 2 s it waits 2,000 ms, as `users get`
// does), and no batch is lost or sent twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-http-policy-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

const limited = (path: RegExp, method: string) => ({
  method,
  path,
  times: 1,
  status: 429,
  headers: { 'content-type': 'application/json', 'retry-after': '2' },
  body: '{"status":429,"error_code":"AGNT_E_RATE_LIMITED","error":"slow down"}',
});

describe('Retry-After', () => {
  it('contacts import waits what the server asks (2 s after a 429), like any command, and sends every row once', async () => {
    const file = join(dir, 'ra.csv');
    writeFileSync(file, `email\n${Array.from({ length: 5 }, (_, i) => `ra${i}@policy.test`).join('\n')}\n`);
    sb.faults.push(limited(/^\/contacts\/bulk-import$/, 'POST'));
    const r = await agnt(['contacts', 'import', file, '--debug', '-o', 'json'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\* HTTP 429; retrying in 2000 ms \(attempt 2 of \d+\)/);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 5, created: 5, resent: 0 });
    expect(sb.requests.filter((q) => q.path === '/contacts/bulk-import' && q.status === 200)).toHaveLength(1);

    sb.faults.push(limited(/^\/users\/me$/, 'GET'));
    const me = await agnt(['users', 'get', 'me', '--debug', '-o', 'id'], { sb });
    expect(me.stderr).toMatch(/\* HTTP 429; retrying in 2000 ms/);
  });
});
