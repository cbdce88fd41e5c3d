// `agnt org audit-events tail` and `agnt coordinator audit-events-tail`: audit events oldest
// first, each exactly once, then (--follow) the new ones as they come, resumable from a cursor
// file (audit/cursor.ts).
//
// Each poll asks for the events at or after the cursor's time. When they fit one page that page
// is the answer. Otherwise the newest time t0 on the first page splits the work: the events
// before t0 are in the past and no longer change, so their pages can be walked in any order
// (the core's walk, several pages at once); the events at t0 itself are read again on their own
// (new ones may still arrive at that millisecond, and a walk from the newest end only repeats
// records when others are added, never skips one). What was read is sorted by time, the events
// the cursor has seen are dropped, and the rest is written in batches, the cursor saved after
// each.
import { acquireLock, LEDGER_LOCK_WAIT_MS } from '../core/file-lock.ts';
import type { Context } from '../core/context.ts';
import type { Outcome, StreamSink } from '../core/outcome.ts';
import type { Handler, Invocation } from '../core/spec.ts';
import { AgntError, ApiError, NetworkError, UsageError } from '../core/errors.ts';
import { requestFor } from '../core/endpoint-request.ts';
import { paginate } from '../core/paginate.ts';
import { backoffDelay } from '../core/http.ts';
import { checkZone, isWallTime, parseWhen, resolveZone } from '../core/time.ts';
import { secondsFlag } from '../core/duration.ts';
import { sleep } from '../core/sleep.ts';
import type { Column } from '../core/output.ts';
import { advance, CursorFile, isNew, type Cursor } from './audit/cursor.ts';
import { ECS_COLUMNS, toEcs } from './audit/ecs.ts';
import { explain } from './common.ts';

type Rec = Record<string, any>;

export type TailOptions = { since?: string; follow?: boolean; interval?: string; cursorFile?: string; schema?: string; tz?: string };

/** How one audit-event list takes a time window and a page size. */
interface Source {
  /** Names the cursor's source ('organization org_acme'). */
  label: string;
  dataset: string;
  /** Query parameters for events at or after `from` and before `to` (milliseconds). */
  window(from?: number, to?: number): Rec;
  size: Rec;
  hints: Record<string, string>;
}

const PAGE = 100;
// Events written per batch (one write, one cursor save).
const BATCH = 500;
const iso = (ms: number) => new Date(ms).toISOString();

const orgSource = (orgId: string): Source => ({
  label: `organization ${orgId}`,
  dataset: 'agnt.audit',
  // after and before are exclusive: after = from - 1 ms takes the events at `from` too.
  window: (from, to) => ({ ...(from !== undefined ? { after: iso(from - 1) } : {}), ...(to !== undefined ? { before: iso(to) } : {}) }),
  size: { perPage: PAGE },
  hints: { '403': 'only organization admins read audit events' },
});

const managerSource = (): Source => ({
  label: 'coordinator manager-audit-events',
  dataset: 'agnt.manager_audit',
  // from is inclusive, to exclusive.
  window: (from, to) => ({ ...(from !== undefined ? { from: iso(from) } : {}), ...(to !== undefined ? { to: iso(to) } : {}) }),
  size: { limit: PAGE },
  hints: { '403': 'the manager audit view needs ea_manager in your managerRoles, or organization admin' },
});

export const orgTail: Handler<TailOptions> = (ctx, inv) => tail(ctx, inv, orgSource(inv.args.orgId!));
export const managerTail: Handler<TailOptions> = (ctx, inv) => tail(ctx, inv, managerSource());

const timeOf = (e: Rec): number => Date.parse(e.createdAt);

/** A failure a --follow outlives (the core's retries already spent): network, timeouts, 5xx, 429. */
function transient(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  if (e instanceof ApiError) return e.status >= 500 || e.status === 429 || e.status === 408;
  return e instanceof WindowChanged;
}

class WindowChanged extends Error {}

/**
 * Checks what needs no state, then returns the stream: the presenter checks the format against
 * --follow before it runs, and prints each batch (jsonl in a pipe unless a format is named; a
 * terminal table row by row in fixed columns, since a follow has no end to measure them at).
 */
async function tail(ctx: Context, inv: Invocation<TailOptions>, source: Source): Promise<Outcome> {
  const o = inv.opts;
  // ---- everything checked before the first request ----
  if (o.schema !== undefined && o.schema !== 'ecs') throw new UsageError(`--schema must be 'ecs', got '${o.schema}'`);
  const intervalMs = secondsFlag(o.interval ?? 10, '--interval') * 1000;
  const ecs = o.schema === 'ecs';
  const columns: Column[] = ecs ? ECS_COLUMNS : (inv.spec.columns ?? []);
  return {
    columns,
    stream: {
      pipeFormat: 'jsonl',
      endless: o.follow ? '--follow' : undefined,
      // The time keeps its 24 characters; the other columns share what the terminal has left.
      table: { first: 24, weights: [3, 5, 2, 3] },
      run: (sink) => run(ctx, inv, source, sink, intervalMs),
    },
  };
}

