// Part 2, section 4.5: coverage spans, backup routing rules, manager assignments.
import type { SandboxArea } from '../types.ts';
import { badRequest, conflict, deleted, fail, forbidden, list, notFound, ok, okMany, pick, type Req, bodyOf, listViews } from '../http.ts';
import { isOrgAdmin } from '../model.ts';
import type { Rec, Store } from '../store.ts';
// The transition table and its refusals are shared with the CLI (src/api/coverage-rules.ts).
import { FINAL_STATUSES as FINAL, SPAN_STATUSES, TRANSITIONS, refusal, type Actor, type Move, type SpanStatus } from '../../api/coverage-rules.ts';
import { ListCache } from '../list-cache.ts';
import { audit, liveDelegation, managedCoordinators, manages, mayViewAsManager, ms, overlaps, person, primaryCoordinatorOf, publicView } from './coordination.ts';

/** The status with the clock applied: `scheduled` spans become active, then ended. */
export function effective(store: Store, span: Rec): Rec {
  if (span.status !== 'scheduled') return span;
  const now = store.clock();
  if (now >= ms(span.endAt)) return { ...span, status: 'ended', activatedAt: span.activatedAt ?? span.startAt, endedAt: span.endAt };
  if (now >= ms(span.startAt)) return { ...span, status: 'active', activatedAt: span.activatedAt ?? span.startAt };
  return span;
}

export function spanView(store: Store, span: Rec): Rec {
  return publicView(effective(store, span));
}

export function rowsOf(store: Store, spanId: string): Rec[] {
  // Through an index: a scan of every row per span made a page of spans cost spans x rows.
  return store.lookup('coverageSpanPrincipals', 'span', spanId);
}

function roleIn(store: Store, caller: Rec, span: Rec): { primary: boolean; backup: boolean; manager: boolean; principal: boolean } {
  const rows = rowsOf(store, span.id);
  return {
    primary: span.primaryCoordinator === caller.id || span.initiatedBy === caller.id,
    backup: rows.some((r) => r.backupCoordinator === caller.id),
    manager: manages(store, caller, span.primaryCoordinator),
    principal: rows.some((r) => r.principal === caller.id),
  };
}

function visible(store: Store, caller: Rec, span: Rec): boolean {
  if (span.account !== caller.account) return false;
  const r = roleIn(store, caller, span);
  return r.primary || r.backup || r.manager || r.principal;
}

function findSpan(store: Store, caller: Rec, id: string): Rec {
  const s = store.get('coverageSpans', id);
  if (!s || !visible(store, caller, s)) notFound('coverage span', id);
  return s!;
}

function allowed(store: Store, caller: Rec, span: Rec, by: Actor): boolean {
  if (isOrgAdmin(caller)) return true;
  const r = roleIn(store, caller, span);
  switch (by) {
    case 'primary':
      return r.primary;
    case 'backup':
      return r.backup;
    case 'manager':
      return r.manager;
    case 'party':
      return r.primary || r.backup || r.manager;
  }
}

const ACTOR_WORDS: Record<Actor, string> = {
  primary: 'the primary coordinator',
  backup: 'a backup coordinator of the span',
  manager: "the primary coordinator's manager or an organization admin",
  party: 'the primary coordinator, a backup or a manager',
};

export function move(store: Store, caller: Rec, id: string, name: Move): Rec {
  const span = findSpan(store, caller, id);
  const tr = TRANSITIONS[name];
  if (!allowed(store, caller, span, tr.by)) forbidden(`only ${ACTOR_WORDS[tr.by]} may ${name} coverage span ${id}`);
  const current = effective(store, span).status as SpanStatus;
  const hint = refusal(name, current);
  if (hint) {
    fail(409, `cannot ${name} coverage span ${id}: status is ${current} (${hint})`, 'AGNT_E_INVALID_TRANSITION', { currentStatus: current, allowedFrom: tr.from });
  }
  if (name === 'submit') refuseOverlap(store, span);
  const now = store.now();
  const patch: Rec = { status: tr.to(span), [tr.stamp]: now };
  if (current === 'active') patch.activatedAt = span.activatedAt ?? span.startAt;
  if (name === 'approve') patch.approvedBy = caller.id;
  const updated = store.update('coverageSpans', span.id, patch)!;
  audit(store, caller, `coverage.${name}`, 'coverage_span', span.id, {
    from: current,
    to: effective(store, updated).status,
    coordinatorId: span.primaryCoordinator,
    principalIds: rowsOf(store, span.id).map((r) => r.principal),
  });
  return spanView(store, updated);
}

