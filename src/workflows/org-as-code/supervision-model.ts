// The `supervision:` section of the organization document (issue 28): a baseline, ordered rules
// and tests, and what they mean for one member. Pure functions only: no request is sent here,
// so validate (offline), plan, apply, drift, export and explain all read the same meaning.
//
// Meaning, in short:
// - A cell is managed for a member when the baseline or a rule matching that member names it;
//   a later rule wins for the cells it names. A cell nobody names is left as it is.
// - Exceptions accumulate (baseline, then each matching rule; the same match and cells again
//   replace the earlier one). When the baseline names `exceptions` (even `[]`), a member's
//   exceptions are managed: one the file does not imply is removed.
// - `locked` is the file's own lock: no later rule (nor exception) may loosen the cell below the
//   mode it had where it was locked. The API takes no lock at user level, so the lock is checked
//   by validate and shown by explain; what a person loosens by hand shows in drift.
import { type CELL_MODES, type EXCEPTION_MODES, MATRIX_CELLS, loosens, type MatrixCell } from '../../api/supervision.ts';

type Rec = Record<string, any>;
type Path = Array<string | number>;

export type CellMode = (typeof CELL_MODES)[number];
export interface Cell {
  mode: CellMode | null;
  timeBoxedWindowMin: number | null;
  timeBoxedExpiry: 'execute' | 'cancel' | null;
  undoDelaySec: number | null;
}
export interface ExceptionSpec {
  label: string | null;
  match: { kind: string; value: string };
  mode: (typeof EXCEPTION_MODES)[number];
  timeBoxedWindowMin: number | null;
  timeBoxedExpiry: 'execute' | 'cancel' | null;
  undoDelaySec: number | null;
  appliesTo: MatrixCell[];
}
export interface MatchDoc {
  team?: string | string[];
  role?: string | string[];
  user?: string | string[];
}
export interface RuleDoc {
  name?: string;
  match: MatchDoc;
  cells?: Partial<Record<MatrixCell, Partial<Cell> | null>>;
  exceptions?: Array<Partial<ExceptionSpec>>;
  locked?: MatrixCell[];
}
export type BaselineDoc = Partial<Record<MatrixCell, Partial<Cell> | null>> & { locked?: MatrixCell[]; exceptions?: Array<Partial<ExceptionSpec>> };
export interface TestDoc {
  name: string;
  expect: { cell: MatrixCell; mode: string | null | Array<string | null>; for?: 'everyone' | MatchDoc };
}
export interface SupervisionDoc {
  baseline?: BaselineDoc;
  rules?: RuleDoc[];
  tests?: TestDoc[];
}

/** A member as rules see them: by e-mail, with the team (by name) and organization role. */
export interface Member {
  email: string;
  team: string | null;
  role: string;
}

/** Where a value came from: the baseline or rule N (0-based), and the document path of its node. */
export interface Source {
  where: 'baseline' | 'rule';
  index: number;
  path: Path;
}

export interface Resolved {
  cells: Map<MatrixCell, { value: Cell; source: Source }>;
  exceptions: Map<string, { value: ExceptionSpec; source: Source }>;
  locked: Map<MatrixCell, { source: Source; mode: CellMode | null }>;
  exceptionsManaged: boolean;
}

const CELLS: readonly string[] = MATRIX_CELLS;
const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function fullCell(c: Partial<Cell> | null | undefined): Cell {
  return { mode: c?.mode ?? null, timeBoxedWindowMin: c?.timeBoxedWindowMin ?? null, timeBoxedExpiry: c?.timeBoxedExpiry ?? null, undoDelaySec: c?.undoDelaySec ?? null };
}

/** The cell as a file writes it: only the fields that say something. */
export function compactCell(c: Cell): Partial<Cell> | null {
  if (c.mode === null && c.timeBoxedWindowMin === null && c.timeBoxedExpiry === null && c.undoDelaySec === null) return null;
  const out: Rec = { mode: c.mode };
  for (const k of ['timeBoxedWindowMin', 'timeBoxedExpiry', 'undoDelaySec'] as const) if (c[k] !== null) out[k] = c[k];
  return out;
}

export function fullException(e: Partial<ExceptionSpec> | Rec): ExceptionSpec {
  return {
    label: e.label ?? null,
    match: { kind: String(e.match?.kind ?? ''), value: String(e.match?.value ?? '') },
    mode: e.mode as ExceptionSpec['mode'],
    timeBoxedWindowMin: e.timeBoxedWindowMin ?? null,
    timeBoxedExpiry: e.timeBoxedExpiry ?? null,
    undoDelaySec: e.undoDelaySec ?? null,
    appliesTo: [...((e.appliesTo as MatrixCell[] | undefined) ?? [])].sort(),
  };
}

