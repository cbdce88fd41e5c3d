// Walks the API's lists. Two styles (part 1, 2.0 and 8; part 2, 4.4):
// - page/perPage/total: --all fetches page 1, learns the page size the server actually uses
//   (it may cap what was asked) and the total, then fetches the remaining pages a few at a time
//   in parallel, handing them on in order as they complete;
// - cursor (limit/before): each request asks for records older than the last one received.
// Either way a walk that ends with fewer (or more) records than the server's `total` is
// reported, never passed off as the whole list.
import type { HttpClient, RequestSpec } from './http.ts';
import { AgntError, UsageError } from './errors.ts';

export interface PageOptions {
  all?: boolean;
  limit?: number;
  page?: number;
  perPage?: number;
  /** Pages in flight at once once the total is known. */
  concurrency?: number;
}

export const ALL_PER_PAGE = 100;
const MAX_PAGES = 100_000;

export interface CursorStyle {
  /** The query parameter that takes the cursor. */
  param: string;
  /** The record field whose value the next request passes (a timestamp, newest first). */
  field: string;
}

/**
 * The cursor of a `before` list (the model's paging style): records come newest first, and the
 * next request asks for those older than the last record's `createdAt`.
 */
const BEFORE: CursorStyle = { param: 'before', field: 'createdAt' };

/** How a request's list pages, from its endpoint in the model; page/perPage when unknown. */
export function cursorStyle(spec: RequestSpec): CursorStyle | undefined {
  return spec.endpoint?.paging === 'before' ? BEFORE : undefined;
}

/** Whether the list documents a `limit` parameter, which --limit then sends. */
export function documentsLimit(spec: RequestSpec): boolean {
  return Boolean(spec.endpoint?.takesLimit);
}

/** The records of a list answer (a record alone, or none, as a list). */
export function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data === null || data === undefined) return [];
  return [data];
}

