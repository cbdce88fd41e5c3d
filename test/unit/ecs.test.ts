// ECS documents carry the categorization fields a SIEM's rules key on: event.category and
// event.type (arrays of ECS's allowed values, in allowed pairs) and event.outcome.
import { describe, expect, it } from 'vitest';
import { toEcs } from '../../src/workflows/audit/ecs.ts';

// ECS 8.11: the event.type values each event.category allows.
const ALLOWED: Record<string, string[]> = {
  configuration: ['access', 'change', 'creation', 'deletion', 'info'],
  iam: ['admin', 'change', 'creation', 'deletion', 'group', 'info', 'user'],
  authentication: ['start', 'end', 'info'],
};

const ev = (action: string) => toEcs({ id: 'aev_1', action, createdAt: '2026-01-05T09:05:00.000Z', actor: 'usr_admin', entityType: action.split('.')[0], entityId: 'x' }, 'agnt.audit').event;

describe('toEcs categorization', () => {
  it.each([
    ['member.updated', ['iam'], ['change', 'user']],
    ['team.created', ['iam'], ['creation', 'group']],
    ['team_member.updated', ['iam'], ['change', 'group']],
    ['invitation.created', ['iam'], ['creation', 'user']],
    ['domain.verified', ['configuration'], ['change']],
    ['sso.updated', ['configuration'], ['change']],
    ['organization.deleted', ['configuration'], ['deletion']],
    ['supervision_exception.created', ['configuration'], ['creation']],
  ])('%s', (action, category, type) => {
    const e = ev(action);
    expect(e).toMatchObject({ category, type, outcome: 'success' });
    for (const c of e.category) for (const t of e.type) expect(ALLOWED[c], `${c}/${t}`).toContain(t);
  });

  it('a failed or denied action has the outcome failure', () => {
    expect(ev('sso.login_failed').outcome).toBe('failure');
    expect(ev('member.access_denied').outcome).toBe('failure');
  });
});
