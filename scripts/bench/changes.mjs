// `npm run bench -- --only changes`: what the change journal (docs/changes.md) costs, against the
// same runs with AGNT_JOURNAL=off, interleaved: a 10,000-row `agnt batch` of `contacts update
// --set` (each row's record read first for the journal, its answer kept) and a 100,000-row
// `contacts import` (journalled per bulk request).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export async function changesGroup({ node, bin, dir, measure, sandbox, pairs, report, log, fmt, csvFile, seed, quick }) {
  log('change journal: on vs AGNT_JOURNAL=off');
  const runs = quick ? 1 : 3;
  const line = (name, r, limit) =>
    report({
      name: `journal: ${name}`,
      vs: 'AGNT_JOURNAL=off',
      value: `${fmt(r.ms)}x time (${fmt(r.bMs / 1000, 1)} s vs ${fmt(r.aMs / 1000, 1)} s)`,
      target: `<= ${fmt(limit)}x`,
      pass: r.ms <= limit,
    });

  // 10k updates through agnt batch, on one sandbox holding 10k contacts.
  const rows = 10_000;
  const sb = await sandbox();
  try {
    await seed(sb, rows);
    const ids = [];
    for (let page = 1; ids.length < rows + 50; page++) {
      const body = await sb.call('GET', `/contacts?page=${page}&perPage=100`);
      if (!body.contacts.length) break;
      for (const c of body.contacts) ids.push(c.id);
    }
    const take = ids.slice(0, rows);
    let round = 0;
    const side = (journal) => async () => {
      const file = join(dir, `updates-${round++}.csv`);
      writeFileSync(file, `id,title\n${take.map((id, i) => `${id},Title ${round}-${i}`).join('\n')}\n`);
      const argv = [bin, 'batch', file, '--ledger', join(dir, `ledger-${randomBytes(3).toString('hex')}.jsonl`), '--', 'contacts', 'update', '{id}', '--set', 'title={title}'];
      return measure(node, argv, { env: journal ? sb.env : { ...sb.env, AGNT_JOURNAL: 'off' } });
    };
    const r = await pairs(runs, side(false), side(true));
    line('batch of 10k contacts update --set', r, 1.1);
  } finally {
    await sb.close();
  }

  // 100k contacts imported, a fresh sandbox each run.
  const n = 100_000;
  const file = await csvFile(n);
  const importSide = (journal) => async () => {
    const box = await sandbox();
    try {
      const argv = [bin, 'contacts', 'import', file, '-o', 'json', '--ledger', join(dir, `ledger-${randomBytes(3).toString('hex')}.jsonl`)];
      return await measure(node, argv, { env: journal ? box.env : { ...box.env, AGNT_JOURNAL: 'off' }, stdout: 'pipe' });
    } finally {
      await box.close();
    }
  };
  const r = await pairs(runs, importSide(false), importSide(true));
  line('contacts import, 100k rows', r, 1.05);
}
