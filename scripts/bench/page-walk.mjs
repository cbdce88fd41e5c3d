// Baseline for `agnt contacts list --all -o jsonl` (and `agnt org audit-events tail`): a
// sequential walk of pages of 100 with node:http on one kept-alive connection, one JSON line per
// record on stdout.
// Usage: node page-walk.mjs [limit] [path] [key]   (default: /contacts contacts)
import { Agent, request } from 'node:http';

const base = process.env.AGNT_BASE_URL;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const limit = Number(process.argv[2] || Infinity);
const path = process.argv[3] ?? '/contacts';
const key = process.argv[4] ?? 'contacts';
const headers = { authorization: `Bearer ${process.env.AGNT_TOKEN}`, accept: 'application/json' };

function get(path) {
  return new Promise((resolve, reject) => {
    request(new URL(path, base), { agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`HTTP ${res.statusCode}`))));
    })
      .on('error', reject)
      .end();
  });
}

let count = 0;
for (let page = 1; count < limit; page++) {
  const body = await get(`${path}?page=${page}&perPage=100`);
  let out = '';
  for (const c of body[key]) if (count++ < limit) out += `${JSON.stringify(c)}\n`;
  if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
  if (body[key].length < 100 || count >= body.total) break;
}
agent.destroy();
