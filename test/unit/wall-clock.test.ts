// Wall times read through a week's steady offset must equal an independent reading, second for
// second, around every change of 2025-2027 in zones with 1-hour, 30-minute and odd offsets, and
// far in the past, where offsets have seconds.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { wallClock, zoneAbbreviation } from '../../src/core/wall-clock.ts';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Paris',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Africa/Casablanca',
  'Asia/Tokyo',
  'UTC',
];

// The oracle reads wall times with Temporal (the polyfill, another implementation than the
// code's) and the short name with Intl's timeZoneName alone.
const WEEKDAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const names = new Map<string, Intl.DateTimeFormat>();

function byIntl(ms: number, tz: string) {
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
  let f = names.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' });
    names.set(tz, f);
  }
  const name = tz === 'UTC' ? 'UTC' : f.formatToParts(new Date(ms)).find((x) => x.type === 'timeZoneName')?.value;
  return { wall: { year: z.year, month: z.month, day: z.day, hour: z.hour, minute: z.minute, second: z.second, weekday: WEEKDAY[z.dayOfWeek]! }, name };
}

describe('wall clock', () => {
  it('equals Intl every hour or so of 2025-2027 (every week with a change included) in zones of every kind', () => {
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2028, 0, 1);
    let checked = 0;
    for (const tz of ZONES) {
      // An hour, a minute and 7 seconds apart: many instants in every week, at every minute and second.
      for (let ms = from; ms < to; ms += 3_667_000) {
        const want = byIntl(ms, tz);
        const got = wallClock(ms, tz);
        if (JSON.stringify(got) !== JSON.stringify(want.wall) || zoneAbbreviation(ms, tz) !== want.name)
          expect({ tz, at: new Date(ms).toISOString(), got, name: zoneAbbreviation(ms, tz) }).toEqual({ tz, at: new Date(ms).toISOString(), got: want.wall, name: want.name });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(250_000);
  });

  it('equals Intl in the 1800s, where offsets have seconds, and a name it does not know stays the name', () => {
    for (const tz of ['Europe/Paris', 'America/New_York', 'Asia/Kolkata']) {
      for (let ms = Date.UTC(1850, 0, 1); ms < Date.UTC(1852, 0, 1); ms += 86_400_000 + 3_607_000) expect(wallClock(ms, tz)).toEqual(byIntl(ms, tz).wall);
    }
    expect(zoneAbbreviation(Date.UTC(2026, 0, 1), 'Not/AZone')).toBe('Not/AZone');
    expect(() => wallClock(Date.UTC(2026, 0, 1), 'Not/AZone')).toThrow();
  });
});
