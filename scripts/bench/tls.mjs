// `npm run bench -- --only workflows` (section `tls`): the workflows over HTTPS, against
// `agnt sandbox start --tls` behind the 20 ms latency proxy, which relays the TLS bytes as they
// are. Each line runs agnt over HTTP/2 and over HTTP/1.1 (http2 off) side by side; requests are
// counted from the sandbox's journal (the proxy sees only ciphertext), and the connections agnt
// opened at the proxy: one over h2, up to the connection gate over h1.
import { request } from 'node:https';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latencyProxy } from './latency-proxy.mjs';
import { coverageSeed, member, seededData } from './workflows.mjs';

const ROUND_TRIP_MS = 20;

export async function tlsGroup({ node, bin, dir, measure, sandbox, report, log, fmt }) {
  /** The TLS sandbox on `data`, behind the latency proxy; run() measures one agnt command. */
  async function bench(data) {
    const sb = await sandbox(['--tls', '--data', data]);
    const ca = readFileSync(sb.caFile, 'utf8');
    const proxy = await latencyProxy(sb.baseUrl, ROUND_TRIP_MS);
    /** The journal's last request id (the control namespace, straight to the sandbox). */
    const lastId = () =>
      new Promise((resolve, reject) => {
        const req = request(new URL('/_sandbox/status', sb.baseUrl), { ca, headers: { authorization: `Bearer ${sb.controlToken}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            const body = JSON.parse(text);
            resolve((body.status ?? body).requests.lastId);
          });
        });
        req.on('error', reject);
        req.end();
      });
    return {
      sb,
      async run(argv, { as = 'admin', http2 = 'auto', out = false } = {}) {
        const [id, sockets] = [await lastId(), proxy.connections];
        const env = { ...sb.env, AGNT_BASE_URL: proxy.url, AGNT_TOKEN: sb.tokens[as], AGNT_CA_FILE: sb.caFile, AGNT_HTTP2: http2 };
        const r = await measure(node, [bin, ...argv], { env, stdout: out ? 'pipe' : 'ignore' });
        return { ...r, requests: (await lastId()) - id, sockets: proxy.connections - sockets };
      },
      /** The same reads by a bare node:http2 client (h2-floor.mjs), through the same proxy. */
      async floor(what, as) {
        const env = { ...sb.env, AGNT_BASE_URL: proxy.url, AGNT_TOKEN: sb.tokens[as], AGNT_CA_FILE: sb.caFile };
        return measure(node, [join(import.meta.dirname, 'h2-floor.mjs'), what], { env });
      },
      async close() {
        await proxy.close();
        await sb.close();
      },
    };
  }
  const both = (h2, h1, what) => `h2 ${what(h2)}; h1 ${what(h1)}`;

  // ---- the inbox: 1,000 principal reads against 11 pages of delegations ----
  log(`over TLS: inbox at 1,000 pending spans against 1,001 delegations, h2 and h1; ${ROUND_TRIP_MS} ms round trip`);
  const coverage = await bench(await seededData(sandbox, dir, 'tls-coverage', coverageSeed));
  try {
    // One pair not counted (compile cache, a cold sandbox), then the median of five pairs' ratios.
    for (const http2 of ['auto', 'off']) {
      await coverage.run(['inbox', '-o', 'json'], { as: 'backup', http2 });
      await coverage.run(['inbox', '-o', 'json'], { as: 'principal', http2 });
    }
    const median = async (http2) => {
      const runs = [];
      for (let k = 0; k < 5; k++) {
        const spans = await coverage.run(['inbox', '-o', 'json'], { as: 'backup', http2 });
        const dels = await coverage.run(['inbox', '-o', 'json'], { as: 'principal', http2 });
        runs.push({ spans, dels, r: spans.ms / dels.ms });
      }
      return runs.sort((x, y) => x.r - y.r)[2];
    };
    const h2 = await median('auto');
    const h1 = await median('off');
    report({
      name: 'inbox, 1,000 pending spans, HTTPS h2',
      vs: '1,001 delegation items, h2',
      value: `${fmt(h2.r)}x; ${h2.spans.requests} vs ${h2.dels.requests} req, ${h2.spans.sockets} socket(s), ${fmt(h2.spans.ms / 1000)} s`,
      target: '<= 1.3x',
      pass: h2.r <= 1.3,
    });
    // The floor: a bare node:http2 client making the same reads (no CLI, no output), median of five.
    const floors = [];
    for (let k = 0; k < 5; k++) {
      const spans = await coverage.floor('spans', 'backup');
      const dels = await coverage.floor('delegations', 'principal');
      floors.push({ spans, dels, r: spans.ms / dels.ms });
    }
    const floor = floors.sort((x, y) => x.r - y.r)[2];
    report({
      name: 'inbox floor: bare node:http2, same reads',
      vs: 'its delegation reads',
      value: `${fmt(floor.r)}x; ${fmt(floor.spans.ms / 1000)} vs ${fmt(floor.dels.ms / 1000)} s; the 1,000 reads add ${fmt((floor.spans.ms - floor.dels.ms) / 1000)} s (agnt: ${fmt((h2.spans.ms - h2.dels.ms) / 1000)} s)`,
      target: 'info',
    });
    report({
      name: 'inbox, 1,000 pending spans, HTTPS h1',
      vs: '1,001 delegation items, h1',
      value: `${fmt(h1.r)}x; ${h1.spans.requests} req, ${h1.spans.sockets} sockets, ${fmt(h1.spans.ms / 1000)} s`,
      target: 'info',
    });
  } finally {
    await coverage.close();
  }

  // ---- batch of 1,000 rows, and org plan at 5,000 members ----
  log(`over TLS: batch of 1,000 rows and org plan at 5k members, h2 and h1 side by side; ${ROUND_TRIP_MS} ms round trip`);
  const org = await bench(
    await seededData(sandbox, dir, 'tls-org', (t, line) => {
      const at = new Date(Date.now() - 86_400_000).toISOString();
      for (let k = 0; k < 5; k++) line('teams', { ...t.teams.team_labs, id: `team_w${k}`, name: `Workforce ${k}`, owner: `usr_w${k.toString(36).padStart(6, '0')}`, createdAt: at, updatedAt: at });
      for (let i = 0; i < 5_000; i++) line('users', member(t, i, `team_w${i % 5}`, i < 5 ? 'owner' : 'member'));
    }),
  );
  try {
    const rows = 1_000;
    const csv = (tag) => {
      const file = join(dir, `tls-batch-${tag}.csv`);
      writeFileSync(file, `name,email\n${Array.from({ length: rows }, (_, i) => `Batch ${tag} ${i},batch.${tag}.${i}@example.test`).join('\n')}\n`);
      return file;
    };
    const b2 = await org.run(['batch', csv('h2'), '--', 'contacts', 'create', '--name', '{name}', '--email', '{email}'], { http2: 'auto' });
    const b1 = await org.run(['batch', csv('h1'), '--', 'contacts', 'create', '--name', '{name}', '--email', '{email}'], { http2: 'off' });
    const perSec = (x) => `${fmt(rows / (x.ms / 1000), 0)} rows/s, ${x.requests} req, ${x.sockets} socket(s)`;
    report({ name: `batch, ${rows} rows of contacts create, HTTPS`, vs: 'h2 vs h1', value: both(b2, b1, perSec), target: 'info' });

    const exported = await org.run(['org', 'export', 'org_acme'], { out: true });
    const doc = join(dir, 'tls-org.yaml');
    writeFileSync(doc, exported.out);
    const p2 = await org.run(['org', 'plan', '-f', doc, '--exit-code'], { http2: 'auto' });
    const p1 = await org.run(['org', 'plan', '-f', doc, '--exit-code'], { http2: 'off' });
    const took = (x) => `${fmt(x.ms / 1000)} s, ${x.requests} req, ${x.sockets} socket(s)`;
    report({ name: 'org plan, 5k members, HTTPS', vs: 'h2 vs h1', value: `${fmt(p2.ms / p1.ms)}x; ${both(p2, p1, took)}`, target: 'info' });
  } finally {
    await org.close();
  }
}
