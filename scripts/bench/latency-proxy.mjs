// A forwarding proxy on 127.0.0.1 that holds every request for a fixed round trip before it
// passes it on: a network with latency, in front of a sandbox on loopback, where a request
// otherwise costs a millisecond and hides every request a workflow sends one at a time.
// It counts what it forwards, by method and path, so a bench line can print requests sent.
import { createServer, request, Agent } from 'node:http';
import { once } from 'node:events';

/** Starts the proxy in front of `target` (a base URL); `delayMs` is added to every request. */
export async function latencyProxy(target, delayMs) {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const seen = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, path: req.url.split('?')[0], url: req.url });
      setTimeout(() => {
        const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        });
        up.on('error', (e) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: false, error: `proxy: ${e.message}` }));
        });
        up.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Requests forwarded since `from` (an index into the log), optionally to paths matching `re`. */
    count(from = 0, re) {
      return seen.slice(from).filter((r) => !re || re.test(r.path)).length;
    },
    get mark() {
      return seen.length;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}
