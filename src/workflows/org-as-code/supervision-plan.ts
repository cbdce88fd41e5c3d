// The supervision section against the live organization: each member's matrix read (concurrently),
// what the file would change per member (cells by one PATCH, exceptions by their own
// endpoints), what the API would refuse (a parent-locked cell loosened), who cannot hold a
// matrix at all (no primary identifier), the file's tests run on the live matrices, and drift.
// Maps by e-mail throughout: planning stays O(N log N) in the members.
import { CHANGES_AT_ONCE, CONNECTIONS } from '../../core/http.ts';
import { mapLimit } from '../../core/map-limit.ts';
import type { Context } from '../../core/context.ts';
import { AgntError, ApiError } from '../../core/errors.ts';
import { callEndpoint } from '../../core/endpoint-request.ts';
import { MATRIX_CELLS, loosens, type MatrixCell } from '../../api/supervision.ts';
import { canonical, lower, type OrgDoc } from './document.ts';
import type { Live } from './live.ts';
import {
  compactException,
  coveredCells,
  exceptionKey,
  fullCell,
  fullException,
  resolve,
  runTests,
  sameCell,
  type Cell,
  type ExceptionSpec,
  type Member,
  type Resolved,
  type SupervisionDoc,
  type TestResult,
} from './supervision-model.ts';

type Rec = Record<string, any>;

/**
 * How many members' matrices are read at once: the HTTP core's gate size. The API reads a
 * matrix one user at a time, so an export of 20,000 members is 20,000 reads: at 8 at once on a
 * 20 ms round trip that was 58 s, at 16 about 31 s.
 */
export const MATRIX_CONCURRENCY = CONNECTIONS;
/** How many members' matrices are changed at once (apply): as many as a workflow's writes run. */
const MATRIX_CHANGES = CHANGES_AT_ONCE;

export interface LiveMatrix {
  cells: Record<MatrixCell, Cell>;
  exceptions: Array<ExceptionSpec & { id: string; createdBy: string | null }>;
  parentLocked: Set<MatrixCell>;
}

export interface PlannedMember extends Member {
  userId: string | null;
}

export function liveMatrix(m: Rec): LiveMatrix {
  const cells = Object.fromEntries(MATRIX_CELLS.map((c) => [c, fullCell(m[c])])) as Record<MatrixCell, Cell>;
  const exceptions = ((m.exceptions as Rec[] | undefined) ?? []).map((e) => ({ ...fullException(e), id: String(e.id), createdBy: e.createdBy ?? null }));
  return { cells, exceptions, parentLocked: new Set((m.parentLockedCells as MatrixCell[] | undefined) ?? []) };
}

/** Each member's matrix; a member whose matrix the API cannot find (404: no primary identifier) maps to null. */
export async function readMatrices(ctx: Context, members: Array<{ email: string; userId: string }>): Promise<Map<string, LiveMatrix | null>> {
  const out = new Map<string, LiveMatrix | null>();
  await mapLimit(members, MATRIX_CONCURRENCY, async (m) => {
    try {
      const r = await callEndpoint<Rec>(ctx.client(), 'preferences.matrix.get', { params: { userId: m.userId } });
      out.set(m.email, liveMatrix(r.data ?? {}));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) out.set(m.email, null);
      else throw e;
    }
  });
  return out;
}

/**
 * The members the section applies to, with the team and role they will have: the file's where
 * it says (members, teams[].members), the live organization's otherwise. Members the file adds
 * have no user id yet; apply looks it up once the member step has made them.
 */
export function membersOf(desired: OrgDoc, live: Live): PlannedMember[] {
  const liveTeam = new Map<string, string>();
  for (const t of live.doc.teams ?? []) for (const m of t.members ?? []) liveTeam.set(m.email, t.name);
  const fileTeam = new Map<string, string>();
  for (const t of desired.teams ?? []) for (const m of t.members ?? []) fileTeam.set(lower(m.email), t.name);
  const role = new Map<string, string>((live.doc.members ?? []).map((m) => [m.email, m.role]));
  for (const m of desired.members ?? []) role.set(lower(m.email), m.role);
  return [...role.keys()].sort().map((email) => ({
    email,
    userId: live.ids.userByEmail.get(email) ?? null,
    team: fileTeam.get(email) ?? liveTeam.get(email) ?? null,
    role: role.get(email) ?? 'member',
  }));
}

