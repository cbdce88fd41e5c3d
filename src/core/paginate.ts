// Walks page/perPage/total lists. --all fetches page 1, then (once `total` is known) the
// remaining pages a few at a time in parallel, handing them on in order as they complete.
import type { HttpClient, RequestSpec } from './http.ts';
import { UsageError } from './errors.ts';

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

function itemsOf(data: unknown): unknown[] {
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

/** Returns how many records were handed to onPage and the server's total when it gave one. */
export async function paginate(client: HttpClient, spec: RequestSpec, opts: PageOptions, onPage: (items: unknown[]) => void): Promise<{ count: number; total?: number }> {
  const limit = opts.limit;
  let count = 0;
  const emit = (items: unknown[]): boolean => {
    const room = limit === undefined ? items.length : Math.max(0, limit - count);
    const take = items.length > room ? items.slice(0, room) : items;
    if (take.length) onPage(take);
    count += take.length;
    return limit !== undefined && count >= limit;
  };
  const fetchPage = async (page: number, perPage?: number) => {
    const query = { ...(spec.query ?? {}), page, ...(perPage ? { perPage } : {}) };
    const res = await client.request({ ...spec, query });
    return { items: itemsOf(res.data), total: res.meta.total, dryRun: res.dryRun };
  };

  if (!opts.all && limit === undefined) {
    const res = await client.request({
      ...spec,
      query: { ...(spec.query ?? {}), ...(opts.page ? { page: opts.page } : {}), ...(opts.perPage ? { perPage: opts.perPage } : {}) },
    });
    if (res.dryRun) return { count: 0 };
    const items = itemsOf(res.data);
    emit(items);
    return { count, total: res.meta.total };
  }

  const perPage = opts.perPage ?? (opts.all ? ALL_PER_PAGE : Math.min(limit!, ALL_PER_PAGE));
  let page = opts.page ?? 1;
  const first = await fetchPage(page, perPage);
  if (first.dryRun) return { count: 0 };
  if (emit(first.items) || first.items.length === 0) return { count, total: first.total };
  const total = first.total;
  const effectivePer = first.items.length < perPage && total === undefined ? first.items.length : perPage;

  if (total !== undefined) {
    const lastPage = Math.min(Math.ceil(total / perPage), page + MAX_PAGES);
    const wanted = limit === undefined ? lastPage : Math.min(lastPage, page + Math.ceil((limit - count) / perPage));
    const concurrency = Math.max(1, opts.concurrency ?? 4);
    const inflight: Array<Promise<{ items: unknown[] }>> = [];
    let next = page + 1;
    while (next <= wanted && inflight.length < concurrency) inflight.push(fetchPage(next++, perPage));
    while (inflight.length) {
      const res = await inflight.shift()!;
      if (emit(res.items) || res.items.length === 0) {
        // Let the rest settle quietly; their results are not needed.
        for (const p of inflight) p.catch(() => undefined);
        break;
      }
      if (next <= wanted) inflight.push(fetchPage(next++, perPage));
    }
    return { count, total };
  }

  // No total: walk until a short or empty page.
  let last = first.items.length;
  while (last >= effectivePer && page < MAX_PAGES) {
    page++;
    const res = await fetchPage(page, perPage);
    last = res.items.length;
    if (emit(res.items) || last === 0) break;
  }
  return { count };
}
