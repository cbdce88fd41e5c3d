// Request/response helpers shared by the sandbox's areas: envelopes, pagination and error
// bodies, as the spec states them (part 1, sections 2.0 and 7). Requests are validated against
// the API model before a handler runs (validate.ts).

export interface Req {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  rawBody: Buffer;
  /** The authenticated user's record (null on routes that need no auth). */
  user: any;
  token?: string;
  /** The unread request body, on routes registered with `stream: true` (rawBody is then empty). */
  stream?: NodeJS.ReadableStream;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The body already serialised as JSON text (a cached answer); sent in place of `body`. */
  json?: string;
  /** Bytes sent as they are (downloads); a stream is piped, so large files are never buffered. */
  raw?: Buffer | string | NodeJS.ReadableStream;
}

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public code?: string,
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function fail(status: number, message: string, code?: string, extra?: Record<string, unknown>): never {
  throw new HttpError(status, message, code, extra);
}

export const notFound = (what: string, id?: string): never => fail(404, `${what}${id ? ` '${id}'` : ''} not found`, 'AGNT_E_NOT_FOUND');
export const forbidden = (message: string, code = 'AGNT_E_FORBIDDEN'): never => fail(403, message, code);
export const badRequest = (message: string, code = 'AGNT_E_INVALID_REQUEST'): never => fail(400, message, code);
export const conflict = (message: string, code = 'AGNT_E_CONFLICT'): never => fail(409, message, code);

export function ok(key: string, value: unknown, status = 200): Reply {
  return { status, body: { ok: true, [key]: value } };
}

export function okMany(fields: Record<string, unknown>, status = 200): Reply {
  return { status, body: { ok: true, ...fields } };
}

export function deleted(key: string, id: string, what = key): Reply {
  return ok(key, { id, deleted: true, message: `${what} ${id} deleted` });
}

// The spec leaves page sizes open ("not shown"). Chosen: 20 by default, 100 at most; `limit`
// is read as a page size when perPage is absent.
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

function intParam(q: Record<string, string>, name: string): number | undefined {
  const raw = q[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) badRequest(`${name} must be a positive integer`);
  return Number(raw);
}

export function pageOf<T>(items: T[], q: Record<string, string>): { items: T[]; page: number; perPage: number; total: number } {
  const page = intParam(q, 'page') ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, intParam(q, 'perPage') ?? intParam(q, 'limit') ?? DEFAULT_PER_PAGE);
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), page, perPage, total: items.length };
}

/**
 * A list answer built from the page alone: `slice(start, end)` gives the records of the page
 * (from an index), so the cost is the page's, not the collection's.
 */
export function listSlice(key: string, total: number, slice: (start: number, end: number) => unknown[], q: Record<string, string>, extra: Record<string, unknown> = {}): Reply {
  const page = intParam(q, 'page') ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, intParam(q, 'perPage') ?? intParam(q, 'limit') ?? DEFAULT_PER_PAGE);
  const start = Math.min(total, (page - 1) * perPage);
  return { status: 200, body: { ok: true, [key]: slice(start, Math.min(total, start + perPage)), page, perPage, total, ...extra } };
}

/** A page of `items`, each shown through `view`: only the page's records are made into views. */
export function listViews<T>(key: string, items: T[], view: (item: T) => unknown, q: Record<string, string>): Reply {
  return listSlice(key, items.length, (start, end) => items.slice(start, end).map(view), q);
}

export function list(key: string, items: unknown[], q: Record<string, string>, extra: Record<string, unknown> = {}): Reply {
  const p = pageOf(items, q);
  return { status: 200, body: { ok: true, [key]: p.items, page: p.page, perPage: p.perPage, total: p.total, ...extra } };
}

// ---- request bodies -------------------------------------------------------------------

/**
 * The request body as an object. The server has already checked it against the endpoint's shape
 * in the API model (validate.ts), so handlers read the documented fields as they are.
 */
export function bodyOf(body: unknown): Record<string, any> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, any>) : {};
}

/** Copies the keys of `body` that are listed in `fields` (and defined) onto a patch. */
export function pick(body: Record<string, any>, keys: string[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}

export function matchesSearch(text: Array<string | null | undefined>, needle: string | undefined): boolean {
  if (!needle) return true;
  const n = needle.toLowerCase();
  return text.some((x) => typeof x === 'string' && x.toLowerCase().includes(n));
}
