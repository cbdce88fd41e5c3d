// Wall times at DST changes: every 5 minutes of every transition day, 2025-2027, in zones with
// spring-forward and fall-back changes of 1 hour, 30 minutes (Lord Howe) and odd offsets,
// resolve exactly as Temporal's 'compatible' rule (the library's own answer, computed here
// independently of agnt's code path: the polyfill's ZonedDateTime.from with a wall time).
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { fromWallClock, parseDuration, parseWhen } from '../../src/core/time.ts';

const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Jerusalem',
  'Africa/Cairo',
];

function transitionDays(tz: string, year: number): Temporal.PlainDate[] {
  const days: Temporal.PlainDate[] = [];
  let z = Temporal.ZonedDateTime.from({ year, month: 1, day: 1, timeZone: tz });
  for (;;) {
    const t = z.getTimeZoneTransition('next');
    if (!t || t.year !== year) return days;
    days.push(t.toPlainDate());
    z = t;
  }
}

describe('wall times at DST changes', () => {
  it('match Temporal compatible for every sample', () => {
    let samples = 0;
    const wrong: string[] = [];
    for (const tz of ZONES) {
      for (const year of [2025, 2026, 2027]) {
        for (const d of transitionDays(tz, year)) {
          for (let m = 0; m < 24 * 60; m += 5) {
            const [hour, minute] = [Math.floor(m / 60), m % 60];
            const want = Temporal.ZonedDateTime.from({ year: d.year, month: d.month, day: d.day, hour, minute, timeZone: tz }, { disambiguation: 'compatible' }).epochMilliseconds;
            const got = fromWallClock(d.year, d.month, d.day, hour, minute, tz);
            samples++;
            if (got !== want && wrong.length < 5) wrong.push(`${tz} ${d} ${hour}:${minute}: ${new Date(got).toISOString()} != ${new Date(want).toISOString()}`);
          }
        }
      }
    }
    expect(samples).toBeGreaterThan(15_000);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('New York 02:30 on the spring-forward day is 03:30 EDT; 01:30 on the fall-back day is the first (EDT) one', () => {
    expect(new Date(parseWhen('2026-03-08 02:30', 'America/New_York', 0)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(parseWhen('2026-11-01 01:30', 'America/New_York', 0)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('one duration grammar', () => {
  it('seconds, minutes, hours, days, weeks and combinations', () => {
    expect(parseDuration('10s')).toEqual({ days: 0, ms: 10_000 });
    expect(parseDuration('90s')).toEqual({ days: 0, ms: 90_000 });
    expect(parseDuration('30m')).toEqual({ days: 0, ms: 1_800_000 });
    expect(parseDuration('30min')).toEqual({ days: 0, ms: 1_800_000 });
    expect(parseDuration('5d')).toEqual({ days: 5, ms: 0 });
    expect(parseDuration('2w')).toEqual({ days: 14, ms: 0 });
    expect(parseDuration('1d12h30m15s')).toEqual({ days: 1, ms: 12 * 3_600_000 + 30 * 60_000 + 15_000 });
    for (const bad of ['', 's', '10', '1y', '-5m', '1.5h']) expect(parseDuration(bad), bad).toBeUndefined();
  });
});
