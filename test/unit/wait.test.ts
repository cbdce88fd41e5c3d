import { describe, expect, it } from 'vitest';
import { durationMs, isMet, parseCondition, unreachable } from '../../src/workflows/wait.ts';
import { NEXT, reachable } from '../../src/workflows/states.ts';

describe('wait conditions', () => {
  it('reads FIELD=VALUE[,VALUE] and jmespath=EXPR', async () => {
    expect(await parseCondition('status=scheduled')).toMatchObject({ type: 'field', path: 'status', values: ['scheduled'] });
    expect(await parseCondition('preview.status = ready, failed')).toMatchObject({ type: 'field', path: 'preview.status', values: ['ready', 'failed'] });
    const jp = await parseCondition("jmespath=status == 'active' && accessHealth == 'ok'");
    expect(jp.type).toBe('jmespath');
    expect(isMet(jp, { status: 'active', accessHealth: 'ok' })).toBe(true);
    expect(isMet(jp, { status: 'active', accessHealth: 'calendar_lost' })).toBe(false);
    await expect(parseCondition('status')).rejects.toThrow(/cannot read/);
    await expect(parseCondition('jmespath=[')).rejects.toThrow(/invalid JMESPath/);
  });

  it('JMESPath conditions are met when truthy: empty lists and null are not', async () => {
    const c = await parseCondition('jmespath=briefing.findings');
    expect(isMet(c, { briefing: { findings: [] } })).toBe(false);
    expect(isMet(c, { briefing: { findings: [{}] } })).toBe(true);
    expect(isMet(c, {})).toBe(false);
  });

  it('field values compare as text, null included', async () => {
    expect(isMet(await parseCondition('requireManagerApproval=false'), { requireManagerApproval: false })).toBe(true);
    expect(isMet(await parseCondition('approvedAt=null'), { approvedAt: null })).toBe(true);
  });
});

describe('what can still be reached', () => {
  it('follows the coverage moves and the clock', () => {
    expect([...reachable(NEXT.coverage!, 'pending_manager_approval', {})].sort()).toEqual(['active', 'cancelled', 'ended', 'pending_manager_approval', 'scheduled']);
    expect([...reachable(NEXT.coverage!, 'pending_acceptance', { requireManagerApproval: false })]).not.toContain('pending_manager_approval');
    expect([...reachable(NEXT.coverage!, 'cancelled', {})]).toEqual(['cancelled']);
  });

  it('a rejected span, a failed job or a revoked delegation end the wait', async () => {
    const scheduled = await parseCondition('status=scheduled');
    expect(unreachable('coverage', scheduled, { status: 'pending_acceptance' })).toBeUndefined();
    expect(unreachable('coverage', scheduled, { status: 'cancelled' })).toMatch(/cannot be reached/);
    expect(unreachable('coverage', scheduled, { status: 'active' })).toMatch(/cannot be reached/);
    expect(unreachable('audit-delivery', await parseCondition('status=completed'), { status: 'failed' })).toMatch(/cannot be reached/);
    // Any condition on a record that no longer changes.
    expect(unreachable('delegation', await parseCondition('accessHealth=ok'), { status: 'revoked', accessHealth: 'calendar_lost' })).toMatch(/will not change/);
    // A ready drive file still changes (its preview): keep waiting.
    expect(unreachable('drive-file', await parseCondition('preview.status=ready'), { status: 'ready' })).toBeUndefined();
  });
});

describe('durations', () => {
  it('takes seconds and the shared duration grammar', () => {
    expect(durationMs('30', '--timeout')).toBe(30_000);
    expect(durationMs('1.5s', '--timeout')).toBe(1500);
    expect(durationMs('10m', '--timeout')).toBe(600_000);
    expect(durationMs('1d2h', '--timeout')).toBe(26 * 3_600_000);
    expect(() => durationMs('soon', '--timeout')).toThrow(/cannot read 'soon'/);
    expect(() => durationMs('0', '--timeout')).toThrow();
  });
});
