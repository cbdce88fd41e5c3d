import { describe, expect, it } from 'vitest';
import { parseWhen } from '../../src/workflows/common.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');

describe('parseWhen (--since, --after, --before, --from, --to)', () => {
  it('reads relative times as that long before now', () => {
    expect(parseWhen('24h', '--since', NOW)).toBe('2026-11-20T12:00:00.000Z');
    expect(parseWhen('30m', '--since', NOW)).toBe('2026-11-21T11:30:00.000Z');
    expect(parseWhen('7d', '--since', NOW)).toBe('2026-11-14T12:00:00.000Z');
    expect(parseWhen('2w', '--since', NOW)).toBe('2026-11-07T12:00:00.000Z');
    expect(parseWhen('90s', '--since', NOW)).toBe('2026-11-21T11:58:30.000Z');
    expect(parseWhen('now', '--to', NOW)).toBe('2026-11-21T12:00:00.000Z');
  });

  it('normalises ISO 8601 dates and times to UTC', () => {
    expect(parseWhen('2026-01-01', '--after', NOW)).toBe('2026-01-01T00:00:00.000Z');
    expect(parseWhen('2026-01-01T09:30:00+02:00', '--after', NOW)).toBe('2026-01-01T07:30:00.000Z');
    expect(parseWhen('2026-01-01T09:30:00Z', '--after', NOW)).toBe('2026-01-01T09:30:00.000Z');
  });

  it('rejects anything else as a usage error naming the flag', () => {
    for (const bad of ['yesterday', '24', 'h', '-1h', '2026-13-45', '']) {
      expect(() => parseWhen(bad, '--since', NOW)).toThrow(/--since: .* is not a time/);
    }
  });
});