/**
 * Chosen: a principal cannot be handed over twice at once by the same coordinator. Drafts may
 * overlap freely (they are plans); submitting one that overlaps a live span is refused.
 */
function refuseOverlap(store: Store, span: Rec): void {
  const mine = new Set(rowsOf(store, span.id).map((r) => r.principal));
  for (const other of store.filter('coverageSpans', (s) => s.id !== span.id && s.primaryCoordinator === span.primaryCoordinator)) {
    const status = effective(store, other).status;
    if (status === 'draft' || FINAL.includes(status)) continue;
    if (!overlaps(other.startAt, other.endAt, ms(span.startAt), ms(span.endAt))) continue;
    const both = rowsOf(store, other.id)
      .filter((r) => mine.has(r.principal))
      .map((r) => r.principal);
    if (both.length)
      fail(409, `cannot submit coverage span ${span.id}: ${both.join(', ')} already handed over in ${other.id} (${status}) at an overlapping time`, 'AGNT_E_OVERLAP', {
        conflictingSpan: other.id,
        principals: both,
      });
  }
}

function parseTime(v: unknown, name: string): string {
  const n = Date.parse(String(v));
  if (typeof v !== 'string' || Number.isNaN(n)) fail(400, `${name} must be an ISO 8601 timestamp`, 'AGNT_E_VALIDATION');
  return new Date(n).toISOString();
}

function userIn(store: Store, caller: Rec, id: string, what: string): Rec {
  const u = store.get('users', id);
  if (!u || u.account !== caller.account) fail(400, `${what} ${id} is not a user of this account`, 'AGNT_E_VALIDATION');
  return u!;
}

// ---- active-for-principal ----------------------------------------------------------------

/** Active spans (clock applied) in which `principal` is handed over. */
function activeRowsFor(store: Store, principal: string): Array<{ span: Rec; row: Rec }> {
  const out: Array<{ span: Rec; row: Rec }> = [];
  for (const row of store.lookup('coverageSpanPrincipals', 'principal', principal)) {
    const span = store.get('coverageSpans', row.span);
    if (span && effective(store, span).status === 'active') out.push({ span, row });
  }
  return out;
}

/** An active span in which `coordinator` is the one away. */
function awaySpan(store: Store, coordinator: string): Rec | undefined {
  return store.find('coverageSpans', (s) => s.primaryCoordinator === coordinator && effective(store, s).status === 'active');
}

/**
 * Who handles `principal` now. Depth 0 is the principal's coordinator; when they are away in
 * an active span, depth 1 is that span's backup for the principal. A backup who is away too is
 * passed on by backup routing rules, most specific first: (that coordinator, this principal),
 * (that coordinator, any principal), then the organization default; failing those, the backup
 * of their own active span. The chain stops at the first coordinator who is not away, on a
 * loop, or after 5 hops. (Resolution order: chosen; the spec says only "chained resolution".)
 */
