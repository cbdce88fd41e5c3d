import { describe, expect, it } from 'vitest';
import { parseWhen } from '../../src/core/time.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const when = (text: string, flag = '--since', tz = 'UTC') => new Date(parseWhen(text, tz, NOW, { flag, ago: true })).toISOString();

describe('parseWhen with relative times (--since, --after, --before, --from, --to)', () => {
  it('reads relative times as that long before now', () => {
    expect(when('24h')).toBe('2026-11-20T12:00:00.000Z');
    expect(when('30m')).toBe('2026-11-21T11:30:00.000Z');
    expect(when('7d')).toBe('2026-11-14T12:00:00.000Z');
    expect(when('2w')).toBe('2026-11-07T12:00:00.000Z');
    expect(when('90s')).toBe('2026-11-21T11:58:30.000Z');
    expect(when('1d12h')).toBe('2026-11-20T00:00:00.000Z');
    expect(when('now', '--to')).toBe('2026-11-21T12:00:00.000Z');
  });

  it('days ago follow the wall clock of the zone (across a DST change)', () => {
    // 2026-11-01 is the end of DST in New York: 7 days before noon on the 4th is noon on the 28th, 169 hours.
    const now = Date.parse('2026-11-04T17:00:00.000Z');
    expect(new Date(parseWhen('7d', 'America/New_York', now, { ago: true })).toISOString()).toBe('2026-10-28T16:00:00.000Z');
  });

  it('reads ISO 8601 as it is, and wall times in the zone given', () => {
    expect(when('2026-01-01', '--after')).toBe('2026-01-01T00:00:00.000Z');
    expect(when('2026-01-01T09:30:00+02:00', '--after')).toBe('2026-01-01T07:30:00.000Z');
    expect(when('2026-01-01T09:30:00Z', '--after')).toBe('2026-01-01T09:30:00.000Z');
    expect(when('2026-12-01 09:00', '--from', 'Asia/Tokyo')).toBe('2026-12-01T00:00:00.000Z');
    expect(when('2026-12-01 09:00:30', '--from', 'Europe/Paris')).toBe('2026-12-01T08:00:30.000Z');
  });

  it('rejects anything else as a usage error naming the flag', () => {
    for (const bad of ['last tuesday', '24', 'h', '-1h', '2026-13-45', '', '10 parsecs']) {
      expect(() => when(bad), bad).toThrow(/^--since: /);
    }
  });
});
