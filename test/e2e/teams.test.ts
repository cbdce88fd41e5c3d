import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';
import { issueToken, makeUser } from '../../src/sandbox/model.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
// The sandbox clock runs `offset` ms ahead of real time, so invitations can expire.
let offset = 0;
beforeAll(async () => {
  // No example records: the organization requests listed are the ones made here.
  sb = await withSandbox({ clock: () => Date.now() + offset, exampleRecords: false });
});
afterAll(async () => {
  await sb.dispose();
});

/** A signed-up user with a token, outside any team. */
function newUser(email: string, fields: Record<string, unknown> = {}): { id: string; token: string } {
  const u = makeUser(sb.store, { email, organization: 'org_acme', ...fields });
  return { id: u.id, token: issueToken(sb.store, `t_${u.id}`, u.id) };
}

describe('teams', () => {
  it('creates, reads, updates and deletes a team', async () => {
    const t = await agntJson(['teams', 'create', '--name', 'Design'], { sb });
    expect(t).toMatchObject({ name: 'Design', organization: 'org_acme', owner: null, memberCount: 0, status: 'active' });
    const dup = await agnt(['teams', 'create', '--name', 'design'], { sb });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/AGNT_E_TEAM_NAME_TAKEN/);
    expect(await agntJson(['teams', 'update', t.id, '--branding-on-messages', '--status', 'archived'], { sb })).toMatchObject({ brandingOnMessages: true, status: 'archived' });
    const archived = await agnt(['teams', 'list', '--status', 'archived', '-o', 'id'], { sb });
    expect(archived.stdout.trim()).toBe(t.id);
    const badStatus = await agnt(['teams', 'list', '--status', 'gone'], { sb });
    expect(badStatus.exitCode).toBe(2);
    const table = await agnt(['teams', 'list'], { sb });
    expect(table.stdout).toMatch(/^team_acme\s+Acme Executive Team\s+org_acme\s+usr_admin\s+7\s+active$/m);
    expect(await agntJson(['teams', 'delete', t.id, '--yes'], { sb })).toMatchObject({ id: t.id, deleted: true });
    expect((await agnt(['teams', 'get', t.id], { sb })).exitCode).toBe(3);
  });

  it('a non-admin cannot change a team they do not run (403)', async () => {
    for (const args of [
      ['teams', 'update', 'team_acme', '--name', 'Mine'],
      ['teams', 'delete', 'team_acme', '--yes'],
      ['teams', 'members', 'add', 'team_acme', '--user-id', 'usr_ghost'],
      ['teams', 'members', 'update', 'team_acme', 'usr_coord', '--role', 'admin'],
      ['teams', 'members', 'remove', 'team_acme', 'usr_coord', '--yes'],
      ['teams', 'profile', 'set', 'team_acme', '--tagline', 'x'],
      ['invitations', 'create', '--team-id', 'team_acme', '--email', 'x@acme.test'],
      ['invitations', 'list', '--team-id', 'team_acme'],
    ]) {
      const r = await agnt(args, { sb, as: 'member' });
      expect({ args, exitCode: r.exitCode }).toEqual({ args, exitCode: 4 });
      expect(r.stderr).toMatch(/HTTP 403/);
    }
  });

  it('manages members: add, role and status, remove; the owner must hand on first', async () => {
    const u = newUser('designer@acme.test');
    const added = await agntJson(['teams', 'members', 'add', 'team_acme', '--user-id', u.id, '--role', 'admin'], { sb, as: 'manager' });
    expect(added).toMatchObject({ id: u.id, role: 'admin', status: 'active', team: 'team_acme' });
    expect((await agntJson(['users', 'get', u.id], { sb })).team.id).toBe('team_acme');
    const again = await agnt(['teams', 'members', 'add', 'team_acme', '--user-id', u.id], { sb });
    expect(again.exitCode).toBe(5);
    expect(await agntJson(['teams', 'members', 'update', 'team_acme', u.id, '--status', 'inactive', '--role', 'member'], { sb })).toMatchObject({ role: 'member', status: 'inactive' });
    const inactive = await agnt(['teams', 'members', 'list', 'team_acme', '--status', 'inactive', '-o', 'id'], { sb });
    expect(inactive.stdout.trim()).toBe(u.id);
    const search = await agnt(['teams', 'members', 'list', 'team_acme', '--search', 'designer', '-o', 'id'], { sb });
    expect(search.stdout.trim()).toBe(u.id);
    const owner = await agnt(['teams', 'members', 'remove', 'team_acme', 'usr_admin', '--yes'], { sb });
    expect(owner.exitCode).toBe(5);
    expect(owner.stderr).toMatch(/make another member owner first/);
    expect((await agnt(['teams', 'members', 'remove', 'team_acme', u.id, '--yes'], { sb })).exitCode).toBe(0);
    expect((await agntJson(['users', 'get', u.id], { sb })).team).toBeNull();
  });

  it('team profile: members read it, team admins set it from a file', async () => {
    const dir = tempDir();
    const file = join(dir, 'team.yaml');
    writeFileSync(
      file,
      'tagline: We run the week\nworkingHours: {start: "09:00", end: "17:00", days: [MO, TU, WE, TH, FR], tz: America/New_York}\nrituals:\n  - {name: Standup, cadence: daily}\nvalues: [clarity]\nleadUserId: usr_manager\n',
    );
    const set = await agntJson(['teams', 'profile', 'set', 'team_acme', '--file', file, '--kpis', 'response-time,nps'], { sb, as: 'manager' });
    expect(set).toMatchObject({
      tagline: 'We run the week',
      rituals: [{ name: 'Standup', cadence: 'daily' }],
      kpis: ['response-time', 'nps'],
      leadUserId: 'usr_manager',
      mission: null,
      docsLinks: [],
    });
    expect(await agntJson(['teams', 'profile', 'get', 'team_acme'], { sb, as: 'member' })).toEqual(set);
    const memberSet = await agnt(['teams', 'profile', 'set', 'team_acme', '--tagline', 'nope'], { sb, as: 'member' });
    expect(memberSet.exitCode).toBe(4);
    expect(memberSet.stderr).toMatch(/hint: only the team's owner and admins change its profile/);
    const outsider = await agnt(['teams', 'profile', 'get', 'team_acme'], { sb, as: 'other' });
    expect(outsider.exitCode).toBe(4);
    const badKey = await agnt(['teams', 'profile', 'set', 'team_acme', '--working-hours', '{"from": "9"}'], { sb, as: 'manager' });
    expect(badKey.exitCode).toBe(2);
  });
});