async function run(ctx: Context, inv: Invocation<TailOptions>, source: Source, sink: StreamSink, intervalMs: number): Promise<void> {
  // One tail per cursor file: a second one refuses, naming the first, rather than both saving it.
  const path = inv.opts.cursorFile && !ctx.dryRun ? inv.opts.cursorFile : undefined;
  const lock = path ? await acquireLock(path, { waitMs: LEDGER_LOCK_WAIT_MS, what: 'the cursor file', signal: ctx.signal }) : undefined;
  try {
    await follow(ctx, inv, source, sink, intervalMs);
  } finally {
    lock?.release();
  }
}

async function follow(ctx: Context, inv: Invocation<TailOptions>, source: Source, sink: StreamSink, intervalMs: number): Promise<void> {
  const o = inv.opts;
  const filters: Rec = { ...inv.query };
  const ecs = o.schema === 'ecs';
  let cursor: Cursor = { time: null, ids: new Set() };
  let file: CursorFile | undefined;
  if (o.cursorFile && !ctx.dryRun) ({ file, cursor } = CursorFile.open(o.cursorFile, source.label));
  // The zone of a local --since may be the user's (a request): asked once every local check passed.
  let since: number | undefined;
  if (o.since !== undefined) {
    const tzFlag = o.tz ? checkZone(o.tz, '--tz') : undefined;
    const tz = isWallTime(o.since) ? await resolveZone(ctx, tzFlag) : 'UTC';
    since = parseWhen(o.since, tz, Date.now(), { flag: '--since', ago: true });
  }
  // A saved cursor goes on where it stopped; --since only starts a new one.
  const from = (): number | undefined => cursor.time ?? since;

  const client = ctx.client();
  const request = (q: Rec) => requestFor(inv.spec.endpoint, { params: inv.args, query: { ...filters, ...q } });

  /** One poll: every event at or after the cursor, sorted, the ones already written dropped. */
  const poll = async (): Promise<Rec[] | undefined> => {
    const start = from();
    const first = await client.request(request({ ...source.window(start), ...source.size }));
    if (first.dryRun) return undefined;
    let events = (first.data as Rec[]) ?? [];
    const total = first.meta.total;
    if (total !== undefined && events.length < total) {
      const t0 = Math.max(...events.map(timeOf));
      const byId = new Map<string, Rec>();
      const collect = (items: unknown[]) => {
        for (const e of items as Rec[]) byId.set(e.id, e);
      };
      const past = await paginate(client, request(source.window(start, t0)), { all: true }, collect);
      // The past does not change; a count that does is a server that inserts into it: read again next time.
      if (past.incomplete) throw new WindowChanged(`the events before ${iso(t0)} changed while they were read`);
      await paginate(client, request(source.window(t0, t0 + 1)), { all: true }, collect);
      events = [...byId.values()];
    }
    // Each time parsed once: a backfill sorts many events.
    const timed: Array<[number, Rec]> = [];
    for (const e of events) {
      const t = timeOf(e);
      if (isNew(cursor, t, e.id)) timed.push([t, e]);
    }
    return timed.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  };

  const shown = (events: Rec[]) => (ecs ? events.map((e) => toEcs(e, source.dataset)) : events);
  const moved = (c: Cursor, events: Rec[]) =>
    advance(
      c,
      events.map((e) => ({ time: timeOf(e), id: e.id })),
    );
  let pendingCursor = cursor;
  const emit = async (events: Rec[]) => {
    if (!sink.streaming) {
      // json and yaml print one document at the end: the cursor moves when it is written.
      await sink.emit(shown(events));
      pendingCursor = moved(pendingCursor, events);
      return;
    }
    for (let i = 0; i < events.length; i += BATCH) {
      const batch = events.slice(i, i + BATCH);
      const prev = cursor;
      const next = moved(prev, batch);
      // On descriptor 1 before the cursor moves past it (noted as pending first on a regular file).
      await sink.emit(shown(batch), file ? (bytes, fd) => file.beforeWrite(fd, bytes, prev, next) : undefined);
      file?.save(next);
      cursor = next;
    }
  };

  if (o.follow) {
    // Ctrl-C is how a follow ends: exit 0, the cursor saved after the last batch written.
    ctx.interruptIsStop = true;
    if (ctx.io.stderrIsTTY && !ctx.io.quiet) ctx.io.err(`following ${source.label} every ${intervalMs / 1000}s (Ctrl-C to stop)`);
  }
  let failures = 0;
  for (;;) {
    try {
      const events = await poll();
      if (events === undefined) return; // --dry-run: the request was printed
      await emit(events);
      failures = 0;
    } catch (e) {
      if (ctx.signal.aborted) break;
      if (!o.follow || !transient(e)) {
        if (e instanceof WindowChanged) throw new AgntError(e.message);
        explain(e, source.hints);
      }
      failures++;
      const wait = intervalMs + backoffDelay(failures, intervalMs, 5 * 60_000);
      const status = e instanceof ApiError ? ` (HTTP ${e.status})` : '';
      ctx.io.warn(`${(e as Error).message}${status}; trying again in ${Math.round(wait / 1000)}s`);
      try {
        await sleep(wait, ctx.signal);
      } catch {
        break;
      }
      continue;
    }
    if (!o.follow) break;
    try {
      await sleep(intervalMs, ctx.signal);
    } catch {
      break;
    }
  }
  if (!sink.streaming) {
    const start = cursor;
    await sink.end(file ? (bytes, fd) => file.beforeWrite(fd, bytes, start, pendingCursor) : undefined);
    file?.save(pendingCursor);
  }
}
