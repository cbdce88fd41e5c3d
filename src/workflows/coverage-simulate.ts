// `agnt coverage simulate`: before an absence, hour by hour, who would answer for a principal
// while their coordinator (the caller) is away, read from what the caller can see: their spans
// (the backup each names for the principal), the backup routing rules (a backup's own backup,
// then the organization default), each backup's spans (away when they hand their own principals
// over) and working hours (scheduling preferences, in the backup's zone), and the principal's
// supervision matrix (what the assistant does when nobody reviews).
//
// The hours are computed by `simulate`, a pure function of those records, so that the scenarios
// can be built as data; `run` reads the records and presents the result.
import type { Handler } from '../core/spec.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { ApiError, EXIT, UsageError } from '../core/errors.ts';
import { callEndpoint, endpointRequest } from '../core/endpoint-request.ts';
import { escapeControls, parseFormat } from '../core/output.ts';
import { paginate } from '../core/paginate.ts';
import { iso, looksAbsolute, parseWhen, resolveZone, validZone } from '../core/time.ts';
import { wallClock } from '../core/wall-clock.ts';
import { MATRIX_CELLS } from '../api/supervision.ts';
import { sections } from '../render/render.ts';
import { displayZone, zoned } from '../render/zoned.ts';
import { icsRequested, writeGapCalendar } from './ics.ts';
import { principalRows } from './span-principals.ts';

type Rec = Record<string, any>;

const HOUR = 3_600_000;
/** A week of 168 hours is a screen; a year is 8,760 and still quick. Longer is refused. */
const MAX_HOURS = 24 * 366;
/** The spans that mean someone is away (or will be): a draft or a cancelled span does not. */
const LIVE = new Set(['pending_acceptance', 'pending_manager_approval', 'scheduled', 'active']);
const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const WEEKDAY: Record<string, string> = { Sun: 'SU', Mon: 'MO', Tue: 'TU', Wed: 'WE', Thu: 'TH', Fri: 'FR', Sat: 'SA' };

const idOf = (v: unknown): string => (v && typeof v === 'object' ? String((v as Rec).id ?? '') : v === null || v === undefined ? '' : String(v));

/** When someone works: their zone and, per day (MO..SU), ranges of HH:MM wall time. */
export interface WorkWeek {
  tz: string;
  days: Record<string, Array<{ start: string; end: string }>>;
  /** Dates (YYYY-MM-DD) off. */
  holidays: string[];
}

export interface SimInput {
  coordinator: string;
  principal: string;
  from: number;
  to: number;
  /** Spans the caller can see; `rows` (principal rows) for the coordinator's own. */
  spans: Rec[];
  rules: Rec[];
  /** Each candidate's working week; null when it could not be read (counted as working). */
  work: Record<string, WorkWeek | null>;
  matrix: Rec | null;
}

export interface ChainLink {
  user: string;
  /** 'span cov_x', 'rule brr_x', 'organization default brr_y'. */
  via: string;
  depth: number;
}

export interface Unavailable {
  user: string;
  why: string;
}

export interface Stretch {
  startAt: string;
  endAt: string;
  hours: number;
  /** covered: the first backup answers; fallback: a later one does; uncovered: nobody. */
  status: 'covered' | 'fallback' | 'uncovered';
  firstChoice: string | null;
  answeredBy: string | null;
  unavailable: Unavailable[];
}

export interface CellAlone {
  cell: string;
  mode: string | null;
  /** Whether the assistant acts with nobody reviewing. */
  unreviewed: boolean;
  does: string;
}

export interface Simulation {
  principal: string;
  coordinator: string;
  from: string;
  to: string;
  hours: { total: number; covered: number; fallback: number; uncovered: number };
  chain: ChainLink[];
  stretches: Stretch[];
  alone: CellAlone[];
  exceptions: Rec[];
}

/** The backups the routing rules name, in turn: the coordinator's (for this principal, else their default), that backup's, ..., then the organization default. */
export function ruleChain(coordinator: string, principal: string, rules: Rec[]): ChainLink[] {
  const out: ChainLink[] = [];
  const seen = new Set([coordinator]);
  let cur = coordinator;
  for (;;) {
    const own = rules.filter((r) => !r.isOrgDefault && idOf(r.primaryCoordinator) === cur);
    const rule = own.find((r) => idOf(r.principal) === principal) ?? own.find((r) => !idOf(r.principal));
    const next = rule && idOf(rule.backupCoordinator);
    if (!rule || !next || seen.has(next)) break;
    out.push({ user: next, via: `rule ${idOf(rule.id)}`, depth: out.length + 1 });
    seen.add(next);
    cur = next;
  }
  const def = rules.find((r) => r.isOrgDefault);
  const d = def && idOf(def.backupCoordinator);
  if (d && !seen.has(d)) out.push({ user: d, via: `organization default ${idOf(def.id)}`, depth: out.length + 1 });
  return out;
}

