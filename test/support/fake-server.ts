// The one fake HTTP server of the tests: each request is answered by the next queued responder
// (else by `fallback`), and every request is recorded. A request nothing was queued for, on a
// server given no fallback, is a failure: it is answered 500 naming it, and close() rejects
// listing every such request, so a test cannot pass on an answer it did not expect. It stands in for the API in unit tests of
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
  /** Used when the queue is empty (by default: `unexpected`). */
  fallback: Responder;
  /** Requests answered by `unexpected` ("GET /x"). */
  unexpected: string[];
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

/** The default fallback: a request no test expected. Answered 500; close() then fails. */
export const unexpected: Responder = (req, res) => {
  res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 500, error: `fake server: unexpected request ${req.method} ${req.url}` }));
};

export async function fakeServer(fallback: Responder = unexpected): Promise<FakeServer> {
  const fs: FakeServer = {
    url: '',
    seen: [],
    queue: [],
    fallback,
    unexpected: [],
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      fs.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const answer = fs.queue.shift() ?? fs.fallback;
      if (answer === unexpected) fs.unexpected.push(`${req.method} ${req.url}`);
      answer(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fs.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.close = async () => {
    await new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
    if (fs.unexpected.length) throw new Error(`fake server: requests nothing was queued for: ${fs.unexpected.join(', ')}`);
  };
  return fs;
}
