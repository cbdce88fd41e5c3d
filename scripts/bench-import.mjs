// `npm run bench:import`: generates CSV files of 10k, 100k and 1M rows in a temporary folder,
// imports each into a fresh sandbox (`agnt sandbox start --json`, its own process) with the built
// CLI, and prints rows per second and the CLI's peak memory (maximum resident set size, from
// /usr/bin/time -v when present, else from the CLI process's own resource usage at exit).
// Usage: node scripts/bench-import.mjs [rows ...]   e.g. node scripts/bench-import.mjs 100000
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';

const BIN = resolve(import.meta.dirname, '..', 'bin', 'agnt.js');
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [10_000, 100_000, 1_000_000];
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const dir = mkdtempSync(join(tmpdir(), 'agnt-bench-import-'));
const env = { ...process.env, AGNT_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' };
for (const k of Object.keys(env)) if (k.startsWith('AGNT_') && k !== 'AGNT_CONFIG_DIR') delete env[k];

const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'];
const LAST = ['Lee', 'Stone', 'Okafor', 'Müller', 'García', 'Nguyen', 'Smith', 'Kowalski'];
const COMPANY = ['Acme', 'Globex', 'Initech', 'Umbrella, Inc.', 'Hooli', 'Vandelay Industries'];

async function generate(rows) {
  const file = join(dir, `contacts-${rows}.csv`);
  const out = createWriteStream(file);
  out.write('First Name,Last Name,E-mail Address,Mobile Phone,Company,Job Title,Categories\n');
  let buf = '';
  for (let i = 0; i < rows; i++) {
    const f = FIRST[i % FIRST.length];
    const l = LAST[i % LAST.length];
    const c = COMPANY[i % COMPANY.length];
    buf += `${f},${l},${f.toLowerCase()}.${i}@example${i % 97}.com,+1 555 ${String(i % 10000).padStart(4, '0')},"${c}",Engineer ${i % 7},${i % 3 ? 'customer' : 'vip;customer'}\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return file;
}

async function startSandbox() {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--json', '--no-profile'], {
    env: { ...env, NODE_OPTIONS: '--max-old-space-size=8192' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  for await (const chunk of child.stdout) {
    text += chunk;
    if (text.includes('\n')) break;
  }
  const info = JSON.parse(text.split('\n')[0]);
  return { child, ...info };
}

async function runImport(sb, file) {
  const rssFile = join(dir, 'rss.txt');
  rmSync(rssFile, { force: true });
  // Reported by the CLI process itself at exit, as a fallback when /usr/bin/time is missing.
  const hook = `data:text/javascript,${encodeURIComponent(`import {writeFileSync} from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));`)}`;
  const args = ['--import', hook, BIN, 'contacts', 'import', file, '-o', 'json', '--ledger', join(dir, 'ledger.jsonl')];
  const cmd = TIME ? [TIME, ['-v', process.execPath, ...args]] : [process.execPath, args];
  const started = process.hrtime.bigint();
  const child = spawn(cmd[0], cmd[1], { env: { ...env, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'exit');
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`import exited ${code}: ${stderr.slice(-2000)}`);
  const timeKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
  const selfKb = existsSync(rssFile) ? readFileSync(rssFile, 'utf8') : undefined;
  return { secs, summary: JSON.parse(stdout), peakMb: Number(timeKb ?? selfKb) / 1024, source: timeKb ? '/usr/bin/time' : 'resourceUsage' };
}

const results = [];
try {
  for (const rows of SIZES) {
    const file = await generate(rows);
    const sb = await startSandbox();
    try {
      const r = await runImport(sb, file);
      if (r.summary.created !== rows || r.summary.failed !== 0) throw new Error(`unexpected summary ${JSON.stringify(r.summary)}`);
      const line = {
        rows,
        mb: +(statSync(file).size / 1e6).toFixed(1),
        seconds: +r.secs.toFixed(2),
        rowsPerSecond: Math.round(rows / r.secs),
        peakMemoryMb: +r.peakMb.toFixed(1),
        measuredWith: r.source,
      };
      results.push(line);
      console.log(
        `${String(rows).padStart(9)} rows  ${String(line.mb).padStart(6)} MB  ${line.seconds.toFixed(2).padStart(7)} s  ${String(line.rowsPerSecond).padStart(7)} rows/s  peak ${line.peakMemoryMb.toFixed(1)} MB (${r.source})`,
      );
    } finally {
      sb.child.kill('SIGTERM');
      await once(sb.child, 'exit');
      rmSync(file, { force: true });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.BENCH_JSON) console.log(JSON.stringify(results));