const minutes = (hhmm: string): number => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/** Whether `at` falls in the user's working hours (on their wall clock). */
export function working(week: WorkWeek, at: number): boolean {
  const w = wallClock(at, week.tz);
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  if (week.holidays.includes(date)) return false;
  const ranges = week.days[WEEKDAY[w.weekday] ?? ''] ?? [];
  const now = w.hour * 60 + w.minute;
  // An end of 00:00 or 24:00 means midnight at the end of the day.
  return ranges.some((r) => {
    const end = minutes(r.end) || 24 * 60;
    return now >= minutes(r.start) && now < end;
  });
}

function overlaps(s: Rec, a: number, b: number): boolean {
  const start = Date.parse(s.startAt);
  const end = Date.parse(s.endAt);
  return start < b && end > a;
}

function describeCell(c: Rec | undefined): Omit<CellAlone, 'cell'> {
  const mode = (c?.mode as string | null | undefined) ?? null;
  if (mode === 'auto') return { mode, unreviewed: true, does: 'acts on its own, as it always does' };
  if (mode === 'time-boxed') {
    const win = typeof c?.timeBoxedWindowMin === 'number' ? `${c.timeBoxedWindowMin} min` : 'its review window';
    if (c?.timeBoxedExpiry === 'cancel') return { mode, unreviewed: false, does: `holds each action ${win} for review, then drops it: nothing goes out` };
    return { mode, unreviewed: true, does: `holds each action ${win} for review, then does it unreviewed` };
  }
  if (mode === 'manual') return { mode, unreviewed: false, does: 'waits: nothing goes out until someone reviews it' };
  return { mode: null, unreviewed: false, does: "not set: the platform's default review applies" };
}

export function simulate(input: SimInput): Simulation {
  const { coordinator, principal, from, to } = input;
  const live = input.spans.filter((s) => LIVE.has(String(s.status)) && overlaps(s, from, to));
  const mine = live.filter((s) => idOf(s.primaryCoordinator) === coordinator);
  const rules = ruleChain(coordinator, principal, input.rules);
  const chain: ChainLink[] = [];
  const link = (user: string, via: string) => {
    if (!chain.some((c) => c.user === user && c.via === via)) chain.push({ user, via, depth: 0 });
  };
  const hours = { total: 0, covered: 0, fallback: 0, uncovered: 0 };
  const stretches: Stretch[] = [];
  for (let t = from; t < to; t += HOUR) {
    const end = Math.min(t + HOUR, to);
    // The backup a span of the coordinator names for this principal at this hour comes first.
    const candidates: Array<{ user: string; via: string }> = [];
    for (const s of mine) {
      if (!overlaps(s, t, end)) continue;
      for (const r of s.rows ?? []) if (idOf(r.principal) === principal && idOf(r.backupCoordinator)) candidates.push({ user: idOf(r.backupCoordinator), via: `span ${idOf(s.id)}` });
    }
    for (const r of rules) candidates.push({ user: r.user, via: r.via });
    const tried = new Set<string>([coordinator]);
    const unavailable: Unavailable[] = [];
    let answeredBy: string | null = null;
    for (const c of candidates) {
      if (tried.has(c.user)) continue;
      tried.add(c.user);
      link(c.user, c.via);
      const away = live.find((s) => idOf(s.primaryCoordinator) === c.user && overlaps(s, t, end));
      const week = input.work[c.user];
      if (away) unavailable.push({ user: c.user, why: `away (${idOf(away.id)})` });
      else if (week && !working(week, t)) unavailable.push({ user: c.user, why: 'outside working hours' });
      else {
        answeredBy = c.user;
        break;
      }
    }
    const firstChoice = candidates.find((c) => c.user !== coordinator)?.user ?? null;
    const status: Stretch['status'] = answeredBy === null ? 'uncovered' : answeredBy === firstChoice ? 'covered' : 'fallback';
    hours.total++;
    hours[status]++;
    const last = stretches[stretches.length - 1];
    const same = last && last.status === status && last.answeredBy === answeredBy && last.firstChoice === firstChoice && JSON.stringify(last.unavailable) === JSON.stringify(unavailable);
    if (same && Date.parse(last.endAt) === t) {
      last.endAt = iso(end);
      last.hours++;
    } else stretches.push({ startAt: iso(t), endAt: iso(end), hours: 1, status, firstChoice, answeredBy, unavailable });
  }
  chain.forEach((c, i) => {
    c.depth = i + 1;
  });
  const m = input.matrix ?? {};
  const alone = MATRIX_CELLS.map((cell) => ({ cell, ...describeCell(m[cell]) }));
  const exceptions = Array.isArray(m.exceptions) ? (m.exceptions as Rec[]) : [];
  return { principal, coordinator, from: iso(from), to: iso(to), hours, chain, stretches, alone, exceptions };
}