export function compactException(e: ExceptionSpec): Rec {
  const out: Rec = { match: { kind: e.match.kind, value: e.match.value }, mode: e.mode };
  if (e.label !== null) out.label = e.label;
  for (const k of ['timeBoxedWindowMin', 'timeBoxedExpiry', 'undoDelaySec'] as const) if (e[k] !== null) out[k] = e[k];
  if (e.appliesTo.length) out.appliesTo = e.appliesTo;
  return out;
}

/** Identity of an exception: what it matches and which cells it covers; the rest is its value. */
export const exceptionKey = (e: ExceptionSpec): string => `${e.match.kind}\u0000${lower(e.match.value)}\u0000${e.appliesTo.join(',')}`;
// The full forms (fullCell, fullException) have a fixed key order and sorted appliesTo, so their
// JSON is canonical. (document.ts imports this module: it cannot import document.ts back.)
export const sameCell = (a: Cell, b: Cell): boolean => JSON.stringify(fullCell(a)) === JSON.stringify(fullCell(b));
export const sameException = (a: ExceptionSpec, b: ExceptionSpec): boolean => JSON.stringify(fullException(a)) === JSON.stringify(fullException(b));
const lower = (s: string | null | undefined): string => String(s ?? '').toLowerCase();

/** The cells named directly under the baseline (every key but locked and exceptions). */
export function baselineCells(b: BaselineDoc | undefined): Array<[MatrixCell, Partial<Cell> | null]> {
  return Object.entries(b ?? {}).filter(([k]) => CELLS.includes(k)) as Array<[MatrixCell, Partial<Cell> | null]>;
}

/** Fills the defaults and lower-cases e-mails, so that a short file and an export compare equal. */
export function normalizeSupervision(s: SupervisionDoc): SupervisionDoc {
  const out: SupervisionDoc = {};
  if (s.baseline) {
    const b: Rec = {};
    for (const [c, v] of baselineCells(s.baseline)) b[c] = fullCell(v);
    if (s.baseline.locked) b.locked = [...s.baseline.locked];
    if (s.baseline.exceptions) b.exceptions = s.baseline.exceptions.map(fullException);
    out.baseline = b as BaselineDoc;
  }
  if (s.rules)
    out.rules = s.rules.map((r) => {
      const rule: RuleDoc = { ...(r.name !== undefined ? { name: r.name } : {}), match: normalizeMatch(r.match) };
      if (r.cells) rule.cells = Object.fromEntries(Object.entries(r.cells).map(([c, v]) => [c, fullCell(v)]));
      if (r.exceptions) rule.exceptions = r.exceptions.map(fullException);
      if (r.locked) rule.locked = [...r.locked];
      return rule;
    });
  if (s.tests) out.tests = s.tests.map((t) => ({ name: t.name, expect: { ...t.expect, for: t.expect.for === undefined || t.expect.for === 'everyone' ? 'everyone' : normalizeMatch(t.expect.for) } }));
  return out;
}

function normalizeMatch(m: MatchDoc): MatchDoc {
  const out: MatchDoc = {};
  if (m.team !== undefined) out.team = m.team;
  if (m.role !== undefined) out.role = m.role;
  if (m.user !== undefined) out.user = Array.isArray(m.user) ? m.user.map(lower) : lower(m.user);
  return out;
}

/** Every key of the matcher holds for the member (team by name, role, user by e-mail). */
export function matches(m: MatchDoc | 'everyone' | undefined, member: Member): boolean {
  if (m === undefined || m === 'everyone') return true;
  if (m.team !== undefined && !list(m.team).some((t) => member.team !== null && lower(t) === lower(member.team))) return false;
  if (m.role !== undefined && !list(m.role).includes(member.role)) return false;
  if (m.user !== undefined && !list(m.user).some((u) => lower(u) === member.email)) return false;
  return true;
}

/** Says the matcher the way a person would: team Sales, role admin, user ceo@acme.test. */
export function describeMatch(m: MatchDoc | 'everyone' | undefined): string {
  if (m === undefined || m === 'everyone') return 'everyone';
  const parts: string[] = [];
  for (const k of ['team', 'role', 'user'] as const) if (m[k] !== undefined) parts.push(`${k} ${list(m[k]).join(', ')}`);
  return parts.join(' and ');
}

