// A fault-injecting HTTP proxy for the fault suite, for what the sandbox's own fault rules cannot
// give (see setup.ts: a server cannot cut or drip its own body, misshape or rewrite its answers).
// It forwards every request to a real sandbox (so multi-request commands such as drive transfers,
// imports and `--all` work end to end) and answers the requests chosen by its rules with a fault
// instead: a stall, a reset connection, an error status, an HTML page, an empty, truncated or
// misshapen body, a redirect, a slow drip.
// The sandbox's own origin is rewritten to the proxy's in JSON answers, so presigned URLs come
// through the proxy too and can fail or be watched like any other request.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Sandbox } from '../../src/sandbox/server.ts';

export type Fault =
  /** Wait this long, then forward (a delay longer than --timeout is a stall). */
  | { kind: 'delay'; ms: number }
  /** Answer with this status, headers and raw body (429/503 with Retry-After, 5xx, HTML, empty). */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** Send the headers and half of a JSON body, then reset the connection. */
  | { kind: 'reset' }
  /** A 200 whose JSON stops in the middle. */
  | { kind: 'truncated' }
  /** A 200 with this JSON body (not of the documented shape). */
  | { kind: 'json'; status?: number; body: unknown }
  /** A redirect to this URL. */
  | { kind: 'redirect'; to: string; status?: number }
  /** Forward, but send the answer a few bytes at a time, `everyMs` apart. */
  | { kind: 'drip'; everyMs: number; bytes?: number }
  /** Forward, then change the parsed JSON answer (hostile data). */
  | { kind: 'rewrite'; fn: (body: any) => any };

export interface Rule {
  method?: string;
  /** Matched against the path without the query. */
  path?: RegExp;
  /** Matched against the path with the query. */
  url?: RegExp;
  /** Let this many matching requests through first. */
  skip?: number;
  /** How many matching requests get the fault (default: all of them). */
  times?: number;
  fault: Fault;
}

export interface Seen {
  method: string;
  path: string;
  url: string;
  authorization?: string;
  /** The status answered (0 while none). */
  status: number;
  /** The fault applied, if any. */
  fault?: Fault['kind'];
  /** The client went away before the answer was complete. */
  aborted: boolean;
  at: number;
}