// ---- reading the records ----------------------------------------------------------------

async function all(ctx: Context, id: 'coverage.spans.list' | 'backup-rules.list'): Promise<Rec[]> {
  const out: Rec[] = [];
  await paginate(ctx.client(), await endpointRequest(id), { all: true }, (page) => out.push(...(page as Rec[])));
  return out;
}

const refused = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 404);

/** A user's working week, or null (with a warning) when the caller may not read it. */
async function workWeek(ctx: Context, user: string, warnings: string[]): Promise<WorkWeek | null> {
  try {
    const u = (await callEndpoint<Rec>(ctx.client(), 'users.get', { params: { userId: user } })).data ?? {};
    const prefs = (await callEndpoint<Rec>(ctx.client(), 'preferences.scheduling.get', { params: { userId: user } })).data ?? {};
    const av = (prefs.availability ?? {}) as Rec;
    const days: WorkWeek['days'] = {};
    for (const d of DAYS) days[d] = Array.isArray(av.workingHours?.[d]) ? av.workingHours[d] : [];
    const tz = typeof u.timezone === 'string' && validZone(u.timezone) ? u.timezone : 'UTC';
    return { tz, days, holidays: Array.isArray(av.customHolidays) ? av.customHolidays.map(String) : [] };
  } catch (e) {
    if (!refused(e)) throw e;
    warnings.push(`the working hours of ${escapeControls(user)} cannot be read (${(e as ApiError).status}): counted as always working`);
    return null;
  }
}

/** The principal's matrix; when the caller may not read it, the one of their delegation for that principal. */
async function matrixOf(ctx: Context, principal: string, me: string, notes: string[]): Promise<Rec | null> {
  try {
    return (await callEndpoint<Rec>(ctx.client(), 'preferences.matrix.get', { params: { userId: principal } })).data ?? null;
  } catch (e) {
    if (!refused(e)) throw e;
  }
  const dels: Rec[] = [];
  await paginate(ctx.client(), await endpointRequest('delegations.list', { query: { role: 'coordinator', status: 'active' } }), { all: true }, (p) => dels.push(...(p as Rec[])));
  const d = dels.find((x) => idOf(x.principal) === principal && idOf(x.coordinator) === me);
  if (d?.supervisionMatrix) {
    notes.push(`supervision from your delegation ${escapeControls(idOf(d.id))} (the principal's own matrix cannot be read)`);
    return d.supervisionMatrix as Rec;
  }
  notes.push(`the principal's supervision matrix cannot be read (nor a delegation of ${escapeControls(me)} for them): cells shown as not set`);
  return null;
}

interface SimulateOptions {
  principal?: string;
  coordinator?: string;
  from?: string;
  to?: string;
  tz?: string;
  utc?: boolean;
  exitCode?: boolean;
}