describe('invitations', () => {
  it('creates, lists, shows (publicly), revokes and declines invitations', async () => {
    const inv = await agntJson(['invitations', 'create', '--team-id', 'team_acme', '--email', 'guest@acme.test', '--task-id', 'tsk_1'], { sb });
    expect(inv).toMatchObject({ team: 'team_acme', email: 'guest@acme.test', invitedBy: 'usr_admin', status: 'pending', acceptedAt: null, revokedAt: null, seatHeld: { task: 'tsk_1' } });
    const dup = await agnt(['invitations', 'create', '--team-id', 'team_acme', '--email', 'GUEST@acme.test'], { sb });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/pending invitation.*AGNT_E_INVITATION_PENDING/);
    const member = await agnt(['invitations', 'create', '--team-id', 'team_acme', '--email', 'member@acme.test'], { sb });
    expect(member.stderr).toMatch(/AGNT_E_ALREADY_MEMBER/);
    const listed = await agnt(['invitations', 'list', '--team-id', 'team_acme', '-o', 'id'], { sb, as: 'manager' });
    expect(listed.stdout.trim().split('\n')).toContain(inv.id);
    const noTeam = await agnt(['invitations', 'list'], { sb });
    expect(noTeam.exitCode).toBe(2);
    expect(noTeam.stderr).toMatch(/--team-id is required/);
    const shown = await agntJson(['invitations', 'get', inv.id], { sb, as: 'other' });
    expect(shown).toMatchObject({ id: inv.id, teamName: 'Acme Executive Team', inviterName: 'Ada Admin', inviterAvatarUrl: null });
    const res = await fetch(`${sb.baseUrl}/team-invitations/${inv.id}`);
    expect(res.status).toBe(200);
    // The landing page's endpoint is public: agnt shows it with no login at all.
    const anonymous = await agnt(['invitations', 'get', inv.id, '--json'], { sb, as: null });
    expect(anonymous.exitCode, anonymous.stderr).toBe(0);
    expect(JSON.parse(anonymous.stdout).id).toBe(inv.id);

    const revoked = await agntJson(['invitations', 'revoke', inv.id], { sb });
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(await agntJson(['invitations', 'revoke', inv.id], { sb })).toMatchObject({ status: 'revoked' });
    expect((await agnt(['invitations', 'list', '--team-id', 'team_acme', '-o', 'id'], { sb })).stdout).not.toContain(inv.id);

    const guest = newUser('declines@acme.test', { team: null, teamRole: null });
    const second = await agntJson(['invitations', 'create', '--team-id', 'team_acme', '--email', 'declines@acme.test'], { sb });
    const declined = await agntJson(['invitations', 'decline', second.id], { sb, as: guest.token });
    expect(declined).toMatchObject({ status: 'revoked', declined: true });
    const stranger = await agntJson(['invitations', 'create', '--team-id', 'team_acme', '--email', 'third@acme.test'], { sb });
    const notYours = await agnt(['invitations', 'decline', stranger.id], { sb, as: 'coordinator' });
    expect(notYours.exitCode).toBe(4);
  });

  it('accept: only the invitee; a user without a team just joins', async () => {
    const joiner = newUser('joiner@acme.test', { team: null, teamRole: null });
    const inv = await agntJson(['invitations', 'create', '--team-id', 'team_acme', '--email', 'joiner@acme.test'], { sb, as: 'manager' });
    const wrong = await agnt(['invitations', 'accept', inv.id], { sb, as: 'coordinator' });
    expect(wrong.exitCode).toBe(4);
    expect(wrong.stderr).toMatch(/hint: an invitation can only be accepted by the person it was sent to/);
    const ok = await agntJson(['invitations', 'accept', inv.id], { sb, as: joiner.token });
    expect(ok).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), teamId: 'team_acme' });
    expect((await agntJson(['users', 'get', joiner.id], { sb })).teamRole).toBe('member');
    // Accepting again changes nothing.
    expect(await agntJson(['invitations', 'accept', inv.id], { sb, as: joiner.token })).toMatchObject({ status: 'accepted' });
    const revokeAccepted = await agnt(['invitations', 'revoke', inv.id], { sb });
    expect(revokeAccepted.exitCode).toBe(5);
    expect(revokeAccepted.stderr).toMatch(/AGNT_E_INVITATION_NOT_PENDING/);
  });

  it('accept by the owner of a team with members: 400 requiresOwnershipTransfer, explained, then --new-owner', async () => {
    const platform = await agntJson(['teams', 'create', '--name', 'Platform'], { sb });
    const inv = await agntJson(['invitations', 'create', '--team-id', platform.id, '--email', 'admin@acme.test'], { sb });
    const r = await agnt(['invitations', 'accept', inv.id, '--json'], { sb });
    expect(r.exitCode).toBe(5);
    expect(r.stdout).toBe('');
    // --json: one error object on stderr, with the hint and the server's details.
    const { error } = JSON.parse(r.stderr);
    expect(error).toMatchObject({ exitCode: 5, status: 400, message: expect.stringMatching(/owns team team_acme/), details: { requiresOwnershipTransfer: true, teamId: 'team_acme' } });
    expect(error.hint).toMatch(/^you own team_acme, which still has other active members, and a team must always have an owner/);
    expect(error.hint).toMatch(/re-run with --new-owner <userId>/);

    const notMember = await agnt(['invitations', 'accept', inv.id, '--new-owner', 'usr_globex'], { sb });
    expect(notMember.exitCode).toBe(5);
    expect(notMember.stderr).toMatch(/newOwnerId: usr_globex is not another active member of team team_acme/);

    const ok = await agntJson(['invitations', 'accept', inv.id, '--new-owner', 'usr_manager'], { sb });
    expect(ok).toMatchObject({ status: 'accepted', teamId: platform.id });
    expect(sb.requests.filter((q) => q.path === `/team-invitations/${inv.id}/accept`).pop()?.body).toEqual({ newOwnerId: 'usr_manager' });
    expect((await agntJson(['teams', 'get', 'team_acme'], { sb })).owner).toBe('usr_manager');
    const admin = await agntJson(['users', 'me'], { sb });
    expect(admin.team.id).toBe(platform.id);
    const events = await agntJson(['org', 'audit-events', 'list', 'org_acme', '--action', 'team.ownership_transferred'], { sb });
    expect(events[0]).toMatchObject({ entityId: 'team_acme', metadata: { from: 'usr_admin', to: 'usr_manager' } });
  });

  it('invitations expire after seven days', async () => {
    const late = newUser('late@acme.test', { team: null, teamRole: null });
    const inv = await agntJson(['invitations', 'create', '--team-id', 'team_acme', '--email', 'late@acme.test'], { sb, as: 'manager' });
    offset = 8 * 86_400_000;
    try {
      expect(await agntJson(['invitations', 'get', inv.id], { sb })).toMatchObject({ status: 'expired' });
      const r = await agnt(['invitations', 'accept', inv.id], { sb, as: late.token });
      expect(r.exitCode).toBe(5);
      expect(r.stderr).toMatch(/expired.*AGNT_E_INVITATION_EXPIRED/);
      expect(r.stderr).toMatch(/hint: ask a team owner or admin to invite you again/);
      expect((await agnt(['invitations', 'list', '--team-id', 'team_acme', '-o', 'id'], { sb, as: 'manager' })).stdout).not.toContain(inv.id);
      // A new invitation can be sent once the old one expired.
      expect((await agnt(['invitations', 'create', '--team-id', 'team_acme', '--email', 'late@acme.test'], { sb, as: 'manager' })).exitCode).toBe(0);
    } finally {
      offset = 0;
    }
  });
});

