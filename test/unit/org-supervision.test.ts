// The supervision section's model: what a file gives a member, and export's factoring, which
// must be exact (the file read back gives every member the matrix they have) and short.
import { describe, expect, it } from 'vitest';
import { MATRIX_CELLS, type MatrixCell } from '../../src/api/supervision.ts';
import schema from '../../schemas/org.schema.json' with { type: 'json' };
import { factorSupervision, type LiveMatrixMember } from '../../src/workflows/org-as-code/supervision-export.ts';
import { fullCell, fullException, normalizeSupervision, resolve, type Cell, type ExceptionSpec } from '../../src/workflows/org-as-code/supervision-model.ts';
import { parse, stringify } from 'yaml';

const cells = (set: Partial<Record<MatrixCell, Partial<Cell>>>): Record<MatrixCell, Cell> => Object.fromEntries(MATRIX_CELLS.map((c) => [c, fullCell(set[c])])) as Record<MatrixCell, Cell>;
const A = cells({ email_as_user: { mode: 'manual' }, third_party_skills: { mode: 'manual' } });
const B = cells({ email_as_user: { mode: 'manual' }, third_party_skills: { mode: 'manual' }, calendar: { mode: 'auto' } });
const C = cells({ email_as_user: { mode: 'time-boxed', timeBoxedWindowMin: 10, timeBoxedExpiry: 'execute' }, messaging: { mode: 'auto' } });
const board: ExceptionSpec = fullException({ match: { kind: 'domain', value: 'board.acme.test' }, mode: 'auto', appliesTo: ['calendar'] });

/** The section as a file would hold it: written as YAML, read back, normalized. */
const roundTrip = (doc: unknown) => normalizeSupervision(parse(stringify(doc)));

function expectExact(members: LiveMatrixMember[]) {
  const doc = roundTrip(factorSupervision(members));
  const used = MATRIX_CELLS.filter((c) => members.some((m) => m.cells[c].mode !== null));
  for (const m of members) {
    const r = resolve(doc, m);
    for (const c of used) expect([m.email, c, r.cells.get(c)?.value]).toEqual([m.email, c, m.cells[c]]);
    expect([...r.exceptions.values()].map((x) => x.value)).toEqual(m.exceptions);
  }
  return doc;
}

describe('export factoring', () => {
  it('three patterns over five teams, not aligned with them: exact, and at most three rules', () => {
    const teams = ['Sales', 'Support', 'Eng', 'Finance', 'Ops'];
    const members: LiveMatrixMember[] = [];
    for (let i = 0; i < 500; i++) {
      // A pseudo-random but fixed spread of patterns over teams and roles.
      const k = (i * 7919) % 13;
      const pattern = k < 8 ? A : k < 11 ? B : C;
      members.push({ email: `u${String(i).padStart(3, '0')}@acme.test`, team: teams[i % 5]!, role: i % 17 === 0 ? 'admin' : 'member', cells: pattern, exceptions: pattern === C ? [board] : [] });
    }
    const doc = expectExact(members);
    expect(doc.rules!.length).toBeLessThanOrEqual(3);
  });

  it('patterns that follow teams become team rules; teams that differ alike share one rule', () => {
    const members: LiveMatrixMember[] = [];
    for (const [team, pattern] of [
      ['Sales', B],
      ['Support', B],
      ['Eng', A],
      ['Ops', A],
      ['Finance', A],
    ] as const)
      for (let i = 0; i < 20; i++) members.push({ email: `${team.toLowerCase()}${i}@acme.test`, team, role: 'member', cells: pattern, exceptions: [] });
    members.push({ email: 'ceo@acme.test', team: 'Sales', role: 'admin', cells: C, exceptions: [board] });
    const doc = expectExact(members);
    expect(doc.rules!.map((r) => r.match)).toEqual([{ team: ['Sales', 'Support'] }, { user: 'ceo@acme.test' }]);
  });

  it('an organization with no matrix set exports an empty baseline that still manages exceptions', () => {
    const doc = factorSupervision([{ email: 'a@acme.test', team: null, role: 'member', cells: cells({}), exceptions: [] }]);
    expect(doc).toEqual({ baseline: { exceptions: [] } });
  });
});

describe('what a file gives a member', () => {
  it('later rules win for the cells they name; exceptions accumulate, the same match replaces; sources name the node', () => {
    const s = normalizeSupervision({
      baseline: { email_as_user: { mode: 'manual' }, calendar: { mode: 'manual' }, exceptions: [{ match: { kind: 'domain', value: 'a.test' }, mode: 'manual' }] },
      rules: [
        { match: { team: 'sales' }, cells: { calendar: { mode: 'time-boxed', timeBoxedWindowMin: 5 } } },
        { match: { role: ['admin', 'guest'] }, cells: { calendar: { mode: 'auto' } }, exceptions: [{ match: { kind: 'domain', value: 'A.test' }, mode: 'auto' }] },
        { match: { user: 'Other@acme.test' }, cells: { messaging: { mode: 'auto' } } },
      ],
    });
    const r = resolve(s, { email: 'x@acme.test', team: 'Sales', role: 'admin' });
    expect(r.cells.get('calendar')).toEqual({ value: fullCell({ mode: 'auto' }), source: { where: 'rule', index: 1, path: ['supervision', 'rules', 1, 'cells', 'calendar'] } });
    expect(r.cells.get('email_as_user')!.source.path).toEqual(['supervision', 'baseline', 'email_as_user']);
    expect(r.cells.has('messaging')).toBe(false);
    expect([...r.exceptions.values()].map((x) => [x.value.mode, x.source.index])).toEqual([['auto', 1]]);
    expect(r.exceptionsManaged).toBe(true);
    const member = resolve(s, { email: 'x@acme.test', team: 'Support', role: 'member' });
    expect(member.cells.get('calendar')!.value.mode).toBe('manual');
  });

  it("the schema's cells and exception kinds are the model's", () => {
    const defs = (schema as any).definitions;
    expect(defs.supervisionLocked.items.enum).toEqual([...MATRIX_CELLS]);
    expect(Object.keys((schema as any).properties.supervision.properties.baseline.properties).filter((k) => k !== 'locked' && k !== 'exceptions')).toEqual([...MATRIX_CELLS]);
  });
});