export const run: Handler<SimulateOptions> = async (ctx, inv) => {
  const o = inv.opts;
  if (!o.principal) throw new UsageError('--principal is required: the user whose coverage to simulate');
  if (!o.from || !o.to) throw new UsageError('--from and --to are required: the absence to simulate');
  if (o.utc && o.tz) throw new UsageError('give --tz or --utc, not both');
  const ics = icsRequested(ctx);
  if (!ics && ctx.global.output !== undefined) parseFormat(ctx.global.output);
  const zone = !looksAbsolute(o.from) || !looksAbsolute(o.to) ? await resolveZone(ctx, o.tz) : 'UTC';
  const now = Date.now();
  const from = parseWhen(o.from, zone, now, { flag: '--from' });
  const to = parseWhen(o.to, zone, now, { flag: '--to', endOfDay: true });
  if (to <= from) throw new UsageError(`--to (${iso(to)}) is not after --from (${iso(from)})`);
  if ((to - from) / HOUR > MAX_HOURS) throw new UsageError(`the absence is longer than ${MAX_HOURS / 24} days`, 'simulate a year or less at a time');
  const client = ctx.client();
  const me = (await callEndpoint<Rec>(client, 'users.me.get')).data ?? {};
  // A mistyped principal is a 404 here, not a week of hours for nobody.
  await callEndpoint(client, 'users.get', { params: { userId: o.principal } });
  if (o.coordinator) await callEndpoint(client, 'users.get', { params: { userId: o.coordinator } });
  if (ctx.dryRun) return;
  const warnings: string[] = [];
  const notes: string[] = [];
  const [spans, rules] = await Promise.all([all(ctx, 'coverage.spans.list'), all(ctx, 'backup-rules.list')]);
  // A manager plans for one of their coordinators; by default the caller is the one away.
  const myId = o.coordinator ?? idOf(me.id);
  for (const s of spans) if (idOf(s.primaryCoordinator) === myId && LIVE.has(String(s.status)) && overlaps(s, from, to)) s.rows = await principalRows(ctx, s.id);
  // Everyone who might answer: the backups of the coordinator's spans, and the rules' chain.
  const candidates = new Set(ruleChain(myId, o.principal, rules).map((c) => c.user));
  for (const s of spans) for (const r of (s.rows ?? []) as Rec[]) if (idOf(r.principal) === o.principal) candidates.add(idOf(r.backupCoordinator));
  candidates.delete(myId);
  const work: SimInput['work'] = {};
  for (const u of candidates) work[u] = await workWeek(ctx, u, warnings);
  const matrix = await matrixOf(ctx, o.principal, myId, notes);
  const sim = simulate({ coordinator: myId, principal: o.principal, from, to, spans, rules, work, matrix });
  const uncovered = sim.hours.uncovered;
  const exit: Partial<Outcome> =
    o.exitCode && uncovered
      ? { exitCode: EXIT.changes, message: `${uncovered} hour${uncovered === 1 ? '' : 's'} with nobody to answer for ${escapeControls(o.principal)} (exit ${EXIT.changes})` }
      : {};
  if (ics) {
    const cal = await writeGapCalendar(
      sim.stretches.filter((s) => s.status === 'uncovered'),
      sim.principal,
    );
    return { ...cal, warnings, notes: [...notes, ...(cal.notes ?? [])], ...exit };
  }
  const tz = await displayZone(ctx, o as Record<string, unknown>, typeof me.timezone === 'string' && validZone(me.timezone) ? me.timezone : undefined);
  const view = async () => ({ data: sim, text: renderSimulation(sim, tz, ctx), warnings, notes });
  return { data: sim, view, warnings, notes, ...exit };
};

// ---- the terminal rendering ---------------------------------------------------------------

const STATUS_WORDS: Record<Stretch['status'], string> = { covered: 'covered', fallback: 'backup unavailable', uncovered: 'NO COVERAGE' };

export function renderSimulation(sim: Simulation, tz: string, ctx: Context): string {
  const t = escapeControls;
  const h = sim.hours;
  const head = `${t(sim.principal)} while ${t(sim.coordinator)} is away, ${zoned(sim.from, tz)} to ${zoned(sim.to, tz)}: ${h.total} h, ${h.covered} covered, ${h.fallback} by a later backup, ${h.uncovered} with no coverage`;
  const chain = sim.chain.map((c) => `  ${c.depth}. ${t(c.user)}  (${t(c.via)})`).join('\n');
  const paint = (s: Stretch, text: string) => {
    if (!ctx.io.color) return text;
    if (s.status === 'uncovered') return ctx.io.chalk.red(text);
    return s.status === 'fallback' ? ctx.io.chalk.yellow(text) : text;
  };
  const rows = sim.stretches.map((s) => {
    const why = s.unavailable.map((u) => `${t(u.user)} ${t(u.why)}`).join('; ');
    const who = s.answeredBy ? `-> ${t(s.answeredBy)}` : '-> nobody';
    return paint(s, `  ${zoned(s.startAt, tz)} to ${zoned(s.endAt, tz)}  ${String(s.hours).padStart(3)} h  ${STATUS_WORDS[s.status]} ${who}${why ? `  (${why})` : ''}`);
  });
  const width = Math.max(...sim.alone.map((a) => a.cell.length));
  const alone = sim.alone.map((a) => `  ${a.cell.padEnd(width)}  ${(a.mode ?? '-').padEnd(10)}  ${a.does}`);
  if (sim.exceptions.length) alone.push(`  (${sim.exceptions.length} recipient exception${sim.exceptions.length === 1 ? '' : 's'} apply on top of these cells)`);
  return `${head}\n\n${sections(
    [
      ['Backups, in the order they would answer', chain],
      ['Hours', rows.join('\n')],
      ['What the assistant does alone meanwhile', alone.join('\n')],
    ],
    ctx,
  )}`;
}