export interface CellChange {
  cell: MatrixCell;
  old: Cell;
  new: Cell;
}
export interface Impossible {
  email: string;
  team: string | null;
  what: string;
  cell: MatrixCell;
  mode: string;
  floor: string | null;
}
export interface MemberChange {
  email: string;
  userId: string | null;
  team: string | null;
  cells: CellChange[];
  add: ExceptionSpec[];
  remove: Array<ExceptionSpec & { id: string; createdBy: string | null }>;
}
export interface NotApplicable {
  email: string;
  userId: string;
  reason: string;
  fix: string;
}
export interface SupervisionPlan {
  members: MemberChange[];
  notApplicable: NotApplicable[];
  impossible: Impossible[];
  /** The file's tests run on the live matrices. */
  tests: TestResult[];
  /** The same tests on the matrices apply would leave (the file's cells, the live ones it does not name). */
  resultTests: TestResult[];
  /** Total members the section was compared for. */
  compared: number;
}

const fixFor = (email: string, userId: string) => `agnt identifiers create --type email --value ${email} --user-id ${userId} --verified`;

/** A parent lock refuses a mode looser than the cell's level; the API shows which cells are locked, not at which level, so the live mode is taken as the floor (an unset cell refuses only auto). */
function refused(mode: string | null, cell: MatrixCell, m: LiveMatrix): boolean {
  if (!m.parentLocked.has(cell) || mode === null) return false;
  const floor = m.cells[cell].mode;
  return floor === null ? mode === 'auto' : loosens(mode, floor);
}

export function planSupervision(s: SupervisionDoc, members: PlannedMember[], matrices: Map<string, LiveMatrix | null>): SupervisionPlan {
  const plan: SupervisionPlan = { members: [], notApplicable: [], impossible: [], tests: [], resultTests: [], compared: 0 };
  const result = new Map<string, { want: Resolved; live: LiveMatrix }>();
  // A member the file adds has the defaults; parent locks are the organization's, as other members show them.
  const orgLocks = new Set<MatrixCell>();
  for (const m of matrices.values()) for (const c of m?.parentLocked ?? []) orgLocks.add(c);
  const blank: LiveMatrix = { cells: Object.fromEntries(MATRIX_CELLS.map((c) => [c, fullCell(null)])) as Record<MatrixCell, Cell>, exceptions: [], parentLocked: orgLocks };
  for (const member of members) {
    const live = member.userId ? matrices.get(member.email) : blank;
    if (live === undefined) continue;
    if (live === null) {
      plan.notApplicable.push({ email: member.email, userId: member.userId!, reason: 'no primary identifier: the preference endpoints act on it (404)', fix: fixFor(member.email, member.userId!) });
      continue;
    }
    plan.compared++;
    const want = resolve(s, member);
    result.set(member.email, { want, live });
    const change = diffMember(member, want, live);
    for (const c of change.cells)
      if (refused(c.new.mode, c.cell, live)) plan.impossible.push({ email: member.email, team: member.team, what: 'cell', cell: c.cell, mode: c.new.mode!, floor: live.cells[c.cell].mode });
    for (const e of change.add) {
      const cell = coveredCells(e).find((c) => refused(e.mode, c, live));
      if (cell) plan.impossible.push({ email: member.email, team: member.team, what: `exception ${e.match.kind} ${e.match.value}`, cell, mode: e.mode, floor: live.cells[cell].mode });
    }
    if (change.cells.length || change.add.length || change.remove.length) plan.members.push(change);
  }
  if (s.tests?.length) {
    const byEmail = new Map(members.map((m) => [m.email, m]));
    const withMatrix = [...matrices.entries()].filter(([, m]) => m !== null).map(([e]) => byEmail.get(e)!);
    plan.tests = runTests(s.tests, withMatrix.filter(Boolean), (m, cell) => matrices.get(m.email)?.cells[cell].mode);
    plan.resultTests = runTests(
      s.tests,
      members.filter((m) => result.has(m.email)),
      (m, cell) => {
        const r = result.get(m.email)!;
        return r.want.cells.get(cell)?.value.mode ?? r.live.cells[cell].mode;
      },
    );
  }
  return plan;
}

