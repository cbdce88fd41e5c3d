// `npm run bench -- --only workflows`: the workflows built on the walks, at the sizes admins and
// coordinators have (organizations of 20,000 members, inboxes of 1,000 items), through a proxy
// that adds a 20 ms round trip to every request. Each line prints the requests agnt sent (counted
// at the proxy) and the time; the organization lines also compare CPU with the export's.
//
// The sandbox is seeded through its data file (`--data`): it is started once to write its seed,
// then the bench appends records to the file in the sandbox's own journal format (one
// `{"c": collection, "r": record}` line each, copied from a seeded record of that collection),
// and starts it again on that file. Seeding 20,000 members this way takes a second, where the
// API would take minutes.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latencyProxy } from './latency-proxy.mjs';

const ROUND_TRIP_MS = 20;

const at = new Date(Date.now() - 86_400_000).toISOString();
export const member = (t, i, team, role = 'member') => ({
  ...t.users.usr_member,
  id: `usr_w${i.toString(36).padStart(6, '0')}`,
  email: `member.${i}@acme.test`,
  name: `Member ${i}`,
  firstName: 'Member',
  lastName: String(i),
  organizationRole: 'member',
  team,
  teamRole: team ? role : null,
  createdAt: at,
  updatedAt: at,
});

/** A data file holding the seed plus what `extra(templates, line)` appends. */
export async function seededData(sandbox, dir, name, extra) {
  const data = join(dir, `${name}.data`);
  const first = await sandbox(['--data', data]);
  await first.close();
  const text = readFileSync(data, 'utf8');
  const templates = {};
  for (const l of text.split('\n')) {
    if (!l.startsWith('{"c":')) continue;
    const { c, r } = JSON.parse(l);
    if (r) (templates[c] ??= {})[r.id] = r;
  }
  const out = [];
  const line = (c, r) => out.push(JSON.stringify({ c, r }));
  extra(templates, line);
  appendFileSync(data, `${out.join('\n')}\n`);
  return data;
}

/** 1,000 pending spans (each with its principal), 2,000 scheduled ones, 1,001 pending delegations. */
export function coverageSeed(t, line) {
  const span = t.coverageSpans.cov_draft;
  const row = Object.values(t.coverageSpanPrincipals).find((r) => r.span === 'cov_draft');
  const del = t.delegations.del_principal;
  const start = Date.parse('2030-01-01T00:00:00Z');
  const spanAt = (i, status, extra = {}) => {
    const s = new Date(start + i * 86_400_000).toISOString();
    const e = new Date(start + i * 86_400_000 + 3_600_000).toISOString();
    return { ...span, id: `cov_w${i}`, status, startAt: s, endAt: e, submittedAt: status === 'draft' ? null : at, createdAt: at, updatedAt: at, ...extra };
  };
  for (let i = 0; i < 1_000; i++) {
    line('coverageSpans', spanAt(i, 'pending_acceptance'));
    line('coverageSpanPrincipals', { ...row, id: `csp_wp${i}`, span: `cov_w${i}`, createdAt: at, updatedAt: at });
  }
  for (let i = 1_000; i < 3_000; i++) {
    line('coverageSpans', spanAt(i, 'scheduled'));
    line('coverageSpanPrincipals', { ...row, id: `csp_wp${i}`, span: `cov_w${i}`, createdAt: at, updatedAt: at });
  }
  for (let i = 0; i < 1_001; i++) line('delegations', { ...del, id: `del_w${i}`, status: 'pending', isDefault: false, createdAt: at, updatedAt: at });
}

