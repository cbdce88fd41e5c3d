// Part 2, section 4.2: teams, team members, team profiles and team invitations. Membership lives
// on the user record (user.team, user.teamRole, and user.teamStatus, absent meaning active), as
// the users area's provision endpoint expects; a member's id is its user's id.
import { ListCache } from '../list-cache.ts';
import type { SandboxArea } from '../types.ts';
import { badRequest, conflict, fail, forbidden, matchesSearch, notFound, ok, pick, bodyOf, listViews } from '../http.ts';
import type { Rec, Store } from '../store.ts';
import { EMAIL, findTeam, isAdminOf, isTeamAdmin, ownsTeamWithOthers, recordEvent, requireTeamAdmin, teamStatusOf } from './org-shared.ts';

// Invitation lifetime is "not shown". Chosen: seven days.
const INVITATION_TTL_MS = 7 * 86_400_000;

function teamView(store: Store, team: Rec): Rec {
  // Through the users' team index: a scan of every user per team made GET /teams grow with
  // users x teams.
  const members = store.lookup('users', 'team', team.id);
  const owner = members.find((u) => u.teamRole === 'owner');
  return {
    id: team.id,
    account: team.account,
    organization: team.organization ?? null,
    name: team.name,
    status: team.status ?? 'active',
    owner: owner?.id ?? null,
    brandingOnEvents: team.brandingOnEvents ?? false,
    brandingOnMessages: team.brandingOnMessages ?? false,
    memberCount: members.length,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
  };
}

function memberView(u: Rec): Rec {
  return { id: u.id, userId: u.id, team: u.team, email: u.email, name: u.name ?? null, role: u.teamRole, status: teamStatusOf(u), userStatus: u.status };
}

function emptyProfile(): Rec {
  return { tagline: null, mission: null, leadUserId: null, workingHours: null, rituals: [], currentGoals: [], kpis: [], commsStyle: null, values: [], docsLinks: [], primeDefaults: null };
}

// The team profile's fields (the model's teamProfile shape checks what is sent).
const PROFILE_KEYS = Object.keys(emptyProfile());

function ownershipTransferRequired(store: Store, u: Rec, verb: string): never {
  const team = store.get('teams', u.team);
  return fail(400, `${u.email} owns team ${u.team}${team ? ` (${team.name})` : ''}, which has other active members; name a new owner before ${verb}`, 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED', {
    requiresOwnershipTransfer: true,
    teamId: u.team,
  });
}

/** Expiry is applied when an invitation is read: a pending one past expiresAt becomes expired. */
function refresh(store: Store, inv: Rec): Rec {
  if (inv.status === 'pending' && Date.parse(inv.expiresAt) <= store.clock()) return store.update('teamInvitations', inv.id, { status: 'expired' })!;
  return inv;
}

function invitationView(inv: Rec): Rec {
  return pick(inv, ['id', 'team', 'email', 'invitedBy', 'status', 'expiresAt', 'acceptedAt', 'revokedAt', 'createdAt', 'declined']);
}

