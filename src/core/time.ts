// Every time agnt reads or prints: ISO 8601, or wall-clock time in a time zone ('2026-12-01
// 09:00'), relative times ('24h' ago), and one duration grammar ('90s', '30m', '36h', '5d', '2w',
// '1d12h'). Coordinators plan in their principals' business hours, so local input is read in the
// user's time zone (--tz, else AGNT_TIMEZONE, else the profile's timezone, else the platform
// user's, else the machine's), not the machine's. Wall times that a DST change skips or repeats
// resolve as Temporal's 'compatible' rule: a skipped time moves forward by the gap, a repeated
// one takes the earlier instant.
import { Temporal } from 'temporal-polyfill';
import { UsageError } from './errors.ts';
import type { Context } from './context.ts';
import { checkZone, systemZone, validZone } from './zone.ts';
import { parseDuration, type Duration } from './duration.ts';
import { wallClock } from './wall-clock.ts';

export { checkZone, systemZone, validZone };
export { formatLocal, pad2, wallClock } from './wall-clock.ts';
export { DURATION_HINT, durationFlag, durationMs, parseDuration, type Duration } from './duration.ts';

/** The instant at which the wall clock of `tz` shows the given time (Temporal's 'compatible' rule at DST changes). */
export function fromWallClock(year: number, month: number, day: number, hour: number, minute: number, tz: string, second = 0): number {
  return Temporal.PlainDateTime.from({ year, month, day, hour, minute, second }, { overflow: 'reject' }).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
}

export function startOfLocalDay(utcMs: number, tz: string): number {
  const w = wallClock(utcMs, tz);
  return fromWallClock(w.year, w.month, w.day, 0, 0, tz);
}

/** Adds whole days on the wall clock (so '1d' across a DST change is still 09:00 to 09:00). */
export function addLocalDays(utcMs: number, days: number, tz: string): number {
  if (days === 0) return utcMs;
  const w = wallClock(utcMs, tz);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  // Seconds and milliseconds ride along unchanged.
  return fromWallClock(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), w.hour, w.minute, tz, w.second) + (((utcMs % 1000) + 1000) % 1000);
}

/** `utcMs` minus a duration, days on the wall clock of `tz`. */
export function subtractDuration(utcMs: number, d: Duration, tz: string): number {
  return addLocalDays(utcMs - d.ms, -d.days, tz);
}

export function addDuration(utcMs: number, d: Duration, tz: string): number {
  return addLocalDays(utcMs, d.days, tz) + d.ms;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The text is read on a wall clock (so the time zone matters): a local date/time, today, tomorrow. */
export function isWallTime(text: string): boolean {
  const s = text.trim();
  return LOCAL.test(s) || /^(today|tomorrow|yesterday)\b/i.test(s);
}

/**
 * Whether reading this text needs the user's zone: a wall time, or text that is not 'now', a
 * duration or an ISO instant (it cannot be read, and the error's hint then names the zone).
 */
export function needsZone(text: string): boolean {
  const s = text.trim();
  return isWallTime(s) || !(/^now$/i.test(s) || parseDuration(s) !== undefined || looksAbsolute(s));
}

export interface WhenOptions {
  /** A date alone means the start of the next day (so `--end 2026-12-05` covers the 5th). */
  endOfDay?: boolean;
  flag?: string;
  /** A bare duration ('24h', '7d') means that long before now. */
  ago?: boolean;
}

/** An ISO 8601 time with its zone (Z or an offset): an instant, needing no zone to read. */
export function looksAbsolute(text: unknown): boolean {
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim());
}

/**
 * Reads a time: ISO 8601 with Z or an offset as it is; 'YYYY-MM-DD HH:MM[:SS]' (or with T, or
 * a date alone) on the wall clock of `tz`; 'now', 'today', 'yesterday' and 'tomorrow',
 * optionally followed by a time ('tomorrow 09:00'); with `ago`, a duration ('24h') before now.
 */
export function parseWhen(text: string, tz: string, now: number, opts: WhenOptions = {}): number {
  const s = text.trim();
  const where = opts.flag ?? 'time';
  if (/^now$/i.test(s)) return now;
  if (opts.ago) {
    const d = parseDuration(s);
    if (d) return subtractDuration(now, d, tz);
  }
  const rel = /^(today|tomorrow|yesterday)(?:\s+(\d{1,2}):(\d{2}))?$/i.exec(s);
  if (rel) {
    const shift = { today: 0, tomorrow: 1, yesterday: -1 }[rel[1]!.toLowerCase() as 'today'];
    const base = addLocalDays(startOfLocalDay(now, tz), shift, tz);
    const w = wallClock(base, tz);
    if (rel[2] === undefined) return opts.endOfDay ? addLocalDays(base, 1, tz) : base;
    if (Number(rel[2]) > 23 || Number(rel[3]) > 59) throw new UsageError(`${where}: '${text}' is not a valid time`);
    return fromWallClock(w.year, w.month, w.day, Number(rel[2]), Number(rel[3]), tz);
  }
  if (looksAbsolute(s)) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) return ms;
  }
  const m = LOCAL.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const h = m[4] === undefined ? 0 : Number(m[4]);
    const mi = m[5] === undefined ? 0 : Number(m[5]);
    const sec = m[6] === undefined ? 0 : Number(m[6]);
    const check = new Date(Date.UTC(y, mo - 1, d));
    if (mo < 1 || mo > 12 || check.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) throw new UsageError(`${where}: '${text}' is not a valid date and time`);
    const at = fromWallClock(y, mo, d, h, mi, tz, sec);
    return m[4] === undefined && opts.endOfDay ? addLocalDays(at, 1, tz) : at;
  }
  const relative = opts.ago ? ', a time ago (90s, 30m, 24h, 7d, 2w)' : '';
  throw new UsageError(`${where}: cannot read '${text}' as a time`, `use ISO 8601 (2026-12-01T14:00:00Z) or local time in ${tz} (2026-12-01 09:00), 'now', 'today' or 'tomorrow 09:00'${relative}`);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The time zone for reading and showing times: --tz, else AGNT_TIMEZONE, else the profile's
 * `timezone` (`agnt config set timezone ...`), else the platform user's `timezone`
 * (GET /users/me), else the machine's.
 */
export async function resolveZone(ctx: Context, flag: unknown): Promise<string> {
  if (typeof flag === 'string' && flag) return checkZone(flag, '--tz');
  const set = ctx.settings().timezone;
  if (set.value) return checkZone(set.value, set.source === 'env' ? 'AGNT_TIMEZONE' : "the profile's timezone");
  const machine = systemZone();
  try {
    // Read in a dry run too, so that it shows the times a real run sends. (Loaded here: this
    // module is on the start-up path, the API model is not.)
    const { callEndpoint } = await import('./endpoint-request.ts');
    const res = await callEndpoint<{ timezone?: string }>(ctx.client(), 'users.me.get', { readInDryRun: true });
    const tz = res.data?.timezone;
    if (tz && validZone(tz)) return tz;
  } catch {
    /* the machine's zone will do */
  }
  return machine;
}
