// `agnt wait KIND ID --for COND`: polls one object until a condition holds (exit 0), until it can
// no longer hold (exit 1: the span was rejected, the job failed), or until --timeout (exit 8).
// Polls back off from --interval by half each time, up to --max-interval, and never sleep past
// the deadline. Modelled on `kubectl wait --for=jsonpath=...`.
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { endpointRequest } from '../core/endpoint-request.ts';
import { AgntError, ApiError, EXIT, Interrupted, NetworkError, UsageError } from '../core/errors.ts';
import { escapeControls, getPath } from '../core/output.ts';
import { parseDuration } from '../core/time.ts';
import { sleep } from '../core/sleep.ts';
import { spinner } from './common.ts';
import { FROZEN, NEXT, reachable } from './states.ts';
import type { WaitKind } from './wait-kinds.ts';

type Rec = Record<string, any>;

export type Condition = { text: string; type: 'field'; path: string; values: string[] } | { text: string; type: 'jmespath'; expr: string; eval: (rec: unknown) => unknown };

/**
 * A length of time: the shared duration grammar of src/core/time.ts (5d, 1w, 36h, 90m, 1d12h),
 * or seconds (a plain number, or with an `s`: 30, 1.5s).
 */
export function durationMs(text: string, flag: string): number {
  const s = String(text).trim();
  const secs = /^(\d+(?:\.\d+)?)\s*s?$/i.exec(s);
  if (secs) {
    const n = Number(secs[1]) * 1000;
    if (n > 0) return n;
  } else {
    const d = parseDuration(s);
    if (d) return d.days * 86_400_000 + d.ms;
  }
  throw new UsageError(`${flag}: cannot read '${text}' as a length of time`, 'use e.g. 30s, 90 (seconds), 5m, 2h, 1d');
}

/** `status=scheduled`, `preview.status=ready,failed`, or `jmespath=EXPR` (met when EXPR is truthy). */
export async function parseCondition(text: string): Promise<Condition> {
  const s = text.trim();
  const jp = /^(?:jmespath|jp)\s*=\s*([\s\S]+)$/i.exec(s);
  if (jp) {
    const expr = jp[1]!.trim();
    const mod = await import('@jmespath-community/jmespath');
    const search = (mod.search ?? (mod as unknown as { default: typeof mod }).default.search) as (d: unknown, e: string) => unknown;
    try {
      search({}, expr);
    } catch (e) {
      throw new UsageError(`--for: invalid JMESPath expression: ${(e as Error).message}`);
    }
    return { text: s, type: 'jmespath', expr, eval: (rec) => search(rec as never, expr) };
  }
  const m = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*=\s*(.+)$/.exec(s);
  if (!m) throw new UsageError(`--for: cannot read '${text}'`, "give FIELD=VALUE (status=scheduled; several values: status=completed,failed) or 'jmespath=EXPR'");
  const values = m[2]!
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.length) throw new UsageError(`--for: no value after '=' in '${text}'`);
  return { text: s, type: 'field', path: m[1]!, values };
}

/** JMESPath truthiness: false, null, '', [] and {} are false; everything else is true. */
function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

