// A network with latency in front of a sandbox on loopback, where a request otherwise costs a
// millisecond and hides every request a workflow sends one at a time. It works on bytes, as a
// network does: each chunk is held half the round trip on its way in and half on its way out, so
// a request and its answer take the round trip more. Parsing HTTP here (a forwarding proxy)
// cost about as much CPU per request as agnt itself, on the same two cores. It counts the
// requests it carries, by the request line at the start of a chunk (agnt does not pipeline),
// so a bench line can print requests sent. TLS passes through as the bytes it is (the client's
// handshake reaches the server): requests are then counted from the sandbox's journal, and the
// connections the proxy accepts are counted here.
import { createServer, connect } from 'node:net';
import { once } from 'node:events';

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/;

/** Starts the proxy in front of `target` (a base URL); `delayMs` is added to every round trip. */
export async function latencyProxy(target, delayMs) {
  const to = new URL(target);
  const half = delayMs / 2;
  const seen = [];
  const sockets = new Set();
  let connections = 0;
  // Held chunks leave in the order they came (timers of one duration fire in order).
  const relay = (from, into) => {
    from.on('data', (chunk) => setTimeout(() => into.writable && into.write(chunk), half));
    from.on('end', () => setTimeout(() => into.end(), half));
    from.on('error', () => into.destroy());
  };
  const server = createServer((client) => {
    connections++;
    const upstream = connect(Number(to.port), to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk) => {
      const m = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)));
      if (m) seen.push({ method: m[1], path: m[2].split('?')[0], url: m[2] });
    });
    relay(client, upstream);
    relay(upstream, client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `${to.protocol}//127.0.0.1:${server.address().port}`,
    /** Connections accepted so far (TCP: one per socket agnt opened). */
    get connections() {
      return connections;
    },
    /** Requests carried since `from` (an index into the log), optionally to paths matching `re`. */
    count(from = 0, re) {
      return seen.slice(from).filter((r) => !re || re.test(r.path)).length;
    },
    get mark() {
      return seen.length;
    },
    async close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
