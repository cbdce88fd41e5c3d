// The guardrails' judgement, on what a write (or a plan of writes) changes: a Touch says which
// member or team a change touches and how (a removal, a role change, supervision cells set to auto
// or loosened). Every path builds Touches its own way (the HTTP hook from the request and the API
// model, org apply from its plan, members sync from its actions) and asks this one function.
import { AgntError, EXIT } from '../errors.ts';
import { wallClock } from '../wall-clock.ts';
import type { MatrixCell } from '../../api/supervision.ts';
import { matches } from '../../workflows/org-as-code/supervision-model.ts';
import { type DAYS, describeGroup, type ChangeKind, type RuleSet } from './rules.ts';

export interface TouchedMember {
  email: string;
  team: string | null;
  role: string;
}

export interface Touch {
  /** The change as the user would name it: 'remove ceo@acme.test from the organization'. */
  label: string;
  kinds: ChangeKind[];
  /** A member out of the organization or a team, or a team deleted. */
  removes?: boolean;
  member?: TouchedMember;
  /** The team the change is made to (by name). */
  team?: string;
  /** Supervision cells set to auto. */
  autoCells?: MatrixCell[];
  /** Supervision cells made looser than they are ('all': could not tell which, so any). */
  loosens?: MatrixCell[] | 'all';
}

export interface Violation {
  /** The rule's field path: guardrails.protected.members. */
  rule: string;
  /** The objects it names: e-mails, team names, changes. */
  objects: string[];
  /** What the rule forbids, in a few words. */
  why: string;
}

export interface CheckState {
  now: number;
  /** Deletes this run has already sent (or, for a plan, none). */
  runDeletes: number;
  /** Deletes the profile's journal holds for the last 24 hours (read only when a limit asks). */
  dayDeletes: () => number;
  /** The changes come from a plan a second admin signed. */
  approved: boolean;
}

const lower = (s: string) => s.toLowerCase();
const DAY_OF: Record<string, (typeof DAYS)[number]> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

export const isDelete = (t: Touch): boolean => t.kinds.includes('delete');

/** Whether the member or team a change touches is protected, and by which list. */
function protectedBy(rs: RuleSet, t: Touch): { members: string[]; teams: string[] } {
  const p = rs.rules.protected ?? {};
  const teams = new Set((p.teams ?? []).map(lower));
  const out = { members: [] as string[], teams: [] as string[] };
  if (t.member && (p.members ?? []).includes(lower(t.member.email))) out.members.push(t.member.email);
  for (const name of [t.team, t.member?.team]) if (name && teams.has(lower(name)) && !out.teams.includes(name)) out.teams.push(name);
  return out;
}

