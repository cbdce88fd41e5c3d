// One endpoint of the platform API as data (part 1 and part 2, section 4 of the spec).
import type { EndpointId } from './ids.ts';
import type { ObjectShape, Shape } from './shape.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a list pages: `page` answers with page, perPage and total and takes page, perPage and
 * limit; `before` takes limit and a `before` cursor (GET /coordinator/manager-audit-events).
 */
export type Paging = 'page' | 'before';

export interface ErrorDoc {
  status: number;
  /** The documented error_code, when there is one. */
  code?: string;
  /** When it happens, in plain words. */
  when: string;
  /** What to do about it, in plain words. */
  hint?: string;
}

export interface Endpoint {
  /** Stable id: '<area>.<resource>.<verb>' ('orgs.sso.set'); ids.ts lists them all. */
  id: EndpointId;
  method: Method;
  /** As the spec writes it, with {param} segments. */
  path: string;
  /** One line, what the endpoint does. */
  summary: string;
  /** Path parameters, in path order. */
  params: Readonly<Record<string, Shape>>;
  query?: ObjectShape;
  body?: Shape;
  /** Success statuses; the first is the usual one. */
  status: readonly number[];
  /**
   * `ok`: `{ok: true, <resultKey>: ...}`. `none`: no `ok` key, the body is the result (the
   * three endpoints the spec says so of). `empty`: no body at all (204).
   */
  envelope: 'ok' | 'none' | 'empty';
  /** The envelope key holding the result; absent when the result is the body's other keys. */
  resultKey?: string;
  /** The shape of the result (at resultKey, or of the body without `ok`). */
  result?: Shape;
  /** A paginated list, and how it pages. */
  paging?: Paging;
  /**
   * A `page` list that documents a `limit` parameter too (the spec lists it for some lists
   * only): `--limit N` sends it. A `before` list always takes `limit`.
   */
  takesLimit?: boolean;
  /**
   * False for a `page` list whose row gives the request no page/perPage (part 1, 8: the
   * pagination parameters apply to "list endpoints that list them"): its answer still carries
   * page, perPage and total, and the OpenAPI document declares no paging parameters for it.
   */
  pageParams?: false;
  /** Documented errors beyond the common ones (400 invalid body, 401, 403, 404). */
  errors?: readonly ErrorDoc[];
  /** Works without a token (the spec calls it public). */
  public?: boolean;
  /** The resource a get or update reads or writes (a key of the area's `resources`). */
  resource?: string;
  /** That resource's shape (set by defineArea). */
  record?: Shape;
}

export interface ApiArea {
  /** File name of the area's model ('organizations'). */
  name: string;
  /** Where the spec describes it ('part 2, 4.1'). */
  section: string;
  /** Resource shapes by name ('organization', 'domain'). */
  resources: Readonly<Record<string, Shape>>;
  endpoints: readonly Endpoint[];
}

/** Errors every endpoint may answer (part 1, 7). */
export const COMMON_ERRORS: readonly ErrorDoc[] = [
  { status: 400, code: 'AGNT_E_VALIDATION', when: 'the request body or a query parameter is invalid', hint: 'the message names the field' },
  { status: 401, when: 'the token is missing, wrong or expired', hint: 'log in again with a valid token' },
  { status: 403, when: 'the caller may not do this (role, or a record of another organization)' },
  { status: 404, when: 'the record does not exist or is not visible to the caller' },
];

type EndpointInput = Omit<Endpoint, 'params' | 'status' | 'envelope'> & Partial<Pick<Endpoint, 'params' | 'status' | 'envelope'>>;

/** The names of a path's {param} segments, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/**
 * An endpoint with the usual defaults: 200, the `ok` envelope, and every path parameter a
 * string unless `params` says more (which resource its id belongs to).
 */
export function endpoint(e: EndpointInput): Endpoint {
  const given = e.params ?? {};
  const params: Record<string, Shape> = {};
  for (const name of pathParams(e.path)) params[name] = given[name] ?? { kind: 'string' };
  for (const name of Object.keys(given)) if (!(name in params)) throw new Error(`${e.id}: '${name}' is not a parameter of ${e.path}`);
  return { ...e, params, status: e.status ?? [200], envelope: e.envelope ?? 'ok' };
}

/** The query parameters an endpoint's paging style adds to it. */
export function pagingParams(e: Pick<Endpoint, 'paging' | 'takesLimit' | 'pageParams'>): Record<string, Shape> {
  if (e.paging === 'page' && e.pageParams === false) return {};
  if (e.paging === 'page')
    return {
      page: { kind: 'integer', description: 'page number, from 1' },
      perPage: { kind: 'integer', description: 'records per page' },
      ...(e.takesLimit ? { limit: { kind: 'integer', description: 'records per page (when perPage is absent)' } satisfies Shape } : {}),
    };
  if (e.paging === 'before')
    return { limit: { kind: 'integer', description: 'at most this many records' }, before: { kind: 'string', hint: 'timestamp', description: 'cursor: records older than this' } };
  return {};
}

/** An area with each endpoint's `record` linked to the shape its `resource` names. */
export function defineArea(area: ApiArea): ApiArea {
  const endpoints = area.endpoints.map((e) => {
    if (!e.resource) return e;
    const record = area.resources[e.resource];
    if (!record) throw new Error(`${e.id}: no resource '${e.resource}' in ${area.name}`);
    return { ...e, record };
  });
  return { ...area, endpoints };
}

/** An area's endpoints by id; a missing id is a programming error. */
export function endpointsOf(area: ApiArea): (id: EndpointId) => Endpoint {
  const byId = new Map(area.endpoints.map((e) => [e.id, e]));
  return (id) => {
    const e = byId.get(id);
    if (!e) throw new Error(`no endpoint '${id}' in the ${area.name} model`);
    return e;
  };
}