/** What the file gives one member: each managed cell and exception, with the node that decided it. */
export function resolve(s: SupervisionDoc, member: Member): Resolved {
  const out: Resolved = { cells: new Map(), exceptions: new Map(), locked: new Map(), exceptionsManaged: s.baseline?.exceptions !== undefined };
  const apply = (
    source: Omit<Source, 'path'>,
    base: Path,
    cells: Array<[MatrixCell, Partial<Cell> | null]>,
    cellBase: Path,
    exceptions: Array<Partial<ExceptionSpec>> | undefined,
    locked: MatrixCell[] | undefined,
  ) => {
    for (const [c, v] of cells) out.cells.set(c, { value: fullCell(v), source: { ...source, path: [...cellBase, c] } });
    (exceptions ?? []).forEach((e, i) => {
      const value = fullException(e);
      out.exceptions.set(exceptionKey(value), { value, source: { ...source, path: [...base, 'exceptions', i] } });
    });
    for (const c of locked ?? []) if (!out.locked.has(c)) out.locked.set(c, { source: { ...source, path: [...base, 'locked'] }, mode: out.cells.get(c)?.value.mode ?? null });
  };
  const b = s.baseline;
  if (b) apply({ where: 'baseline', index: 0 }, ['supervision', 'baseline'], baselineCells(b), ['supervision', 'baseline'], b.exceptions, b.locked);
  (s.rules ?? []).forEach((r, i) => {
    if (!matches(r.match, member)) return;
    const base = ['supervision', 'rules', i];
    apply({ where: 'rule', index: i }, base, Object.entries(r.cells ?? {}) as Array<[MatrixCell, Partial<Cell> | null]>, [...base, 'cells'], r.exceptions, r.locked);
  });
  return out;
}

/** The modes an exception puts on each cell it covers (all cells when appliesTo is empty). */
export const coveredCells = (e: ExceptionSpec): MatrixCell[] => (e.appliesTo.length ? e.appliesTo : [...MATRIX_CELLS]);

// ---- offline problems (validate, and every command that loads the file) ----

export interface Problem {
  at: Path;
  message: string;
}

/** Fields per mode: a window and expiry only when time-boxed, which needs a positive window. */
function modeFields(v: Rec | null | undefined, at: Path, what: string, out: Problem[]): void {
  if (!v) return;
  const mode = v.mode ?? null;
  if (mode === 'time-boxed') {
    if (!(Number.isInteger(v.timeBoxedWindowMin) && v.timeBoxedWindowMin > 0)) out.push({ at, message: `${what}: mode time-boxed needs timeBoxedWindowMin (a positive whole number of minutes)` });
  } else {
    for (const k of ['timeBoxedWindowMin', 'timeBoxedExpiry'])
      if (v[k] !== undefined && v[k] !== null) out.push({ at: [...at, k], message: `${what}: ${k} is for mode time-boxed only, not ${mode === null ? 'an unset mode' : mode}` });
  }
  if (mode === null && v.undoDelaySec !== undefined && v.undoDelaySec !== null) out.push({ at: [...at, 'undoDelaySec'], message: `${what}: undoDelaySec needs a mode` });
}

/**
 * What a schema cannot say about the section: fields per mode, unique rule and test names,
 * teams and users the file names elsewhere, and locks a later rule would loosen.
 */
