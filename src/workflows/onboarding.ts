// Onboarding commands that need more than the builder's plain request.
import type { Handler } from '../core/spec.ts';
import { requestFor } from '../core/endpoint-request.ts';

/** 204 means the user never ran onboarding: an answer, not an error (exit 0, nothing on stdout). */
export const current: Handler = async (ctx, inv) => {
  const res = await ctx.client().request(requestFor(inv.spec.endpoint));
  if (res.dryRun) return;
  if (res.status === 204 || res.data === null) return { data: undefined, message: 'no onboarding session: this user never ran onboarding (start one with `agnt onboarding run`)' };
  return { data: res.data };
};
