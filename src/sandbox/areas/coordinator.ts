// Part 2, section 4.4: coordinator views (dashboard, principal detail, pending invites,
// coverage schedule, manager overview, manager audit events).
import type { SandboxArea } from '../types.ts';
import { badRequest, forbidden, list, notFound, okMany } from '../http.ts';
import { isOrgAdmin } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { managedCoordinators, mayViewAsManager, ms, person } from './coordination.ts';
import { effective, rowsOf, spanEvents } from './coverage.ts';

const DAY = 86_400_000;

function taskView(store: Store, tk: Rec): Rec {
  const owner = store.get('users', tk.owner);
  return {
    id: tk.id,
    type: tk.type,
    status: tk.status,
    summary: tk.summary ?? null,
    owner: person(store, tk.owner),
    ownerEmail: owner?.email ?? null,
    scheduledAt: tk.scheduledAt ?? null,
    createdAt: tk.createdAt,
    updatedAt: tk.updatedAt,
  };
}

function recentTasks(store: Store, principals: string[], limit = 10): Rec[] {
  return store
    .filter('coordinatorTasks', (tk) => principals.includes(tk.owner))
    .sort((a, b) => ms(b.updatedAt) - ms(a.updatedAt))
    .slice(0, limit)
    .map((tk) => taskView(store, tk));
}

function assistantRef(store: Store, id: string | null): Rec | null {
  const a = id ? store.get('assistants', id) : null;
  return a ? { id: a.id, name: a.name ?? null, email: a.email ?? null } : null;
}

function managerGate(caller: Rec): void {
  if (!mayViewAsManager(caller)) forbidden('manager views need ea_manager in your managerRoles, or an organization admin', 'AGNT_E_MANAGER_REQUIRED');
}

/** Coordinators a manager view covers: every coordinator of the account for an admin. */
function overseen(store: Store, caller: Rec): string[] {
  const managed = managedCoordinators(store, caller);
  if (managed !== null) return managed;
  const ids = new Set<string>();
  for (const u of store.filter('users', (u) => u.account === caller.account && u.coordinatorEnabled)) ids.add(u.id);
  for (const d of store.filter('delegations', (d) => d.account === caller.account)) if (d.coordinator) ids.add(d.coordinator);
  return [...ids];
}

