// The floor under the HTTPS inbox line of `npm run bench -- --only workflows`: what the inbox's
// requests cost a bare node:http2 client, with no CLI around it. The same reads, in the same
// order: the caller (GET /users/me), the list's first page, the rest of its pages four at a time,
// and, for coverage spans, each span's principals as its page arrives, as many at once as the
// server's streams allow. Answers are parsed and dropped. `node h2-floor.mjs spans|delegations`,
// with AGNT_BASE_URL, AGNT_TOKEN and AGNT_CA_FILE set as for agnt.
import { readFileSync } from 'node:fs';
import { connect } from 'node:http2';

const what = process.argv[2];
const list = what === 'spans' ? '/coverage-spans?role=backup&status=pending_acceptance' : '/delegations?role=principal&status=pending';
const key = what === 'spans' ? 'coverageSpans' : 'delegations';
// Node's defaults (64 KiB windows) would make this floor slower than agnt: the same as agnt's.
const session = connect(process.env.AGNT_BASE_URL, { ca: readFileSync(process.env.AGNT_CA_FILE), settings: { initialWindowSize: 4 * 1024 * 1024 } });
session.on('connect', () => session.setLocalWindowSize(16 * 1024 * 1024));
const get = (path) =>
  new Promise((resolve, reject) => {
    const s = session.request({ ':path': path, authorization: `Bearer ${process.env.AGNT_TOKEN}`, accept: 'application/json' });
    let text = '';
    s.setEncoding('utf8');
    s.on('data', (d) => (text += d));
    s.on('end', () => resolve(JSON.parse(text)));
    s.on('error', reject);
    s.end();
  });

await get('/users/me');
const principals = [];
const page = async (n) => {
  const body = await get(`${list}&page=${n}&perPage=100`);
  if (what === 'spans') for (const span of body[key]) principals.push(get(`/coverage-spans/${span.id}/principals?page=1&perPage=100`));
  return body;
};
const first = await page(1);
const pages = Math.ceil(first.total / 100);
for (let n = 2; n <= pages; n += 4) await Promise.all([n, n + 1, n + 2, n + 3].filter((k) => k <= pages).map(page));
await Promise.all(principals);
session.close();
