// The one duration grammar of agnt (no Temporal here: the global --timeout reads it too).
import { UsageError } from './errors.ts';

export interface Duration {
  days: number;
  ms: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SECOND = 1000;

const DURATION = /^(\d+\s*(w|d|h|min|m|s)\s*)+$/;

/**
 * The one duration grammar: whole numbers with w, d, h, m (or min) and s, combined in any
 * order ('90s', '30m', '36h', '5d', '2w', '1d12h'). Weeks and days follow the wall clock
 * (a day across a DST change is 23 or 25 hours); hours, minutes and seconds are exact.
 */
export function parseDuration(text: string): Duration | undefined {
  const s = text.trim().toLowerCase();
  if (!DURATION.test(s)) return undefined;
  const out: Duration = { days: 0, ms: 0 };
  for (const m of s.matchAll(/(\d+)\s*(w|d|h|min|m|s)/g)) {
    const n = Number(m[1]);
    if (m[2] === 'w') out.days += 7 * n;
    else if (m[2] === 'd') out.days += n;
    else if (m[2] === 'h') out.ms += n * HOUR;
    else if (m[2] === 's') out.ms += n * SECOND;
    else out.ms += n * MINUTE;
  }
  return out.days || out.ms ? out : undefined;
}

export const DURATION_HINT = 'use e.g. 90s, 30m, 36h, 5d, 2w or 1d12h';

/** A duration from a flag, checked: the same grammar everywhere. */
export function durationFlag(text: string, flag: string): Duration {
  const d = parseDuration(text);
  if (!d) throw new UsageError(`${flag}: cannot read '${text}' as a duration`, DURATION_HINT);
  return d;
}

/** A duration in milliseconds, days as 24 hours (for intervals and time-outs, not calendars). */
export function durationMs(d: Duration): number {
  return d.days * 24 * HOUR + d.ms;
}

/**
 * Seconds from a flag that has always taken a number of seconds (--interval 0.5, --timeout 30),
 * or a duration in the one grammar ('90s', '2m').
 */
export function secondsFlag(value: unknown, flag: string): number {
  const text = String(value).trim();
  const n = Number(text);
  if (text !== '' && Number.isFinite(n)) {
    if (n <= 0) throw new UsageError(`${flag} must be a positive number of seconds or a duration, got '${text}'`, DURATION_HINT);
    return n;
  }
  const d = parseDuration(text);
  if (!d) throw new UsageError(`${flag} must be a positive number of seconds or a duration, got '${text}'`, DURATION_HINT);
  return durationMs(d) / 1000;
}
