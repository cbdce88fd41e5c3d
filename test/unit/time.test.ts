import { describe, expect, it } from 'vitest';
import { addDuration, formatLocal, needsZone, parseDuration, parseWhen } from '../../src/core/time.ts';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const at = (text: string, tz: string, endOfDay = false) => new Date(parseWhen(text, tz, NOW, { endOfDay })).toISOString();

describe('parseWhen', () => {
  it('keeps ISO times with an offset and reads the rest on the wall clock of the zone', () => {
    expect(at('2026-12-01T09:00:00-05:00', 'Europe/Paris')).toBe('2026-12-01T14:00:00.000Z');
    expect(at('2026-12-01T14:00:00Z', 'Asia/Tokyo')).toBe('2026-12-01T14:00:00.000Z');
    expect(at('2026-12-01 09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(at('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(at('2026-12-01', 'Europe/Paris')).toBe('2026-11-30T23:00:00.000Z');
    expect(at('2026-12-01', 'Europe/Paris', true)).toBe('2026-12-01T23:00:00.000Z');
  });

  it('reads now, today and tomorrow', () => {
    expect(at('now', 'UTC')).toBe('2026-11-30T12:00:00.000Z');
    expect(at('today', 'America/New_York')).toBe('2026-11-30T05:00:00.000Z');
    expect(at('tomorrow 09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
  });

  it('refuses what it cannot read, as usage errors', () => {
    expect(() => parseWhen('2026-02-30 09:00', 'UTC', NOW, { flag: '--start' })).toThrow(/--start: '2026-02-30 09:00' is not a valid date/);
    expect(() => parseWhen('next week', 'UTC', NOW)).toThrow(/cannot read 'next week' as a time/);
  });
});

describe('durations', () => {
  it('parses units and combinations', () => {
    expect(parseDuration('5d')).toEqual({ days: 5, ms: 0 });
    expect(parseDuration('1w')).toEqual({ days: 7, ms: 0 });
    expect(parseDuration('1d12h')).toEqual({ days: 1, ms: 12 * 3_600_000 });
    expect(parseDuration('90m')).toEqual({ days: 0, ms: 90 * 60_000 });
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('0d')).toBeUndefined();
  });

  it('adds days on the wall clock across a DST change', () => {
    // Clocks go back in New York on 2026-11-01: 09:00 to 09:00 is 25 hours.
    const start = parseWhen('2026-10-31 09:00', 'America/New_York', NOW);
    const end = addDuration(start, parseDuration('1d')!, 'America/New_York');
    expect(formatLocal(end, 'America/New_York')).toBe('2026-11-01 09:00');
    expect(end - start).toBe(25 * 3_600_000);
  });
});

describe('needsZone', () => {
  it('wall times and text that cannot be read need the zone; now, durations and ISO instants do not', () => {
    for (const v of ['2026-12-01 09:00', 'today', 'tomorrow 09:00', '2026-12-01', 'Jan 1 2026', 'soon']) expect(needsZone(v), v).toBe(true);
    for (const v of ['now', ' NOW ', '24h', '7d', '2026-12-01T09:00:00Z', '2026-12-01T09:00:00+09:00']) expect(needsZone(v), v).toBe(false);
  });
});
