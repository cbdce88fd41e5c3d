// Times as people type them: ISO 8601, or wall-clock time in a time zone ('2026-12-01 09:00'),
// and durations ('5d', '1w', '36h', '1d12h'). Coordinators plan in their principals' business
// hours, so local input is read in the user's time zone, not the machine's.
import { UsageError } from './errors.ts';
import type { Context } from './context.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

export function wallClock(utcMs: number, tz: string): Wall {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour!, minute: +parts.minute!, second: +parts.second!, weekday: parts.weekday! };
}

function offsetAt(utcMs: number, tz: string): number {
  const w = wallClock(utcMs, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant at which the wall clock of `tz` shows the given time (the earlier one in a DST overlap). */
export function fromWallClock(year: number, month: number, day: number, hour: number, minute: number, tz: string): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  let guess = naive - offsetAt(naive, tz);
  guess = naive - offsetAt(guess, tz);
  return guess;
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** '2026-12-01 09:00' in `tz`. */
export function formatLocal(iso: string | number, tz: string): string {
  const w = wallClock(typeof iso === 'number' ? iso : Date.parse(iso), tz);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)} ${pad2(w.hour)}:${pad2(w.minute)}`;
}

export function startOfLocalDay(utcMs: number, tz: string): number {
  const w = wallClock(utcMs, tz);
  return fromWallClock(w.year, w.month, w.day, 0, 0, tz);
}

/** Adds whole days on the wall clock (so '1d' across a DST change is still 09:00 to 09:00). */
export function addLocalDays(utcMs: number, days: number, tz: string): number {
  const w = wallClock(utcMs, tz);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return fromWallClock(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), w.hour, w.minute, tz);
}

export interface Duration {
  days: number;
  ms: number;
}

export function parseDuration(text: string): Duration | undefined {
  const s = text.trim().toLowerCase();
  if (!/^(\d+\s*(w|d|h|m|min)\s*)+$/.test(s)) return undefined;
  const out: Duration = { days: 0, ms: 0 };
  for (const m of s.matchAll(/(\d+)\s*(w|d|h|min|m)/g)) {
    const n = Number(m[1]);
    if (m[2] === 'w') out.days += 7 * n;
    else if (m[2] === 'd') out.days += n;
    else if (m[2] === 'h') out.ms += n * HOUR;
    else out.ms += n * MINUTE;
  }
  return out.days || out.ms ? out : undefined;
}

export function addDuration(utcMs: number, d: Duration, tz: string): number {
  return addLocalDays(utcMs, d.days, tz) + d.ms;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads a time: ISO 8601 with Z or an offset as it is; 'YYYY-MM-DD HH:MM' (or with T, or a
 * date alone) on the wall clock of `tz`; 'now', 'today' and 'tomorrow', optionally followed by
 * a time ('tomorrow 09:00'). A date alone is the start of that day, or with `endOfDay` the
 * start of the next (so `--end 2026-12-05` covers the 5th).
 */
export function parseWhen(text: string, tz: string, now: number, opts: { endOfDay?: boolean; flag?: string } = {}): number {
  const s = text.trim();
  const where = opts.flag ?? 'time';
  if (/^now$/i.test(s)) return now;
  const rel = /^(today|tomorrow)(?:\s+(\d{1,2}):(\d{2}))?$/i.exec(s);
  if (rel) {
    const base = addLocalDays(startOfLocalDay(now, tz), rel[1]!.toLowerCase() === 'tomorrow' ? 1 : 0, tz);
    const w = wallClock(base, tz);
    if (rel[2] === undefined) return opts.endOfDay ? addLocalDays(base, 1, tz) : base;
    return fromWallClock(w.year, w.month, w.day, Number(rel[2]), Number(rel[3]), tz);
  }
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(s) && /^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) return ms;
  }
  const m = LOCAL.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const h = m[4] === undefined ? 0 : Number(m[4]);
    const mi = m[5] === undefined ? 0 : Number(m[5]);
    const check = new Date(Date.UTC(y, mo - 1, d));
    if (mo < 1 || mo > 12 || check.getUTCDate() !== d || h > 23 || mi > 59) throw new UsageError(`${where}: '${text}' is not a valid date and time`);
    const at = fromWallClock(y, mo, d, h, mi, tz);
    return m[4] === undefined && opts.endOfDay ? addLocalDays(at, 1, tz) : at;
  }
  throw new UsageError(`${where}: cannot read '${text}' as a time`, `use ISO 8601 (2026-12-01T14:00:00Z) or local time in ${tz} (2026-12-01 09:00), 'now', 'today' or 'tomorrow 09:00'`);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The time zone for reading and showing times: --tz, else the platform user's `timezone`
 * (GET /users/me), else the machine's.
 */
export async function resolveZone(ctx: Context, flag: unknown): Promise<string> {
  if (typeof flag === 'string' && flag) {
    if (!validZone(flag)) throw new UsageError(`--tz: '${flag}' is not an IANA time zone (e.g. Europe/Paris)`);
    return flag;
  }
  const machine = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    // Read in a dry run too, so that it shows the times a real run sends.
    const res = await ctx.client().request<{ timezone?: string }>({ method: 'GET', path: '/users/me', resultKey: 'user', readInDryRun: true });
    const tz = res.data?.timezone;
    if (tz && validZone(tz)) return tz;
  } catch {
    /* the machine's zone will do */
  }
  return machine;
}