const area: SandboxArea = {
  name: 'teams',
  seedExamples(store) {
    // A second, new team of Acme (no members yet), owned by usr_manager.
    store.insert('teams', 'team', {
      id: 'team_labs',
      account: 'acc_acme',
      name: 'Acme Labs',
      organization: 'org_acme',
      status: 'active',
      owner: 'usr_manager',
      brandingOnEvents: false,
      brandingOnMessages: false,
    });
    // Pending invitations, with fixed ids for the help's examples: one to Acme's team for a
    // newcomer, and two to the Labs team for Mia (a member) and Ada (the Acme team's owner).
    const expiresAt = new Date(store.clock() + INVITATION_TTL_MS).toISOString();
    const pending = { status: 'pending', expiresAt, acceptedAt: null, revokedAt: null, taskId: null };
    store.insert('teamInvitations', 'inv', { id: 'inv_newhire', team: 'team_acme', email: 'newhire@acme.test', invitedBy: 'usr_admin', ...pending });
    store.insert('teamInvitations', 'inv', { id: 'inv_mia', team: 'team_labs', email: 'member@acme.test', invitedBy: 'usr_manager', ...pending });
    store.insert('teamInvitations', 'inv', { id: 'inv_ada', team: 'team_labs', email: 'admin@acme.test', invitedBy: 'usr_manager', ...pending });
  },
  register(r, sb) {
    const store = sb.store;
    const teamLists = new ListCache(store);

    const moveInto = (u: Rec, team: Rec, role: string): Rec =>
      store.update('users', u.id, { team: team.id, teamRole: role, teamStatus: undefined, organization: u.organization ?? team.organization ?? null })!;

    r.get('/teams', (req) => {
      const q = req.query;
      // A walk keeps the account's teams between its pages (list-cache.ts); views, with their
      // member counts, are made for the page only.
      const items = teamLists.get(`${req.user.account}\u0000${q.status ?? ''}`, () =>
        store.filter('teams', (x) => x.account === req.user.account && (!q.status || (x.status ?? 'active') === q.status)),
      );
      return listViews('teams', items, (x) => teamView(store, x), q);
    });

    r.post('/teams', (req) => {
      const b = bodyOf(req.body);
      const caller = req.user;
      const orgAdmin = caller.organizationRole === 'admin' && !!caller.organization;
      // Chosen: an organization admin's team belongs to their organization and starts without
      // members unless ownerId is given; anyone else's team has no organization and its
      // creator becomes its owner.
      const organization = orgAdmin ? caller.organization : null;
      const ownerId = b.ownerId ?? (orgAdmin ? undefined : caller.id);
      if (b.id && store.get('teams', b.id)) conflict(`team id ${b.id} is taken`, 'AGNT_E_TEAM_ID_TAKEN');
      const same = store.find('teams', (x) => x.account === caller.account && (x.organization ?? null) === organization && x.name.toLowerCase() === b.name.trim().toLowerCase());
      if (same) conflict(`a team named '${same.name}' already exists (${same.id})`, 'AGNT_E_TEAM_NAME_TAKEN');
      let owner: Rec | undefined;
      if (ownerId) {
        owner = store.get('users', ownerId);
        if (!owner || owner.account !== caller.account) notFound('user', ownerId);
        if (ownerId !== caller.id && !orgAdmin) forbidden('only organization admins create a team for someone else');
        if (ownsTeamWithOthers(store, owner!)) ownershipTransferRequired(store, owner!, 'they can own another team');
      }
      // adminApprovalRequired is deprecated and ignored.
      const team = store.insert('teams', 'team', {
        ...(b.id ? { id: b.id } : {}),
        account: caller.account,
        name: b.name.trim(),
        organization,
        status: 'active',
        brandingOnEvents: false,
        brandingOnMessages: false,
        owner: owner?.id ?? null,
      });
      if (owner) moveInto(owner, team, 'owner');
      recordEvent(store, organization, caller, 'team.created', 'team', team.id, { name: team.name, owner: owner?.id ?? null });
      return ok('team', teamView(store, team), 201);
    });

    r.get('/teams/{teamId}', (req) => ok('team', teamView(store, findTeam(store, req.user, req.params.teamId!))));

    r.put('/teams/{teamId}', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      const b = bodyOf(req.body);
      requireTeamAdmin(store, req.user, team);
      const patch = pick(b, ['name', 'status', 'brandingOnEvents', 'brandingOnMessages']);
      const u = store.update('teams', team.id, patch)!;
      recordEvent(store, team.organization, req.user, 'team.updated', 'team', team.id, patch);
      return ok('team', teamView(store, u));
    });

    r.delete('/teams/{teamId}', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      requireTeamAdmin(store, req.user, team);
      const others = store.filter('users', (u) => u.team === team.id && u.id !== req.user.id);
      // Chosen: a team with other members is not deleted; remove them first.
      if (others.length) conflict(`team ${team.id} still has ${others.length} other member(s); remove them first`, 'AGNT_E_TEAM_NOT_EMPTY');
      if (req.user.team === team.id) store.update('users', req.user.id, { team: null, teamRole: null, teamStatus: undefined });
      for (const o of store.filter('organizations', (x) => x.defaultTeam === team.id)) store.update('organizations', o.id, { defaultTeam: null });
      for (const inv of store.filter('teamInvitations', (x) => x.team === team.id && x.status === 'pending')) store.update('teamInvitations', inv.id, { status: 'revoked', revokedAt: store.now() });
      store.remove('teamProfiles', team.id);
      store.remove('teams', team.id);
      recordEvent(store, team.organization, req.user, 'team.deleted', 'team', team.id, { name: team.name });
      return ok('team', { id: team.id, deleted: true, message: `team ${team.id} (${team.name}) deleted` });
    });

    // ---- members ----

    const findMember = (team: Rec, id: string): Rec => {
      const u = store.get('users', id);
      if (!u || u.team !== team.id) notFound(`member of team ${team.id}`, id);
      return u!;
    };

    r.get('/teams/{teamId}/members', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      if (req.user.team !== team.id && !isTeamAdmin(store, req.user, team)) forbidden(`you are not a member of team ${team.id}`);
      const q = req.query;
      const items = store.lookup('users', 'team', team.id).filter((u) => (!q.status || teamStatusOf(u) === q.status) && matchesSearch([u.name, u.email], q.search));
      return listViews('members', items, memberView, q);
    });

    r.post('/teams/{teamId}/members', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      const b = bodyOf(req.body);
      requireTeamAdmin(store, req.user, team);
      const u = store.get('users', b.userId);
      if (!u || u.account !== req.user.account) notFound('user', b.userId);
      if (u!.team === team.id) conflict(`${u!.id} is already a member of team ${team.id}`, 'AGNT_E_ALREADY_MEMBER');
      if (ownsTeamWithOthers(store, u!)) ownershipTransferRequired(store, u!, 'they can join another team');
      const role = b.role ?? 'member';
      const currentOwner = store.find('users', (x) => x.team === team.id && x.teamRole === 'owner');
      if (role === 'owner' && currentOwner) {
        if (req.user.id !== currentOwner.id && !isOrgAdminOfTeam(store, req.user, team)) forbidden('only the owner or an organization admin hands ownership on');
        store.update('users', currentOwner.id, { teamRole: 'admin' });
      }
      const m = moveInto(u!, team, role);
      recordEvent(store, team.organization, req.user, 'team_member.added', 'team_member', m.id, { team: team.id, role });
      return ok('member', memberView(m), 201);
    });

    r.put('/teams/{teamId}/members/{memberId}', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      const m = findMember(team, req.params.memberId!);
      const b = bodyOf(req.body);
      requireTeamAdmin(store, req.user, team);
      const patch: Rec = {};
      if (b.role && b.role !== m.teamRole) {
        if (m.teamRole === 'owner') badRequest(`${m.id} owns team ${team.id}; make another member owner instead`, 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED');
        if (b.role === 'owner') {
          const currentOwner = store.find('users', (x) => x.team === team.id && x.teamRole === 'owner');
          if (currentOwner && req.user.id !== currentOwner.id && !isOrgAdminOfTeam(store, req.user, team)) forbidden('only the owner or an organization admin hands ownership on');
          if (currentOwner) store.update('users', currentOwner.id, { teamRole: 'admin' });
        }
        patch.teamRole = b.role;
      }
      if (b.status) {
        if (b.status === 'inactive' && m.teamRole === 'owner' && (patch.teamRole ?? 'owner') === 'owner')
          badRequest('the owner cannot be made inactive; hand ownership on first', 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED');
        patch.teamStatus = b.status;
      }
      const u = store.update('users', m.id, patch)!;
      recordEvent(store, team.organization, req.user, 'team_member.updated', 'team_member', m.id, { team: team.id, ...pick(b, ['role', 'status']) });
      return ok('member', memberView(u));
    });

    r.delete('/teams/{teamId}/members/{memberId}', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      // An id: the spec gives `me` to no path of this area (agnt resolves `me` before sending).
      const m = findMember(team, req.params.memberId!);
      if (m.id !== req.user.id) requireTeamAdmin(store, req.user, team);
      // 400 with the accept answer's body (part 2, 4.2): the same case, ownership to hand on first.
      if (ownsTeamWithOthers(store, m)) ownershipTransferRequired(store, m, 'removing them from it');
      store.update('users', m.id, { team: null, teamRole: null, teamStatus: undefined });
      recordEvent(store, team.organization, req.user, 'team_member.removed', 'team_member', m.id, { team: team.id });
      return ok('member', { id: m.id, deleted: true, message: `${m.email} removed from team ${team.id}` });
    });

    // ---- profile ----

    r.get('/teams/{teamId}/profile', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      if (req.user.team !== team.id && !isOrgAdminOfTeam(store, req.user, team)) forbidden(`you are not a member of team ${team.id}`);
      return ok('profile', { ...emptyProfile(), ...pick(store.get('teamProfiles', team.id) ?? {}, PROFILE_KEYS) });
    });

    r.patch('/teams/{teamId}/profile', (req) => {
      const team = findTeam(store, req.user, req.params.teamId!);
      const b = bodyOf(req.body);
      // The spec says team admin only: organization admins who are not on the team are refused too.
      if (!(req.user.team === team.id && ['owner', 'admin'].includes(req.user.teamRole))) forbidden(`team admin of ${team.id} required`);
      if (typeof b.leadUserId === 'string' && store.get('users', b.leadUserId)?.team !== team.id) badRequest(`leadUserId: ${b.leadUserId} is not a member of team ${team.id}`, 'AGNT_E_VALIDATION');
      const patch = pick(b, PROFILE_KEYS);
      if (store.get('teamProfiles', team.id)) store.update('teamProfiles', team.id, patch);
      else store.insert('teamProfiles', 'tpr', { ...emptyProfile(), ...patch, id: team.id });
      recordEvent(store, team.organization, req.user, 'team_profile.updated', 'team', team.id, { fields: Object.keys(patch) });
      return ok('profile', { ...emptyProfile(), ...pick(store.get('teamProfiles', team.id)!, PROFILE_KEYS) });
    });

    // ---- invitations ----

    const findInvitation = (id: string): Rec => {
      const inv = store.get('teamInvitations', id);
      if (!inv) notFound('invitation', id);
      return refresh(store, inv!);
    };

    r.get('/team-invitations', (req) => {
      if (!req.query.teamId) fail(400, 'teamId is required', 'AGNT_E_VALIDATION');
      const team = findTeam(store, req.user, req.query.teamId);
      requireTeamAdmin(store, req.user, team);
      const items = store
        .filter('teamInvitations', (i) => i.team === team.id)
        .map((i) => refresh(store, i))
        .filter((i) => i.status === 'pending');
      return listViews('invitations', items, invitationView, req.query);
    });

    r.post('/team-invitations', (req) => {
      const b = bodyOf(req.body);
      const team = findTeam(store, req.user, b.teamId);
      requireTeamAdmin(store, req.user, team);
      const email = b.email.trim();
      if (!EMAIL.test(email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
      const member = store.find('users', (u) => u.team === team.id && u.email?.toLowerCase() === email.toLowerCase());
      if (member) conflict(`${email} is already a member of team ${team.id}`, 'AGNT_E_ALREADY_MEMBER');
      const pending = store
        .filter('teamInvitations', (i) => i.team === team.id && i.email.toLowerCase() === email.toLowerCase())
        .map((i) => refresh(store, i))
        .find((i) => i.status === 'pending');
      if (pending) conflict(`${email} already has a pending invitation to team ${team.id} (${pending.id})`, 'AGNT_E_INVITATION_PENDING');
      const inv = store.insert('teamInvitations', 'inv', {
        team: team.id,
        email,
        invitedBy: req.user.id,
        status: 'pending',
        expiresAt: new Date(store.clock() + INVITATION_TTL_MS).toISOString(),
        acceptedAt: null,
        revokedAt: null,
        taskId: b.taskId ?? null,
      });
      recordEvent(store, team.organization, req.user, 'invitation.created', 'invitation', inv.id, { team: team.id, email });
      // Chosen: a task id holds a seat for that task, echoed as seatHeld.
      return ok('invitation', { ...invitationView(inv), ...(b.taskId ? { seatHeld: { task: b.taskId } } : {}) }, 201);
    });

    r.get(
      '/team-invitations/{invitationId}',
      (req) => {
        const inv = findInvitation(req.params.invitationId!);
        const team = store.get('teams', inv.team);
        const inviter = inv.invitedBy ? store.get('users', inv.invitedBy) : undefined;
        return ok('invitation', { ...invitationView(inv), teamName: team?.name ?? null, inviterName: inviter?.name ?? null, inviterAvatarUrl: inviter?.avatarUrl ?? null });
      },
      { public: true },
    );

    r.delete('/team-invitations/{invitationId}', (req) => {
      const inv = findInvitation(req.params.invitationId!);
      const team = store.get('teams', inv.team);
      const admin = !!team && team.account === req.user.account && isTeamAdmin(store, req.user, team);
      const invitee = req.user.email?.toLowerCase() === inv.email.toLowerCase();
      if (!admin && !invitee) {
        if (!team || team.account !== req.user.account) notFound('invitation', inv.id);
        forbidden('only team owners or admins revoke an invitation, and only the invitee declines it');
      }
      // Resulting statuses are "not shown". Chosen: revoke and decline both end in `revoked`
      // (a decline is marked declined: true); repeating either is answered with the invitation.
      if (inv.status === 'revoked') return ok('invitation', invitationView(inv));
      if (inv.status !== 'pending') conflict(`invitation ${inv.id} is ${inv.status}`, 'AGNT_E_INVITATION_NOT_PENDING');
      const declined = !admin;
      const u = store.update('teamInvitations', inv.id, { status: 'revoked', revokedAt: store.now(), ...(declined ? { declined: true } : {}) })!;
      recordEvent(store, team?.organization, req.user, declined ? 'invitation.declined' : 'invitation.revoked', 'invitation', inv.id, { team: inv.team, email: inv.email });
      return ok('invitation', invitationView(u));
    });

    r.post('/team-invitations/{invitationId}/accept', (req) => {
      const inv = findInvitation(req.params.invitationId!);
      const b = bodyOf(req.body);
      const caller = req.user;
      if (caller.email?.toLowerCase() !== inv.email.toLowerCase()) forbidden(`this invitation is for ${inv.email}`);
      const team = store.get('teams', inv.team);
      if (!team) notFound('team', inv.team);
      if (inv.status === 'accepted' && caller.team === team!.id) return ok('invitation', { ...invitationView(inv), teamId: team!.id });
      if (inv.status === 'expired') badRequest(`invitation ${inv.id} expired at ${inv.expiresAt}; ask for a new one`, 'AGNT_E_INVITATION_EXPIRED');
      if (inv.status !== 'pending') conflict(`invitation ${inv.id} is ${inv.status}`, 'AGNT_E_INVITATION_NOT_PENDING');
      if (caller.team && caller.team !== team!.id && ownsTeamWithOthers(store, caller)) {
        if (!b.newOwnerId) ownershipTransferRequired(store, caller, 'joining another team');
        const next = store.get('users', b.newOwnerId!);
        if (!next || next.id === caller.id || next.team !== caller.team || next.status !== 'active' || teamStatusOf(next) !== 'active') {
          badRequest(`newOwnerId: ${b.newOwnerId} is not another active member of team ${caller.team}`, 'AGNT_E_VALIDATION');
        }
        const previous = store.get('teams', caller.team);
        store.update('users', next!.id, { teamRole: 'owner' });
        if (previous) store.update('teams', previous.id, { owner: next!.id });
        recordEvent(store, previous?.organization, caller, 'team.ownership_transferred', 'team', caller.team, { from: caller.id, to: next!.id });
      }
      if (caller.team !== team!.id) moveInto(caller, team!, 'member');
      const u = store.update('teamInvitations', inv.id, { status: 'accepted', acceptedAt: store.now() })!;
      recordEvent(store, team!.organization, caller, 'invitation.accepted', 'invitation', inv.id, { team: team!.id, email: inv.email });
      return ok('invitation', { ...invitationView(u), teamId: team!.id });
    });
  },
};

function isOrgAdminOfTeam(store: Store, caller: Rec, team: Rec): boolean {
  const org = team.organization ? store.get('organizations', team.organization) : undefined;
  return !!org && isAdminOf(caller, org);
}

export default area;
