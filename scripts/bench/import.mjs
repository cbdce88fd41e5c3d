// Baseline for `agnt contacts import FILE`: csv-parse, rows mapped to the bulk-import items agnt
// sends for the bench's columns (the same request bodies, byte for byte), batches
// of 500, 4 requests in flight, node:http on kept-alive connections. Prints the counts as JSON.
// Usage: node import.mjs FILE
import { createReadStream } from 'node:fs';
import { Agent, request } from 'node:http';
import { parse } from 'csv-parse';

const base = process.env.AGNT_BASE_URL;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const headers = { authorization: `Bearer ${process.env.AGNT_TOKEN}`, accept: 'application/json', 'content-type': 'application/json' };
const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };

function post(contacts) {
  const body = JSON.stringify({ contacts });
  return new Promise((resolve, reject) => {
    request(new URL('/contacts/bulk-import', base), { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}: ${text}`));
        const r = JSON.parse(text).bulkImport;
        counts.created += r.created;
        counts.updated += r.updated;
        counts.skipped += r.skipped;
        counts.failed += r.errors.length;
        resolve();
      });
    })
      .on('error', reject)
      .end(body);
  });
}

const inflight = new Set();
let batch = [];
const send = async (rows) => {
  const p = post(rows).finally(() => inflight.delete(p));
  inflight.add(p);
  if (inflight.size >= 4) await Promise.race(inflight);
};
for await (const r of createReadStream(process.argv[2]).pipe(parse({ columns: true }))) {
  // The items agnt sends for these columns, in its key order: 'Mobile Phone' is a typed number.
  batch.push({
    email: r['E-mail Address'],
    name: `${r['First Name']} ${r['Last Name']}`,
    company: r.Company,
    title: r['Job Title'],
    phones: [{ number: r['Mobile Phone'], type: 'mobile', primary: true }],
    tags: r.Categories.split(';'),
  });
  if (batch.length === 500) {
    await send(batch);
    batch = [];
  }
}
if (batch.length) await send(batch);
await Promise.all(inflight);
agent.destroy();
process.stdout.write(`${JSON.stringify(counts)}\n`);
