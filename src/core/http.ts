// The one HTTP client. Commands describe requests; this module sends them: base URL and
// bearer token, JSON bodies, the success envelope, the error body, timeouts, retries with
// full-jitter backoff and Retry-After, the per-process retry budget, redirects, --debug and
// --dry-run.
import { setMaxListeners } from 'node:events';
import type { Agent, Dispatcher } from 'undici';
import { Gate } from './gate.ts';
import { Deadlines } from './deadlines.ts';
import { ApiError, AgntError, Interrupted, NetworkError, TimeoutError, UsageError, type ApiErrorBody } from './errors.ts';
import { learnSecrets, maskSecrets, mayHoldSecrets, redactUrl, redactUrls, redactValue, scrub, REDACTED } from './redact.ts';
import { sleep } from './sleep.ts';
import { setV8Flags, START_FLAGS } from './compile-cache.ts';
import { hostEnv, runLocal } from './host.ts';
import type { TlsFiles } from './tls-settings.ts';

import type { ApiResponse, Method, PageMeta, RequestSpec } from './request-spec.ts';
import { beforeWrite, type WriteHook } from './write-hooks.ts';

export type { ApiResponse, Method, PageMeta, RequestSpec, Requester } from './request-spec.ts';

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  timeoutMs: number;
  retries: number;
  debug?: (line: string) => void;
  dryRun?: (text: string) => void;
  signal?: AbortSignal;
  userAgent?: string;
  /** Base of the exponential backoff; tests shorten it. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Longest Retry-After honoured before giving up instead of waiting. */
  maxRetryAfterMs?: number;
  /** Told of every write before it is sent and of its outcome (the change journal, the guardrails). */
  writeHooks?: readonly WriteHook[];
  /** An agent session's id (agnt mcp), sent as X-Agnt-Session with every request. */
  session?: string;
  /**
   * The files of a CA bundle and a client certificate, and the profile (for the key's passphrase
   * in the keyring): read by core/tls-settings.ts when the dispatcher is made, before the first
   * request is sent. Node's authorities alone when unset.
   */
  tls?: { files: TlsFiles; profile: string };
  /** Offer HTTP/2 to an https server (the `http2` setting; default true). */
  http2?: boolean;
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
// A request body read from a file that failed: the caller's to report, never retried.
const LOCAL_FILE_ERRORS = new Set(['ENOENT', 'EACCES', 'EISDIR', 'EIO']);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
// Errors raised before a single byte of the request can have reached the server.
// REFUSED_STREAM: an HTTP/2 server closed the stream before handling it (RFC 9113, 8.7), as one
// does with a stream past its number at once.
export const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'REFUSED_STREAM']);

/**
 * A process-wide cap on extra attempts, so that a storm of 503s during a bulk run cannot
 * multiply the load: at most `base` retries plus one per `ratio` requests sent.
 */
export class RetryBudget {
  private sent = 0;
  private retried = 0;
  constructor(
    private base = 10,
    private ratio = 0.1,
  ) {}
  noteRequest(): void {
    this.sent++;
  }
  take(): boolean {
    if (this.retried >= this.base + Math.floor(this.sent * this.ratio)) return false;
    this.retried++;
    return true;
  }
  get used(): number {
    return this.retried;
  }
}
// The budget is the run's (host.ts): every client of one run shares it, and no run inherits another's.
const BUDGET = {};
const runBudget = () => runLocal(BUDGET, () => new RetryBudget(Number(hostEnv().AGNT_RETRY_BUDGET ?? 10)));
export const retryBudget = {
  noteRequest: (): void => runBudget().noteRequest(),
  take: (): boolean => runBudget().take(),
  get used(): number {
    return runBudget().used;
  },
};

export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`base URL '${raw}' is not a URL`, 'give a full URL such as https://api.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`base URL must be http(s), got '${url.protocol}'`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new UsageError(`refusing to send credentials over plain http to ${url.host}; use https (http is allowed only for loopback addresses)`);
  }
  if (url.username || url.password) throw new UsageError('base URL must not embed credentials');
  url.search = '';
  url.hash = '';
  return url;
}

/** Percent-encodes one path segment; an id can never add, remove or climb path segments. */
export function encodeSegment(name: string, value: string): string {
  if (value === '') throw new UsageError(`${name} must not be empty`);
  if (value === '.' || value === '..') throw new UsageError(`${name} '${value}' is not a valid id`);
  return encodeURIComponent(value);
}

// A template split once into its text and its parameter names (text, name, text, ...): a request
// fills it by joining, where a regex replace with a callback per request cost a 1,000-span inbox
// about 10 ms of its CPU.
const templates = new Map<string, string[]>();

export function fillPath(template: string, params: Record<string, string> = {}): string {
  // A path without parameters (one `agnt api` was given) is sent as it is, and not kept.
  if (!template.includes('{')) return template;
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/\{([^}]+)\}/);
    templates.set(template, parts);
  }
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const v = params[name];
    if (v === undefined) throw new UsageError(`missing ${name}`);
    out += encodeSegment(name, v) + parts[i + 1]!;
  }
  return out;
}

// Keys and values that form-encoding leaves as they are (page=2, perPage=100, status=pending).
const PLAIN = /^[A-Za-z0-9*._-]*$/;