const area: SandboxArea = {
  name: 'coordinator',
  seed(store) {
    const at = (days: number, h = 9) => new Date(Math.floor(store.clock() / DAY) * DAY + days * DAY + h * 3_600_000).toISOString();
    const tasks = [
      { owner: 'usr_principal', type: 'scheduling', status: 'completed', summary: 'Booked quarterly review with Carol Client', scheduledAt: at(2, 15) },
      { owner: 'usr_principal', type: 'email', status: 'pending_approval', summary: 'Reply to Dan Vendor about renewal terms', scheduledAt: null },
      { owner: 'usr_principal2', type: 'travel', status: 'in_progress', summary: 'Flights for the Berlin offsite', scheduledAt: at(9) },
      { owner: 'usr_principal2', type: 'scheduling', status: 'failed', summary: 'Reschedule 1:1 with Erin Partner (no common slot)', scheduledAt: null },
    ];
    for (const [i, tk] of tasks.entries()) store.insert('coordinatorTasks', 'tsk', { ...tk, createdAt: at(-3 + i, 10), updatedAt: at(-2 + i, 11) });
    // Some history for the manager audit view.
    const past = [
      {
        actor: 'usr_coord',
        action: 'coordinator.delegation.create',
        entityType: 'delegation',
        entityId: 'del_ghost',
        metadata: { coordinatorId: 'usr_coord', principalId: 'usr_ghost' },
        createdAt: at(-2, 15),
      },
      {
        actor: 'usr_coord',
        action: 'coordinator.delegation.reverify',
        entityType: 'delegation',
        entityId: 'del_principal2',
        metadata: { coordinatorId: 'usr_coord', principalId: 'usr_principal2', accessHealth: 'calendar_degraded', previous: 'ok' },
        createdAt: at(-6, 8),
      },
      {
        actor: 'usr_backup',
        action: 'coordinator.delegation.confirm',
        entityType: 'delegation',
        entityId: 'del_backup',
        metadata: { coordinatorId: 'usr_backup', principalId: 'usr_principal' },
        createdAt: at(-10, 12),
      },
    ];
    for (const e of past) store.insert('auditEvents', 'aud', { account: 'acc_acme', organization: 'org_acme', ...e, updatedAt: e.createdAt });
  },
  register(r, sb) {
    const store = sb.store;

    r.get('/coordinator/dashboard', (req) => {
      const me = req.user.id;
      const now = store.clock();
      const mine = store.filter('delegations', (d) => d.coordinator === me);
      const activeDelegations = mine.filter((d) => d.status === 'active');
      const spans = store.filter('coverageSpans', (s) => s.account === req.user.account).map((s) => effective(store, s));
      const backupOf = (s: Rec) => rowsOf(store, s.id).filter((r) => r.backupCoordinator === me);
      const handoffs = spans.filter((s) => s.primaryCoordinator === me && !['ended', 'cancelled'].includes(s.status));
      const upcoming = spans
        .filter((s) => s.status === 'scheduled' && ms(s.startAt) > now && (s.primaryCoordinator === me || backupOf(s).length))
        .map((s) => ({
          id: s.id,
          status: s.status,
          reason: s.reason,
          startAt: s.startAt,
          endAt: s.endAt,
          primaryCoordinator: person(store, s.primaryCoordinator),
          role: s.primaryCoordinator === me ? 'primary' : 'backup',
        }));
      const recentRevocations = mine
        .filter((d) => d.status === 'revoked' && d.revokedAt && now - ms(d.revokedAt) < 30 * DAY)
        .map((d) => ({ delegationId: d.id, principal: person(store, d.principal), revokedAt: d.revokedAt, revokedBy: d.revokedBy ?? null }));
      return okMany({
        activePrincipals: activeDelegations.map((d) => ({
          delegationId: d.id,
          principal: person(store, d.principal),
          assistant: assistantRef(store, d.assistant),
          accessHealth: d.accessHealth,
          delegationSource: d.delegationSource,
          calendarProvider: d.calendarProvider ?? null,
          isDefault: d.isDefault,
          confirmedAt: d.confirmedAt ?? null,
          lastAccessCheckAt: d.lastAccessCheckAt ?? null,
        })),
        myActiveCoverage: spans
          .filter((s) => s.status === 'active')
          .flatMap((s) =>
            backupOf(s).map((row) => ({
              spanId: s.id,
              status: s.status,
              startAt: s.startAt,
              endAt: s.endAt,
              reason: s.reason,
              primaryCoordinator: person(store, s.primaryCoordinator),
              principal: person(store, row.principal),
            })),
          ),
        myHandoffsOut: handoffs.map((s) => ({ id: s.id, status: s.status, reason: s.reason, startAt: s.startAt, endAt: s.endAt, primaryCoordinator: person(store, s.primaryCoordinator) })),
        principals: handoffs.flatMap((s) => rowsOf(store, s.id).map((row) => ({ id: row.id, principal: person(store, row.principal), backupCoordinator: person(store, row.backupCoordinator) }))),
        upcomingCoverage: upcoming,
        recentTasks: recentTasks(
          store,
          activeDelegations.map((d) => d.principal),
        ),
        healthWarnings: {
          degradedDelegations: activeDelegations
            .filter((d) => d.accessHealth !== 'ok')
            .map((d) => ({ delegationId: d.id, principal: person(store, d.principal), accessHealth: d.accessHealth, lastAccessCheckAt: d.lastAccessCheckAt ?? null })),
          recentRevocations,
          pendingInvitesCount: mine.filter((d) => d.status === 'pending').length,
        },
        generatedAt: store.now(),
      });
    });

    // {id} is the principal's user id; a delegation id is accepted too (chosen: the spec does
    // not say which, and both name the same relation for the caller).
    r.get('/coordinator/principals/{id}', (req) => {
      const id = req.params.id!;
      const mine = store.filter('delegations', (d) => d.coordinator === req.user.id && (d.principal === id || d.id === id));
      const d = mine.find((x) => x.status === 'active') ?? mine.find((x) => x.status === 'pending') ?? mine[0];
      if (!d) notFound('principal of yours', id);
      const { _providerAccess: _p, _confirmationTokenExpiresAt: _c, ...delegation } = d!;
      return okMany({
        delegation,
        assistant: assistantRef(store, d!.assistant),
        supervisionMatrix: d!.supervisionMatrix,
        accessHealth: { status: d!.accessHealth, lastAccessCheckAt: d!.lastAccessCheckAt ?? null },
        lastVerifiedAt: d!.lastVerifiedAt ?? null,
        recentTasks: recentTasks(store, [d!.principal]),
      });
    });

    r.get('/coordinator/pending-invites', (req) => {
      const items = store
        .filter('delegations', (d) => d.coordinator === req.user.id && d.status === 'pending')
        .map((d) => ({
          id: d.id,
          principal: person(store, d.principal),
          delegationSource: d.delegationSource,
          calendarProvider: d.calendarProvider ?? null,
          createdAt: d.createdAt,
          confirmationTokenExpiresAt: d._confirmationTokenExpiresAt ?? null,
        }));
      return list('pendingInvites', items, req.query);
    });

    r.get('/coordinator/coverage-schedule', (req) => {
      const q = req.query;
      if (!q.from || !q.to) badRequest('from and to are required', 'AGNT_E_VALIDATION');
      const from = Date.parse(q.from!);
      const to = Date.parse(q.to!);
      if (Number.isNaN(from) || Number.isNaN(to)) badRequest('from and to must be ISO 8601 timestamps', 'AGNT_E_VALIDATION');
      if (to <= from) badRequest('to must be after from', 'AGNT_E_VALIDATION');
      const spans = store.filter('coverageSpans', (s) => s.account === req.user.account);
      // Chosen: the schedule shows what is planned or happening; drafts and cancelled spans
      // are not on it.
      const events = spanEvents(store, spans, from, to, (span, row) => {
        if (span.status === 'draft' || span.status === 'cancelled') return null;
        if (span.primaryCoordinator === req.user.id) return 'primary';
        if (row.backupCoordinator === req.user.id) return 'backup';
        return null;
      }).map(({ principalRowId: _r, ...e }) => e);
      return okMany({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), events });
    });

    r.get('/coordinator/manager-overview', (req) => {
      managerGate(req.user);
      const today = Math.floor(store.clock() / DAY) * DAY;
      const coordinators = overseen(store, req.user).map((id) => {
        const dels = store.filter('delegations', (d) => d.coordinator === id);
        const principals = dels.filter((d) => d.status === 'active').map((d) => d.principal);
        return {
          coordinator: person(store, id),
          principalCount: principals.length,
          pendingInviteCount: dels.filter((d) => d.status === 'pending').length,
          todayActivityCount: store.filter('auditEvents', (e) => e.actor === id && String(e.action).startsWith('coordinator.') && ms(e.createdAt) >= today).length,
          pendingApprovalCount: store.filter('coverageSpans', (s) => s.primaryCoordinator === id && s.status === 'pending_manager_approval').length,
          accessHealthIssues: dels.filter((d) => d.status === 'active' && d.accessHealth !== 'ok').length,
        };
      });
      return okMany({ scope: isOrgAdmin(req.user) ? 'admin' : 'manager', coordinators, generatedAt: store.now() });
    });

    r.get('/coordinator/manager-audit-events', (req) => {
      managerGate(req.user);
      const q = req.query;
      const ids = new Set(overseen(store, req.user));
      const from = q.from ? Date.parse(q.from) : NaN;
      const to = q.to ? Date.parse(q.to) : NaN;
      const before = q.before ? Date.parse(q.before) : NaN;
      for (const [k, v] of [
        ['from', from],
        ['to', to],
        ['before', before],
      ] as const)
        if (q[k] && Number.isNaN(v)) badRequest(`${k} must be an ISO 8601 timestamp`, 'AGNT_E_VALIDATION');
      const touches = (e: Rec, principal: string) => e.metadata?.principalId === principal || (Array.isArray(e.metadata?.principalIds) && e.metadata.principalIds.includes(principal));
      const items = store
        .filter('auditEvents', (e) => {
          if (e.account !== req.user.account || !String(e.action).startsWith('coordinator.')) return false;
          const coordinator = e.metadata?.coordinatorId ?? e.actor;
          if (!ids.has(coordinator) && !ids.has(e.actor)) return false;
          const t = ms(e.createdAt);
          if (!Number.isNaN(from) && t < from) return false;
          if (!Number.isNaN(to) && t >= to) return false;
          // `before` is a cursor: events strictly older than the given time.
          if (!Number.isNaN(before) && t >= before) return false;
          if (q.coordinatorId && coordinator !== q.coordinatorId && e.actor !== q.coordinatorId) return false;
          if (q.principalId && !touches(e, q.principalId)) return false;
          if (q.action && e.action !== q.action && e.action !== `coordinator.${q.action}`) return false;
          return true;
        })
        .sort((a, b) => ms(b.createdAt) - ms(a.createdAt));
      return list('events', items, q);
    });
  },
};

export default area;