describe('organization requests', () => {
  it('create, mine, list, reject with a reason, approve', async () => {
    const req = await agntJson(['org-requests', 'create', '--name', 'Acme Research', '--team-id', 'team_acme', '--notes', 'for the lab'], { sb, as: 'manager' });
    expect(req).toMatchObject({ name: 'Acme Research', team: 'team_acme', requestedBy: 'usr_manager', status: 'pending', notes: 'for the lab' });
    const dup = await agnt(['org-requests', 'create', '--name', 'Other', '--team-id', 'team_acme'], { sb, as: 'manager' });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/AGNT_E_REQUEST_PENDING/);
    const notAdmin = await agnt(['org-requests', 'create', '--name', 'Mine', '--team-id', 'team_acme'], { sb, as: 'member' });
    expect(notAdmin.exitCode).toBe(4);
    expect(await agntJson(['org-requests', 'mine', '--team-id', 'team_acme'], { sb, as: 'manager' })).toMatchObject({ id: req.id });
    expect((await agnt(['org-requests', 'mine'], { sb, as: 'member' })).exitCode).toBe(3);
    const pending = await agnt(['org-requests', 'list', '--status', 'pending', '-o', 'id'], { sb });
    expect(pending.stdout.trim()).toBe(req.id);
    expect((await agnt(['org-requests', 'approve', req.id], { sb, as: 'manager' })).exitCode).toBe(4);

    const rejected = await agntJson(['org-requests', 'reject', req.id, '--reason', 'use the Research organization'], { sb });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'use the Research organization', decidedBy: 'usr_admin' });
    const again = await agnt(['org-requests', 'approve', req.id], { sb });
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toMatch(/already rejected.*AGNT_E_REQUEST_NOT_PENDING/);

    const second = await agntJson(['org-requests', 'create', '--name', 'Acme Research', '--team-id', 'team_acme'], { sb, as: 'manager' });
    const approved = await agntJson(['org-requests', 'approve', second.id], { sb });
    expect(approved).toMatchObject({ status: 'approved', organization: expect.stringMatching(/^org_/) });
    const created = await agntJson(['org', 'get', approved.organization], { sb });
    expect(created).toMatchObject({ name: 'Acme Research', defaultTeam: 'team_acme', admins: ['usr_manager'] });
    expect((await agntJson(['teams', 'get', 'team_acme'], { sb })).organization).toBe(approved.organization);
    const mine = await agntJson(['org-requests', 'list'], { sb, as: 'manager' });
    expect(mine.map((r: { id: string }) => r.id)).toEqual([second.id, req.id]);
  });
});
