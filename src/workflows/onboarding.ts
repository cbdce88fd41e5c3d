// Onboarding commands that need more than the builder's plain request.
import type { Handler } from '../core/spec.ts';
import { UsageError } from '../core/errors.ts';
import { check } from './preferences.ts';
import { arr, type Shape } from '../api/shape.ts';
import { weekLabel } from '../api/areas/onboarding.ts';

/** 204 means the user never ran onboarding: an answer, not an error (exit 0, nothing on stdout). */
export const current: Handler = async (ctx, inv) => {
  const res = await ctx.client().request({ method: 'GET', path: inv.spec.path, resultKey: inv.spec.resultKey });
  if (res.dryRun) return;
  if (res.status === 204 || res.data === null) return { data: undefined, message: 'no onboarding session: this user never ran onboarding (start one with `agnt onboarding run`)' };
  return { data: res.data };
};

// The body's own shape, from the model (PUT .../week-labels).
const labels: Shape = arr(weekLabel);

export const weekLabels: Handler = async (ctx, inv) => {
  const body = inv.body ?? {};
  const problem = check(body.labels, labels, 'labels');
  if (problem) throw new UsageError(problem);
  const res = await ctx.client().request({ method: inv.spec.method, path: inv.spec.path, params: inv.args, body, resultKey: inv.spec.resultKey });
  if (res.dryRun) return;
  return { data: res.data };
};
