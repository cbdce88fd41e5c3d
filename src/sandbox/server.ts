// `agnt sandbox`: an in-process HTTP server emulating the platform API with state. Tests import
// startSandbox() and run it on port 0.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Store, StoreWriteError } from './store.ts';
import { Router } from './router.ts';
import { HttpError, type Reply, type Req } from './http.ts';
import { seedBase } from './seed.ts';
import { CONTACT_FRAGMENTS, CONTACT_TEMPLATE } from './model.ts';
import { loadAll } from '../api/index.ts';
import { sandboxAreas } from './areas/index.ts';
import type { LoggedRequest, Sandbox } from './types.ts';
import { checkRequest } from './validate.ts';
import { Bench, CONTROL_PREFIX, type BenchOptions } from './control.ts';

export type { Fault, LoggedRequest, Sandbox } from './types.ts';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Persist state to this file; loaded when it exists. */
  dataFile?: string;
  /**
   * Keep the log of served requests (sb.requests) that tests read. On by default; `agnt sandbox
   * start` turns it off: nothing reads it there, and it costs every request an entry that lives
   * long enough to be copied by the garbage collector.
   */
  logRequests?: boolean;
  /** Milliseconds since the epoch, for tests that move the clock. */
  clock?: () => number;
  /** The records the help examples act on (default true; see SandboxArea.seedExamples). */
  exampleRecords?: boolean;
  /**
   * The rehearsal bench: a clock to move, fault rules, a journal of requests and snapshots,
   * driven through the control namespace (sandbox/control.ts). Off unless given.
   */
  bench?: BenchOptions;
  /** Seeds a new state instead of the built-in account (`--seed`, `--empty`: sandbox/seed-doc.ts). */
  seed?: (store: Store) => void;
  /**
   * Serve HTTPS, with HTTP/2 to clients that offer it (ALPN) and HTTP/1.1 to the rest, on this
   * certificate (PEM). `clientCa`: require a client certificate signed by it (mutual TLS).
   * `maxStreams`: the concurrent streams an HTTP/2 connection may carry (MAX_STREAMS).
   */
  tls?: { cert: string; key: string; clientCa?: string; maxStreams?: number };
}

/**
 * Concurrent streams one HTTP/2 connection may carry: what most servers announce (nginx, and the
 * RFC's recommended least), rather than Node's unlimited default, so that clients are tested
 * against the limit they meet in production.
 */
export const MAX_STREAMS = 100;

export const MAX_BODY_BYTES = 32 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

function send(res: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200;
  if (reply.raw !== undefined) {
    res.writeHead(status, { ...(reply.headers ?? {}) });
    if (typeof reply.raw === 'string' || Buffer.isBuffer(reply.raw)) res.end(reply.raw);
    else pipeline(reply.raw, res).catch(() => res.destroy());
    return;
  }
  if (status === 204 || (reply.body === undefined && reply.json === undefined)) {
    res.writeHead(status, { ...(reply.headers ?? {}) });
    res.end();
    return;
  }
  // The body goes out as a string: node:http then sends the head and the body in one write,
  // where a Buffer would be a second chunk (a writev of two) after the head is converted.
  const text = reply.json ?? JSON.stringify(reply.body);
  // A length rather than chunked framing: one write, and the client knows when it is done.
  const length = String(Buffer.byteLength(text));
  res.writeHead(status, reply.headers ? { ...reply.headers, 'content-type': JSON_TYPE, 'content-length': length } : { 'content-type': JSON_TYPE, 'content-length': length });
  res.end(text);
}

function errorReply(status: number, error: string, code?: string, extra?: Record<string, unknown>): Reply {
  return { status, body: { status, ...(code ? { error_code: code } : {}), error, ...(extra ?? {}) } };
}

const EMPTY = Buffer.alloc(0);

