// `org export`'s supervision section: the live matrices factored into a baseline and a few
// rules, so that an organization whose members share a handful of patterns exports in a
// handful of rules. Two factorings are made and the one with fewer rules is written:
// - by team: the baseline is the most common matrix; a team whose majority differs gets a team
//   rule (teams that differ alike share one); members who still differ get one rule per matrix,
//   naming them as users;
// - by pattern: the baseline as above, and one user rule per other matrix.
// Exceptions go where every member under the matcher has them (the baseline: all members), so
// that accumulating them never gives a member one they do not have.
import { MATRIX_CELLS, type MatrixCell } from '../../api/supervision.ts';
import { groupBy } from '../../core/group-by.ts';
import { canonical, lower } from './document.ts';
import {
  compactCell,
  compactException,
  exceptionKey,
  resolve,
  sameCell,
  type BaselineDoc,
  type Cell,
  type ExceptionSpec,
  type Member,
  type RuleDoc,
  type SupervisionDoc,
} from './supervision-model.ts';

type Rec = Record<string, any>;

export interface LiveMatrixMember extends Member {
  cells: Record<MatrixCell, Cell>;
  exceptions: ExceptionSpec[];
}

const exText = (e: ExceptionSpec) => canonical(e);

function intersect(sets: Array<Map<string, ExceptionSpec>>): Map<string, ExceptionSpec> {
  if (!sets.length) return new Map();
  const [first, ...rest] = sets;
  return new Map([...first!].filter(([k]) => rest.every((s) => s.has(k))));
}

function mostCommon<T>(items: T[], key: (x: T) => string): { key: string; item: T; count: number } | undefined {
  const counts = new Map<string, { item: T; count: number }>();
  for (const x of items) {
    const k = key(x);
    const c = counts.get(k);
    if (c) c.count++;
    else counts.set(k, { item: x, count: 1 });
  }
  let best: { key: string; item: T; count: number } | undefined;
  for (const [k, v] of counts) if (!best || v.count > best.count || (v.count === best.count && k < best.key)) best = { key: k, ...v };
  return best;
}

/** The supervision section for these members: compact, deterministic (sorted), exact. */
export function factorSupervision(members: LiveMatrixMember[]): SupervisionDoc {
  const sorted = [...members].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  // Cells no member has set stay out of the file (and unmanaged).
  const cells = MATRIX_CELLS.filter((c) => sorted.some((m) => compactCell(m.cells[c]) !== null));
  const exSet = new Map(sorted.map((m) => [m.email, new Map(m.exceptions.map((e) => [exText(e), e]))]));
  const pattern = (m: LiveMatrixMember) => canonical({ c: cells.map((c) => m.cells[c]), e: [...exSet.get(m.email)!.keys()].sort() });
  const top = mostCommon(sorted, pattern);
  const baseCells = new Map(cells.map((c) => [c, top ? top.item.cells[c] : null]));
  const common = intersect([...exSet.values()]);
  const baseline: Rec = {};
  for (const c of cells) baseline[c] = compactCell(baseCells.get(c)!);
  baseline.exceptions = [...common.values()].sort(byKey).map(compactException);

  const byTeam = factorByTeam(sorted, cells, baseline, common, exSet, pattern);
  const byPattern = factorByPattern(sorted, cells, baseCells, common, exSet, pattern);
  const rules = byTeam.length <= byPattern.length ? byTeam : byPattern;
  return { baseline: baseline as BaselineDoc, ...(rules.length ? { rules } : {}) };
}

const byKey = (a: ExceptionSpec, b: ExceptionSpec) => (exceptionKey(a) < exceptionKey(b) ? -1 : exceptionKey(a) > exceptionKey(b) ? 1 : 0);

function cellsOf(values: Map<MatrixCell, Cell>): Rec {
  return Object.fromEntries(MATRIX_CELLS.filter((c) => values.has(c)).map((c) => [c, compactCell(values.get(c)!)]));
}

function userRule(emails: string[], cellValues: Map<MatrixCell, Cell>, exceptions: ExceptionSpec[]): RuleDoc {
  const users = [...new Set(emails)].sort();
  const rule: RuleDoc = { match: { user: users.length === 1 ? users[0]! : users } };
  if (cellValues.size) rule.cells = cellsOf(cellValues);
  if (exceptions.length) rule.exceptions = exceptions.sort(byKey).map(compactException);
  return rule;
}