export interface FaultServer {
  url: string;
  sb: Sandbox;
  rules: Rule[];
  seen: Seen[];
  /** Resolves with the first request (past or future) that matches. */
  waitFor(pred: (s: Seen) => boolean, timeoutMs?: number): Promise<Seen>;
  reset(): void;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function track(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

export async function faultServer(sb: Sandbox): Promise<FaultServer> {
  const upstream = new URL(sb.baseUrl);
  const waiters: Array<{ pred: (s: Seen) => boolean; resolve: (s: Seen) => void }> = [];
  const fs: FaultServer = {
    url: '',
    sb,
    rules: [],
    seen: [],
    waitFor(pred, timeoutMs = 15_000) {
      const hit = fs.seen.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`fault server: no matching request within ${timeoutMs} ms; seen: ${fs.seen.map((s) => `${s.method} ${s.path}`).join(', ')}`));
          }
        }, timeoutMs).unref();
      });
    },
    reset() {
      fs.rules.length = 0;
      fs.seen.length = 0;
    },
    close: async () => undefined,
  };

  const notify = (s: Seen) => {
    for (const w of [...waiters]) {
      if (w.pred(s)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(s);
      }
    }
  };

  const pick = (method: string, path: string, url: string): Fault | undefined => {
    for (const r of fs.rules) {
      if ((r.method && r.method !== method) || (r.path && !r.path.test(path)) || (r.url && !r.url.test(url))) continue;
      if ((r.times ?? Infinity) <= 0) continue;
      if (r.skip && r.skip > 0) {
        r.skip--;
        return undefined;
      }
      if (r.times !== undefined) r.times--;
      return r.fault;
    }
    return undefined;
  };

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    deliver: (status: number, headers: IncomingMessage['headers'], body: Buffer | IncomingMessage) => void,
    onError: (e: Error) => void,
    readBody?: Buffer,
  ) => {
    const headers = { ...req.headers, host: upstream.host };
    const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (ures) => {
      const type = String(ures.headers['content-type'] ?? '');
      if (!/json/.test(type)) return deliver(ures.statusCode ?? 502, ures.headers, ures);
      const chunks: Buffer[] = [];
      ures.on('data', (c: Buffer) => chunks.push(c));
      ures.on('end', () => {
        // Presigned URLs point at the sandbox; send them through the proxy as well.
        const text = Buffer.concat(chunks).toString('utf8').split(sb.baseUrl).join(fs.url);
        const h = { ...ures.headers };
        delete h['content-length'];
        deliver(ures.statusCode ?? 502, h, Buffer.from(text));
      });
      ures.on('error', onError);
    });
    up.on('error', onError);
    if (readBody) up.end(readBody);
    else req.pipe(up);
    // The client went away: abort the upstream request as well.
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const method = req.method ?? 'GET';
    const seen: Seen = { method, path, url, authorization: req.headers.authorization, status: 0, aborted: false, at: Date.now() };
    fs.seen.push(seen);
    res.on('close', () => {
      if (res.writableFinished) return;
      seen.aborted = true;
      // Someone may be waiting for this request to be given up on.
      notify(seen);
    });
    const fault = pick(method, path, url);
    if (fault) seen.fault = fault.kind;
    notify(seen);

    const answer = (status: number, headers: Record<string, string | string[] | undefined>, body: string | Buffer) => {
      if (res.destroyed) return;
      seen.status = status;
      res.writeHead(status, headers);
      res.end(body);
    };
    const drain = (then: () => void) => {
      req.resume();
      if (req.readableEnded) then();
      else req.on('end', then);
    };

    if (!fault || fault.kind === 'delay' || fault.kind === 'drip' || fault.kind === 'rewrite') {
      let early: Buffer | undefined;
      const go = () =>
        forward(
          req,
          res,
          (status, headers, body) => {
            if (res.destroyed) return;
            if (fault?.kind === 'rewrite' && Buffer.isBuffer(body)) {
              let text = body.toString('utf8');
              try {
                text = JSON.stringify(fault.fn(JSON.parse(text)));
              } catch {
                /* not JSON: as it was */
              }
              return answer(status, headers, text);
            }
            if (fault?.kind === 'drip') {
              seen.status = status;
              const h = { ...headers };
              delete h['content-length'];
              res.writeHead(status, h);
              const send = (buf: Buffer) => {
                const step = fault.bytes ?? 4;
                let at = 0;
                const tick = () => {
                  if (res.destroyed) return;
                  if (at >= buf.length) return res.end();
                  res.write(buf.subarray(at, at + step));
                  at += step;
                  setTimeout(tick, fault.everyMs);
                };
                tick();
              };
              if (Buffer.isBuffer(body)) send(body);
              else {
                const parts: Buffer[] = [];
                body.on('data', (c: Buffer) => parts.push(c));
                body.on('end', () => send(Buffer.concat(parts)));
              }
              return;
            }
            seen.status = status;
            res.writeHead(status, headers);
            if (Buffer.isBuffer(body)) res.end(body);
            else body.pipe(res);
          },
          () => {
            if (!res.destroyed) res.destroy();
          },
          early,
        );
      if (fault?.kind === 'delay') {
        // Read the body while waiting, as a server would: a client that gives up is seen at once.
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c));
        req.on('end', () => (early = Buffer.concat(parts)));
        const t = setTimeout(go, fault.ms);
        res.on('close', () => clearTimeout(t));
      } else go();
      return;
    }

    drain(() => {
      switch (fault.kind) {
        case 'status':
          return answer(fault.status, { 'content-type': 'text/html', ...(fault.headers ?? {}) }, fault.body ?? '');
        case 'json':
          return answer(fault.status ?? 200, { 'content-type': 'application/json' }, JSON.stringify(fault.body));
        case 'truncated':
          return answer(200, { 'content-type': 'application/json' }, '{"ok": true, "user": {"id": "usr_adm');
        case 'redirect':
          return answer(fault.status ?? 302, { location: fault.to }, '');
        case 'reset': {
          seen.status = 200;
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
          res.write('{"ok": true, "users": [{"id": "usr_');
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
      }
    });
  };

  const server = createServer(handle);
  const sockets = track(server);
  fs.url = await listen(server);
  fs.close = closer(server, sockets);
  return fs;
}
