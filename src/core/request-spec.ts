// What a request is, apart from the client that sends it (http.ts): the endpoint layer
// (endpoint-request.ts) builds these, and the client resolves parts of them through it, so
// neither needs the other's module.
import type { Endpoint } from '../api/endpoint.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: Method;
  /** A path template ('/users/{userId}') or a plain path; may carry its own query string. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The body already serialized as JSON (bulk bodies built row by row); used instead of `body`. */
  json?: string;
  /** 'none' for the endpoints whose success body has no `ok` envelope. */
  envelope?: 'auto' | 'none';
  resultKey?: string;
  /** What the result must be: a list (list commands) or a record (commands that print records). */
  shape?: 'list' | 'record';
  /** The documented record may be null (`object|null`). */
  nullable?: boolean;
  signal?: AbortSignal;
  /** A GET a dry run sends anyway (it reads what a real run would merge into its body). */
  readInDryRun?: boolean;
  /** The endpoint of the model this request is for, when known (how its list pages). */
  endpoint?: Endpoint;
  /**
   * Sending it again has the same effect (a bulk upsert by a natural key): the core retries it
   * as it retries a PUT, and the answer says whether an earlier attempt may have been handled.
   */
  resendable?: boolean;
  /**
   * The record this write replaces, when the caller has just read it (a `--set` merge reads it
   * first): the change journal keeps it rather than reading it again.
   */
  before?: unknown;
  /**
   * The change set this write belongs to when it is not the run's own: an MCP apply_plan is one
   * change set of its own (`key`, the plan's id), named by `command`, so `agnt undo` reverts it alone.
   */
  changeSet?: { key: string; command: string };
  /** Attempts for this request when more than the configured retries (a long import rides out an outage). */
  attempts?: number;
  /**
   * A page after the first of a walk: it waits ahead of other queued requests, which are often
   * fetches started by the records of earlier pages (an inbox's span principals) and would
   * otherwise hold back the pages that bring the rest of the records.
   */
  priority?: boolean;
}

export interface PageMeta {
  page?: number;
  perPage?: number;
  total?: number;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body as sent. */
  body: unknown;
  /** The result: the envelope's named key, or the body less `ok`. */
  data: T;
  meta: PageMeta;
  dryRun?: boolean;
  /** An earlier attempt of this request may have reached the server (it was sent again). */
  resent?: boolean;
}

/** Whatever sends a RequestSpec: the HTTP client, or a test's stand-in. */
export interface Requester {
  request<T = unknown>(spec: RequestSpec): Promise<ApiResponse<T>>;
}
