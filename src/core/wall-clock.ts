// Instants shown on a zone's wall clock, with Intl alone: output (a list's --tz) loads this on
// every run, so it must not pull in the Temporal polyfill that reading wall times needs.

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant, read by Intl (exact, and about 20 microseconds a call). */
function wallByIntl(utcMs: number, tz: string): Wall {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour!, minute: +parts.minute!, second: +parts.second!, weekday: parts.weekday! };
}

// A table of 1,000 spans shows 2,000 times, and reading each through Intl cost more CPU than the
// requests that fetched them. A zone's offset changes a few times a year at most, so it is read
// at both ends of the instant's week: where they agree (every week but those with a change),
// every instant of that week is the UTC clock moved by that offset, and its short name the same.
const WEEK_MS = 7 * 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
type Steady = { offsetMs: number; abbreviation: string } | null;
const steadyWeeks = new Map<string, Map<number, Steady>>();

function offsetMs(utcMs: number, tz: string): number {
  const w = wallByIntl(utcMs, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(utcMs / 1000) * 1000;
}

/** The zone's offset and short name for the instant's whole week, or null for a week with a change. */
function steady(utcMs: number, tz: string): Steady {
  if (!Number.isFinite(utcMs)) return null;
  let weeks = steadyWeeks.get(tz);
  if (!weeks) {
    weeks = new Map();
    steadyWeeks.set(tz, weeks);
  }
  const week = Math.floor(utcMs / WEEK_MS);
  let known = weeks.get(week);
  if (known === undefined) {
    const start = week * WEEK_MS;
    const end = start + WEEK_MS - 1000;
    try {
      const offset = offsetMs(start, tz);
      const name = abbreviationByIntl(start, tz);
      known = offsetMs(end, tz) === offset && abbreviationByIntl(end, tz) === name ? { offsetMs: offset, abbreviation: name } : null;
    } catch {
      // Not a zone Intl knows, or a date it cannot show: the exact path says so, as before.
      known = null;
    }
    weeks.set(week, known);
  }
  return known;
}

export function wallClock(utcMs: number, tz: string): Wall {
  const s = steady(utcMs, tz);
  if (!s) return wallByIntl(utcMs, tz);
  const d = new Date(Math.floor(utcMs / 1000) * 1000 + s.offsetMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: WEEKDAYS[d.getUTCDay()]!,
  };
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** '2026-12-01 09:00' in `tz`. */
export function formatLocal(iso: string | number, tz: string): string {
  const w = wallClock(typeof iso === 'number' ? iso : Date.parse(iso), tz);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)} ${pad2(w.hour)}:${pad2(w.minute)}`;
}

// Making an Intl.DateTimeFormat costs about a millisecond, formatting with one a few
// microseconds: a 1,000-item inbox spent most of its CPU making one per time it showed.
const abbreviators = new Map<string, Intl.DateTimeFormat | null>();

/** 'EST', 'CET', 'GMT+9': the zone's short name at that instant. */
export function zoneAbbreviation(ms: number, tz: string): string {
  if (tz === 'UTC') return 'UTC';
  return steady(ms, tz)?.abbreviation ?? abbreviationByIntl(ms, tz);
}

function abbreviationByIntl(ms: number, tz: string): string {
  if (tz === 'UTC') return 'UTC';
  let f = abbreviators.get(tz);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' });
    } catch {
      f = null;
    }
    abbreviators.set(tz, f);
  }
  if (!f || !Number.isFinite(ms)) return tz;
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? tz;
}

/** '2026-12-01 09:00 EST'; '' for a missing time; the text itself when it is not a time. */
export function zoned(value: unknown, tz: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = typeof value === 'number' ? value : Date.parse(String(value));
  if (Number.isNaN(ms)) return String(value);
  return `${formatLocal(ms, tz)} ${zoneAbbreviation(ms, tz)}`;
}

/** '2026-12-01T18:00:00+09:00': ISO 8601 still, read on `tz`'s wall clock (for csv). */
export function isoInZone(ms: number, tz: string): string {
  const w = wallClock(ms, tz);
  const offsetMin = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}T${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

// A time as the API writes it: ISO 8601 with a date, a time and a zone (Z or an offset).
const API_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a value is one of the API's timestamps (which a list's --tz shows in another zone). */
export function isApiTime(v: unknown): v is string {
  return typeof v === 'string' && API_TIME.test(v) && !Number.isNaN(Date.parse(v));
}
