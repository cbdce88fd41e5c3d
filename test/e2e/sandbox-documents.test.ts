// The sandbox answers as the documents say: `me` is a user id only where the spec gives it (GET
// and PATCH /users/me), POST /contacts names a known consumer, current-or-latest carries
// completedAt, and a body that is not JSON by its Content-Type is a 415.
import { describe, expect, it } from 'vitest';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('sandbox answers per the documents', () => {
  it("DELETE and PUT /users/me are 404 ('me' is no id there): a member deletes nobody", async () => {
    const del = await agnt(['users', 'delete', 'me', '--yes'], { sb, as: 'member' });
    expect(del.exitCode).toBe(3);
    expect(sb.store.get('users', 'usr_member')).toBeDefined();
    const put = await agnt(['api', 'PUT', '/users/me', '-F', 'firstName=Changed'], { sb, as: 'member' });
    expect(put.exitCode).toBe(3);
    expect(sb.store.get('users', 'usr_member')!.firstName).not.toBe('Changed');
    // GET and PATCH /users/me are documented and still act on the caller.
    expect((await agntJson(['users', 'me'], { sb, as: 'member' })).id).toBe('usr_member');
  });

  it('POST /contacts with the e-mail of a known user names that user as the consumer', async () => {
    const c = await agntJson(['contacts', 'create', '--email', 'consumer-test@example.test', '--consumer-email', 'manager@acme.test'], { sb });
    expect(c.consumer).toEqual({ id: 'usr_manager', name: expect.any(String), email: 'manager@acme.test' });
  });

  it('GET /onboarding/sessions/current-or-latest carries completedAt (null while in progress)', async () => {
    const started = await agnt(['onboarding', 'run'], { sb, as: 'member' });
    expect(started.exitCode, started.stderr).toBe(0);
    const cur = await agnt(['api', 'GET', '/onboarding/sessions/current-or-latest', '-o', 'json'], { sb, as: 'member' });
    expect(cur.exitCode, cur.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(cur.stdout))).toMatch(/"completedAt":null/);
  });

  it('a body sent as text/plain is a 415, not parsed as JSON', async () => {
    const res = await fetch(`${sb.baseUrl}/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.tokens.admin}`, 'content-type': 'text/plain' },
      body: '{"email":"plain@example.test"}',
    });
    expect(res.status).toBe(415);
    expect(sb.store.lookup('contacts', 'email', 'plain@example.test')).toEqual([]);
  });
});