function diffMember(member: PlannedMember, want: Resolved, live: LiveMatrix): MemberChange {
  const out: MemberChange = { email: member.email, userId: member.userId, team: member.team, cells: [], add: [], remove: [] };
  for (const c of MATRIX_CELLS) {
    const w = want.cells.get(c);
    if (w && !sameCell(w.value, live.cells[c])) out.cells.push({ cell: c, old: live.cells[c], new: w.value });
  }
  const wanted = new Map([...want.exceptions.values()].map((x) => [canonical(x.value), x.value]));
  const have = new Map<string, LiveMatrix['exceptions'][number]>();
  for (const e of live.exceptions) {
    const { id: _id, createdBy: _by, ...value } = e;
    const k = canonical(value);
    // A second copy of an exception is removed when exceptions are managed.
    if (have.has(k) || (!wanted.has(k) && want.exceptionsManaged)) out.remove.push(e);
    else have.set(k, e);
  }
  for (const [k, e] of wanted) if (!have.has(k)) out.add.push(e);
  // The file replaces an exception with the same match and cells: the live one goes.
  if (!want.exceptionsManaged) {
    const replaced = new Set(out.add.map(exceptionKey));
    for (const e of have.values()) if (replaced.has(exceptionKey(e)) && !out.remove.includes(e)) out.remove.push(e);
  }
  return out;
}

// ---- showing a plan ----

export function cellText(c: Cell | null | undefined): string {
  if (!c || c.mode === null) return 'unset';
  const extra: string[] = [];
  if (c.timeBoxedWindowMin !== null) extra.push(`${c.timeBoxedWindowMin} min`);
  if (c.timeBoxedExpiry !== null) extra.push(`then ${c.timeBoxedExpiry}`);
  if (c.undoDelaySec !== null) extra.push(`undo ${c.undoDelaySec} s`);
  return extra.length ? `${c.mode} (${extra.join(', ')})` : c.mode;
}

export const exceptionText = (e: ExceptionSpec): string =>
  `exception ${e.match.kind} ${e.match.value}: ${cellText({ mode: e.mode as Cell['mode'], timeBoxedWindowMin: e.timeBoxedWindowMin, timeBoxedExpiry: e.timeBoxedExpiry, undoDelaySec: e.undoDelaySec })}${e.appliesTo.length ? ` on ${e.appliesTo.join(', ')}` : ''}`;

/** "42 members of Sales" / "ceo@acme.test (Sales)", with up to three e-mails named. */
function who(emails: string[], team: string | null): string {
  if (emails.length === 1) return `${emails[0]}${team ? ` (${team})` : ''}`;
  const names = emails.length <= 3 ? ` (${emails.join(', ')})` : '';
  return `${emails.length} members ${team ? `of ${team}` : 'in no team'}${names}`;
}

