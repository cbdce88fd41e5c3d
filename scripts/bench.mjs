// `npm run bench`: start-up and request latency of the built CLI against baselines.
// Each command runs RUNS times after WARMUP runs; medians are compared as ratios.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const WARMUP = 3;
const node = process.execPath;
const bin = join(import.meta.dirname, '..', 'bin', 'agnt.js');
const configDir = mkdtempSync(join(tmpdir(), 'agnt-bench-'));

const sandbox = spawn(node, [bin, 'sandbox', 'start', '--json', '--no-profile'], { env: { ...process.env, AGNT_CONFIG_DIR: configDir }, stdio: ['ignore', 'pipe', 'ignore'] });
const first = await new Promise((resolve, reject) => {
  const rl = createInterface({ input: sandbox.stdout });
  rl.once('line', (line) => resolve(JSON.parse(line)));
  sandbox.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
});
const env = { ...process.env, AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: first.baseUrl, AGNT_TOKEN: first.tokens.admin, NO_COLOR: '1' };

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(args) {
  const samples = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(node, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    if (i >= WARMUP) samples.push(ms);
  }
  return median(samples);
}

try {
  const base = time(['-e', '0']);
  const fetchBase = time([join(import.meta.dirname, 'bench-fetch.mjs')]);
  const rows = [
    { name: 'agnt --version', ms: time([bin, '--version']), vs: 'node -e 0', base, limit: 1.5 },
    { name: 'agnt users list --help', ms: time([bin, 'users', 'list', '--help']), vs: 'node -e 0', base, limit: 2 },
    { name: 'agnt users me --json', ms: time([bin, 'users', 'me', '--json']), vs: 'fetch script', base: fetchBase, limit: 1.5 },
  ];
  console.log(`median of ${RUNS} runs (after ${WARMUP} warm-up runs), Node ${process.versions.node}`);
  console.log(`  baseline node -e 0        ${base.toFixed(1)} ms`);
  console.log(`  baseline fetch script     ${fetchBase.toFixed(1)} ms`);
  let ok = true;
  for (const r of rows) {
    const ratio = r.ms / r.base;
    const pass = ratio <= r.limit;
    ok &&= pass;
    console.log(`  ${r.name.padEnd(25)} ${r.ms.toFixed(1).padStart(6)} ms   ${ratio.toFixed(2)}x ${r.vs} (limit ${r.limit}x) ${pass ? 'ok' : 'OVER'}`);
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  sandbox.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