export function supervisionProblems(doc: Rec): Problem[] {
  const s = doc.supervision as SupervisionDoc | undefined;
  if (!s) return [];
  const out: Problem[] = [];
  const base: Path = ['supervision'];
  for (const [c, v] of baselineCells(s.baseline)) modeFields(v, [...base, 'baseline', c], c, out);
  (s.baseline?.exceptions ?? []).forEach((e, i) => {
    modeFields(e, [...base, 'baseline', 'exceptions', i], 'exception', out);
  });
  (s.rules ?? []).forEach((r, i) => {
    for (const [c, v] of Object.entries(r.cells ?? {})) modeFields(v, [...base, 'rules', i, 'cells', c], c, out);
    (r.exceptions ?? []).forEach((e, j) => {
      modeFields(e, [...base, 'rules', i, 'exceptions', j], 'exception', out);
    });
    if (!Object.keys(r.match ?? {}).length) out.push({ at: [...base, 'rules', i, 'match'], message: 'a rule matches by team, role or user (an empty match is the baseline)' });
  });

  // Teams and users named by rules and tests must exist in the file when the file lists them.
  const teams = Array.isArray(doc.teams) ? new Set((doc.teams as Rec[]).map((t) => lower(t.name))) : undefined;
  const listed = Array.isArray(doc.members) || (Array.isArray(doc.teams) && (doc.teams as Rec[]).some((t) => Array.isArray(t.members)));
  const users = listed
    ? new Set([...((doc.members as Rec[] | undefined) ?? []).map((m) => lower(m.email)), ...((doc.teams as Rec[] | undefined) ?? []).flatMap((t) => (t.members ?? []).map((m: Rec) => lower(m.email)))])
    : undefined;
  const known = (m: MatchDoc | undefined, at: Path) => {
    if (!m || typeof m !== 'object') return;
    if (teams) for (const t of list(m.team)) if (!teams.has(lower(t))) out.push({ at: [...at, 'team'], message: `no team named '${t}' in this file's teams` });
    if (users) for (const u of list(m.user)) if (!users.has(lower(u))) out.push({ at: [...at, 'user'], message: `${u} is not a member in this file (members or teams[].members)` });
  };
  (s.rules ?? []).forEach((r, i) => {
    known(r.match, [...base, 'rules', i, 'match']);
  });
  const names = new Map<string, number>();
  (s.tests ?? []).forEach((t, i) => {
    if (t.expect?.for !== 'everyone') known(t.expect?.for as MatchDoc | undefined, [...base, 'tests', i, 'expect', 'for']);
    if (names.has(t.name)) out.push({ at: [...base, 'tests', i, 'name'], message: `test '${t.name}' is listed twice (first at supervision.tests[${names.get(t.name)}])` });
    else names.set(t.name, i);
  });

  // Locks: the mode at the lock is a floor for every later rule and exception.
  const floors = new Map<MatrixCell, { mode: string; where: string }>();
  const lock = (cells: MatrixCell[] | undefined, own: Partial<Record<MatrixCell, Rec | null>>, where: string, at: Path) => {
    for (const c of cells ?? []) {
      const mode = own[c]?.mode ?? s.baseline?.[c]?.mode ?? null;
      if (mode === null) out.push({ at, message: `${c} is locked but has no mode here or in the baseline to lock it at` });
      else if (!floors.has(c)) floors.set(c, { mode, where });
    }
  };
  const check = (cells: Partial<Record<MatrixCell, Rec | null>>, exceptions: Array<Partial<ExceptionSpec>> | undefined, at: Path) => {
    for (const [c, v] of Object.entries(cells) as Array<[MatrixCell, Rec | null]>) {
      const f = floors.get(c);
      if (f && ((v?.mode ?? null) === null || loosens(v!.mode, f.mode)))
        out.push({ at: [...at, 'cells', c], message: `${c} is locked at ${f.mode} by ${f.where}; this rule would loosen it to ${v?.mode ?? 'unset'}` });
    }
    (exceptions ?? []).forEach((e, j) => {
      const ex = fullException(e);
      for (const c of coveredCells(ex)) {
        const f = floors.get(c);
        if (f && loosens(ex.mode, f.mode)) {
          out.push({ at: [...at, 'exceptions', j], message: `exception ${ex.match.kind} ${ex.match.value} (${ex.mode}) would loosen ${c}, locked at ${f.mode} by ${f.where}` });
          break;
        }
      }
    });
  };
  const bcells = Object.fromEntries(baselineCells(s.baseline));
  lock(s.baseline?.locked, bcells, 'the baseline', [...base, 'baseline', 'locked']);
  check({}, s.baseline?.exceptions, [...base, 'baseline']);
  (s.rules ?? []).forEach((r, i) => {
    check(r.cells ?? {}, r.exceptions, [...base, 'rules', i]);
    lock(r.locked, r.cells ?? {}, `rule ${i + 1}`, [...base, 'rules', i, 'locked']);
  });
  return out;
}

// ---- tests ----

export interface TestResult {
  name: string;
  cell: MatrixCell;
  allowed: Array<string | null>;
  for: string;
  passed: boolean;
  checked: number;
  /** Members it fails for, with the mode they have. */
  failures: Array<{ email: string; mode: string | null }>;
}

/** Runs the tests over members, given how to read a member's mode of a cell. */
export function runTests(tests: TestDoc[], members: Member[], modeOf: (m: Member, cell: MatrixCell) => string | null | undefined): TestResult[] {
  return tests.map((t) => {
    const allowed = Array.isArray(t.expect.mode) ? t.expect.mode : [t.expect.mode];
    const failures: TestResult['failures'] = [];
    let checked = 0;
    for (const m of members) {
      if (!matches(t.expect.for, m)) continue;
      const mode = modeOf(m, t.expect.cell);
      if (mode === undefined) continue;
      checked++;
      if (!allowed.includes(mode)) failures.push({ email: m.email, mode });
    }
    failures.sort((a, b) => (a.email < b.email ? -1 : 1));
    return { name: t.name, cell: t.expect.cell, allowed, for: describeMatch(t.expect.for), passed: failures.length === 0, checked, failures };
  });
}

/** Failed tests as lines: the test, then the users it fails for (the first ten, and a count). */
export function renderTestFailures(results: TestResult[], against: string): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (r.passed) continue;
    const shown = r.failures.slice(0, 10).map((f) => `${f.email} (${f.mode ?? 'unset'})`);
    const more = r.failures.length > 10 ? `, and ${r.failures.length - 10} more` : '';
    lines.push(
      `test failed against ${against}: ${r.name}: ${r.cell} must be ${r.allowed.map((a) => a ?? 'unset').join(' or ')} for ${r.for}; fails for ${r.failures.length} member(s): ${shown.join(', ')}${more}`,
    );
  }
  return lines;
}
