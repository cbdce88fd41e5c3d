// coverage simulate's hours as a pure function of the records: the backup a span names comes
// before the routing rules, a rule for the principal before the coordinator's default, a cycle
// of rules ends, and working hours are read on the backup's own wall clock, holidays off.
import { describe, expect, it } from 'vitest';
import { ruleChain, simulate, working, type WorkWeek } from '../../src/workflows/coverage-simulate.ts';

const rule = (id: string, primaryCoordinator: string | null, backupCoordinator: string, principal: string | null = null, isOrgDefault = false) => ({
  id,
  primaryCoordinator,
  backupCoordinator,
  principal,
  isOrgDefault,
});
const day = [{ start: '09:00', end: '17:00' }];
const weekdays = (tz: string, holidays: string[] = []): WorkWeek => ({ tz, days: { MO: day, TU: day, WE: day, TH: day, FR: day, SA: [], SU: [] }, holidays });

describe('ruleChain', () => {
  it("takes the principal's rule over the default, follows each backup's own, ends on a cycle, then the organization default", () => {
    const rules = [rule('r1', 'c', 'b1'), rule('r2', 'c', 'b2', 'p'), rule('r3', 'b2', 'b3'), rule('r4', 'b3', 'b2'), rule('r5', null, 'd', null, true)];
    expect(ruleChain('c', 'p', rules)).toEqual([
      { user: 'b2', via: 'rule r2', depth: 1 },
      { user: 'b3', via: 'rule r3', depth: 2 },
      { user: 'd', via: 'organization default r5', depth: 3 },
    ]);
    expect(ruleChain('c', 'other', rules).map((l) => l.user)).toEqual(['b1', 'd']);
  });
});

describe('working', () => {
  it("reads the backup's wall clock, and a custom holiday is off", () => {
    const ny = weekdays('America/New_York', ['2027-03-03']);
    expect(working(ny, Date.parse('2027-03-01T14:00:00Z'))).toBe(true); // Mon 09:00 EST
    expect(working(ny, Date.parse('2027-03-01T13:59:00Z'))).toBe(false); // Mon 08:59 EST
    expect(working(ny, Date.parse('2027-03-01T22:00:00Z'))).toBe(false); // Mon 17:00 EST
    expect(working(ny, Date.parse('2027-03-03T15:00:00Z'))).toBe(false); // the holiday
    // After the change to summer time, 09:00 is 13:00 UTC.
    expect(working(ny, Date.parse('2027-03-15T13:00:00Z'))).toBe(true);
  });
});

describe('simulate', () => {
  it("puts the backup a span of the coordinator names first, for the span's hours only", () => {
    const sim = simulate({
      coordinator: 'c',
      principal: 'p',
      from: Date.parse('2027-03-01T14:00:00Z'),
      to: Date.parse('2027-03-01T18:00:00Z'),
      spans: [
        {
          id: 'cov_1',
          status: 'scheduled',
          primaryCoordinator: 'c',
          startAt: '2027-03-01T14:00:00Z',
          endAt: '2027-03-01T16:00:00Z',
          rows: [{ principal: 'p', backupCoordinator: 'x' }],
        },
        // A draft does not make anyone away.
        { id: 'cov_2', status: 'draft', primaryCoordinator: 'b', startAt: '2027-03-01T00:00:00Z', endAt: '2027-03-02T00:00:00Z' },
      ],
      rules: [rule('r1', 'c', 'b')],
      work: { x: null, b: weekdays('America/New_York') },
      matrix: null,
    });
    expect(sim.stretches.map((s) => [s.startAt, s.hours, s.status, s.answeredBy])).toEqual([
      ['2027-03-01T14:00:00.000Z', 2, 'covered', 'x'],
      ['2027-03-01T16:00:00.000Z', 2, 'covered', 'b'],
    ]);
    expect(sim.chain).toEqual([
      { user: 'x', via: 'span cov_1', depth: 1 },
      { user: 'b', via: 'rule r1', depth: 2 },
    ]);
    expect(sim.alone.every((a) => a.mode === null)).toBe(true);
  });

  it('with no backup at all, every hour is uncovered', () => {
    const sim = simulate({ coordinator: 'c', principal: 'p', from: 0, to: 3 * 3_600_000 + 1, spans: [], rules: [], work: {}, matrix: null });
    expect(sim.hours).toEqual({ total: 4, covered: 0, fallback: 0, uncovered: 4 });
    expect(sim.stretches).toHaveLength(1);
    expect(sim.stretches[0]!.endAt).toBe('1970-01-01T03:00:00.001Z');
  });
});
