// Wall times read through a week's steady offset must equal Intl's own reading, second for
// second, around every change of 2025-2027 in zones with 1-hour, 30-minute and odd offsets, and
// far in the past, where offsets have seconds.
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

const oracles = new Map<string, Intl.DateTimeFormat>();

function byIntl(ms: number, tz: string) {
  let f = oracles.get(tz);
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
      timeZoneName: 'short',
    });
    oracles.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { wall: { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second!, weekday: p.weekday! }, name: tz === 'UTC' ? 'UTC' : p.timeZoneName };
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
