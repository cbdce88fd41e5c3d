// A server that sends the same page again (same ids, a total larger than what came): --all stops
// at the first repeated id with exit 1 naming the page, rather than printing duplicates, missing
// records and exiting 0 (or walking a huge total for ever).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeServer, fakeServer, json } from '../support/fake-server.ts';
import { agnt } from '../support/helpers.ts';

const users = Array.from({ length: 20 }, (_, i) => ({ id: `usr_${i}`, email: `u${i}@acme.test` }));
let fake: FakeServer;
beforeAll(async () => {
  fake = await fakeServer(json(200, { ok: true, users, page: 1, perPage: 20, total: 5_000_000 }));
});
afterAll(async () => {
  await fake.close();
});

it('users list --all stops at a page that repeats a record', async () => {
  const r = await agnt(['users', 'list', '--all', '-o', 'id'], { env: { AGNT_BASE_URL: fake.url, AGNT_TOKEN: 'agnt_test_pages' } });
  expect(r.exitCode).toBe(1);
  expect(r.stdout.split('\n').filter(Boolean)).toEqual(users.map((u) => u.id));
  expect(r.stderr).toMatch(/^error: GET \/users page 2 repeats record usr_0 \(already received on an earlier page\); stopped after 20 records\n/);
  // A few pages in flight at most, never the whole total.
  expect(fake.seen.length).toBeLessThanOrEqual(6);
});