export function resolveChain(store: Store, account: string, principal: string): Rec {
  const hits = activeRowsFor(store, principal);
  const hit = hits[0];
  const primaryId = hit?.span.primaryCoordinator ?? primaryCoordinatorOf(store, principal);
  const chain: Rec[] = [];
  if (primaryId) chain.push({ ...person(store, primaryId, true), depth: 0 });
  if (!hit) return { active: false, span: null, primaryCoordinator: person(store, primaryId, true), backupCoordinator: null, chain };
  const seen = new Set<string>([primaryId]);
  let current: string | null = hit.row.backupCoordinator;
  let depth = 1;
  while (current && !seen.has(current) && depth <= 5) {
    seen.add(current);
    chain.push({ ...person(store, current, true), depth });
    const away = awaySpan(store, current);
    if (!away) break;
    const rules = store.filter('backupRoutingRules', (r) => r.account === account);
    const rule =
      rules.find((r) => r.primaryCoordinator === current && r.principal === principal) ??
      rules.find((r) => r.primaryCoordinator === current && !r.principal && !r.isOrgDefault) ??
      rules.find((r) => r.isOrgDefault && r.backupCoordinator !== current);
    current = rule?.backupCoordinator ?? rowsOf(store, away.id)[0]?.backupCoordinator ?? null;
    depth++;
  }
  const last = chain[chain.length - 1]!;
  return {
    active: true,
    span: spanView(store, hit.span),
    primaryCoordinator: person(store, primaryId, true),
    backupCoordinator: person(store, last.id, true),
    chain,
  };
}

// ---- views -------------------------------------------------------------------------------

/** One event per (span, principal) of the visible spans that overlap [from, to). */
export function spanEvents(store: Store, spans: Rec[], from: number, to: number, roleOf: (span: Rec, row: Rec) => string | null): Rec[] {
  const out: Rec[] = [];
  for (const raw of spans) {
    const span = effective(store, raw);
    if (!overlaps(span.startAt, span.endAt, from, to)) continue;
    for (const row of rowsOf(store, span.id)) {
      const role = roleOf(span, row);
      if (!role) continue;
      out.push({
        id: `${span.id}:${row.id}`,
        spanId: span.id,
        principalRowId: row.id,
        role,
        status: span.status,
        reason: span.reason,
        startAt: span.startAt,
        endAt: span.endAt,
        primaryCoordinator: person(store, span.primaryCoordinator, true),
        backupCoordinator: person(store, row.backupCoordinator, true),
        principal: person(store, row.principal, true),
      });
    }
  }
  return out.sort((a, b) => ms(a.startAt) - ms(b.startAt) || String(a.id).localeCompare(String(b.id)));
}

export function createSpan(store: Store, caller: Rec, body: unknown): Rec {
  const b = bodyOf(body);
  const startAt = parseTime(b.startAt, 'startAt');
  const endAt = parseTime(b.endAt, 'endAt');
  if (ms(endAt) <= ms(startAt)) fail(400, 'endAt must be after startAt', 'AGNT_E_VALIDATION');
  if (!b.principals.length) fail(400, 'principals must not be empty', 'AGNT_E_VALIDATION');
  const primary = b.primaryCoordinator ?? caller.id;
  userIn(store, caller, primary, 'primaryCoordinator');
  if (primary !== caller.id && !manages(store, caller, primary)) forbidden(`only ${primary}'s manager or an organization admin may create a span for them`);
  const seen = new Set<string>();
  for (const [i, p] of (b.principals as Rec[]).entries()) {
    userIn(store, caller, p.principal, `principals[${i}].principal`);
    userIn(store, caller, p.backupCoordinator, `principals[${i}].backupCoordinator`);
    if (seen.has(p.principal)) fail(400, `principals[${i}]: ${p.principal} is listed twice`, 'AGNT_E_VALIDATION');
    seen.add(p.principal);
    if (p.backupCoordinator === primary) fail(400, `principals[${i}]: the backup must not be the primary coordinator`, 'AGNT_E_VALIDATION');
    if (p.backupCoordinator === p.principal) fail(400, `principals[${i}]: the backup must not be the principal`, 'AGNT_E_VALIDATION');
    // Chosen: a coordinator can hand over only principals they hold a delegation for.
    if (!liveDelegation(store, primary, p.principal)) fail(400, `principals[${i}]: ${primary} has no delegation from ${p.principal}`, 'AGNT_E_NOT_DELEGATED');
  }
  // Chosen default: manager approval is required when the primary coordinator has a manager.
  const hasManager = !!store.find('managerAssignments', (m) => m.managedUser === primary);
  const span = store.insert('coverageSpans', 'cov', {
    account: caller.account,
    primaryCoordinator: primary,
    status: 'draft',
    startAt,
    endAt,
    reason: b.reason ?? 'manual',
    initiatedBy: caller.id,
    requireManagerApproval: b.requireManagerApproval ?? hasManager,
    ...NO_STAMPS,
    auditTag: b.auditTag ?? null,
    notifyPrincipal: b.notifyPrincipal ?? false,
    // Chosen: no grace period unless one is configured (the create body has no field for it).
    endGracePeriodMs: 0,
  });
  for (const p of b.principals as Rec[]) {
    store.insert('coverageSpanPrincipals', 'csp', {
      span: span.id,
      principal: p.principal,
      account: caller.account,
      backupCoordinator: p.backupCoordinator,
      primaryFollower: p.primaryFollower ?? false,
      backupFollower: p.backupFollower ?? true,
      notificationSentAt: span.notifyPrincipal ? store.now() : null,
    });
  }
  audit(store, caller, 'coverage.create', 'coverage_span', span.id, { coordinatorId: primary, principalIds: [...seen] });
  return span;
}