function grouped(items: Array<{ team: string | null; email: string; line: string }>): Array<{ text: string; count: number }> {
  const groups = new Map<string, { team: string | null; line: string; emails: string[] }>();
  for (const x of items) {
    const k = `${x.team ?? ''}\u0000${x.line}`;
    const g = groups.get(k) ?? { team: x.team, line: x.line, emails: [] };
    g.emails.push(x.email);
    groups.set(k, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.emails.length - a.emails.length || ((a.team ?? '') < (b.team ?? '') ? -1 : (a.team ?? '') > (b.team ?? '') ? 1 : a.line < b.line ? -1 : 1))
    .map((g) => ({ text: `${who(g.emails, g.team)}: ${g.line}`, count: g.emails.length }));
}

/** The plan's supervision lines: changes grouped by team and change, then what cannot be done. */
export function renderSupervision(p: SupervisionPlan): string[] {
  const lines: string[] = [];
  const items: Array<{ team: string | null; email: string; line: string; sign: string }> = [];
  for (const m of p.members) {
    for (const c of m.cells) items.push({ team: m.team, email: m.email, line: `${c.cell} ${cellText(c.old)} -> ${cellText(c.new)}`, sign: '~' });
    for (const e of m.remove) items.push({ team: m.team, email: m.email, line: exceptionText(e), sign: '-' });
    for (const e of m.add) items.push({ team: m.team, email: m.email, line: exceptionText(e), sign: '+' });
  }
  if (items.length || p.notApplicable.length || p.impossible.length) lines.push('', `supervision: ${p.members.length} of ${p.compared} member(s) change`);
  for (const sign of ['~', '-', '+']) for (const g of grouped(items.filter((x) => x.sign === sign))) lines.push(`  ${sign} ${g.text}`);
  if (p.impossible.length) {
    lines.push('', `supervision: impossible (the API would answer 403: the organization locked the cell; apply refuses until the file is changed):`);
    for (const g of grouped(
      p.impossible.map((x) => ({ team: x.team, email: x.email, line: `${x.what === 'cell' ? x.cell : `${x.what} on ${x.cell}`} -> ${x.mode} is looser than the locked ${x.floor ?? 'level'}` })),
    ))
      lines.push(`  ! ${g.text}`);
  }
  if (p.notApplicable.length) {
    lines.push('', `supervision: not applicable to ${p.notApplicable.length} member(s) (no primary identifier; apply skips them). Give each one:`);
    for (const n of p.notApplicable) lines.push(`  ${n.email}: ${n.fix}`);
  }
  return lines;
}

/** The plan as data (for -o json and --out): per member, each change. */
export function supervisionData(p: SupervisionPlan): Rec {
  const cell = (c: Cell) => ({ ...c });
  return {
    summary: { members: p.members.length, compared: p.compared, notApplicable: p.notApplicable.length, impossible: p.impossible.length },
    members: p.members.map((m) => ({
      email: m.email,
      team: m.team,
      cells: m.cells.map((c) => ({ cell: c.cell, old: cell(c.old), new: cell(c.new) })),
      addExceptions: m.add,
      removeExceptions: m.remove.map(({ id, createdBy: _b, ...e }) => ({ id, ...e })),
    })),
    impossible: p.impossible,
    notApplicable: p.notApplicable,
    tests: p.tests,
    resultTests: p.resultTests,
  };
}

/** The number of changes the section adds to a plan's count. */
export const supervisionCount = (p: SupervisionPlan | undefined): number => (p ? p.members.reduce((n, m) => n + m.cells.length + m.add.length + m.remove.length, 0) : 0);

// ---- apply ----

/**
 * One PATCH per member whose cells change, then the exceptions by their own endpoints;
 * members concurrently. A member whose matrix vanished (404) is skipped, never stopping the
 * run; any other failure stops it, saying what was done, and a new run continues from there.
 */
export async function applySupervision(ctx: Context, p: SupervisionPlan, live: Live): Promise<{ members: number; requests: number; skipped: string[] }> {
  let members = 0;
  let requests = 0;
  const skipped: string[] = [];
  const send = async (endpoint: Parameters<typeof callEndpoint>[1], parts: Parameters<typeof callEndpoint>[2]) => {
    requests++;
    await callEndpoint(ctx.client(), endpoint, parts);
  };
  try {
    await mapLimit(p.members, MATRIX_CHANGES, async (m) => {
      const userId = m.userId ?? live.ids.userByEmail.get(m.email);
      if (!userId) throw new AgntError(`supervision[${m.email}]: not a member of ${live.ids.orgId}; add it under members in the file first`, 5);
      try {
        if (m.cells.length) await send('preferences.matrix.update', { params: { userId }, body: { matrix: Object.fromEntries(m.cells.map((c) => [c.cell, c.new])) } });
        for (const e of m.remove) await send('preferences.exceptions.delete', { params: { userId, exceptionId: e.id } });
        for (const e of m.add) await send('preferences.exceptions.create', { params: { userId }, body: compactException(e) });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          skipped.push(m.email);
          return;
        }
        if (e instanceof AgntError) e.message = `supervision[${m.email}]: ${e.message}`;
        throw e;
      }
      members++;
    });
  } catch (e) {
    ctx.io.err(`apply stopped in the supervision step: done: ${members} of ${p.members.length} member(s); not done: ${p.members.length - members - skipped.length}`);
    if (e instanceof AgntError && !e.hint) e.hint = 'fix the cause and run the same apply again: it plans from the organization as it is now and continues';
    throw e;
  }
  return { members, requests, skipped };
}