export function encodeQuery(query: Record<string, unknown> = {}): string {
  // Most queries are plain: joined as they are, with no URLSearchParams made for each request.
  let plain = '';
  for (const k in query) {
    const v = query[k];
    if (v === undefined) continue;
    const text = Array.isArray(v) ? v.join(',') : v === null ? 'null' : String(v);
    if (!PLAIN.test(k) || !PLAIN.test(text)) return encodeForm(query);
    plain += `${plain ? '&' : '?'}${k}=${text}`;
  }
  return plain;
}

function encodeForm(query: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) sp.set(k, v.join(','));
    else if (v === null) sp.set(k, 'null');
    else sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Math.max(0, Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

export function backoffDelay(attempt: number, baseMs: number, capMs: number, random = Math.random): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
}

export function unwrap(body: unknown, resultKey?: string, envelope: 'auto' | 'none' = 'auto'): { data: unknown; meta: PageMeta } {
  if (envelope === 'none' || !body || typeof body !== 'object' || Array.isArray(body)) return { data: body, meta: {} };
  const obj = body as Record<string, unknown>;
  const meta: PageMeta = {};
  for (const k of ['page', 'perPage', 'total'] as const) if (typeof obj[k] === 'number') meta[k] = obj[k] as number;
  if (!('ok' in obj)) return { data: body, meta };
  if (resultKey && resultKey in obj) return { data: obj[resultKey], meta };
  const rest = Object.keys(obj).filter((k) => k !== 'ok' && k !== 'page' && k !== 'perPage' && k !== 'total');
  if (rest.length === 1) return { data: obj[rest[0]!], meta };
  const data: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) if (k !== 'ok') data[k] = obj[k];
  return { data, meta };
}

function describeBody(text: string, contentType: string): string {
  const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(text)?.[1];
  if (title) return `an HTML page ("${title.trim()}")`;
  if (/html/i.test(contentType) || /^\s*</.test(text)) return 'an HTML page';
  const first = text
    .slice(0, 80)
    .replace(/[\x00-\x1f\x7f-\x9f]/g, ' ')
    .trim();
  return `a body that is not JSON (${contentType || 'no content-type'}: "${first}${text.length > 80 ? '…' : ''}")`;
}

function errorBodyFrom(status: number, statusText: string, text: string, contentType: string): ApiErrorBody {
  if (text.trim() === '') return { status, error: `HTTP ${status}${statusText ? ` ${statusText}` : ''} with an empty body` };
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && typeof parsed.error === 'string') {
      return { ...parsed, status: typeof parsed.status === 'number' ? parsed.status : status, error: parsed.error } as ApiErrorBody;
    }
    if (parsed && typeof parsed === 'object' && typeof parsed.message === 'string') {
      return { status, error: parsed.message as string };
    }
    return { status, error: `HTTP ${status}${statusText ? ` ${statusText}` : ''} with an unexpected JSON body` };
  } catch {
    return { status, error: `HTTP ${status}${statusText ? ` ${statusText}` : ''}: the server sent ${describeBody(text, contentType)}` };
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A proxy is set in the environment (the variables EnvHttpProxyAgent reads). */
export function proxyConfigured(env: NodeJS.ProcessEnv = hostEnv()): boolean {
  return Boolean(env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY);
}

/**
 * Connections to the API server, and so requests on the wire at once (the gate's size). Where
 * the API offers only one record per request (a span's principals, a member's supervision
 * matrix), a workflow's time on a network is its requests over this: with a 20 ms round trip,
 * 1,000 principal reads took 1.3 s at 16. At 64 the inbox of 1,000 pending spans took 2.2-2.3
 * times as long as one of 1,001 delegations (one request per 100 items); at 96, 1.8-2.0; at 128,
 * 1.7-1.9, where agnt's own CPU becomes the limit, so more would only open sockets. undici's own
 * default is no limit; the server's 429 and Retry-After still pace it.
 */
export const CONNECTIONS = 128;
/**
 * Changes (writes) a workflow starts at once: members sync, org apply's lanes, batch rows by
 * default. Half the connections: a run's writes reach the server 64 at a time, which took 1,000
 * batch rows from 100 a second (4 at once) to about 1,000 on a 20 ms round trip.
 */
export const CHANGES_AT_ONCE = 64;
/**
 * Requests on the wire at once over HTTP/2, where they share one connection, until the server's
 * SETTINGS say how many streams it takes: what most servers allow (100, the RFC's recommended
 * least; the sandbox's too). Then the server's number, up to CONNECTIONS: a request past the
 * server's limit would wait inside the connection with its --timeout already running.
 */
export const H2_STREAMS = 100;
/** Listeners on the command's abort signal that are not a request's: pauses, prompts, progress. */
const LISTENER_SLACK = 16;

// One 'abort' listener per outer signal, however many requests are in flight on it: a listener
// each would pass Node's limit of 10 (an organization read sends dozens at once) and print
// MaxListenersExceededWarning on stderr.
const inFlight = new WeakMap<AbortSignal, Set<{ abort(): void }>>();

/** Aborts `ac` when `outer` aborts; returns the release to call when the request is done. */
function followAbort(outer: AbortSignal, ac: { abort(): void }): () => void {
  if (outer.aborted) {
    ac.abort();
    return () => undefined;
  }
  let set = inFlight.get(outer);
  if (!set) {
    const mine = new Set<{ abort(): void }>();
    set = mine;
    inFlight.set(outer, mine);
    outer.addEventListener(
      'abort',
      () => {
        for (const c of mine) c.abort();
        mine.clear();
      },
      { once: true },
    );
  }
  set.add(ac);
  const held = set;
  return () => void held.delete(ac);
}

/**
 * One request on the wire, as undici's dispatch handler: it keeps the answer's bytes and hands
 * them over whole. undici's request() wraps each answer in a Readable stream, and each request
 * in an AsyncResource and an abort listener; on an inbox that reads 1,000 spans' principals,
 * that machinery was a fifth of agnt's CPU, and the CPU was the inbox's time.
 */
class Call implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Raw>;
  private settle!: { resolve: (raw: Raw) => void; reject: (e: Error) => void };
  private controller?: Dispatcher.DispatchController;
  private aborted = false;
  private status = 0;
  private headers: Raw['headers'] = {};
  private chunks: Buffer[] = [];
  private length = 0;

  constructor() {
    this.answer = new Promise<Raw>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  /** Stops the request (timeout, Ctrl-C), whether or not undici has started it. */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.controller?.abort(new RequestAborted());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.aborted) controller.abort(new RequestAborted());
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: Raw['headers']): void {
    // After an interim answer (1xx) this is called again with the real one.
    this.status = status;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  onResponseEnd(): void {
    const buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    // A byte order mark is not part of the JSON (undici's body.text() skipped it too).
    const start = buf.length > 2 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    this.settle.resolve({ status: this.status, headers: this.headers, text: buf.toString('utf8', start) });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.settle.reject(err);
  }
}

