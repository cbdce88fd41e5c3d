// Every write endpoint's inverse, derived from the model (src/api/inverse.ts): what `agnt undo`
// sends, and a reason for each write that has none.
import { describe, expect, it } from 'vitest';
import { inverses, invertibleShare } from '../../src/api/inverse.ts';

describe('inverse of every write endpoint, from the model', async () => {
  const byId = await inverses();
  const rows = [...byId.values()];

  it('inverts most creates, updates and deletes, and says why for each of the rest', () => {
    const { invertible, total } = invertibleShare(rows);
    // 71 of 77 today; what is left the API cannot undo (no delete endpoint, a file's content, many records at once).
    expect(invertible / total).toBeGreaterThanOrEqual(0.9);
    for (const r of rows) expect(Boolean(r.inverse) !== Boolean(r.reason), r.endpoint.id).toBe(true);
    expect(rows.filter((r) => r.kind === 'action').every((r) => !r.inverse)).toBe(true);
  });

  it('pairs the endpoints of one resource', () => {
    const of = (id: string) => byId.get(id)!;
    expect(of('contacts.update')).toMatchObject({ kind: 'update', inverse: { kind: 'restore', via: { id: 'contacts.update' } }, reader: { endpoint: { id: 'contacts.get' } } });
    expect(of('teams.create').inverse).toMatchObject({ kind: 'remove', via: { id: 'teams.delete' }, param: { name: 'teamId' } });
    // POST /teams takes the id: a team comes back under its own.
    expect(of('teams.delete').inverse).toMatchObject({ kind: 'recreate', via: { id: 'teams.create' }, lost: [] });
    expect(of('contacts.delete').inverse).toMatchObject({ kind: 'recreate', via: { id: 'contacts.create' }, lost: ['its id (the new record has a new one)'] });
    // A message is created at the chat's path; it is deleted at its own.
    expect(of('chats.messages.create').inverse).toMatchObject({ kind: 'remove', via: { id: 'chats.messages.delete' }, param: { name: 'messageId' } });
    // A reset has no body: the matrix is put back through its own update.
    expect(of('preferences.matrix.reset').inverse).toMatchObject({ kind: 'restore', via: { id: 'preferences.matrix.update' } });
    // A member is read from the team's member list.
    expect(of('teams.members.update').reader).toMatchObject({ endpoint: { id: 'teams.members.list' }, key: 'memberId' });
    expect(of('delegations.create').inverse).toMatchObject({ kind: 'remove', via: { id: 'delegations.revoke' } });
    expect(of('invitations.create').inverse).toMatchObject({ lost: ['the invitation e-mail already sent (the invitation is revoked)'] });
    // A relationship is read inside its contact, from either side.
    expect(of('contacts.relationships.update')).toMatchObject({
      inverse: { kind: 'restore', via: { id: 'contacts.relationships.update' } },
      reader: { endpoint: { id: 'contacts.get' }, pick: [{ fields: ['outgoingRelationships', 'incomingRelationships'] }, { param: 'relationshipId' }] },
    });
    expect(of('contacts.relationships.delete').inverse).toMatchObject({
      kind: 'recreate',
      via: { id: 'contacts.relationships.create' },
      lost: ['its id (the new record has a new one)'],
      refuses: expect.stringMatching(/incoming/),
    });
    // SSO is read inside its organization; turning it off is put back through its PUT, a secret is named.
    expect(of('orgs.sso.disable')).toMatchObject({ inverse: { kind: 'restore', via: { id: 'orgs.sso.set' } }, reader: { endpoint: { id: 'orgs.get' }, pick: [{ field: 'sso' }] } });
    expect(of('orgs.sso.set').inverse).toMatchObject({ kind: 'restore', lost: [expect.stringMatching(/secret/)] });
    expect(of('chats.messages.clear').reason).toBe('it removes many records at once');
    expect(of('manager-assignments.create').reason).toBe('the API has no request that deletes what it creates');
    expect(of('contacts.bulk-import').reason).toMatch(/names no ids/);
  });
});
