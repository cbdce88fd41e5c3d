// The one fake HTTP server of the tests: each request is answered by the next queued responder
// (else by `fallback`), and every request is recorded. It stands in for the API in unit tests of
// the HTTP core, for "another origin" that must never see the token, and for a server that never
// answers. (test/faults/server.ts is a different tool: a fault-injecting proxy in front of a
// real sandbox.)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface FakeServer {
  url: string;
  seen: Seen[];
  queue: Responder[];
  /** Used when the queue is empty. */
  fallback: Responder;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Responder =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const text =
  (status: number, body: string, headers: Record<string, string> = {}): Responder =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** Takes the request and never answers: the slow server a client must not wait for. */
export const hang: Responder = () => undefined;

export async function fakeServer(fallback: Responder = json(200, { ok: true })): Promise<FakeServer> {
  const fs: FakeServer = {
    url: '',
    seen: [],
    queue: [],
    fallback,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      fs.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      (fs.queue.shift() ?? fs.fallback)(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fs.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fs;
}