/** What a stopped request fails with, as undici's request() did (its code names it). */
class RequestAborted extends Error {
  readonly code = 'UND_ERR_ABORTED';
  constructor() {
    super('Request aborted');
  }
}

export class HttpClient {
  readonly base: URL;
  private readonly origin: string;
  /** The base URL's path, which every request path follows. */
  private readonly prefix: string;
  /** Requests past CONNECTIONS wait here before their timer starts (gate.ts says why). */
  private gate = new Gate(CONNECTIONS);
  /** Each request's --timeout, from when it is sent. */
  private deadlines?: Deadlines;
  /** The dispatcher, once made: a request then need not wait a turn for it. */
  private agentReady?: Agent;
  // undici, the one HTTP client of agnt (API calls, presigned transfers, proxies), is loaded on
  // the first request, so that --help and --version never parse it.
  private agent?: Promise<Agent>;
  private opts: ClientOptions;
  /** The caller's user id, read once when a path names `me` (withoutMe). */
  private callerId?: Promise<string>;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.base = parseBaseUrl(opts.baseUrl);
    // URL's origin getter builds the string anew on each read: read once, sent with every request.
    this.origin = this.base.origin;
    this.prefix = this.base.pathname.replace(/\/+$/, '');
    // Requests on the wire share one listener on the command's signal (followAbort), but each
    // retry pause has its own: up to CONNECTIONS at once (the gate), more than Node's default of
    // 10 before it warns on stderr.
    if (opts.signal) setMaxListeners(CONNECTIONS + LISTENER_SLACK, opts.signal);
    // Over https with HTTP/2 offered, the first request goes alone until its connection tells the
    // protocol: requests sent at once before that would each open a connection, where HTTP/2
    // carries them all on one (see connected()).
    this.offersH2 = opts.http2 !== false && this.base.protocol === 'https:' && !proxyConfigured();
    if (this.offersH2) this.gate = new Gate(1);
  }

  /** HTTP/2 is offered to the server (ALPN), and the gate waits for the first connection. */
  private readonly offersH2: boolean;
  /** The protocol the first connection to the server agreed on, once known. */
  protocol?: 'h2' | 'http/1.1';
  /** The one connection to the server while it may speak HTTP/2 (see dispatcher()). */
  private single?: import('undici').Client;

  /**
   * The server's SETTINGS on its HTTP/2 connection: the streams it takes at once size the gate
   * and the client (up to CONNECTIONS; a server that names no limit gets CONNECTIONS).
   */
  private streamsAllowed(session: import('node:http2').ClientHttp2Session, host: string): void {
    if (host !== this.base.host || this.protocol !== 'h2') return;
    // Every SETTINGS: a server may lower its number on a connection in use.
    session.on('remoteSettings', (settings) => {
      const allowed = settings.maxConcurrentStreams;
      const n = Math.max(1, Math.min(allowed ?? CONNECTIONS, CONNECTIONS));
      this.streams(n);
      this.debug(`* HTTP/2: the server takes ${allowed === undefined || allowed >= 2 ** 31 ? 'any number of' : allowed} streams at once; agnt sends up to ${n}`);
    });
  }

  /** Whether the streams agnt may send at once over HTTP/2 are known (SETTINGS, or an answer). */
  private streamsKnown = true;

  /** n requests at once over HTTP/2: agnt's gate and the one client's depth. */
  private streams(n: number): void {
    this.streamsKnown = true;
    if (this.single) this.single.pipelining = n;
    this.gate.resize(n);
  }

  /**
   * A connection is open: --debug says how, and the first to the server sizes the gate: over
   * HTTP/1.1 to CONNECTIONS; over HTTP/2 not before the server's SETTINGS say how many streams it
   * takes (a stream past its number is refused), or its first answer came without them.
   */
  private connected(socket: import('node:tls').TLSSocket, host: string): void {
    const alpn = socket.alpnProtocol === 'h2' ? 'h2' : 'http/1.1';
    this.debug(`* connected to ${host} over ${socket.getProtocol?.() ?? 'TLS'}, ${alpn === 'h2' ? 'HTTP/2' : 'HTTP/1.1'} (ALPN ${socket.alpnProtocol || 'none'})`);
    if (host !== this.base.host || this.protocol) return;
    this.protocol = alpn;
    if (!this.offersH2) return;
    if (alpn === 'h2') this.streamsKnown = false;
    else this.gate.resize(CONNECTIONS);
  }

  /**
   * What a failed connection means (network-errors.ts): loaded when a request first fails, since
   * only a failure reads it (loading it beside undici was most of a millisecond of every call).
   */
  private networkErrors?: typeof import('./network-errors.ts');
  private async failures(): Promise<typeof import('./network-errors.ts')> {
    this.networkErrors ??= await import('./network-errors.ts');
    return this.networkErrors;
  }

  private dispatcher(): Promise<Agent> {
    // Set as the run started (compile-cache.ts says why), unless it did not start through
    // dist/cli.js (the tests' runs in one process) or asked for help: then here, before undici
    // and its WebAssembly compile.
    if (!this.agent) setV8Flags(START_FLAGS);
    this.agent ??= import('./undici-lite.ts').then(async (mod) => {
      const options: import('undici').Agent.Options = { keepAliveTimeout: 10_000, connections: CONNECTIONS };
      let tlsOptions: Record<string, unknown> | undefined;
      if (this.base.protocol === 'https:') {
        const connector = await import('./tls-connect.ts');
        const tls = await connector.tlsConnect(mod, {
          origin: this.origin,
          tls: this.opts.tls,
          h2: this.offersH2,
          streams: H2_STREAMS,
          onConnect: (socket, host) => this.connected(socket, host),
          onSession: (session, host) => this.streamsAllowed(session, host),
        });
        options.allowH2 = this.offersH2;
        if (this.offersH2) Object.assign(options, connector.H2_WINDOWS);
        options.connect = tls.connect;
        tlsOptions = tls.options;
        this.single = tls.single;
      }
      // HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case), for API calls and presigned transfers
      // alike, with undici's own reading of them (loopback is not exempt unless NO_PROXY says so).
      // Through a proxy the server's certificate is checked with the same CA (requestTls).
      if (proxyConfigured()) return import('./undici-proxy.ts').then((proxy) => new proxy.EnvHttpProxyAgent({ ...options, requestTls: tlsOptions }) as unknown as Agent);
      return new mod.Agent(options);
    });
    return this.agent;
  }

  get timeoutSeconds(): number {
    return this.opts.timeoutMs / 1000;
  }

  /**
   * The request path (with query) for a template, as it will be sent. Built by hand rather
   * than with new URL(path, base), whose parser would fold '%2e%2e' segments.
   */
  target(spec: Pick<RequestSpec, 'path' | 'params' | 'query'>): string {
    let path = spec.path;
    let inlineQuery = '';
    const q = path.indexOf('?');
    if (q >= 0) {
      inlineQuery = path.slice(q + 1);
      path = path.slice(0, q);
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      const abs = new URL(path);
      if (abs.origin !== this.base.origin) throw new UsageError(`refusing to send the token to ${abs.origin}: it is not the configured server ${this.base.origin}`);
      path = abs.pathname;
    }
    const filled = fillPath(path.startsWith('/') ? path : `/${path}`, spec.params);
    const query = encodeQuery(spec.query).slice(1);
    const search = inlineQuery && query ? `${inlineQuery}&${query}` : inlineQuery || query;
    return `${this.prefix}${filled}${search ? `?${search}` : ''}`;
  }

  // A new object for each request: undici's proxy agent adds to the headers it is given (host,
  // proxy-authorization), which must not carry over to the next request.
  private headers(hasBody: boolean): Record<string, string> {
    const h: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent ?? 'agnt',
    };
    if (this.opts.token) h.authorization = `Bearer ${this.opts.token}`;
    if (this.opts.session) h['x-agnt-session'] = this.opts.session;
    if (hasBody) h['content-type'] = 'application/json';
    return h;
  }

  private masked(headers: Record<string, string>): Record<string, string> {
    const out = { ...headers };
    if (out.authorization) out.authorization = `Bearer ${REDACTED}`;
    return out;
  }

  private debug(line: string): void {
    if (this.opts.debug) this.opts.debug(maskSecrets(redactUrls(scrub(line, [this.opts.token]))));
  }

  /**
   * `me` as the user of a user's own data (/users/{userId}/drive-files, .../preferences,
   * .../assistant), resolved to the caller's id. The API documents `me` only as the literal paths
   * /users/me and /me/profile, never as a value of {userId}; agnt's `--user` defaults to `me`
   * there, so it asks GET /users/me once per client and sends the id. A user record itself
   * (/users/{userId}) is never resolved: `agnt users delete me` names no one. A dry run reads
   * GET /users/me too, to show the request as it would be sent; so do the MCP server's plans.
   */
  async withoutMe(spec: RequestSpec): Promise<RequestSpec> {
    const params = spec.params;
    if (params?.userId !== 'me') return spec;
    const [, area, user, ...below] = spec.path.split('/');
    if (area !== 'users' || user !== '{userId}' || !below.length) return spec;
    this.callerId ??= import('./endpoint-request.ts')
      .then((m) => m.endpointRequest('users.me.get', { readInDryRun: true, signal: spec.signal }))
      .then((me) => this.request<Record<string, unknown>>(me))
      .then((r) => {
        const id = r.data?.id;
        if (typeof id !== 'string' || !id) throw new AgntError("cannot tell who 'me' is: GET /users/me answered without a user id");
        return id;
      });
    return { ...spec, params: { ...params, userId: await this.callerId } };
  }

  async request<T = unknown>(given: RequestSpec): Promise<ApiResponse<T>> {
    const spec = given.params?.userId === 'me' ? await this.withoutMe(given) : given;
    const rawPath = this.target(spec);
    const hasBody = (spec.body !== undefined || spec.json !== undefined) && spec.method !== 'GET';
    const headers = this.headers(hasBody);
    const payload = hasBody ? (spec.json ?? JSON.stringify(spec.body)) : undefined;
    // A secret this request sends is masked in everything agnt prints from here on.
    // Walked (or, pre-serialized, parsed again) only when its text could hold one.
    if (payload !== undefined && mayHoldSecrets(payload)) learnSecrets(spec.body ?? JSON.parse(payload));

    if (this.opts.dryRun && !(spec.readInDryRun && spec.method === 'GET')) {
      const text = JSON.stringify(
        {
          method: spec.method,
          url: redactUrl(`${this.origin}${rawPath}`),
          headers: this.masked(headers),
          body: hasBody ? redactValue(spec.json !== undefined ? JSON.parse(spec.json) : spec.body) : null,
        },
        null,
        2,
      );
      this.opts.dryRun(maskSecrets(scrub(text, [this.opts.token])));
      return { status: 0, headers: {}, body: undefined, data: undefined as T, meta: {}, dryRun: true };
    }

    const hooks = spec.method === 'GET' ? undefined : this.opts.writeHooks;
    const done = hooks?.length ? await beforeWrite(hooks, { spec, method: spec.method, target: rawPath, payload, session: this.opts.session }, this) : undefined;
    // Held through the retries and their pauses too: a request that waits to be retried still
    // listens on the abort signal (sleep), and the gate is what keeps those listeners few.
    if (!this.gate.tryAcquire()) await this.gate.acquire(spec.priority);
    try {
      const response = await this.attempts<T>(spec, rawPath, headers, payload);
      done?.({ response });
      return response;
    } catch (error) {
      done?.({ error });
      throw error;
    } finally {
      this.gate.release();
    }
  }

  private async attempts<T>(spec: RequestSpec, rawPath: string, headers: Record<string, string>, payload: string | undefined): Promise<ApiResponse<T>> {
    const maxAttempts = Math.max(1, Math.floor(this.opts.retries), spec.attempts ?? 0);
    const idempotent = IDEMPOTENT.has(spec.method) || spec.resendable === true;
    let attempt = 0;
    let path = rawPath;
    let redirects = 0;
    // Whether an attempt that failed may have been handled (then the request was sent again).
    let mayHaveArrived = false;
    for (;;) {
      attempt++;
      retryBudget.noteRequest();
      let raw: Raw;
      try {
        raw = await this.send(spec.method, path, headers, payload, spec.signal);
      } catch (e) {
        if (e instanceof Interrupted || e instanceof UsageError) throw e;
        const code = (e as { code?: string }).code ?? '';
        const mayRetry = (idempotent || NEVER_SENT.has(code)) && !(await this.failures()).cannotPass(code);
        if (mayRetry && attempt < maxAttempts && retryBudget.take()) {
          if (!NEVER_SENT.has(code)) mayHaveArrived = true;
          await this.pause(attempt, undefined, (e as Error).message, maxAttempts, spec.signal ?? this.opts.signal);
          continue;
        }
        const suffix = attempt > 1 ? ` (after ${attempt} attempts)` : '';
        if (e instanceof TimeoutError) throw new TimeoutError(`${e.message}${suffix}`, attempt);
        const failure = new NetworkError(`${(e as Error).message}${suffix}`, attempt, code || undefined);
        failure.hint = (e as AgntError).hint;
        throw failure;
      }

      if (raw.status >= 300 && raw.status < 400 && raw.headers.location) {
        const loc = String(raw.headers.location);
        const next = new URL(loc, `${this.base.origin}${path}`);
        if (next.origin !== this.base.origin) {
          throw new NetworkError(`the server redirected to another origin (${next.origin}); agnt does not follow it with your credentials`);
        }
        if (spec.method !== 'GET' || ++redirects > 5) throw new NetworkError(`unexpected redirect (${raw.status}) to ${redactUrl(next.pathname)}`);
        path = `${next.pathname}${next.search}`;
        attempt--;
        continue;
      }

      // 429 and 503 say the request was not handled: sending it again cannot repeat an effect.
      const notHandled = raw.status === 429 || raw.status === 503;
      if (RETRY_STATUSES.has(raw.status) && idempotent && attempt < maxAttempts) {
        const retryAfter = parseRetryAfter(raw.headers['retry-after']);
        const maxWait = this.opts.maxRetryAfterMs ?? 60_000;
        if ((retryAfter === undefined || retryAfter <= maxWait) && retryBudget.take()) {
          if (!notHandled) mayHaveArrived = true;
          await this.pause(attempt, retryAfter, `HTTP ${raw.status}`, maxAttempts, spec.signal ?? this.opts.signal);
          continue;
        }
      }

      const contentType = String(raw.headers['content-type'] ?? '');
      if (raw.status >= 400) {
        const body = errorBodyFrom(raw.status, STATUS_TEXT[raw.status] ?? '', raw.text, contentType);
        // The message travels to stderr, ledgers and failed-rows files: no signed URL in it.
        body.error = capMessage(redactUrls(body.error));
        if (attempt > 1) body.error = `${body.error} (after ${attempt} attempts)`;
        const err = new ApiError(body, attempt);
        err.retryAfterMs = parseRetryAfter(raw.headers['retry-after']);
        err.resent = mayHaveArrived;
        if (raw.status === 401) err.hint = 'run `agnt auth login` (or set AGNT_TOKEN) with a valid token';
        throw err;
      }
      if (raw.status === 204 || raw.text.trim() === '') {
        // A 200 with nothing in it where a record or a list is documented is not an answer.
        if (raw.status !== 204 && spec.shape)
          throw new NetworkError(`the server's answer is empty where ${spec.shape === 'list' ? 'a list' : 'a record'} was documented (HTTP ${raw.status}, ${spec.method} ${redactUrl(rawPath)})`);
        return { status: raw.status, headers: raw.headers, body: null, data: null as T, meta: {}, ...(mayHaveArrived ? { resent: true } : {}) };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.text);
      } catch {
        throw new NetworkError(`HTTP ${raw.status}: the server sent ${describeBody(raw.text, contentType)} where JSON was expected`);
      }
      const { data, meta } = unwrap(parsed, spec.resultKey, spec.envelope);
      checkShape(data, spec, rawPath, parsed);
      return { status: raw.status, headers: raw.headers, body: parsed, data: data as T, meta, ...(mayHaveArrived ? { resent: true } : {}) };
    }
  }

  private async send(method: Method, path: string, headers: Record<string, string>, payload: string | undefined, signal: AbortSignal | undefined): Promise<Raw> {
    const outer = signal ?? this.opts.signal;
    // Aborted while it waited at the gate: it was never sent.
    if (outer?.aborted) throw new Interrupted();
    const call = new Call();
    const timeoutMs = this.opts.timeoutMs;
    let timedOut = false;
    this.deadlines ??= new Deadlines(timeoutMs);
    const stopDeadline = this.deadlines.add(() => {
      timedOut = true;
      call.abort();
    });
    const release = outer ? followAbort(outer, call) : undefined;
    const started = Date.now();
    // The --debug lines are made only under --debug: redacting the URL and the headers of every
    // request was a tenth of a 1,000-request inbox's CPU; re-parsing a large body to log it costs
    // as much as sending it.
    if (this.opts.debug) {
      this.debug(`> ${method} ${redactUrl(this.base.origin + path)}`);
      for (const [k, v] of Object.entries(this.masked(headers))) this.debug(`> ${k}: ${v}`);
      if (payload !== undefined) this.debug(`> ${JSON.stringify(redactValue(JSON.parse(payload)))}`);
    }
    try {
      const res = await this.sendUndici(method, path, headers, payload, call);
      let text = res.text;
      // A server (or a proxy) that echoes the caller's token back, in an error or a per-row
      // message, must not get it into output, ledgers or failed-rows files: the token is never
      // data agnt needs from an answer.
      if (this.opts.token && text.includes(this.opts.token)) text = scrub(text, [this.opts.token]);
      // Nor a secret the request sent, repeated in an error (a SAML private key in a 400's
      // message). A success answer is data (plan compares live secrets): it is masked when printed.
      if (res.status >= 400) text = maskSecrets(text);
      if (this.opts.debug) {
        this.debug(`< HTTP ${res.status} (${Date.now() - started} ms)`);
        for (const k of ['content-type', 'retry-after', 'location']) if (res.headers[k]) this.debug(`< ${k}: ${redactUrl(String(res.headers[k]))}`);
        // An error's answer whole (its message is cut on the error line); others to a few KB.
        if (text) this.debug(`< ${debugBody(text, res.status >= 400)}`);
      }
      return { status: res.status, headers: res.headers, text };
    } catch (e) {
      if (outer?.aborted) throw new Interrupted();
      // A TLS setting's file that cannot be read (tls-settings.ts), found as the dispatcher is made.
      if (e instanceof UsageError) throw e;
      if (timedOut || (e as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' || (e as { code?: string }).code === 'UND_ERR_BODY_TIMEOUT') {
        throw new TimeoutError(`request timed out after ${formatSeconds(timeoutMs)} (--timeout ${formatSeconds(timeoutMs).replace(/s$/, '')}): ${method} ${redactUrl(path)}`);
      }
      const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
      throw (await this.failures()).networkFailure(err, this.base, undefined, this.opts.tls?.files);
    } finally {
      stopDeadline();
      release?.();
    }
  }

  private async sendUndici(method: Method, path: string, headers: Record<string, string>, payload: string | undefined, call: Call): Promise<Raw> {
    const timeoutMs = this.opts.timeoutMs;
    const agent = this.agentReady ?? (this.agentReady = await this.dispatcher());
    const to = this.single && this.protocol !== 'http/1.1' ? this.single : agent;
    // idempotent: agnt decides itself what may be sent again (attempts()); undici would otherwise
    // hold a POST back while other requests share its HTTP/2 connection.
    to.dispatch({ origin: this.origin, path, method, headers, body: payload, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, idempotent: true }, call);
    try {
      return await call.answer;
    } finally {
      // An HTTP/2 server whose SETTINGS named no number before its first answer: the usual one.
      if (!this.streamsKnown) this.streams(H2_STREAMS);
    }
  }

  /**
   * A request to an absolute URL the API handed out (presigned upload/download). It never
   * carries the Authorization header, whatever origin it points at. It is retried by the rules of
   * every request (the retry statuses, Retry-After, the run's retry budget, --debug lines) until
   * its headers arrive: a GET always, a PUT when its body can be made again for each attempt
   * (`replay`: the presigned PUT is idempotent, the file is sent from the start). The body is the
   * caller's to stream, with --timeout as the longest silence (a large transfer may take longer
   * than that in total). `onRetry` is told before each new attempt (why, its number, how many).
   */
  async external(
    method: 'GET' | 'PUT',
    url: string,
    init: {
      headers?: Record<string, string>;
      body?: Dispatcher.DispatchOptions['body'];
      replay?: () => Dispatcher.DispatchOptions['body'];
      signal?: AbortSignal;
      onRetry?: (why: string, attempt: number, of: number) => void;
    } = {},
  ): Promise<Dispatcher.ResponseData> {
    const u = new URL(url);
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopback(u.hostname))) {
      throw new NetworkError(`refusing a presigned URL over ${u.protocol} to a non-loopback host`);
    }
    const headers = { ...(init.headers ?? {}) };
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'authorization') delete headers[k];
    const signal = init.signal ?? this.opts.signal;
    const maxAttempts = method === 'GET' || init.replay ? Math.max(1, Math.floor(this.opts.retries)) : 1;
    const shown = redactUrl(`${u.origin}${u.pathname}`);
    for (let attempt = 1; ; attempt++) {
      retryBudget.noteRequest();
      this.debug(`> ${method} ${redactUrl(url)} (presigned, no Authorization header)`);
      let res: Dispatcher.ResponseData;
      try {
        res = await (await this.dispatcher()).request({
          origin: u.origin,
          path: `${u.pathname}${u.search}`,
          method,
          headers,
          body: init.replay ? init.replay() : init.body,
          signal,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
        } as Dispatcher.RequestOptions);
      } catch (e) {
        if (signal?.aborted) throw new Interrupted();
        // A body that could not be read (the file went away) is not the network's to retry.
        if (init.replay && LOCAL_FILE_ERRORS.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
        const err = this.transferError(e, method, shown);
        // An unknown host or an untrusted certificate fails again however often it is tried.
        const raw = e as { code?: string; cause?: { code?: string } };
        if (attempt < maxAttempts && !(await this.failures()).cannotPass(raw.code ?? raw.cause?.code) && retryBudget.take()) {
          init.onRetry?.(err.message, attempt + 1, maxAttempts);
          await this.pause(attempt, undefined, `${err.message}`, maxAttempts, signal);
          continue;
        }
        if (attempt > 1) err.message += ` (after ${attempt} attempts)`;
        throw err;
      }
      this.debug(`< HTTP ${res.statusCode}`);
      if (RETRY_STATUSES.has(res.statusCode) && attempt < maxAttempts) {
        const retryAfter = parseRetryAfter(res.headers['retry-after']);
        if ((retryAfter === undefined || retryAfter <= (this.opts.maxRetryAfterMs ?? 60_000)) && retryBudget.take()) {
          await res.body.dump().catch(() => undefined);
          init.onRetry?.(`HTTP ${res.statusCode}`, attempt + 1, maxAttempts);
          await this.pause(attempt, retryAfter, `HTTP ${res.statusCode}`, maxAttempts, signal);
          continue;
        }
      }
      return res;
    }
  }

  private async pause(attempt: number, retryAfter: number | undefined, why: string, maxAttempts: number, signal: AbortSignal | undefined): Promise<void> {
    const wait = retryAfter ?? backoffDelay(attempt, this.opts.backoffBaseMs ?? 500, this.opts.backoffCapMs ?? 8000);
    this.debug(`* ${why}; retrying in ${wait} ms (attempt ${attempt + 1} of ${maxAttempts})`);
    await sleep(wait, signal);
  }

  /**
   * A failure while sending to or streaming from a presigned URL, as the error agnt reports:
   * a silence longer than --timeout names the timeout, like any other request.
   */
  transferError(e: unknown, method: string, what: string): AgntError {
    if (e instanceof AgntError) return e;
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
    const code = err.code ?? err.cause?.code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      const t = formatSeconds(this.opts.timeoutMs);
      return new TimeoutError(`request timed out after ${t} (--timeout ${t.replace(/s$/, '')}): ${method} ${what}`);
    }
    // Loaded with the dispatcher, before any transfer could fail.
    if (!this.networkErrors) return new NetworkError(`request to ${what} failed: ${err.message}`, 1, code);
    return this.networkErrors.networkFailure(err, new URL(what), undefined, this.opts.tls?.files);
  }

  async close(): Promise<void> {
    // A dispatcher that could not be made (a TLS setting's file) has nothing to close.
    const agent = await this.agent?.catch(() => undefined);
    if (!agent) return;
    const single = (this.single as { stats?: { running: number; pending: number } } | undefined)?.stats;
    // Destroyed, not closed: after a certificate that names other hosts, undici counts the failed
    // request as still running on this client, and close() would wait for it forever.
    if (single && (single.running || single.pending)) await this.single!.destroy().catch(() => undefined);
    // With nothing in flight the connections left are idle, and undici unrefs those: they keep
    // no process alive, and the system closes them at exit. Closing each and waiting for it cost
    // a short command a millisecond. Requests still in flight (pages fetched ahead, then
    // abandoned) are let finish, as close() does.
    // (The proxy agent keeps no stats: it is closed as before.)
    const stats = (agent as Partial<Agent>).stats;
    if (stats && Object.values(stats).every((s) => !s.running && !s.pending && !('queued' in s && s.queued))) return;
    await agent.close().catch(() => undefined);
  }
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * An answer that parses but is not what the endpoint documents (a proxy's JSON, a changed API)
 * stops here with one clear line, instead of reaching the printer as a half-empty table.
 */
/**
 * Result keys that name one resource record (part 1 and 2, section 2): a list under one of them
 * is never the answer. Until the API model (src/api/) says each endpoint's result kind, other
 * keys (activities, syncEvents, ...) may hold a list without paging.
 */
const RECORD_KEYS = new Set([
  'user',
  'assistant',
  'contact',
  'chat',
  'message',
  'session',
  'identifier',
  'driveFile',
  'organization',
  'domain',
  'member',
  'team',
  'invitation',
  'organizationRequest',
  'coverageSpan',
  'delegation',
  'bookingLink',
  'calendar',
  'backupRoutingRule',
  'managerAssignment',
  'relationship',
  'propertyDefinition',
  'recipientException',
  'deliveryJob',
]);

function checkShape(data: unknown, spec: RequestSpec, path: string, body?: unknown): void {
  if (!spec.shape) return;
  // Made only for an error: redacting the path of every answer was a cost of every request.
  const where = () => `${spec.method} ${redactUrl(path)}`;
  // An envelope without the documented key ({ok: true} alone, or another key) is not the answer.
  if (spec.resultKey && spec.envelope !== 'none' && body && typeof body === 'object' && !Array.isArray(body) && 'ok' in body && !(spec.resultKey in body)) {
    const keys = Object.keys(body).filter((k) => k !== 'ok');
    throw new NetworkError(`the server's answer has no '${spec.resultKey}' (${where()}): it holds ${keys.length ? keys.map((k) => `'${k}'`).join(', ') : 'nothing but ok'}`);
  }
  const ok =
    spec.shape === 'list'
      ? Array.isArray(data)
      : // A record is an object (a list only under a key that may hold one); null only where the
        // endpoint documents it ("no workspace profile yet").
        (data !== null && typeof data === 'object' && (!Array.isArray(data) || !RECORD_KEYS.has(spec.resultKey ?? ''))) || (data === null && Boolean(spec.nullable));
  if (ok) return;
  const what = spec.resultKey ? `'${spec.resultKey}'` : 'the result';
  throw new NetworkError(`the server's answer is not of the documented shape: ${what} is ${kindOf(data)} where ${spec.shape === 'list' ? 'a list' : 'a record (an object)'} was expected (${where()})`);
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

function debugBody(text: string, whole = false): string {
  try {
    const s = JSON.stringify(redactValue(JSON.parse(text)));
    return s.length > 4000 && !whole ? `${s.slice(0, 4000)}… (${s.length} bytes)` : s;
  } catch {
    const s = text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '.');
    return s.length > 1000 && !whole ? `${s.slice(0, 1000)}… (${s.length} bytes)` : s;
  }
}

/** What of a server's error message the error line shows: a few KB (a 10 MB message is no line). */
const MAX_MESSAGE = 2048;

function capMessage(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  return `${message.slice(0, MAX_MESSAGE)}… (cut: the server's message is ${message.length} characters; --debug shows it whole)`;
}

export function isAgntError(e: unknown): e is AgntError {
  return e instanceof AgntError;
}
