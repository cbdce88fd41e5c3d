// Baseline for the sandbox's GET /users/me: a minimal node:http server that checks the bearer
// token and answers a fixed user record (of the same size) as JSON. Prints its URL.
import { createServer } from 'node:http';

const token = process.env.BENCH_TOKEN ?? 'token';
const body = process.env.BENCH_BODY ?? '{"ok":true,"user":{}}';
const server = createServer((req, res) => {
  if (req.headers.authorization !== `Bearer ${token}`) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"status":401,"error":"unauthorized"}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