export async function workflowsGroup({ node, bin, dir, measure, sandbox, report, log, fmt, mb }) {
  // `--sections inbox,batch` runs only those sections (lists, org, drift, inbox, batch).
  const sectionsAt = process.argv.indexOf('--sections');
  const sections = sectionsAt >= 0 ? new Set(process.argv[sectionsAt + 1].split(',')) : undefined;
  const want = (name) => !sections || sections.has(name);
  const seeded = (name, extra) => seededData(sandbox, dir, name, extra);

  /** The sandbox on `data`, behind the latency proxy; env for agnt as the admin (or `as`). */
  async function bench(data) {
    const sb = await sandbox(['--data', data]);
    const proxy = await latencyProxy(sb.baseUrl, ROUND_TRIP_MS);
    const env = (as = 'admin') => ({ ...sb.env, AGNT_BASE_URL: proxy.url, AGNT_TOKEN: sb.tokens[as] });
    return {
      sb,
      proxy,
      env,
      async run(argv, { as, out } = {}) {
        const mark = proxy.mark;
        const r = await measure(node, [bin, ...argv], { env: env(as), stdout: out ? 'pipe' : 'ignore' });
        return { ...r, requests: proxy.count(mark), mark };
      },
      async close() {
        await proxy.close();
        await sb.close();
      },
    };
  }

  // ---- the sandbox's own list pages at 1x and 10x the data ----
  if (want('lists')) {
    log('sandbox list pages at 1x and 10x the data (five walks of 10 pages each, alternating; median of pages 2-10)');
    // At least 1,000 records at 1x, so that pages 2-10 hold 100 each at both sizes (an empty
    // page at 1x made the team line compare full pages with empty ones).
    const sizes = { spans: [3_000, 30_000], events: [10_000, 100_000], teams: [1_000, 10_000] };
    // Both sandboxes run at once and their walks alternate, five rounds each, so that a busy
    // moment of the machine falls on both sizes alike.
    const sandboxes = [];
    for (const k of [0, 1]) {
      const data = await seeded(`pages-${k}`, (t, line) => {
        const span = t.coverageSpans.cov_draft;
        const row = Object.values(t.coverageSpanPrincipals).find((r) => r.span === 'cov_draft');
        const ev = Object.values(t.auditEvents ?? {})[0];
        for (let i = 0; i < sizes.spans[k]; i++) {
          line('coverageSpans', { ...span, id: `cov_p${i}`, status: 'scheduled', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-02T00:00:00.000Z' });
          line('coverageSpanPrincipals', { ...row, id: `csp_p${i}`, span: `cov_p${i}` });
        }
        for (let i = 0; i < sizes.events[k]; i++)
          line('auditEvents', {
            ...ev,
            id: `aud_p${i}`,
            organization: 'org_acme',
            action: i % 2 ? 'member.updated' : 'domain.verified',
            entityType: i % 2 ? 'member' : 'domain',
            entityId: `x${i}`,
            metadata: {},
            createdAt: at,
            updatedAt: at,
          });
        for (let i = 0; i < sizes.teams[k]; i++) line('teams', { ...t.teams.team_labs, id: `team_p${i}`, name: `Pages ${i}`, owner: null });
      });
      sandboxes.push(await sandbox(['--data', data]));
    }
    const paths = {
      spans: '/coverage-spans',
      events: '/organizations/org_acme/audit-events',
      filtered: '/organizations/org_acme/audit-events?entityType=member',
      teams: '/teams',
    };
    const times = [0, 1].map(() => Object.fromEntries(Object.keys(paths).map((key) => [key, []])));
    try {
      for (let round = 0; round < 5; round++) {
        for (const k of [0, 1]) {
          for (const [key, path] of Object.entries(paths)) {
            for (let p = 1; p <= 10; p++) {
              const t0 = process.hrtime.bigint();
              await sandboxes[k].call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${p}&perPage=100`);
              if (p > 1) times[k][key].push(Number(process.hrtime.bigint() - t0) / 1e6);
            }
          }
        }
      }
    } finally {
      for (const sb of sandboxes) await sb.close();
    }
    const median = (ms) => ms.sort((a, b) => a - b)[ms.length >> 1];
    const perPage = times.map((t) => Object.fromEntries(Object.entries(t).map(([key, ms]) => [key, median(ms)])));
    for (const [key, name] of [
      ['spans', 'coverage-span page'],
      ['events', 'audit-event page'],
      ['filtered', 'audit-event page, entityType filter'],
      ['teams', 'team page'],
    ]) {
      const r = perPage[1][key] / perPage[0][key];
      report({ name: `sandbox ${name}, 10x / 1x data`, vs: '1x data', value: `${fmt(r)}x (${fmt(perPage[0][key])} ms, ${fmt(perPage[1][key])} ms)`, target: '<= 1.5x', pass: r <= 1.5 });
    }
  }

  // ---- organization as code at 5k and 20k members, in 5 teams ----
  for (const n of want('org') ? [5_000, 20_000] : []) {
    log(`organization of ${n / 1000}k members in 5 teams, ${ROUND_TRIP_MS} ms round trip`);
    const data = await seeded(`org-${n}`, (t, line) => {
      for (let k = 0; k < 5; k++) line('teams', { ...t.teams.team_labs, id: `team_w${k}`, name: `Workforce ${k}`, owner: `usr_w${k.toString(36).padStart(6, '0')}`, createdAt: at, updatedAt: at });
      for (let i = 0; i < n; i++) line('users', member(t, i, `team_w${i % 5}`, i < 5 ? 'owner' : 'member'));
    });
    const b = await bench(data);
    try {
      const exp = await b.run(['org', 'export', 'org_acme'], { out: true });
      const doc = join(dir, `org-${n}.yaml`);
      writeFileSync(doc, exp.out);
      const plan = await b.run(['org', 'plan', '-f', doc, '--exit-code']);
      report({ name: `org export, ${n / 1000}k members`, vs: '', value: `${exp.requests} req, ${fmt(exp.ms / 1000)} s, ${fmt(exp.cpu / 1000)} s CPU`, target: 'info', rss: mb(exp.rss) });
      const ratio = plan.cpu / exp.cpu;
      report({
        name: `org plan, ${n / 1000}k members (CPU vs export)`,
        vs: 'org export',
        value: `${fmt(ratio)}x; ${plan.requests} req, ${fmt(plan.ms / 1000)} s`,
        target: '<= 1.5x CPU',
        pass: ratio <= 1.5,
        rss: mb(plan.rss),
      });
    } finally {
      await b.close();
    }
  }

  // ---- drift with 40k audit events ----
  if (want('drift')) {
    log(`org drift with 40k audit events, ${ROUND_TRIP_MS} ms round trip`);
    const data = await seeded('drift', (t, line) => {
      const ev = Object.values(t.auditEvents ?? {})[0];
      for (let i = 0; i < 40_000; i++)
        line('auditEvents', { ...ev, id: `aud_w${i}`, organization: 'org_acme', action: 'domain.verified', entityType: 'domain', entityId: `dom_${i}`, metadata: {}, createdAt: at, updatedAt: at });
    });
    const b = await bench(data);
    try {
      const exp = await b.run(['org', 'export', 'org_acme'], { out: true });
      const doc = join(dir, 'drift.yaml');
      writeFileSync(doc, exp.out);
      await b.sb.call('PUT', '/users/usr_member', { organizationRole: 'guest' });
      const drift = await b.run(['org', 'drift', '-f', doc]);
      const pages = b.proxy.count(drift.mark, /\/audit-events$/);
      report({
        name: 'org drift, 40k audit events, 1 field',
        vs: '',
        value: `${pages} audit page(s); ${drift.requests} req, ${fmt(drift.ms / 1000)} s`,
        target: 'pages it needs (1)',
        pass: pages <= 1,
      });
    } finally {
      await b.close();
    }
  }

  // ---- the inbox and the coverage table ----
  if (want('inbox')) {
    log(`inbox and coverage list at 1,000 pending spans, 1,001 delegations, 3,000 spans; ${ROUND_TRIP_MS} ms round trip`);
    const data = await seeded('coverage', coverageSeed);
    const b = await bench(data);
    try {
      // Five pairs, each inbox beside the other, and the median of their ratios, after one pair
      // not counted: the first run of a fresh build writes agnt's compile cache, and the first
      // requests find the sandbox's code not yet compiled (a served API is warm), and both cost
      // the run of 1,000 requests more than the one of 16.
      await b.run(['inbox', '-o', 'json'], { as: 'backup' });
      await b.run(['inbox', '-o', 'json'], { as: 'principal' });
      const pairs = [];
      for (let k = 0; k < 5; k++) {
        const spans = await b.run(['inbox', '-o', 'json'], { as: 'backup' });
        const dels = await b.run(['inbox', '-o', 'json'], { as: 'principal' });
        pairs.push({ spans, dels, r: spans.ms / dels.ms });
      }
      pairs.sort((x, y) => x.r - y.r);
      const { spans, dels, r } = pairs[2];
      report({
        name: 'inbox, 1,000 pending spans',
        vs: '1,001 delegation items',
        value: `${fmt(r)}x; ${spans.requests} vs ${dels.requests} req, ${fmt(spans.ms / 1000)} s`,
        target: '<= 2x',
        pass: r <= 2,
      });
      const table = await b.run(['coverage', 'list', '--all', '-o', 'table'], { as: 'coordinator' });
      const jsonl = await b.run(['coverage', 'list', '--all', '-o', 'jsonl'], { as: 'coordinator' });
      report({
        name: 'coverage list (table), 3,000+ spans',
        vs: '-o jsonl',
        value: `${table.requests} vs ${jsonl.requests} req, ${fmt(table.ms / 1000)} s vs ${fmt(jsonl.ms / 1000)} s`,
        target: 'info',
        rss: mb(table.rss),
      });
    } finally {
      await b.close();
    }
  }

  // ---- batch against the import, and members sync ----
  if (want('batch')) {
    const rows = 1_000;
    log(`batch of ${rows} rows against contacts import of the same rows; members sync of 250 removals; ${ROUND_TRIP_MS} ms round trip`);
    const data = await seeded('bulk', (t, line) => {
      for (let i = 0; i < 260; i++) line('users', member(t, i, 'team_labs'));
    });
    const b = await bench(data);
    try {
      const csv = join(dir, 'batch.csv');
      writeFileSync(csv, `name,email\n${Array.from({ length: rows }, (_, i) => `Batch ${i},batch.${i}@example.test`).join('\n')}\n`);
      const batch = await b.run(['batch', csv, '--', 'contacts', 'create', '--name', '{name}', '--email', '{email}']);
      const csv2 = join(dir, 'import.csv');
      writeFileSync(csv2, `Name,E-mail Address\n${Array.from({ length: rows }, (_, i) => `Import ${i},import.${i}@example.test`).join('\n')}\n`);
      const imp = await b.run(['contacts', 'import', csv2]);
      const perSec = (x) => rows / (x.ms / 1000);
      report({
        name: `batch, ${rows} rows of contacts create`,
        vs: 'contacts import',
        value: `${fmt(perSec(batch), 0)} vs ${fmt(perSec(imp), 0)} rows/s; ${batch.requests} vs ${imp.requests} req`,
        target: 'info',
      });
      const ids = join(dir, 'update.csv');
      const list = await b.sb.call('GET', '/contacts?perPage=100&search=batch.');
      const page = list.contacts.map((c) => c.id);
      writeFileSync(ids, `id\n${Array.from({ length: rows }, (_, i) => page[i % page.length]).join('\n')}\n`);
      const upd = await b.run(['batch', ids, '--', 'contacts', 'update', '{id}', '--set', 'tags=["x"]']);
      report({ name: `batch, ${rows} rows of contacts update --set`, vs: '', value: `${fmt(perSec(upd), 0)} rows/s; ${upd.requests} req, ${fmt(upd.ms / 1000)} s`, target: 'info' });
      const roster = join(dir, 'roster.csv');
      writeFileSync(roster, `email\nmanager@acme.test\n${Array.from({ length: 10 }, (_, i) => `member.${i}@acme.test`).join('\n')}\n`);
      const sync = await b.run(['teams', 'members', 'sync', 'team_labs', '--from', roster, '--yes', '--max-removals', '250', '--remove-only']);
      report({ name: 'teams members sync, 250 removals', vs: '', value: `${sync.requests} req, ${fmt(sync.ms / 1000)} s`, target: 'info' });
    } finally {
      await b.close();
    }
  }
}
