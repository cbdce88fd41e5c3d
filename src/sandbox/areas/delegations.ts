// Part 2, section 4.6: delegations (a principal lets a coordinator act for them).
import { MATRIX_CELLS } from '../../api/supervision.ts';
import type { SandboxArea } from '../types.ts';
import { badRequest, conflict, fail, forbidden, listViews, notFound, ok, pick, bodyOf } from '../http.ts';
import { ListCache } from '../list-cache.ts';
import { isOrgAdmin } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { audit, publicView } from './coordination.ts';

const HEALTH = ['ok', 'calendar_degraded', 'calendar_lost'];
const INVITE_DAYS = 7;

export function defaultMatrix(): Rec {
  const cell = (mode: string) => ({ mode, timeBoxedWindowMin: mode === 'time-boxed' ? 30 : null, timeBoxedExpiry: mode === 'time-boxed' ? 'execute' : null, undoDelaySec: null });
  const cells: Rec = {};
  for (const c of MATRIX_CELLS) cells[c] = cell(c === 'calendar' ? 'auto' : c.startsWith('email') || c === 'messaging' ? 'time-boxed' : 'manual');
  return { ...cells, locked: [], exceptions: [], matrixUpdatedAt: null, parentLockedCells: [] };
}

export function makeDelegation(store: Store, fields: Rec): Rec {
  const now = store.clock();
  return store.insert('delegations', 'del', {
    account: 'acc_acme',
    coordinator: null,
    principal: null,
    assistant: null,
    status: 'pending',
    initiatedBy: 'coordinator',
    delegationSource: 'platform',
    calendarProvider: null,
    privateEventAccess: false,
    isDefault: false,
    approvalMode: 'manual',
    threadInclusion: 'supervised',
    visibility: 'cc',
    confirmedAt: null,
    revokedAt: null,
    revokedBy: null,
    deletedForGDPR: false,
    lastVerifiedAt: null,
    accessHealth: 'ok',
    lastAccessCheckAt: null,
    supervisionMatrix: defaultMatrix(),
    calendarSettings: fields.delegationSource === 'calendar_provider' ? { read: ['primary'], write: 'primary' } : null,
    // Sandbox-only: what the calendar provider would report on a fresh check, and when the
    // pending invitation expires.
    _providerAccess: 'ok',
    _confirmationTokenExpiresAt: new Date(now + INVITE_DAYS * 86_400_000).toISOString(),
    ...fields,
  });
}

function visible(caller: Rec, d: Rec): boolean {
  return d.account === caller.account && (d.coordinator === caller.id || d.principal === caller.id || isOrgAdmin(caller));
}

export function findDelegation(store: Store, caller: Rec, id: string): Rec {
  const d = store.get('delegations', id);
  if (!d || !visible(caller, d)) notFound('delegation', id);
  return d!;
}

const view = (d: Rec) => publicView(d);

