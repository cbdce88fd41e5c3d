import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpClient } from '../../src/core/http.ts';
import { paginate } from '../../src/core/paginate.ts';
import { fakeServer, type FakeServer } from '../support/fake-server.ts';

const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: `r${i + 1}` }));
let srv: FakeServer;
let client: HttpClient;
let withTotal = true;
let delays: Record<number, number> = {};
/** The server's own page size limit, and whether it says which size it used. */
let cap = Infinity;
let tellsPerPage = true;
/** Pages answered with some records missing, by page number. */
let short: Record<number, number> = {};
let failing: number | undefined;

function pages(req: IncomingMessage, res: ServerResponse) {
  const q = new URL(req.url!, 'http://x').searchParams;
  const page = Number(q.get('page') ?? 1);
  const per = Math.min(cap, Number(q.get('perPage') ?? 10));
  const items = ITEMS.slice((page - 1) * per, page * per).slice(short[page] ?? 0);
  const body = { ok: true, items, page, ...(tellsPerPage ? { perPage: per } : {}), ...(withTotal ? { total: ITEMS.length } : {}) };
  setTimeout(() => {
    if (page === failing) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"status": 500, "error": "boom"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }, delays[page] ?? 0);
}

beforeAll(async () => {
  srv = await fakeServer();
  srv.fallback = pages;
  client = new HttpClient({ baseUrl: srv.url, token: 't', timeoutMs: 5000, retries: 1 });
});
afterAll(async () => {
  await client.close();
  await srv.close();
});

async function collect(opts: Parameters<typeof paginate>[2]) {
  srv.seen.length = 0;
  const got: unknown[][] = [];
  const r = await paginate(client, { method: 'GET', path: '/items', resultKey: 'items' }, opts, (items) => got.push(items));
  return { got, r, pagesAsked: srv.seen.map((s) => Number(new URL(s.url, 'http://x').searchParams.get('page'))) };
}

describe('paginate', () => {
  it('one page by default, with --page and --per-page passed through', async () => {
    const { got, r } = await collect({ page: 2, perPage: 5 });
    expect(got).toEqual([ITEMS.slice(5, 10)]);
    expect(r).toEqual({ count: 5, total: 23, page: 2, perPage: 5 });
  });

  it('--all fetches every page in order even when later pages answer first', async () => {
    withTotal = true;
    delays = { 2: 150, 3: 0 };
    const { got, r, pagesAsked } = await collect({ all: true, perPage: 10 });
    expect(got.flat()).toEqual(ITEMS);
    expect(got.map((g) => g.length)).toEqual([10, 10, 3]);
    expect(r.count).toBe(23);
    expect(pagesAsked.sort()).toEqual([1, 2, 3]);
    delays = {};
  });

  it('--all fetches the remaining pages in parallel once the total is known', async () => {
    delays = { 2: 200, 3: 200 };
    const { got } = await collect({ all: true, perPage: 10 });
    const [, p2, p3] = srv.seen;
    // Both were asked for before either answered.
    expect(Math.abs(p3!.at - p2!.at)).toBeLessThan(150);
    expect(got.flat().length).toBe(23);
    delays = {};
  });

  it('--all without a total walks until a short page', async () => {
    withTotal = false;
    const { got, pagesAsked } = await collect({ all: true, perPage: 10 });
    expect(got.flat()).toEqual(ITEMS);
    expect(pagesAsked).toEqual([1, 2, 3]);
    withTotal = true;
  });

  it('--limit stops across pages without fetching more than needed', async () => {
    const { got, pagesAsked } = await collect({ limit: 12, perPage: 5 });
    expect(got.flat()).toEqual(ITEMS.slice(0, 12));
    expect(pagesAsked.sort()).toEqual([1, 2, 3]);
    const all = await collect({ all: true, limit: 4 });
    expect(all.got.flat()).toEqual(ITEMS.slice(0, 4));
    expect(all.pagesAsked).toEqual([1]);
  });

  it('follows the page size the server used when it caps perPage, said or not', async () => {
    cap = 4;
    for (const tells of [true, false]) {
      tellsPerPage = tells;
      const { got, r, pagesAsked } = await collect({ all: true, perPage: 10 });
      expect(got.flat()).toEqual(ITEMS);
      expect(r).toEqual({ count: 23, total: 23 });
      expect(pagesAsked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    }
    cap = Infinity;
    tellsPerPage = true;
  });

  it('reports a walk that ends with fewer records than the total', async () => {
    short = { 2: 3 };
    const { got, r } = await collect({ all: true, perPage: 10 });
    expect(got.flat().length).toBe(20);
    expect(r.incomplete).toEqual({ received: 20, expected: 23 });
    short = {};
  });

  it('a page fetched ahead that fails is reported once, never as an unhandled rejection', async () => {
    failing = 3;
    delays = { 2: 200 };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    await expect(collect({ all: true, perPage: 5 })).rejects.toThrow('boom');
    await new Promise((ok) => setTimeout(ok, 300));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    failing = undefined;
    delays = {};
  });

  it('stops at an empty page', async () => {
    const { got } = await collect({ all: true, page: 9, perPage: 10 });
    expect(got).toEqual([]);
  });
});
