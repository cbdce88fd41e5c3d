// Accepting an invitation while owning a team: the 400's body says which team, and the hint names it.
import type { Handler } from '../core/spec.ts';
import { ApiError } from '../core/errors.ts';
import { explain, plain } from './common.ts';

export const acceptInvitation: Handler = async (ctx, inv) => {
  const res = await plain(ctx, inv).catch((e) => {
    // The spec's 400 body carries requiresOwnershipTransfer and teamId, maybe no error_code.
    if (e instanceof ApiError && e.body.requiresOwnershipTransfer === true) {
      const teamId = typeof e.body.teamId === 'string' ? e.body.teamId : 'your current team';
      e.hint = `you own ${teamId}, which still has other active members, and a team must always have an owner. Accepting moves you out of it, so first choose who takes it over: re-run with --new-owner <userId> naming one of its members (list them with \`agnt teams members list ${teamId} --status active\`).`;
      throw e;
    }
    return explain(e, {
      AGNT_E_INVITATION_EXPIRED: 'ask a team owner or admin to invite you again.',
      '403': 'an invitation can only be accepted by the person it was sent to (log in as that user).',
    });
  });
  return res && { data: res.data };
};