export function isMet(cond: Condition, rec: Rec): boolean {
  if (cond.type === 'jmespath') return truthy(cond.eval(rec));
  const v = getPath(rec, cond.path);
  if (v === undefined || v === null) return cond.values.includes('null');
  return cond.values.includes(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** Why the condition can never hold from here, or undefined while it still can. */
export function unreachable(kind: string, cond: Condition, rec: Rec): string | undefined {
  const status = typeof rec.status === 'string' ? rec.status : undefined;
  if (!status) return undefined;
  const next = NEXT[kind];
  if (cond.type === 'field' && cond.path === 'status' && next) {
    const reach = reachable(next, status, rec);
    if (!cond.values.some((v) => reach.has(v))) return `it is ${status}, from which ${cond.text} cannot be reached`;
    return undefined;
  }
  if (FROZEN[kind]?.includes(status)) return `it is ${status} and will not change any more`;
  return undefined;
}

export interface WaitOptions {
  for?: string;
  timeout?: string;
  interval?: string;
  maxInterval?: string;
  /** How the caller says "wait longer" (the MCP tool's is its `seconds`, not --timeout). */
  longer?: (twice: string) => string;
  [k: string]: unknown;
}

function describe(rec: Rec, cond: Condition): string {
  const shown = cond.type === 'field' ? getPath(rec, cond.path) : rec.status;
  const label = cond.type === 'field' ? cond.path : 'status';
  return `${label}=${escapeControls(typeof shown === 'object' && shown !== null ? JSON.stringify(shown) : String(shown ?? 'null'))}`;
}

function human(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)}m`;
  return `${(ms / 3_600_000).toFixed(1)}h`;
}

export async function wait(ctx: Context, kind: WaitKind, id: string, opts: WaitOptions): Promise<Outcome | undefined> {
  // Every flag is read before the first request: bad input sends nothing.
  const cond = await parseCondition(opts.for ?? kind.defaultFor);
  const timeout = durationMs(opts.timeout ?? '10m', '--timeout');
  let interval = durationMs(opts.interval ?? '1', '--interval');
  const cap = Math.max(interval, durationMs(opts.maxInterval ?? '15', '--max-interval'));
  const params: Record<string, string> = { [kind.arg]: id };
  if (kind.flag) {
    const v = (opts[kind.flag.flag] as string | undefined) ?? kind.flag.default;
    if (!v) throw new UsageError(`--${kind.flag.flag} is required for ${kind.what}s`);
    params[kind.flag.param] = v;
  }
  const client = ctx.client();
  const request = await endpointRequest(kind.endpoint, { params });

  const label = `${kind.what} ${escapeControls(id)}`;
  const started = Date.now();
  const deadline = started + timeout;
  const spin = spinner(ctx, `${label}: waiting for ${cond.text}`);
  let poll = 0;
  let rec: Rec | undefined;
  let timedOut: string | undefined;
  try {
    for (;;) {
      poll++;
      try {
        const res = await client.request<Rec>(request);
        if (res.dryRun) return;
        rec = res.data ?? {};
      } catch (e) {
        if (ctx.signal.aborted) throw new Interrupted();
        // A server that stumbles mid-wait (after the client's own retries) does not end a long
        // wait; the first poll, a 4xx (gone, not allowed) and bad input do.
        const passing = e instanceof NetworkError || (e instanceof ApiError && e.status >= 500);
        if (poll === 1 || !passing) throw e;
        ctx.io.warn(`${label}: poll ${poll} failed (${(e as Error).message}); trying again`);
      }
      if (rec) {
        const state = describe(rec, cond);
        if (ctx.global.debug) ctx.io.err(`wait: poll ${poll}: ${label} ${state}`);
        spin.update(`${label}: ${state}; waiting for ${cond.text} (${human(Date.now() - started)})`);
        if (isMet(cond, rec)) break;
        const why = unreachable(kind.name, cond, rec);
        if (why) throw new AgntError(`${label} will not meet ${cond.text}: ${why}`, EXIT.failure);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        // A finding (exit 8), not an error: the record as it is goes to stdout.
        timedOut = `timed out after ${human(timeout)} waiting for ${label} to meet ${cond.text}${rec ? ` (${describe(rec, cond)})` : ''}; ${(opts.longer ?? ((t) => `wait longer with --timeout, e.g. --timeout ${t}`))(human(timeout * 2))}`;
        break;
      }
      await sleep(Math.min(interval, left), ctx.signal);
      interval = Math.min(cap, Math.round(interval * 1.5));
    }
  } finally {
    spin.stop();
  }
  const text = `${label}: ${describe(rec!, cond)}${cond.type === 'jmespath' ? ` (${escapeControls(cond.text)})` : ''}`;
  const view = async () => ({ data: rec, text });
  if (timedOut) return { data: rec, view, exitCode: EXIT.waitTimeout, message: timedOut };
  return { data: rec, view, notes: [`${label} met ${escapeControls(cond.text)} after ${human(Date.now() - started)} (${poll} poll${poll === 1 ? '' : 's'})`] };
}
