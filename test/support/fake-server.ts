// A programmable HTTP server for unit tests of the HTTP core: each request is answered by the
// next queued responder, and every request is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface FakeServer {
  url: string;
  seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string; at: number }>;
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

export async function fakeServer(): Promise<FakeServer> {
  const fs: FakeServer = {
    url: '',
    seen: [],
    queue: [],
    fallback: json(200, { ok: true }),
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