// ---- drift ----

export interface SupervisionDrift {
  path: string;
  op: 'update' | 'create' | 'delete';
  live: unknown;
  file: unknown;
  actor: string | null;
  actorEmail: string | null;
  action: string | null;
  eventId: string | null;
  at: string | null;
}

/**
 * Per member and cell (and exception): the live value, the file's, and the newest audit event
 * about that member's matrix naming the cell. Events are indexed by member once, so the cost
 * is one pass over the events and one lookup per difference.
 */
export function supervisionDrift(p: SupervisionPlan, events: Rec[], live: Live): SupervisionDrift[] {
  const byUser = new Map<string, Rec[]>();
  for (const e of events) {
    if (typeof e.action !== 'string' || !e.action.startsWith('supervision_') || typeof e.entityId !== 'string') continue;
    const list = byUser.get(e.entityId) ?? [];
    list.push(e);
    byUser.set(e.entityId, list);
  }
  const who = (userId: string | null, test: (e: Rec) => boolean) => {
    const e = userId ? byUser.get(userId)?.find(test) : undefined;
    if (!e) return { actor: null, actorEmail: null, action: null, eventId: null, at: null };
    return { actor: e.actor ?? null, actorEmail: e.actor ? (live.ids.emailByUser.get(e.actor) ?? null) : null, action: e.action, eventId: e.id, at: e.createdAt };
  };
  const fields = (e: Rec): string[] => (Array.isArray(e.metadata?.fields) ? e.metadata.fields : []);
  const out: SupervisionDrift[] = [];
  for (const m of p.members) {
    const uid = m.userId;
    for (const c of m.cells)
      out.push({ path: `supervision[${m.email}].${c.cell}`, op: 'update', live: c.old, file: c.new, ...who(uid, (e) => e.action === 'supervision_matrix.updated' && fields(e).includes(c.cell)) });
    for (const e of m.remove) {
      const by = who(uid, (x) => x.action === 'supervision_exception.created' && x.metadata?.exceptionId === e.id);
      // Without an event, the exception's own createdBy says who added it.
      const actor = by.actor ?? e.createdBy;
      const actorEmail = by.actorEmail ?? (actor ? (live.ids.emailByUser.get(actor) ?? null) : null);
      out.push({ path: `supervision[${m.email}].exceptions[${e.match.kind}:${e.match.value}]`, op: 'delete', live: e, file: null, ...by, actor, actorEmail });
    }
    for (const e of m.add)
      out.push({
        path: `supervision[${m.email}].exceptions[${e.match.kind}:${e.match.value}]`,
        op: 'create',
        live: null,
        file: e,
        ...who(uid, (x) => x.action === 'supervision_exception.deleted' && lower(x.metadata?.match?.value) === lower(e.match.value)),
      });
  }
  return out;
}
