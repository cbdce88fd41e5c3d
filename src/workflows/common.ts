// Helpers shared by the organization and team handlers: relative times, the plain request of a
// command, error hints in plain words, and a stderr spinner for --wait.
import type { Context } from '../core/context.ts';
import type { ApiResponse } from '../core/http.ts';
import type { Invocation } from '../core/spec.ts';
import { ApiError, UsageError } from '../core/errors.ts';
import { colorEnabled } from '../core/io.ts';
export { sleep } from '../core/sleep.ts';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** '24h', '7d', '30m', '2w', '90s' (that long ago), 'now', or an ISO 8601 date or time. */
export function parseWhen(text: string, flag: string, now = Date.now()): string {
  const s = text.trim();
  if (s === 'now') return new Date(now).toISOString();
  const rel = /^(\d+)\s*([smhdw])$/i.exec(s);
  if (rel) return new Date(now - Number(rel[1]) * UNITS[rel[2]!.toLowerCase()]!).toISOString();
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(s)) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  }
  throw new UsageError(`${flag}: '${text}' is not a time (give an ISO 8601 time such as 2026-11-01T09:00:00Z, or a relative one: 30m, 24h, 7d, 2w, now)`);
}

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

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

/** A spinner on stderr, only when stderr is a terminal and colour is allowed; silent otherwise. */
export function spinner(ctx: Context, text: string): Spinner {
  const on = ctx.io.stderrIsTTY && !ctx.io.quiet && colorEnabled(true, ctx.global.color === false);
  if (!on) return { update() {}, stop() {} };
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let i = 0;
  let label = text;
  const draw = () => ctx.io.stderr.write(`\r\x1b[K${frames[i++ % frames.length]} ${label}`);
  draw();
  const timer = setInterval(draw, 80);
  return {
    update(t) {
      label = t;
    },
    stop() {
      clearInterval(timer);
      ctx.io.stderr.write('\r\x1b[K');
    },
  };
}

/** Seconds from an option, checked. */
export function seconds(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number of seconds, got '${String(value)}'`);
  return n;
}