const area: SandboxArea = {
  name: 'delegations',
  seed(store) {
    const past = (days: number) => new Date(store.clock() - days * 86_400_000).toISOString();
    makeDelegation(store, {
      id: 'del_principal',
      coordinator: 'usr_coord',
      principal: 'usr_principal',
      assistant: 'ast_ava',
      status: 'active',
      initiatedBy: 'coordinator',
      delegationSource: 'calendar_provider',
      calendarProvider: 'provider1',
      privateEventAccess: true,
      isDefault: true,
      approvalMode: 'auto',
      confirmedAt: past(30),
      lastVerifiedAt: past(1),
      lastAccessCheckAt: past(1),
      createdAt: past(31),
    });
    // Access looked degraded at the last check; the provider is fine now, so a reverify clears it.
    makeDelegation(store, {
      id: 'del_principal2',
      coordinator: 'usr_coord',
      principal: 'usr_principal2',
      assistant: 'ast_ava',
      status: 'active',
      initiatedBy: 'principal',
      delegationSource: 'calendar_provider',
      calendarProvider: 'provider2',
      isDefault: true,
      confirmedAt: past(20),
      lastVerifiedAt: past(6),
      accessHealth: 'calendar_degraded',
      lastAccessCheckAt: past(6),
      createdAt: past(21),
    });
    makeDelegation(store, {
      id: 'del_backup',
      coordinator: 'usr_backup',
      principal: 'usr_principal',
      assistant: 'ast_ava',
      status: 'active',
      initiatedBy: 'admin',
      delegationSource: 'platform',
      confirmedAt: past(10),
      lastAccessCheckAt: past(2),
      createdAt: past(11),
    });
    // A pending invitation to a principal who never signed up.
    makeDelegation(store, { id: 'del_ghost', coordinator: 'usr_coord', principal: 'usr_ghost', status: 'pending', delegationSource: 'platform', createdAt: past(2) });
    // A calendar whose access the provider has lost since the last check.
    makeDelegation(store, {
      id: 'del_member',
      coordinator: 'usr_manager',
      principal: 'usr_member',
      status: 'active',
      delegationSource: 'calendar_provider',
      calendarProvider: 'provider1',
      isDefault: true,
      confirmedAt: past(40),
      lastAccessCheckAt: past(3),
      _providerAccess: 'calendar_lost',
      createdAt: past(41),
    });
  },
  seedExamples(store) {
    const past = (days: number) => new Date(store.clock() - days * 86_400_000).toISOString();
    // usr_manager asked usr_principal for a delegation; Pat has not confirmed it yet.
    makeDelegation(store, {
      id: 'del_pending',
      coordinator: 'usr_manager',
      principal: 'usr_principal',
      assistant: 'ast_ava',
      status: 'pending',
      initiatedBy: 'coordinator',
      delegationSource: 'platform',
      createdAt: past(2),
    });
  },
  register(r, sb) {
    const store = sb.store;
    const delegationLists = new ListCache(store);

    r.get('/delegations', (req) => {
      const q = req.query;
      if (q.role && !['coordinator', 'principal'].includes(q.role)) badRequest('role must be one of: coordinator, principal', 'AGNT_E_VALIDATION');
      const statuses = q.status ? q.status.split(',') : [];
      for (const s of statuses) if (!['pending', 'active', 'revoked'].includes(s)) badRequest('status must be one of: pending, active, revoked', 'AGNT_E_VALIDATION');
      // A walk keeps its matches between its pages (list-cache.ts), and views are made for the
      // page only: a page of 1,001 delegations cost the whole list twice.
      const items = delegationLists.get(`${req.user.id}\u0000${q.role ?? ''}\u0000${q.status ?? ''}`, () =>
        store.filter('delegations', (d) => visible(req.user, d) && (!q.role || d[q.role] === req.user.id) && (!statuses.length || statuses.includes(d.status))),
      );
      return listViews('delegations', items, view, q);
    });

    r.post('/delegations', (req) => {
      const b = bodyOf(req.body);
      if (!req.user.coordinatorEnabled && !isOrgAdmin(req.user)) forbidden('coordinator mode is not enabled for you (users update-me --coordinator-enabled)');
      const p = store.get('users', b.principalId);
      if (!p || p.account !== req.user.account) notFound('principal', b.principalId);
      if (p!.id === req.user.id) badRequest('you cannot be your own principal', 'AGNT_E_VALIDATION');
      if (b.delegationSource === 'calendar_provider' && !b.calendarProvider) badRequest('calendarProvider is required when delegationSource is calendar_provider', 'AGNT_E_VALIDATION');
      if (b.assistant && !store.get('assistants', b.assistant)) notFound('assistant', b.assistant);
      const dup = store.find('delegations', (d) => d.coordinator === req.user.id && d.principal === p!.id && d.status !== 'revoked');
      if (dup) conflict(`you already have a ${dup.status} delegation from ${p!.id} (${dup.id})`, 'AGNT_E_DUPLICATE');
      const first = !store.find('delegations', (d) => d.principal === p!.id && d.status !== 'revoked');
      const d = makeDelegation(store, {
        account: req.user.account,
        coordinator: req.user.id,
        principal: p!.id,
        assistant: b.assistant ?? p!.assistant ?? null,
        initiatedBy: 'coordinator',
        delegationSource: b.delegationSource,
        calendarProvider: b.calendarProvider ?? null,
        isDefault: first,
        ...pick(b, ['approvalMode', 'threadInclusion', 'visibility']),
      });
      audit(store, req.user, 'delegation.create', 'delegation', d.id, { coordinatorId: req.user.id, principalId: p!.id });
      return ok('delegation', view(d), 201);
    });

    r.get('/delegations/{id}', (req) => ok('delegation', view(findDelegation(store, req.user, req.params.id!))));

    r.patch('/delegations/{id}', (req) => {
      const d = findDelegation(store, req.user, req.params.id!);
      const b = bodyOf(req.body);
      if (d.status === 'revoked') conflict(`delegation ${d.id} is revoked`, 'AGNT_E_INVALID_TRANSITION');
      const patch = pick(b, ['approvalMode', 'threadInclusion', 'visibility', 'isDefault']);
      // One default delegation per principal: setting it moves it here.
      if (b.isDefault === true)
        for (const o of store.filter('delegations', (x) => x.principal === d.principal && x.id !== d.id && x.isDefault)) store.update('delegations', o.id, { isDefault: false });
      const u = store.update('delegations', d.id, patch)!;
      audit(store, req.user, 'delegation.update', 'delegation', d.id, { coordinatorId: d.coordinator, principalId: d.principal, fields: Object.keys(patch) });
      return ok('delegation', view(u));
    });

    r.post('/delegations/{id}/confirm', (req) => {
      const d = findDelegation(store, req.user, req.params.id!);
      if (d.principal !== req.user.id) forbidden(`only the principal (${d.principal}) may confirm delegation ${d.id}`, 'AGNT_E_NOT_PRINCIPAL');
      if (d.status !== 'pending')
        fail(409, `cannot confirm delegation ${d.id}: status is ${d.status} (only pending delegations can be confirmed)`, 'AGNT_E_INVALID_TRANSITION', { currentStatus: d.status });
      // Chosen (the spec leaves the status after confirm open): a confirmed delegation is active.
      const u = store.update('delegations', d.id, { status: 'active', confirmedAt: store.now(), lastVerifiedAt: store.now() })!;
      audit(store, req.user, 'delegation.confirm', 'delegation', d.id, { coordinatorId: d.coordinator, principalId: d.principal });
      return ok('delegation', view(u));
    });

    r.post('/delegations/{id}/revoke', (req) => {
      const d = findDelegation(store, req.user, req.params.id!);
      if (d.status === 'revoked') fail(409, `delegation ${d.id} is already revoked`, 'AGNT_E_INVALID_TRANSITION', { currentStatus: d.status });
      const u = store.update('delegations', d.id, { status: 'revoked', revokedAt: store.now(), revokedBy: req.user.id, isDefault: false })!;
      audit(store, req.user, 'delegation.revoke', 'delegation', d.id, { coordinatorId: d.coordinator, principalId: d.principal });
      return ok('delegation', view(u));
    });

    r.post('/delegations/{id}/reverify', (req) => {
      const d = findDelegation(store, req.user, req.params.id!);
      if (d.coordinator !== req.user.id) forbidden(`only the coordinator (${d.coordinator}) may reverify delegation ${d.id}: the check uses their calendar token`, 'AGNT_E_NOT_COORDINATOR');
      // The "provider round-trip": platform delegations have no calendar to lose.
      const health = d.delegationSource === 'platform' ? 'ok' : HEALTH.includes(d._providerAccess) ? d._providerAccess : 'ok';
      const now = store.now();
      const patch: Rec = { accessHealth: health, lastAccessCheckAt: now };
      if (health === 'ok') patch.lastVerifiedAt = now;
      const u = store.update('delegations', d.id, patch)!;
      audit(store, req.user, 'delegation.reverify', 'delegation', d.id, { coordinatorId: d.coordinator, principalId: d.principal, accessHealth: health, previous: d.accessHealth });
      return ok('delegation', view(u));
    });
  },
};

export default area;