function positive(name: string, v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer, got '${v}'`);
  return n;
}

export function parsePageOptions(opts: Record<string, unknown>): PageOptions {
  return {
    all: Boolean(opts.all),
    limit: positive('--limit', opts.limit),
    page: positive('--page', opts.page),
    perPage: positive('--per-page', opts.perPage),
  };
}

export interface PageResult {
  /** Records handed to onPage. */
  count: number;
  /** The server's total, when it gave one. */
  total?: number;
  /**
   * Set when the walk was meant to cover the whole list (or the rest of it from --page) and
   * the records received differ from what the server's total says exist.
   */
  incomplete?: { received: number; expected: number };
  /** One page asked for (--page without --all): its number and size, for a page past the last. */
  page?: number;
  perPage?: number;
}

/** The error for an incomplete walk: exit 1, after the records received were printed. */
export function incompleteError(r: PageResult, what: string): AgntError | undefined {
  if (!r.incomplete) return undefined;
  const { received, expected } = r.incomplete;
  return new AgntError(
    `${what}: received ${received} record${received === 1 ? '' : 's'} but the server reported ${expected}; the list is incomplete`,
    1,
    'the list changed while it was read, or the server pages differently than it says; run the command again',
  );
}

/**
 * What a walk hands each page to. A promise it returns (stdout full: the reader is slower than
 * the server) is awaited before the next page is handed over, so that a long --all holds a few
 * pages in memory rather than the whole output.
 */
export type OnPage = (items: unknown[]) => unknown;

/**
 * What onPage returns (or resolves to) when it has what it needs: the walk ends there, asks
 * for no further page, and is not reported incomplete (drift stops once every field is named).
 */
export const STOP_WALK: unique symbol = Symbol('stop walk');

/** Returns how many records were handed to onPage, the server's total, and whether any are missing. */
export async function paginate(client: HttpClient, spec: RequestSpec, opts: PageOptions, onPage: OnPage): Promise<PageResult> {
  const cursor = cursorStyle(spec);
  if (cursor) return await walkCursor(client, spec, opts, cursor, onPage);
  const limit = opts.limit;
  const sendLimit = limit !== undefined && documentsLimit(spec) ? { limit } : {};
  let count = 0;
  let stopped = false;
  const emit = async (items: unknown[]): Promise<boolean> => {
    const room = limit === undefined ? items.length : Math.max(0, limit - count);
    const take = items.length > room ? items.slice(0, room) : items;
    if (take.length) {
      let waited = onPage(take);
      if (waited instanceof Promise) waited = await waited;
      if (waited === STOP_WALK) stopped = true;
    }
    count += take.length;
    return stopped || (limit !== undefined && count >= limit);
  };
  const fetchPage = async (page: number, perPage?: number) => {
    const query = { ...(spec.query ?? {}), page, ...(perPage ? { perPage } : {}), ...sendLimit };
    const res = await client.request({ ...spec, query, ...(page > 1 ? { priority: true } : {}) });
    return { items: itemsOf(res.data), total: res.meta.total, perPage: res.meta.perPage, dryRun: res.dryRun };
  };

  if (!opts.all && limit === undefined) {
    const res = await client.request({
      ...spec,
      query: { ...(spec.query ?? {}), ...(opts.page ? { page: opts.page } : {}), ...(opts.perPage ? { perPage: opts.perPage } : {}) },
    });
    if (res.dryRun) return { count: 0 };
    const items = itemsOf(res.data);
    await emit(items);
    return { count, total: res.meta.total, page: opts.page, perPage: res.meta.perPage ?? opts.perPage };
  }

  const asked = opts.perPage ?? (opts.all ? ALL_PER_PAGE : Math.min(limit!, ALL_PER_PAGE));
  const start = opts.page ?? 1;
  const first = await fetchPage(start, asked);
  if (first.dryRun) return { count: 0 };
  const total = first.total;
  // The page size the server actually used: what it says, else what page 1 held when that is
  // fewer than asked and more remain (a server that caps perPage without saying so).
  let per = asked;
  if (first.perPage !== undefined && first.perPage > 0) per = first.perPage;
  else if (first.items.length > 0 && first.items.length < asked && (total === undefined || total > first.items.length)) per = first.items.length;
  // How many records the walk should end with, when the server said how many exist.
  const expected = total === undefined ? undefined : Math.max(0, total - (start - 1) * per);
  const result = (): PageResult => {
    const r: PageResult = { count, total };
    if (!stopped && expected !== undefined && (limit === undefined || count < limit) && count !== (limit === undefined ? expected : Math.min(limit, expected))) {
      r.incomplete = { received: count, expected: limit === undefined ? expected : Math.min(limit, expected) };
    }
    return r;
  };
  if ((await emit(first.items)) || first.items.length === 0) return result();

  if (total !== undefined) {
    const lastPage = Math.min(Math.ceil(total / per), start + MAX_PAGES);
    const wanted = limit === undefined ? lastPage : Math.min(lastPage, start + Math.ceil((limit - count) / per));
    const concurrency = Math.max(1, opts.concurrency ?? 4);
    const inflight: Array<Promise<{ items: unknown[] }>> = [];
    let next = start + 1;
    const settleQuietly = () => {
      // Their results are not needed; a failure among them is not this walk's to report.
      for (const p of inflight) p.catch(() => undefined);
    };
    // A page fetched ahead may fail (or be aborted by Ctrl-C) before it is awaited: it carries
    // a handler from the start, so that its rejection is never an unhandled one.
    const ahead = (page: number) => {
      const p = fetchPage(page, per);
      p.catch(() => undefined);
      return p;
    };
    while (next <= wanted && inflight.length < concurrency) inflight.push(ahead(next++));
    try {
      while (inflight.length) {
        const res = await inflight.shift()!;
        if ((await emit(res.items)) || res.items.length === 0) break;
        if (next <= wanted) inflight.push(ahead(next++));
      }
    } finally {
      settleQuietly();
    }
    return result();
  }

  // No total: walk until a short or empty page.
  let page = start;
  let last = first.items.length;
  while (last >= per && page < start + MAX_PAGES) {
    page++;
    const res = await fetchPage(page, per);
    last = res.items.length;
    if ((await emit(res.items)) || last === 0) break;
  }
  return result();
}

/**
 * Cursor paging: ask for `limit` records, then for those older than the last one received.
 * The cursor is the last record's time plus one millisecond, so that records sharing that
 * time are asked for again (and dropped by id) rather than skipped.
 */
async function walkCursor(client: HttpClient, spec: RequestSpec, opts: PageOptions, style: CursorStyle, onPage: OnPage): Promise<PageResult> {
  const limit = opts.limit;
  if (opts.page !== undefined) throw new UsageError(`--page does not apply: ${spec.path} pages by --${style.param} (a cursor); use --limit and --${style.param}`);
  const size = Math.min(opts.perPage ?? limit ?? ALL_PER_PAGE, ALL_PER_PAGE);
  const whole = Boolean(opts.all) || limit !== undefined;
  const seen = new Set<string>();
  let count = 0;
  let total: number | undefined;
  let cursorValue: unknown = spec.query?.[style.param];
  // Records already received that the next page will repeat (those at the cursor's time).
  let overlap = 0;
  for (let round = 0; round < MAX_PAGES; round++) {
    const want = limit === undefined ? size : Math.min(size, limit - count + overlap);
    const query = { ...(spec.query ?? {}), ...(whole || opts.perPage ? { limit: want } : {}), ...(cursorValue !== undefined ? { [style.param]: cursorValue } : {}) };
    const res = await client.request({ ...spec, query, ...(round > 0 ? { priority: true } : {}) });
    if (res.dryRun) return { count: 0 };
    const items = itemsOf(res.data);
    if (round === 0) total = res.meta.total;
    const fresh = items.filter((r) => {
      const id = idKey(r);
      if (id === undefined) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    const take = limit === undefined ? fresh : fresh.slice(0, Math.max(0, limit - count));
    let stop = false;
    if (take.length) {
      let waited = onPage(take);
      if (waited instanceof Promise) waited = await waited;
      stop = waited === STOP_WALK;
    }
    count += take.length;
    if (stop) return { count, total };
    if (!whole) break;
    if (limit !== undefined && count >= limit) break;
    // The end: nothing new, every record the server counted, or (with no count) a short page.
    if (fresh.length === 0 || (total !== undefined ? count >= total : items.length < want)) break;
    const lastValue = (items[items.length - 1] as Record<string, unknown> | undefined)?.[style.field];
    overlap = items.filter((x) => (x as Record<string, unknown> | undefined)?.[style.field] === lastValue).length;
    const next = nextCursor(lastValue);
    if (next === undefined || next === cursorValue) break;
    cursorValue = next;
  }
  const r: PageResult = { count, total };
  if (whole && total !== undefined) {
    const expected = limit === undefined ? total : Math.min(limit, total);
    if (count !== expected) r.incomplete = { received: count, expected };
  }
  return r;
}

function idKey(r: unknown): string | undefined {
  if (r && typeof r === 'object' && typeof (r as Record<string, unknown>).id === 'string') return (r as Record<string, string>).id;
  return undefined;
}

/** The `before` cursor after a record with this time: a millisecond later (the value itself when it is not a time). */
export function nextCursor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return value;
  return new Date(t + 1).toISOString();
}
