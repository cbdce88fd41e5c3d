// `npm run bench` (called from bench.mjs) and `node scripts/bench-batch.mjs`: rows per second of
// `agnt batch` running `users provision` for 10k rows against the sandbox, next to a minimal
// script that sends the same requests with fetch, 4 at a time. Each measurement gets a fresh
// sandbox (the store grows with every provisioned user); the best of BENCH_BATCH_RUNS (default 2)
// runs of each is compared. Exit 1 when agnt batch is under 0.9x the script.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 2);
const LIMIT = 0.9;
const node = process.execPath;
const bin = join(import.meta.dirname, '..', 'bin', 'agnt.js');
const dir = mkdtempSync(join(tmpdir(), 'agnt-bench-batch-'));

async function sandbox() {
  const child = spawn(node, [bin, 'sandbox', 'start', '--json', '--no-profile'], { env: { ...process.env, AGNT_CONFIG_DIR: dir }, stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  return { baseUrl: first.baseUrl, token: first.tokens.admin, stop: () => child.kill('SIGTERM') };
}

function csv(prefix) {
  const lines = ['email,first,last'];
  for (let i = 0; i < ROWS; i++) lines.push(`${prefix}${i}@bench.test,First${i},Last${i}`);
  const file = join(dir, `${prefix}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** The baseline: read the file, send each row's request with fetch, 4 in flight. */
async function script(sb, file) {
  const { readFileSync } = await import('node:fs');
  const t0 = performance.now();
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < rows.length) {
      const [email, firstName, lastName] = rows[next++];
      const res = await fetch(`${sb.baseUrl}/users/provision`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, firstName, lastName, teamId: 'team_acme' }),
      });
      await res.json();
      if (!res.ok) failed++;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (failed) throw new Error(`baseline: ${failed} requests failed`);
  return (performance.now() - t0) / 1000;
}

async function batch(sb, file) {
  const t0 = performance.now();
  const child = spawn(
    node,
    [
      bin,
      'batch',
      file,
      '--ledger',
      `${file}.${Date.now()}.ledger`,
      '-o',
      'jsonl',
      '--',
      'users',
      'provision',
      '--email',
      '{email}',
      '--first-name',
      '{first}',
      '--last-name',
      '{last}',
      '--team-id',
      'team_acme',
    ],
    {
      env: { ...process.env, AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.token, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`agnt batch exited ${code}: ${err.slice(-500)}`);
  return (performance.now() - t0) / 1000;
}

async function measure(kind, run) {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const sb = await sandbox();
    try {
      best = Math.min(best, await run(sb, csv(`${kind}${i}_`)));
    } finally {
      sb.stop();
    }
  }
  return ROWS / best;
}

try {
  const base = await measure('s', script);
  const ours = await measure('b', batch);
  const ratio = ours / base;
  const pass = ratio >= LIMIT;
  console.log(`agnt batch, ${ROWS} rows of users provision (best of ${RUNS}, fresh sandbox each)`);
  console.log(`  baseline fetch script, 4 in flight  ${base.toFixed(0).padStart(6)} rows/s`);
  console.log(`  agnt batch (--concurrency 4)        ${ours.toFixed(0).padStart(6)} rows/s   ${ratio.toFixed(2)}x the script (at least ${LIMIT}x) ${pass ? 'ok' : 'UNDER'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