/** A span's transition stamps before any transition: each is set by the one that happens. */
export const NO_STAMPS = {
  approvedBy: null,
  approvedAt: null,
  submittedAt: null,
  acceptedAt: null,
  declinedAt: null,
  rejectedAt: null,
  activatedAt: null,
  endedAt: null,
  cancelledAt: null,
} as const;
/**
 * Spans of usr_coord in each state a help example acts on, with fixed ids so that the examples
 * can name them: two drafts, two awaiting usr_backup's acceptance, two awaiting usr_manager's
 * approval, one scheduled, one active now (for usr_principal2, started a day ago).
 */
function seedSpans(store: Store): void {
  const day = 86_400_000;
  const now = store.clock();
  const at = (iso: string) => new Date(iso).toISOString();
  const stamp = (days: number) => new Date(now - days * day).toISOString();
  const spans: Array<{ id: string; status: SpanStatus; principal: string; startAt: string; endAt: string; reason: string; stamps: Rec }> = [
    { id: 'cov_draft', status: 'draft', principal: 'usr_principal', startAt: at('2028-05-01T14:00:00Z'), endAt: at('2028-05-05T22:00:00Z'), reason: 'pto', stamps: {} },
    { id: 'cov_draft2', status: 'draft', principal: 'usr_principal2', startAt: at('2028-05-08T14:00:00Z'), endAt: at('2028-05-12T22:00:00Z'), reason: 'pto', stamps: {} },
    {
      id: 'cov_pending',
      status: 'pending_acceptance',
      principal: 'usr_principal',
      startAt: at('2028-06-05T14:00:00Z'),
      endAt: at('2028-06-09T22:00:00Z'),
      reason: 'pto',
      stamps: { submittedAt: stamp(2) },
    },
    {
      id: 'cov_pending2',
      status: 'pending_acceptance',
      principal: 'usr_principal2',
      startAt: at('2028-06-12T14:00:00Z'),
      endAt: at('2028-06-16T22:00:00Z'),
      reason: 'pto',
      stamps: { submittedAt: stamp(2) },
    },
    {
      id: 'cov_approval',
      status: 'pending_manager_approval',
      principal: 'usr_principal',
      startAt: at('2028-07-03T14:00:00Z'),
      endAt: at('2028-07-07T22:00:00Z'),
      reason: 'pto',
      stamps: { submittedAt: stamp(3), acceptedAt: stamp(2) },
    },
    {
      id: 'cov_approval2',
      status: 'pending_manager_approval',
      principal: 'usr_principal2',
      startAt: at('2028-07-10T14:00:00Z'),
      endAt: at('2028-07-14T22:00:00Z'),
      reason: 'pto',
      stamps: { submittedAt: stamp(3), acceptedAt: stamp(2) },
    },
    {
      id: 'cov_scheduled',
      status: 'scheduled',
      principal: 'usr_principal',
      startAt: at('2028-08-07T13:00:00Z'),
      endAt: at('2028-08-11T21:00:00Z'),
      reason: 'pto',
      stamps: { submittedAt: stamp(4), acceptedAt: stamp(3), approvedAt: stamp(2), approvedBy: 'usr_manager' },
    },
    {
      id: 'cov_active',
      status: 'scheduled',
      principal: 'usr_principal2',
      startAt: stamp(1),
      endAt: new Date(now + 3 * day).toISOString(),
      reason: 'sick',
      stamps: { submittedAt: stamp(2), acceptedAt: stamp(2), approvedAt: stamp(2), approvedBy: 'usr_manager' },
    },
  ];
  for (const s of spans) {
    store.insert('coverageSpans', 'cov', {
      id: s.id,
      account: 'acc_acme',
      primaryCoordinator: 'usr_coord',
      status: s.status,
      startAt: s.startAt,
      endAt: s.endAt,
      reason: s.reason,
      initiatedBy: 'usr_coord',
      requireManagerApproval: true,
      ...NO_STAMPS,
      auditTag: null,
      notifyPrincipal: false,
      endGracePeriodMs: 0,
      ...s.stamps,
    });
    store.insert('coverageSpanPrincipals', 'csp', {
      span: s.id,
      principal: s.principal,
      account: 'acc_acme',
      backupCoordinator: 'usr_backup',
      primaryFollower: false,
      backupFollower: true,
      notificationSentAt: null,
    });
  }
}