/** The body when the request announces none (no read to wait for), else undefined. */
function noBody(req: IncomingMessage): Buffer | undefined {
  // No body announced (most GETs): nothing to wait for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  if (req.headers['content-length'] === '0') {
    req.resume();
    return EMPTY;
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const none = noBody(req);
  if (none) return none;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large', 'AGNT_E_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The reply for an error thrown by a route (or the dispatch before it). */
function replyForError(e: unknown): Reply {
  if (e instanceof HttpError) return errorReply(e.status, e.message, e.code, e.extra);
  // The data file could not take the change (a full disk): it was not made.
  if (e instanceof StoreWriteError) return errorReply(507, e.message, 'AGNT_E_INSUFFICIENT_STORAGE');
  process.stderr.write(`sandbox: ${(e as Error).stack}\n`);
  return errorReply(500, 'internal sandbox error', 'AGNT_E_INTERNAL');
}

const BEARER = /^Bearer\s+(\S+)$/i;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const store = new Store(opts.dataFile);
  // Contacts are the collection that grows to millions: kept packed (about a third of the memory).
  store.pack('contacts', CONTACT_TEMPLATE, CONTACT_FRAGMENTS);
  if (opts.clock) store.clock = opts.clock;
  // The bench's clock is the store's from the first record seeded (it may be resumed from the file).
  let bench: Bench | undefined;
  // The routes are keyed by the model's endpoints, and requests are checked against its shapes.
  const router = new Router<Sandbox>((await loadAll()).flatMap((a) => a.endpoints));
  const loaded = store.load();
  if (opts.bench) bench = new Bench(store, opts.bench);
  if (!loaded) {
    store.meta.secret = randomBytes(32).toString('hex');
    store.meta.tokens = {};
    if (opts.seed) opts.seed(store);
    else {
      seedBase(store);
      for (const area of sandboxAreas) area.seed?.(store);
      if (opts.exampleRecords !== false) for (const area of sandboxAreas) area.seedExamples?.(store);
    }
    // With a data file, the seeded state is its first content, and the journal starts there.
    store.save();
  }
  // The indexes the contacts routes read (owner, team, upsert by e-mail), built now rather than by
  // the first request (a pass over every contact of a loaded state), then kept by each change.
  for (const field of ['user', 'team', 'email']) store.ensureIndex('contacts', field);
  const tokens: Record<string, { role: string; userId: string }> = store.meta.tokens;

  const sb: Sandbox = {
    baseUrl: '',
    port: 0,
    tokens: Object.fromEntries(Object.entries(tokens).map(([tok, v]) => [v.role, tok])),
    store,
    router,
    requests: [],
    faults: [],
    secret: store.meta.secret,
    bench,
    connections: 0,
    close: async () => undefined,
  };
  for (const area of sandboxAreas) area.register(router, sb);
  bench?.attach(sb);

  // The hot path stays synchronous while nothing is awaited (a GET needs no body read and most
  // handlers answer at once): no promise and no microtask per request unless one is needed.
  const logRequests = opts.logRequests !== false;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q >= 0 ? url.slice(0, q) : url;
    const query: Record<string, string> = {};
    if (q >= 0) for (const [k, v] of new URLSearchParams(url.slice(q + 1))) query[k] = v;
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization;
    if (bench && rawPath.startsWith(CONTROL_PREFIX)) {
      bench.serve(req, res, method, rawPath, query);
      return;
    }
    const log: LoggedRequest = { method, path: rawPath, url, authorization: auth, status: 0 };
    const session = req.headers['x-agnt-session'];
    if (typeof session === 'string') log.session = session;
    if (logRequests) {
      const requests = sb.requests;
      requests.push(log);
      if (requests.length > 10_000) requests.splice(0, 5_000);
      // Tests look at recent bodies; an older bulk body (one holding a list of rows) would keep
      // every row of an import alive, so only those are dropped. Small bodies stay for the log.
      const old = requests[requests.length - 201];
      if (old?.body && typeof old.body === 'object' && Object.values(old.body).some(Array.isArray)) old.body = undefined;
    }
    let result: Reply | Promise<Reply>;
    try {
      const fault = sb.faults.length ? sb.faults.find((f) => f.times > 0 && (!f.method || f.method === method) && (!f.path || f.path.test(rawPath))) : undefined;
      // A rule counts (--after, --times) only the requests it could answer.
      const rule = fault ? undefined : bench?.faultFor(method, rawPath, auth, query);
      if (fault) {
        fault.times--;
        result = readBody(req)
          .catch(() => undefined)
          .then(() => ({ status: fault.status, headers: { 'content-type': 'text/html', ...(fault.headers ?? {}) }, raw: fault.body ?? '' }));
      } else if (rule) {
        log.fault = rule.id;
        result = bench!.answerFault(rule, req, res, log, query, () => dispatch(req, method, rawPath, query, auth, log));
      } else {
        result = dispatch(req, method, rawPath, query, auth, log);
      }
    } catch (e) {
      result = replyForError(e);
    }
    const finish = (reply: Reply): void => {
      log.status = reply.status ?? 200;
      bench?.record(log, query);
      // With --data, a change is on disk before it is acknowledged.
      if (store.pending)
        store.sync().then(
          () => send(res, reply),
          (e) => failed(res, e),
        );
      else send(res, reply);
    };
    if (result instanceof Promise) result.then(finish, (e) => finish(replyForError(e))).catch((e) => failed(res, e));
    else finish(result);
  };

  const failed = (res: ServerResponse, e: unknown): void => {
    res.statusCode = 500;
    res.end(String(e));
  };

  const dispatch = (req: IncomingMessage, method: string, rawPath: string, query: Record<string, string>, auth: string | undefined, log: LoggedRequest): Reply | Promise<Reply> => {
    const m = router.matchPath(method, rawPath);
    if (m === 'method') throw new HttpError(405, `${method} is not allowed on ${rawPath}`, 'AGNT_E_METHOD_NOT_ALLOWED');
    if (!m) throw new HttpError(404, `no such endpoint: ${method} ${rawPath}`, 'AGNT_E_NOT_FOUND');
    let user: any = null;
    let token: string | undefined;
    if (!m.route.options.public) {
      token = auth ? BEARER.exec(auth)?.[1] : undefined;
      const entry = token ? tokens[token] : undefined;
      user = entry ? store.get('users', entry.userId) : undefined;
      if (!user) throw new HttpError(401, auth ? 'invalid or expired API token' : 'missing bearer token', 'AGNT_E_UNAUTHORIZED');
    }
    const run = (raw: Buffer): Reply | Promise<Reply> => {
      let body: unknown;
      if (!m.route.options.raw && raw.length) {
        // A JSON body comes as JSON: another Content-Type is refused, not parsed as JSON anyway.
        const type = String(req.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (type !== 'application/json' && !type.endsWith('+json')) throw new HttpError(415, `the request body must be application/json, not ${type || 'untyped'}`, 'AGNT_E_UNSUPPORTED_MEDIA_TYPE');
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError(400, 'the request body is not valid JSON', 'AGNT_E_INVALID_JSON');
        }
        log.body = body;
        if (bench) log.raw = raw;
      }
      if (m.route.endpoint) checkRequest(m.route.endpoint, m.params, query, body, !m.route.options.checksItsBody);
      const r: Req = { method, path: rawPath, params: m.params, query, headers: req.headers, body, rawBody: raw, user, token, stream: m.route.options.stream ? req : undefined };
      return m.route.handler(r, sb);
    };
    const none = m.route.options.stream ? EMPTY : noBody(req);
    return none ? run(none) : readBody(req).then(run);
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      handle(req, res);
    } catch (e) {
      failed(res, e);
    }
  };
  // Over TLS, the HTTP/2 server's compatibility API hands the same handler request and response
  // objects of the shape node:http's have (url, method, headers, writeHead, end, pipe).
  const server: Server = opts.tls
    ? ((await import('node:http2')).createSecureServer(
        {
          cert: opts.tls.cert,
          key: opts.tls.key,
          allowHTTP1: true,
          settings: { maxConcurrentStreams: opts.tls.maxStreams ?? MAX_STREAMS },
          ...(opts.tls.clientCa ? { ca: opts.tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
        },
        listener as never,
      ) as unknown as Server)
    : createServer(listener);
  server.keepAliveTimeout = 5000;
  // The connections accepted (each TCP connection once, whatever it carries), and the open ones,
  // which close() ends: the HTTP/2 server has no closeAllConnections().
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    // node:http sets this on its sockets; the TLS server does not, and Nagle's algorithm then
    // holds an HTTP/2 answer's DATA frame behind its HEADERS until the client's delayed ACK.
    socket.setNoDelay(true);
    sb.connections++;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  sb.port = addr.port;
  sb.baseUrl = `${opts.tls ? 'https' : 'http'}://${host}:${addr.port}`;
  sb.close = async () => {
    store.save();
    store.close();
    server.closeAllConnections?.();
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const area of sandboxAreas) area.close?.(sb);
  };
  return sb;
}
