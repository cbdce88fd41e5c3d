// Part 2, section 4.3: organization requests. The spec gives the fields (name, teamId, notes)
// but not the meaning of approval. Chosen: a team's owner or admin asks for an organization named
// `name` for their team; an organization admin of the same account (not the requester) approves
// it, which creates the organization (the requester administers it, the team becomes its default
// team and moves into it) or rejects it with a reason. Users keep their own organization.
import type { SandboxArea } from '../types.ts';
import { conflict, fail, forbidden, list, notFound, ok, bodyOf } from '../http.ts';
import type { Rec, Store } from '../store.ts';
import { findTeam, recordEvent, requireTeamAdmin } from './org-shared.ts';

const isAccountAdmin = (u: Rec): boolean => u.organizationRole === 'admin' && !!u.organization;

function view(r: Rec): Rec {
  const { account, name, team, requestedBy, notes, status, reason, organization, decidedBy, decidedAt, id, createdAt, updatedAt } = r;
  return { id, account, name, team, requestedBy, notes, status, reason, organization, decidedBy, decidedAt, createdAt, updatedAt };
}

function findRequest(store: Store, caller: Rec, id: string): Rec {
  const r = store.get('organizationRequests', id);
  if (!r || r.account !== caller.account) notFound('organization request', id);
  return r!;
}

function decide(caller: Rec, r: Rec): void {
  if (!isAccountAdmin(caller)) forbidden('organization admin required to decide organization requests');
  if (r.requestedBy === caller.id) forbidden('you cannot decide your own organization request');
  if (r.status !== 'pending') conflict(`organization request ${r.id} is already ${r.status}`, 'AGNT_E_REQUEST_NOT_PENDING');
}

const area: SandboxArea = {
  name: 'organization-requests',
  seedExamples(store) {
    // The Labs team (usr_manager's) asks for its own organization: pending, for an admin to decide.
    store.insert('organizationRequests', 'orq', {
      id: 'orq_labs',
      account: 'acc_acme',
      name: 'Acme Labs Inc',
      team: 'team_labs',
      requestedBy: 'usr_manager',
      notes: 'separate billing for the lab',
      status: 'pending',
      reason: null,
      organization: null,
      decidedBy: null,
      decidedAt: null,
    });
  },
  register(router, sb) {
    const store = sb.store;

    router.get('/organization-requests', (req) => {
      const q = req.query;
      // Chosen: organization admins see every request of the account; others see their own.
      const all = isAccountAdmin(req.user);
      const items = store.filter('organizationRequests', (r) => r.account === req.user.account && (all || r.requestedBy === req.user.id) && (!q.status || r.status === q.status));
      return list('organizationRequests', items.reverse().map(view), q);
    });

    router.post('/organization-requests', (req) => {
      const b = bodyOf(req.body);
      const team = findTeam(store, req.user, b.teamId);
      requireTeamAdmin(store, req.user, team);
      const name = b.name.trim();
      if (!name) fail(400, 'name must not be empty', 'AGNT_E_VALIDATION');
      const pending = store.find('organizationRequests', (r) => r.team === team.id && r.status === 'pending');
      if (pending) conflict(`team ${team.id} already has a pending organization request (${pending.id})`, 'AGNT_E_REQUEST_PENDING');
      const r = store.insert('organizationRequests', 'orq', {
        account: req.user.account,
        name,
        team: team.id,
        requestedBy: req.user.id,
        notes: b.notes ?? null,
        status: 'pending',
        reason: null,
        organization: null,
        decidedBy: null,
        decidedAt: null,
      });
      recordEvent(store, team.organization, req.user, 'organization_request.created', 'organization_request', r.id, { name, team: team.id });
      return ok('organizationRequest', view(r), 201);
    });

    router.get('/organization-requests/mine', (req) => {
      const teamId = req.query.teamId;
      const mine = store.filter('organizationRequests', (r) => r.requestedBy === req.user.id && (!teamId || r.team === teamId));
      const latest = mine[mine.length - 1];
      if (!latest) notFound(`organization request of yours${teamId ? ` for team ${teamId}` : ''}`);
      return ok('organizationRequest', view(latest!));
    });

    router.post('/organization-requests/{requestId}/approve', (req) => {
      const r = findRequest(store, req.user, req.params.requestId!);
      decide(req.user, r);
      const team = store.get('teams', r.team);
      if (!team) conflict(`team ${r.team} no longer exists`, 'AGNT_E_CONFLICT');
      const same = store.find('organizations', (o) => o.account === r.account && o.name.toLowerCase() === r.name.toLowerCase());
      if (same) conflict(`an organization named '${same.name}' already exists (${same.id})`, 'AGNT_E_ORG_NAME_TAKEN');
      const org = store.insert('organizations', 'org', {
        account: r.account,
        name: r.name,
        defaultTeam: team!.id,
        defaultAssistant: null,
        sso: { enabled: false, enforced: false, provider: null },
        admins: [r.requestedBy],
        createdBy: req.user.id,
        defaultModelTiers: { chat: null, task: null },
      });
      store.update('teams', team!.id, { organization: org.id });
      const u = store.update('organizationRequests', r.id, { status: 'approved', organization: org.id, decidedBy: req.user.id, decidedAt: store.now() })!;
      recordEvent(store, org.id, req.user, 'organization.created', 'organization', org.id, { name: org.name, request: r.id });
      recordEvent(store, org.id, req.user, 'organization_request.approved', 'organization_request', r.id, { team: team!.id });
      return ok('organizationRequest', view(u));
    });

    router.post('/organization-requests/{requestId}/reject', (req) => {
      const r = findRequest(store, req.user, req.params.requestId!);
      const b = bodyOf(req.body);
      decide(req.user, r);
      const u = store.update('organizationRequests', r.id, { status: 'rejected', reason: b.reason ?? null, decidedBy: req.user.id, decidedAt: store.now() })!;
      const team = store.get('teams', r.team);
      recordEvent(store, team?.organization, req.user, 'organization_request.rejected', 'organization_request', r.id, { reason: b.reason ?? null });
      return ok('organizationRequest', view(u));
    });
  },
};

export default area;
