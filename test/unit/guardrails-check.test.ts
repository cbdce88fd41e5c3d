// The guardrails' judgement on Touches, without a server: hours (wrapping midnight, days, zones),
// which deletes past a limit are refused, groups for neverAuto, and approval.
import { describe, expect, it } from 'vitest';
import { inWriteHours, violations, type CheckState, type Touch } from '../../src/core/guardrails/check.ts';
import type { RuleSet } from '../../src/core/guardrails/rules.ts';

const at = (iso: string): CheckState => ({ now: Date.parse(iso), runDeletes: 0, dayDeletes: () => 0, approved: false });
const remove = (email: string, team: string | null = null): Touch => ({ label: `- ${email}`, kinds: ['delete'], removes: true, member: { email, team, role: 'member' } });

describe('guardrails checks', () => {
  it('write hours: a window past midnight wraps; days and the zone are read on the zone’s clock', () => {
    const night = { from: '22:00', to: '06:00', zone: 'UTC' };
    expect(inWriteHours(night, Date.parse('2026-11-30T23:30:00Z'))).toBe(true);
    expect(inWriteHours(night, Date.parse('2026-11-30T05:59:00Z'))).toBe(true);
    expect(inWriteHours(night, Date.parse('2026-11-30T06:00:00Z'))).toBe(false);
    // 08:30 UTC on Monday 30 November is 09:30 in Paris: inside 09:00-18:00 on weekdays, and not on Sunday.
    const office = { from: '09:00', to: '18:00', zone: 'Europe/Paris', days: ['mon', 'tue', 'wed', 'thu', 'fri'] as Array<'mon'> };
    expect(inWriteHours(office, Date.parse('2026-11-30T08:30:00Z'))).toBe(true);
    expect(inWriteHours(office, Date.parse('2026-11-30T07:30:00Z'))).toBe(false);
    expect(inWriteHours(office, Date.parse('2026-11-29T08:30:00Z'))).toBe(false);
  });

  it('the deletes past a limit are the ones named, counting what the run and the day already did', () => {
    const rs: RuleSet = { file: 'org.yaml', rules: { limits: { deletesPerRun: 3, deletesPerDay: 10 } } };
    const touches = ['a', 'b', 'c'].map((x) => remove(`${x}@acme.test`));
    expect(violations(rs, touches, at('2026-11-30T10:00:00Z'))).toEqual([]);
    const [v] = violations(rs, touches, { ...at('2026-11-30T10:00:00Z'), runDeletes: 1 });
    expect(v).toMatchObject({ rule: 'guardrails.limits.deletesPerRun', objects: ['- c@acme.test'] });
    const [d] = violations(rs, touches, { ...at('2026-11-30T10:00:00Z'), dayDeletes: () => 9 });
    expect(d).toMatchObject({ rule: 'guardrails.limits.deletesPerDay', objects: ['- b@acme.test', '- c@acme.test'] });
  });

  it('neverAuto holds for the group it matches; approval lets a second admin’s plan through', () => {
    const rs: RuleSet = {
      file: 'org.yaml',
      rules: { neverAuto: [{ match: { team: 'Support' }, cells: ['voice_call'] }], approval: { changes: ['supervision'] }, approvers: [] },
    };
    const auto = (team: string): Touch => ({ label: `~ ${team}`, kinds: ['supervision'], member: { email: 'x@acme.test', team, role: 'member' }, autoCells: ['voice_call', 'files'] });
    expect(violations(rs, [auto('Support')], at('2026-11-30T10:00:00Z')).map((v) => v.rule)).toEqual(['guardrails.neverAuto[0]', 'guardrails.approval']);
    expect(violations(rs, [auto('Sales')], { ...at('2026-11-30T10:00:00Z'), approved: true })).toEqual([]);
    expect(violations(rs, [auto('support')], { ...at('2026-11-30T10:00:00Z'), approved: true })[0]!.objects).toEqual(['~ support (voice_call)']);
  });

  it('a protected member is not removed nor re-roled; other changes to them pass', () => {
    const rs: RuleSet = { file: 'org.yaml', rules: { protected: { members: ['ceo@acme.test'], teams: ['Board'] } } };
    expect(violations(rs, [remove('ceo@acme.test')], at('2026-11-30T10:00:00Z'))[0]!.rule).toBe('guardrails.protected.members');
    expect(violations(rs, [remove('x@acme.test', 'Board')], at('2026-11-30T10:00:00Z'))[0]!.rule).toBe('guardrails.protected.teams');
    expect(violations(rs, [{ label: '~ ceo', kinds: ['update'], member: { email: 'ceo@acme.test', team: null, role: 'admin' } }], at('2026-11-30T10:00:00Z'))).toEqual([]);
  });
});