function factorByTeam(
  members: LiveMatrixMember[],
  cells: MatrixCell[],
  baseline: Rec,
  common: Map<string, ExceptionSpec>,
  exSet: Map<string, Map<string, ExceptionSpec>>,
  pattern: (m: LiveMatrixMember) => string,
): RuleDoc[] {
  const teams = new Map<string, { name: string; members: LiveMatrixMember[] }>();
  for (const m of members) {
    if (m.team === null) continue;
    const t = teams.get(lower(m.team)) ?? { name: m.team, members: [] };
    t.members.push(m);
    teams.set(lower(m.team), t);
  }
  // Team rules with the same content become one rule naming several teams.
  const teamRules = new Map<string, RuleDoc>();
  const names = [...teams.values()].sort((a, b) => (lower(a.name) < lower(b.name) ? -1 : 1));
  for (const t of names) {
    const top = mostCommon(t.members, pattern)!;
    const majority = top.count * 2 > t.members.length ? top.item : undefined;
    const diff = new Map<MatrixCell, Cell>();
    if (majority) for (const c of cells) if (canonical(compactCell(majority.cells[c])) !== canonical(baseline[c])) diff.set(c, majority.cells[c]);
    const shared = [...intersect(t.members.map((m) => exSet.get(m.email)!))].filter(([k]) => !common.has(k)).map(([, e]) => e);
    if (!diff.size && !shared.length) continue;
    const content: Rec = {};
    if (diff.size) content.cells = cellsOf(diff);
    if (shared.length) content.exceptions = shared.sort(byKey).map(compactException);
    const key = canonical(content);
    const rule = teamRules.get(key);
    if (rule) rule.match.team = [...[rule.match.team!].flat(), t.name];
    else teamRules.set(key, { match: { team: t.name }, ...content });
  }
  const rules = [...teamRules.values()];

  // Members the baseline and team rules do not yet describe: one user rule per matrix.
  const sofar: SupervisionDoc = { baseline: baseline as BaselineDoc, rules };
  const residual = new Map<string, { emails: string[]; cells: Map<MatrixCell, Cell>; exceptions: Map<string, ExceptionSpec> }>();
  for (const m of members) {
    const r = resolve(sofar, m);
    const diff = cells.filter((c) => !sameCell(r.cells.get(c)?.value ?? fullNull, m.cells[c]));
    const have = new Set([...r.exceptions.values()].map((x) => exText(x.value)));
    const missing = [...exSet.get(m.email)!].filter(([k]) => !have.has(k));
    if (!diff.length && !missing.length) continue;
    const key = pattern(m);
    const g = residual.get(key) ?? { emails: [] as string[], cells: new Map<MatrixCell, Cell>(), exceptions: new Map<string, ExceptionSpec>() };
    g.emails.push(m.email);
    for (const c of diff) g.cells.set(c, m.cells[c]);
    for (const [k, e] of missing) g.exceptions.set(k, e);
    residual.set(key, g);
  }
  const userRules = [...residual.values()].map((g) => userRule(g.emails, g.cells, [...g.exceptions.values()]));
  userRules.sort((a, b) => ([a.match.user].flat()[0]! < [b.match.user].flat()[0]! ? -1 : 1));
  return [...rules, ...userRules];
}

const fullNull: Cell = { mode: null, timeBoxedWindowMin: null, timeBoxedExpiry: null, undoDelaySec: null };

function factorByPattern(
  members: LiveMatrixMember[],
  cells: MatrixCell[],
  baseCells: Map<MatrixCell, Cell | null>,
  common: Map<string, ExceptionSpec>,
  exSet: Map<string, Map<string, ExceptionSpec>>,
  pattern: (m: LiveMatrixMember) => string,
): RuleDoc[] {
  const groups = groupBy(members, pattern);
  const rules: RuleDoc[] = [];
  for (const group of groups.values()) {
    const m = group[0]!;
    const diff = new Map(cells.filter((c) => !sameCell(baseCells.get(c) ?? fullNull, m.cells[c])).map((c) => [c, m.cells[c]]));
    const extra = [...exSet.get(m.email)!].filter(([k]) => !common.has(k)).map(([, e]) => e);
    if (!diff.size && !extra.length) continue;
    rules.push(
      userRule(
        group.map((x) => x.email),
        diff,
        extra,
      ),
    );
  }
  return rules.sort((a, b) => ([a.match.user].flat()[0]! < [b.match.user].flat()[0]! ? -1 : 1));
}