/** Whether `now` falls in the allowed hours. */
export function inWriteHours(h: NonNullable<RuleSet['rules']['writeHours']>, now: number): boolean {
  const w = wallClock(now, h.zone);
  if (h.days && !h.days.includes(DAY_OF[w.weekday]!)) return false;
  const minute = w.hour * 60 + w.minute;
  const at = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const from = at(h.from);
  const to = at(h.to);
  // A window past midnight (22:00-06:00) wraps.
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** The rules the touches break, one entry per rule with every object it names. */
export function violations(rs: RuleSet, touches: readonly Touch[], st: CheckState): Violation[] {
  const g = rs.rules;
  const found = new Map<string, Violation>();
  const add = (rule: string, why: string, object: string) => {
    const v = found.get(rule) ?? { rule, why, objects: [] };
    if (!v.objects.includes(object)) v.objects.push(object);
    found.set(rule, v);
  };
  if (g.writeHours && touches.length && !inWriteHours(g.writeHours, st.now)) {
    const h = g.writeHours;
    for (const t of touches) add('guardrails.writeHours', `writes only ${h.from}-${h.to} ${h.zone}${h.days ? ` on ${h.days.join(', ')}` : ''}`, t.label);
  }
  for (const t of touches) {
    const prot = protectedBy(rs, t);
    const forbidden = t.removes || t.kinds.includes('role') || (t.loosens !== undefined && (t.loosens === 'all' || t.loosens.length > 0));
    if (forbidden) {
      if (prot.members.length) add('guardrails.protected.members', 'a protected member is never removed, never changes role, and no supervision cell of theirs is loosened', t.label);
      if (prot.teams.length) add('guardrails.protected.teams', 'a protected team is never deleted; its members are never removed, never change role, and no cell of theirs is loosened', t.label);
    }
    (g.neverAuto ?? []).forEach((r, i) => {
      if (!t.member || !t.autoCells?.length || !matches(r.match, t.member)) return;
      const cells = t.autoCells.filter((c) => r.cells.includes(c));
      if (cells.length) add(`guardrails.neverAuto[${i}]`, `${r.cells.join(', ')} never auto for ${describeGroup(r.match)}`, `${t.label} (${cells.join(', ')})`);
    });
    const a = g.approval;
    if (a && !st.approved) {
      const kinds = t.kinds.filter((k) => a.changes?.includes(k));
      const onProtected = a.protected && (protectedBy(rs, t).members.length > 0 || protectedBy(rs, t).teams.length > 0);
      if (kinds.length || onProtected)
        add('guardrails.approval', `${kinds.length ? `${kinds.join(', ')} changes` : 'changes to a protected member or team'} are made only from a plan a second admin signed`, t.label);
    }
  }
  const deletes = touches.filter(isDelete);
  const l = g.limits;
  if (deletes.length && l?.deletesPerRun !== undefined && st.runDeletes + deletes.length > l.deletesPerRun) {
    // The deletes past the limit are the ones refused (a batch's rows before them go through).
    for (const t of deletes.slice(Math.max(0, l.deletesPerRun - st.runDeletes))) add('guardrails.limits.deletesPerRun', `at most ${l.deletesPerRun} delete(s) or removal(s) in one run`, t.label);
  }
  if (deletes.length && l?.deletesPerDay !== undefined) {
    const day = st.dayDeletes();
    if (day + deletes.length > l.deletesPerDay)
      for (const t of deletes.slice(Math.max(0, l.deletesPerDay - day)))
        add('guardrails.limits.deletesPerDay', `at most ${l.deletesPerDay} delete(s) or removal(s) in 24 hours (${day} already, by the change journal)`, t.label);
  }
  return [...found.values()];
}

/** A write the guardrails refuse: exit 7, the rule and the objects named, nothing sent. */
export class GuardrailViolation extends AgntError {
  readonly violations: Violation[];
  constructor(rs: RuleSet, violations: Violation[], what = 'nothing was sent') {
    const text = violations.map((v) => `${v.rule}: ${v.why}: ${shortList(v.objects)}`).join('; ');
    super(`refused by the guardrails of ${rs.file}: ${text}; ${what}`, EXIT.changes, hintFor(violations));
    this.name = 'GuardrailViolation';
    this.violations = violations;
  }
}

function shortList(items: string[]): string {
  return items.length > 20 ? `${items.slice(0, 20).join(', ')} and ${items.length - 20} more` : items.join(', ');
}

function hintFor(vs: Violation[]): string | undefined {
  if (vs.some((v) => v.rule === 'guardrails.approval'))
    return 'save a plan (agnt org plan --out plan.json, or agnt batch --plan-out plan.json), have a second admin sign it (agnt approve plan.json), then apply it with --plan plan.json';
  if (vs.some((v) => v.rule === 'guardrails.writeHours')) return 'run it again in the allowed hours';
  return undefined;
}

/** Throws when the touches break a rule. */
export function enforce(rs: RuleSet | undefined, touches: readonly Touch[], st: CheckState, what?: string): void {
  if (!rs || !touches.length) return;
  const vs = violations(rs, touches, st);
  if (vs.length) throw new GuardrailViolation(rs, vs, what);
}

/** The rules that bind one member, as `org explain` lists them: those for everyone, and those naming them, their team or a group they are in. */
export function rulesFor(rs: RuleSet, m: TouchedMember): string[] {
  const g = rs.rules;
  const out: string[] = [];
  const teams = (g.protected?.teams ?? []).filter((t) => m.team !== null && lower(t) === lower(m.team));
  if ((g.protected?.members ?? []).includes(lower(m.email))) out.push('guardrails.protected.members: never removed, role never changed, no supervision cell loosened');
  if (teams.length) out.push(`guardrails.protected.teams: team ${teams[0]} is protected: never removed from it, role never changed, no supervision cell loosened`);
  (g.neverAuto ?? []).forEach((r, i) => {
    if (matches(r.match, m)) out.push(`guardrails.neverAuto[${i}]: ${r.cells.join(', ')} never auto (${describeGroup(r.match)})`);
  });
  const l = g.limits;
  if (l?.deletesPerRun !== undefined || l?.deletesPerDay !== undefined)
    out.push(
      `guardrails.limits: ${[l.deletesPerRun !== undefined ? `${l.deletesPerRun} delete(s) per run` : '', l.deletesPerDay !== undefined ? `${l.deletesPerDay} per 24 hours` : ''].filter(Boolean).join(', ')}`,
    );
  const a = g.approval;
  if (a?.changes?.length || (a?.protected && (teams.length || (g.protected?.members ?? []).includes(lower(m.email)))))
    out.push(
      `guardrails.approval: ${[a.changes?.length ? `${a.changes.join(', ')} changes` : '', a.protected ? 'changes to protected members and teams' : ''].filter(Boolean).join(' and ')} need a second admin's signature`,
    );
  if (g.writeHours) out.push(`guardrails.writeHours: writes only ${g.writeHours.from}-${g.writeHours.to} ${g.writeHours.zone}${g.writeHours.days ? ` on ${g.writeHours.days.join(', ')}` : ''}`);
  return out;
}
