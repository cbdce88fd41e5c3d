// Helpers shared by the organization and team handlers: the plain request of a
// command, error hints in plain words, and a stderr spinner for --wait.
import type { Context } from '../core/context.ts';
import type { ApiResponse } from '../core/http.ts';
import type { Invocation } from '../core/spec.ts';
import { ApiError } from '../core/errors.ts';
import { secondsFlag } from '../core/duration.ts';
import { spinner as coreSpinner, type Spinner } from '../core/progress.ts';
export { sleep } from '../core/sleep.ts';

/** The command's own request, as the builder would send it; undefined on --dry-run. */
export async function plain<T = unknown>(ctx: Context, inv: Invocation, body: unknown = inv.body): Promise<ApiResponse<T> | undefined> {
  const { spec } = inv;
  const res = await ctx.client().request<T>({ method: spec.method, path: spec.path, params: inv.args, query: inv.query, body, resultKey: spec.resultKey, envelope: spec.envelope });
  return res.dryRun ? undefined : res;
}

/**
 * Adds a plain-words hint to an API error when one matches, and rethrows it. The match is on
 * the error_code, then on the HTTP status.
 */
export function explain(e: unknown, hints: Record<string, string | ((err: ApiError) => string)>): never {
  if (e instanceof ApiError) {
    const h = (e.code && hints[e.code]) || hints[String(e.status)];
    if (h) e.hint = typeof h === 'function' ? h(e) : h;
  }
  throw e;
}

/** The --wait spinner (core/progress.ts): on a terminal's stderr only. */
export function spinner(ctx: Context, text: string): Spinner {
  return coreSpinner(ctx.io, text);
}

/** Seconds from an option (a number, or a duration such as 90s or 2m), checked. */
export function seconds(value: unknown, flag: string): number {
  return secondsFlag(value, flag);
}