const area: SandboxArea = {
  name: 'coverage',
  seed(store) {
    const a = 'acc_acme';
    store.insert('managerAssignments', 'mga', { id: 'mga_coord', account: a, manager: 'usr_manager', role: 'coordinator', managedUser: 'usr_coord', createdBy: 'usr_admin' });
    store.insert('managerAssignments', 'mga', { id: 'mga_backup', account: a, manager: 'usr_manager', role: 'coordinator', managedUser: 'usr_backup', createdBy: 'usr_admin' });
    store.insert('backupRoutingRules', 'brr', {
      id: 'brr_coord',
      account: a,
      primaryCoordinator: 'usr_coord',
      principal: null,
      backupCoordinator: 'usr_backup',
      isOrgDefault: false,
      createdBy: 'usr_coord',
    });
    store.insert('backupRoutingRules', 'brr', {
      id: 'brr_default',
      account: a,
      primaryCoordinator: null,
      principal: null,
      backupCoordinator: 'usr_manager',
      isOrgDefault: true,
      createdBy: 'usr_admin',
    });
  },
  seedExamples: seedSpans,
  register(r, sb) {
    const store = sb.store;
    const spanLists = new ListCache(store);

    r.get('/coverage-spans', (req) => {
      const q = req.query;
      const roles = ['primary', 'backup', 'manager', 'principal'];
      if (q.role && !roles.includes(q.role)) badRequest(`role must be one of: ${roles.join(', ')}`, 'AGNT_E_VALIDATION');
      const statuses = q.status ? q.status.split(',') : [];
      for (const s of statuses) if (!(SPAN_STATUSES as readonly string[]).includes(s)) badRequest(`status must be one of: ${SPAN_STATUSES.join(', ')}`, 'AGNT_E_VALIDATION');
      // Who sees which span does not change with the clock: kept across the pages of a walk.
      const seen = spanLists.get(`${req.user.id}\u0000${q.role ?? ''}`, () =>
        store
          .filter('coverageSpans', (s) => s.account === req.user.account)
          .filter((s) => {
            const r = roleIn(store, req.user, s);
            if (q.role) return r[q.role as keyof typeof r];
            return visible(store, req.user, s);
          }),
      );
      // A span's status does (scheduled becomes active at its start): checked on every page.
      const items = statuses.length ? seen.filter((s) => statuses.includes(effective(store, s).status)) : seen;
      // The public view of the page's spans only.
      return listViews('coverageSpans', items, (s) => spanView(store, s), q);
    });

    r.post('/coverage-spans', (req) => ok('coverageSpan', spanView(store, createSpan(store, req.user, req.body)), 201));

    // Static paths before /coverage-spans/{spanId} (the router ranks them higher anyway).
    r.get('/coverage-spans/active-for-principal/{principalId}', (req) => {
      const p = store.get('users', req.params.principalId!);
      if (!p || p.account !== req.user.account) notFound('principal', req.params.principalId);
      return { status: 200, body: resolveChain(store, req.user.account, p!.id) };
    });

    r.get('/coverage-spans/dashboard', (req) => {
      if (!mayViewAsManager(req.user)) forbidden('the coverage dashboard needs ea_manager in your managerRoles, or an organization admin', 'AGNT_E_MANAGER_REQUIRED');
      const managed = managedCoordinators(store, req.user);
      const spans = store.filter('coverageSpans', (s) => s.account === req.user.account && (managed === null || managed.includes(s.primaryCoordinator))).map((s) => effective(store, s));
      const now = store.clock();
      const brief = (s: Rec) => ({ ...publicView(s), principals: rowsOf(store, s.id).map((r) => ({ principal: person(store, r.principal), backupCoordinator: person(store, r.backupCoordinator) })) });
      const active = spans.filter((s) => s.status === 'active');
      const coverageMap = active.flatMap((s) =>
        rowsOf(store, s.id).map((r) => ({
          principal: person(store, r.principal),
          primaryCoordinator: person(store, s.primaryCoordinator),
          coveredBy: person(store, r.backupCoordinator),
          spanId: s.id,
          endAt: s.endAt,
        })),
      );
      // A gap: a coordinator is away in an active span, but one of their active principals is
      // not in it, so nobody covers that principal.
      const coverageGaps: Rec[] = [];
      for (const s of active) {
        const inSpan = new Set(rowsOf(store, s.id).map((r) => r.principal));
        for (const d of store.filter('delegations', (d) => d.coordinator === s.primaryCoordinator && d.status === 'active' && !inSpan.has(d.principal))) {
          coverageGaps.push({ principal: person(store, d.principal), primaryCoordinator: person(store, s.primaryCoordinator), spanId: s.id, startAt: s.startAt, endAt: s.endAt });
        }
      }
      const delegateAccess = store
        .filter('delegations', (d) => d.account === req.user.account && d.status !== 'revoked' && d.accessHealth !== 'ok' && (managed === null || managed.includes(d.coordinator)))
        .map((d) => ({ delegationId: d.id, coordinator: person(store, d.coordinator), principal: person(store, d.principal), accessHealth: d.accessHealth, lastAccessCheckAt: d.lastAccessCheckAt }));
      return okMany({
        scope: managed === null ? 'admin' : 'manager',
        managedCoordinatorIds: managed,
        coverageMap,
        activeSpans: active.map(brief),
        pendingSpans: spans.filter((s) => s.status === 'pending_acceptance' || s.status === 'pending_manager_approval').map(brief),
        upcomingSpans: spans.filter((s) => s.status === 'scheduled' && ms(s.startAt) > now).map(brief),
        coverageGaps,
        delegateAccess,
        generatedAt: store.now(),
      });
    });

    r.get('/coverage-spans/events', (req) => {
      const q = req.query;
      if (!q.rangeStart || !q.rangeEnd) badRequest('rangeStart and rangeEnd are required', 'AGNT_E_VALIDATION');
      const from = ms(parseTime(q.rangeStart, 'rangeStart'));
      const to = ms(parseTime(q.rangeEnd, 'rangeEnd'));
      if (q.status && !['scheduled', 'active'].includes(q.status)) badRequest('status must be one of: scheduled, active', 'AGNT_E_VALIDATION');
      const spans = store.filter('coverageSpans', (s) => s.account === req.user.account);
      const events = spanEvents(store, spans, from, to, (span, row) => {
        if (!['scheduled', 'active'].includes(span.status) || (q.status && span.status !== q.status)) return null;
        if (span.primaryCoordinator === req.user.id) return 'primary';
        if (row.backupCoordinator === req.user.id) return 'backup';
        if (manages(store, req.user, span.primaryCoordinator)) return 'manager';
        return null;
      });
      return okMany({ events });
    });

    r.get('/coverage-spans/{spanId}', (req) => ok('coverageSpan', spanView(store, findSpan(store, req.user, req.params.spanId!))));

    r.patch('/coverage-spans/{spanId}', (req) => {
      const span = findSpan(store, req.user, req.params.spanId!);
      const b = bodyOf(req.body);
      if (!allowed(store, req.user, span, 'primary')) forbidden(`only ${ACTOR_WORDS.primary} may change coverage span ${span.id}`);
      const status = effective(store, span).status;
      if (status !== 'draft')
        fail(409, `cannot update coverage span ${span.id}: status is ${status} (only drafts can be changed)`, 'AGNT_E_INVALID_TRANSITION', { currentStatus: status, allowedFrom: ['draft'] });
      const patch = pick(b, ['reason', 'requireManagerApproval', 'notifyPrincipal', 'auditTag']);
      if (b.startAt !== undefined) patch.startAt = parseTime(b.startAt, 'startAt');
      if (b.endAt !== undefined) patch.endAt = parseTime(b.endAt, 'endAt');
      if (ms(patch.endAt ?? span.endAt) <= ms(patch.startAt ?? span.startAt)) fail(400, 'endAt must be after startAt', 'AGNT_E_VALIDATION');
      const updated = store.update('coverageSpans', span.id, patch)!;
      audit(store, req.user, 'coverage.update', 'coverage_span', span.id, { coordinatorId: span.primaryCoordinator, fields: Object.keys(patch) });
      return ok('coverageSpan', spanView(store, updated));
    });

    r.delete('/coverage-spans/{spanId}', (req) => ok('coverageSpan', move(store, req.user, req.params.spanId!, 'cancel')));
    for (const name of ['submit', 'accept', 'decline', 'approve', 'reject', 'end'] as const) {
      r.post(`/coverage-spans/{spanId}/${name}`, (req: Req) => ok('coverageSpan', move(store, req.user, req.params.spanId!, name)));
    }

    r.get('/coverage-spans/{spanId}/principals', (req) => {
      const span = findSpan(store, req.user, req.params.spanId!);
      return list('coverageSpanPrincipals', rowsOf(store, span.id).map(publicView), req.query);
    });

    // ---- backup routing rules ----
    r.get('/backup-routing-rules', (req) => {
      const items = store.filter(
        'backupRoutingRules',
        (x) =>
          x.account === req.user.account &&
          (isOrgAdmin(req.user) || x.isOrgDefault || x.primaryCoordinator === req.user.id || x.backupCoordinator === req.user.id || manages(store, req.user, x.primaryCoordinator)),
      );
      return list('backupRoutingRules', items, req.query);
    });

    r.post('/backup-routing-rules', (req) => {
      const b = bodyOf(req.body);
      const isDefault = b.isOrgDefault ?? false;
      if (isDefault && !isOrgAdmin(req.user)) forbidden('only an organization admin may set the organization default backup');
      const primary = isDefault ? (b.primaryCoordinator ?? null) : (b.primaryCoordinator ?? req.user.id);
      if (primary && primary !== req.user.id && !manages(store, req.user, primary)) forbidden(`only ${primary}'s manager or an organization admin may route their backups`);
      userIn(store, req.user, b.backupCoordinator, 'backupCoordinator');
      if (primary) userIn(store, req.user, primary, 'primaryCoordinator');
      if (b.principal) userIn(store, req.user, b.principal, 'principal');
      if (primary && b.backupCoordinator === primary) badRequest('backupCoordinator must differ from primaryCoordinator', 'AGNT_E_VALIDATION');
      const principal = b.principal ?? null;
      const dup = store.find(
        'backupRoutingRules',
        (x) => x.account === req.user.account && (isDefault ? x.isOrgDefault : !x.isOrgDefault && x.primaryCoordinator === primary && (x.principal ?? null) === principal),
      );
      if (dup) conflict(`a backup routing rule for this ${isDefault ? 'organization default' : 'coordinator and principal'} exists already (${dup.id}); delete it first`, 'AGNT_E_DUPLICATE');
      const rule = store.insert('backupRoutingRules', 'brr', {
        account: req.user.account,
        primaryCoordinator: primary,
        principal,
        backupCoordinator: b.backupCoordinator,
        isOrgDefault: isDefault,
        createdBy: req.user.id,
      });
      audit(store, req.user, 'backup_routing_rule.create', 'backup_routing_rule', rule.id, { coordinatorId: primary, principalId: principal, backupCoordinatorId: b.backupCoordinator });
      return ok('backupRoutingRule', rule, 201);
    });

    r.delete('/backup-routing-rules/{ruleId}', (req) => {
      const rule = store.get('backupRoutingRules', req.params.ruleId!);
      if (!rule || rule.account !== req.user.account) notFound('backup routing rule', req.params.ruleId);
      const mine = rule!.primaryCoordinator === req.user.id || rule!.createdBy === req.user.id;
      if (!mine && !manages(store, req.user, rule!.primaryCoordinator)) forbidden('only the coordinator, their manager or an organization admin may delete this rule');
      store.remove('backupRoutingRules', rule!.id);
      audit(store, req.user, 'backup_routing_rule.delete', 'backup_routing_rule', rule!.id, { coordinatorId: rule!.primaryCoordinator });
      return deleted('backupRoutingRule', rule!.id, 'backup routing rule');
    });

    // ---- manager assignments ----
    const assignmentView = (m: Rec) => ({ ...m, manager: person(store, m.manager), managedUser: person(store, m.managedUser) });
    r.get('/manager-assignments', (req) => {
      const q = req.query;
      if (q.role && q.role !== 'coordinator') badRequest('role must be one of: coordinator', 'AGNT_E_VALIDATION');
      const items = store.filter(
        'managerAssignments',
        (m) => m.account === req.user.account && (!q.role || m.role === q.role) && (!q.manager || m.manager === q.manager) && (!q.managedUser || m.managedUser === q.managedUser),
      );
      return listViews('managerAssignments', items, assignmentView, q);
    });

    r.post('/manager-assignments', (req) => {
      if (!isOrgAdmin(req.user)) forbidden('only an organization admin may assign managers');
      const b = bodyOf(req.body);
      userIn(store, req.user, b.manager, 'manager');
      userIn(store, req.user, b.managedUser, 'managedUser');
      if (b.manager === b.managedUser) badRequest('a user cannot manage themself', 'AGNT_E_VALIDATION');
      const dup = store.find('managerAssignments', (m) => m.account === req.user.account && m.manager === b.manager && m.managedUser === b.managedUser && m.role === b.role);
      if (dup) conflict(`${b.manager} already manages ${b.managedUser} (${dup.id})`, 'AGNT_E_DUPLICATE');
      const m = store.insert('managerAssignments', 'mga', { account: req.user.account, manager: b.manager, role: b.role, managedUser: b.managedUser, createdBy: req.user.id });
      audit(store, req.user, 'manager_assignment.create', 'manager_assignment', m.id, { coordinatorId: b.managedUser, managerId: b.manager });
      return ok('managerAssignment', assignmentView(m), 201);
    });
  },
};

export default area;
