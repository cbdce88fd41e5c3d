// `npm run bench`: every line of the performance table, each against its baseline in the same
// run. The two sides of a line run interleaved (A B A B ...), and the line's figure is the median
// of the per-pair ratios, so that a machine whose load changes during the run moves both sides.
// Wall time is measured here; CPU and peak RSS come from /usr/bin/time when it is installed
// (Debian package `time`), else from the process's own resourceUsage() at exit (node only).
//
//   npm run bench                    everything (about 10 minutes on a quiet 2-core machine)
//   npm run bench -- --quick         fewer runs, no 1M-row import
//   npm run bench -- --only startup,walk   groups: startup walk table import sandbox scale journal transfer audit usage batch workflows mcp exe console changes clone
//   npm run bench -- --markdown      also print the table as Markdown
//   npm run bench -- --record        write the lines measured into docs/performance.json (and the table of docs/performance.md)
//   BENCH_RUNS=N                     pairs per start-up line (default 15, --quick 7)
//   BENCH_AUDIT_EVENTS=N, BENCH_USAGE_CHATS=N   size of the audit and usage groups (100k, 10k)
//   BENCH_TRANSFER_MIB=N, BENCH_TRANSFER_RUNS=N   size of the transfer file (1024) and its rounds (3)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, openSync, readFileSync, closeSync, rmSync, statSync, writeSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { exeGroup } from './bench/exe.mjs';
import { workflowsGroup } from './bench/workflows.mjs';
import { consoleGroup } from './bench/console.mjs';
import { changesGroup } from './bench/changes.mjs';
import { cloneGroup } from './bench/clone.mjs';
import { tlsGroup } from './bench/tls.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const MARKDOWN = args.includes('--markdown');
const onlyAt = args.indexOf('--only');
const GROUPS = ['startup', 'walk', 'table', 'import', 'sandbox', 'scale', 'journal', 'transfer', 'audit', 'usage', 'batch', 'workflows', 'mcp', 'exe', 'console', 'changes', 'clone'];
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(',')) : new Set(GROUPS);
for (const g of only) if (!GROUPS.includes(g)) throw new Error(`unknown group '${g}' (groups: ${GROUPS.join(', ')})`);

const node = process.execPath;
const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'bin', 'agnt.js');
const here = join(root, 'scripts', 'bench');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const CURL = ['/usr/bin/curl', '/usr/local/bin/curl'].find((p) => existsSync(p));
const dir = mkdtempSync(join(tmpdir(), 'agnt-bench-'));
const baseEnv = { ...process.env, AGNT_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' };
for (const k of Object.keys(baseEnv)) if (k.startsWith('AGNT_') && k !== 'AGNT_CONFIG_DIR') delete baseEnv[k];
const START_RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 7 : 15));

// Children still running when the bench is stopped (Ctrl-C) are stopped with it.
const children = new Set();
const track = (child) => {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const log = (s) => process.stderr.write(`${s}\n`);

// ---- processes ----------------------------------------------------------------------------

const hookFile = join(dir, 'usage.json');
// Without /usr/bin/time, a node child reports its own CPU and peak RSS when it exits.
const hook = `data:text/javascript,${encodeURIComponent(`import {writeFileSync} from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); writeFileSync(${JSON.stringify(hookFile)}, JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1000, rss: u.maxRSS / 1024 })); });`)}`;

/** Runs a command to its end: wall ms, CPU ms and peak RSS MB (undefined when unknown). */
async function measure(file, argv, { env = baseEnv, stdout = 'ignore', input } = {}) {
  const timeOut = join(dir, 'time.txt');
  let cmd = file;
  let cargs = argv;
  if (TIME) {
    cmd = TIME;
    cargs = ['-o', timeOut, '-f', '%U %S %M', file, ...argv];
  } else if (file === node) cargs = ['--import', hook, ...argv];
  rmSync(timeOut, { force: true });
  rmSync(hookFile, { force: true });
  const t0 = process.hrtime.bigint();
  const child = track(spawn(cmd, cargs, { env, stdio: [input ?? 'ignore', stdout, 'pipe'] }));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  let out = '';
  if (stdout === 'pipe') child.stdout.on('data', (d) => (out += d));
  const [code] = await once(child, 'close');
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (code !== 0) throw new Error(`${file} ${argv.join(' ')} exited ${code}: ${stderr}`);
  let cpu;
  let rss;
  if (TIME && existsSync(timeOut)) {
    const [u, s, m] = readFileSync(timeOut, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    cpu = (u + s) * 1000;
    rss = m / 1024;
  } else if (existsSync(hookFile)) ({ cpu, rss } = JSON.parse(readFileSync(hookFile, 'utf8')));
  return { ms, cpu, rss, out };
}

/** A sandbox (`agnt sandbox start --json`) in its own process; `close()` returns its peak RSS. */
async function sandbox(extra = []) {
  const usage = join(dir, `sandbox-${randomBytes(3).toString('hex')}.json`);
  const h = hook.replace(encodeURIComponent(JSON.stringify(hookFile)), encodeURIComponent(JSON.stringify(usage)));
  const child = track(
    spawn(node, ['--max-old-space-size=8192', '--import', h, bin, 'sandbox', 'start', '--json', '--no-profile', ...extra], {
      env: baseEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const first = await new Promise((res, rej) => {
    createInterface({ input: child.stdout }).once('line', (l) => res(JSON.parse(l)));
    child.once('exit', (c) => rej(new Error(`sandbox exited ${c}: ${stderr}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const sb = {
    child,
    baseUrl: first.baseUrl,
    token: first.tokens.admin,
    tokens: first.tokens,
    controlToken: first.controlToken,
    caFile: first.caFile,
    env: { ...baseEnv, AGNT_BASE_URL: first.baseUrl, AGNT_TOKEN: first.tokens.admin },
    /** One API call from the bench itself (not measured as a side). */
    call(method, path, body) {
      return new Promise((res, rej) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        request(new URL(path, first.baseUrl), { method, agent, headers: { authorization: `Bearer ${first.tokens.admin}`, 'content-type': 'application/json' } }, (r) => {
          let t = '';
          r.setEncoding('utf8');
          r.on('data', (d) => (t += d));
          r.on('end', () => (r.statusCode < 300 ? res(t ? JSON.parse(t) : null) : rej(new Error(`${method} ${path}: HTTP ${r.statusCode} ${t.slice(0, 300)}`))));
        })
          .on('error', rej)
          .end(text);
      });
    },
    async close() {
      agent.destroy();
      child.kill('SIGTERM');
      await once(child, 'exit');
      return existsSync(usage) ? JSON.parse(readFileSync(usage, 'utf8')).rss : undefined;
    },
  };
  return sb;
}

// ---- data ---------------------------------------------------------------------------------

const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'];
const LAST = ['Lee', 'Stone', 'Okafor', 'Müller', 'García', 'Nguyen', 'Smith', 'Kowalski'];
const COMPANY = ['Acme', 'Globex', 'Initech', 'Umbrella, Inc.', 'Hooli', 'Vandelay Industries'];
const row = (i) => {
  const f = FIRST[i % FIRST.length];
  const l = LAST[i % LAST.length];
  return {
    f,
    l,
    email: `${f.toLowerCase()}.${i}@example${i % 97}.com`,
    phone: `+1 555 ${String(i % 10000).padStart(4, '0')}`,
    company: COMPANY[i % COMPANY.length],
    title: `Engineer ${i % 7}`,
    tags: i % 3 ? ['customer'] : ['vip', 'customer'],
  };
};

async function csvFile(rows) {
  const file = join(dir, `contacts-${rows}.csv`);
  if (existsSync(file)) return file;
  const out = createWriteStream(file);
  out.write('First Name,Last Name,E-mail Address,Mobile Phone,Company,Job Title,Categories\n');
  let buf = '';
  for (let i = 0; i < rows; i++) {
    const r = row(i);
    buf += `${r.f},${r.l},${r.email},${r.phone},"${r.company}",${r.title},${r.tags.join(';')}\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return file;
}

/** Fills a sandbox with n contacts of the admin user through the bulk-import endpoint. */
async function seed(sb, n) {
  const inflight = new Set();
  for (let at = 0; at < n; at += 1000) {
    const contacts = [];
    for (let i = at; i < Math.min(n, at + 1000); i++) {
      const r = row(i);
      contacts.push({ email: r.email, name: `${r.f} ${r.l}`, phone: r.phone, company: r.company, title: r.title, tags: r.tags });
    }
    const p = sb.call('POST', '/contacts/bulk-import', { contacts }).finally(() => inflight.delete(p));
    inflight.add(p);
    if (inflight.size >= 2) await Promise.race(inflight);
  }
  await Promise.all(inflight);
}

/** Median latency (ms) of single list pages spread over the whole collection. */
async function pageLatency(sb, total, samples = 60) {
  const pages = Math.max(1, Math.ceil(total / 100));
  const ms = [];
  for (let i = 0; i < samples + 5; i++) {
    const page = 1 + Math.floor(((i * 7919) % samples) * (pages / samples));
    const t0 = process.hrtime.bigint();
    const body = await sb.call('GET', `/contacts?page=${page}&perPage=100`);
    if (i >= 5) ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!Array.isArray(body.contacts)) throw new Error('no contacts in a page');
  }
  return median(ms);
}

// ---- lines --------------------------------------------------------------------------------

const lines = [];
/**
 * One line of the table: `ratio` is the line's figure, `pass` whether it is within `target`.
 * `rss` the CLI's (or the sandbox's) peak memory in MB.
 */
function report(line) {
  lines.push(line);
  log(
    `  ${line.pass === undefined ? '    ' : line.pass ? 'ok  ' : 'OVER'} ${line.name.padEnd(44)} ${line.value.padEnd(30)} target ${line.target.padEnd(22)} ${line.rss ?? ''}${line.note ? `  (${line.note})` : ''}`,
  );
}

/** Runs a (baseline) and b (agnt) interleaved; returns the samples and medians of ratios. */
async function pairs(n, a, b, warmup = 0) {
  const A = [];
  const B = [];
  for (let i = 0; i < warmup + n; i++) {
    const ra = await a(i);
    const rb = await b(i);
    if (i >= warmup) {
      A.push(ra);
      B.push(rb);
    }
  }
  return { A, B, ...ratioOf(A, B), rss: median(B.map((x, i) => x.rss / A[i].rss)) };
}
const mb = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} MB` : 'n/a');

async function startupGroup() {
  log('start-up (wall time, median of ratios)');
  const base = () => measure(node, ['-e', '0']);
  for (const [name, argv, limit] of [
    ['--version', ['--version'], 1.15],
    ['--help', ['--help'], 1.35],
    ['users list --help', ['users', 'list', '--help'], 1.35],
  ]) {
    const r = await pairs(START_RUNS, base, () => measure(node, [bin, ...argv]), 2);
    report({ name: `agnt ${name}`, vs: 'node -e 0', value: `${fmt(r.ms)}x (${fmt(r.bMs, 0)} vs ${fmt(r.aMs, 0)} ms)`, target: `<= ${limit}x`, pass: r.ms <= limit, rss: mb(r.bRss) });
  }
  const sb = await sandbox();
  try {
    // 20 pairs at least: the line is held to 1.25x, closer than the others' noise at 15.
    const r = await pairs(
      Math.max(START_RUNS, 20),
      () => measure(node, [join(here, 'http-get.mjs')], { env: sb.env }),
      () => measure(node, [bin, 'users', 'me', '--json'], { env: sb.env }),
      2,
    );
    report({
      name: 'agnt users me --json',
      vs: 'node:http GET script',
      value: `${fmt(r.ms)}x (${fmt(r.bMs, 0)} vs ${fmt(r.aMs, 0)} ms), CPU ${fmt(r.cpu)}x`,
      target: '<= 1.25x',
      pass: r.ms <= 1.25,
      rss: mb(r.bRss),
    });
  } finally {
    await sb.close();
  }
}

// A read through `agnt mcp` (one server, started once, as an agent's client keeps it) against
// the same command run from the shell: what an agent saves per call by not spawning agnt.
async function mcpGroup() {
  log('MCP tool call (wall time, median of ratios)');
  const sb = await sandbox();
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({ name: 'agnt-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: node, args: [bin, 'mcp'], env: sb.env, stderr: 'ignore' }));
  try {
    const call = async () => {
      const t0 = process.hrtime.bigint();
      const r = await client.callTool({ name: 'run_command', arguments: { command: 'users me' } });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.isError) throw new Error(`run_command users me: ${JSON.stringify(r.content)}`);
      return { ms };
    };
    const r = await pairs(START_RUNS, () => measure(node, [bin, 'users', 'me', '--json'], { env: sb.env }), call, 2);
    report({ name: 'MCP run_command users me', vs: 'agnt users me --json', value: `${fmt(r.ms)}x (${fmt(r.bMs, 1)} vs ${fmt(r.aMs, 0)} ms)`, target: 'none (informative)' });
  } finally {
    await client.close();
    await sb.close();
  }
}

async function walkGroup() {
  log('--all page walk and table output');
  const per = {};
  for (const [n, runs] of [
    [10_000, QUICK ? 3 : 7],
    [100_000, QUICK ? 1 : 3],
  ]) {
    const sb = await sandbox();
    try {
      await seed(sb, n);
      if (only.has('walk')) {
        const r = await pairs(
          runs,
          () => measure(node, [join(here, 'page-walk.mjs')], { env: sb.env }),
          () => measure(node, [bin, 'contacts', 'list', '--all', '-o', 'jsonl'], { env: sb.env }),
          1,
        );
        per[n] = r.bMs / n;
        report({
          name: `contacts list --all, ${n / 1000}k`,
          vs: 'page walk',
          value: `${fmt(r.ms)}x (${fmt(r.bMs / 1000, 1)} vs ${fmt(r.aMs / 1000, 1)} s)`,
          target: '<= 1.1x',
          pass: r.ms <= 1.1,
          rss: mb(r.bRss),
        });
        report({ name: `  peak RSS, ${n / 1000}k`, vs: 'page walk', value: `${fmt(r.rss)}x (${mb(r.bRss)} vs ${mb(r.aRss)})`, target: '<= 1.2x', pass: r.rss <= 1.2 });
        report({ name: `  sandbox page at ${n / 1000}k (median)`, vs: '', value: `${fmt(await pageLatency(sb, n))} ms`, target: 'info' });
      }
      if (only.has('table') && n === 100_000) {
        const r = await pairs(
          QUICK ? 1 : 3,
          () => measure(node, [bin, 'contacts', 'list', '--all', '--limit', '50000', '-o', 'csv'], { env: sb.env }),
          () => measure(node, [bin, 'contacts', 'list', '--all', '--limit', '50000', '-o', 'table'], { env: sb.env }),
        );
        report({ name: 'table output, 50k rows', vs: 'csv output', value: `${fmt(r.ms)}x (${fmt(r.bMs / 1000, 1)} vs ${fmt(r.aMs / 1000, 1)} s)`, target: '<= 2x', pass: r.ms <= 2, rss: mb(r.bRss) });
      }
    } finally {
      await sb.close();
    }
  }
  if (per[10_000] && per[100_000]) {
    const flat = per[100_000] / per[10_000];
    report({ name: '  time per record, 100k / 10k', vs: '', value: `${fmt(flat)}x`, target: '<= 1.25x (flat)', pass: flat <= 1.25 });
  }
}

async function importGroup() {
  log('contacts import (a fresh sandbox for each run)');
  for (const [n, runs] of [
    [100_000, QUICK ? 1 : 3],
    [1_000_000, QUICK ? 0 : 1],
  ]) {
    if (!runs) {
      report({ name: `contacts import, ${n / 1e6 >= 1 ? `${n / 1e6}M` : `${n / 1000}k`}`, vs: 'import script', value: 'skipped (--quick)', target: '>= 0.9x rows/s' });
      continue;
    }
    const file = await csvFile(n);
    let sbPeak;
    let page;
    const side = (agnt) => async () => {
      const sb = await sandbox();
      try {
        const argv = agnt ? [bin, 'contacts', 'import', file, '-o', 'json', '--ledger', join(dir, `ledger-${randomBytes(3).toString('hex')}.jsonl`)] : [join(here, 'import.mjs'), file];
        const r = await measure(node, argv, { env: sb.env, stdout: 'pipe' });
        const counts = JSON.parse(r.out);
        if (counts.created !== n) throw new Error(`import created ${counts.created} of ${n}: ${r.out}`);
        if (agnt && n === 1_000_000) page = await pageLatency(sb, n);
        const peak = await sb.close();
        if (agnt) sbPeak = Math.max(sbPeak ?? 0, peak ?? 0);
        return r;
      } catch (e) {
        await sb.close();
        throw e;
      }
    };
    const r = await pairs(runs, side(false), side(true));
    const label = n >= 1e6 ? `${n / 1e6}M` : `${n / 1000}k`;
    const rate = 1 / r.ms;
    report({
      name: `contacts import, ${label} rows`,
      vs: 'import script',
      value: `${fmt(rate)}x rows/s (${fmt(n / r.bMs, 1)}k vs ${fmt(n / r.aMs, 1)}k/s)`,
      target: '>= 0.9x rows/s',
      pass: rate >= 0.9,
      rss: mb(r.bRss),
    });
    report({ name: `  CPU, ${label}`, vs: 'import script', value: `${fmt(r.cpu)}x`, target: '<= 1.3x', pass: r.cpu <= 1.3 });
    if (n === 1_000_000) {
      report({ name: '  peak RSS of the import, 1M', vs: '', value: mb(r.bRss), target: '<= 150 MB', pass: r.bRss <= 150 });
      report({ name: 'sandbox holding 1M contacts (peak RSS)', vs: '', value: mb(sbPeak), target: '<= 700 MB', pass: sbPeak <= 700 });
      report({ name: 'sandbox page at 1M contacts (median)', vs: '', value: `${fmt(page)} ms`, target: '<= 5 ms', pass: page <= 5 });
    } else report({ name: `  sandbox peak RSS after ${label}`, vs: '', value: mb(sbPeak), target: 'info' });
  }
}

async function sandboxGroup() {
  log('sandbox GET /users/me throughput (autocannon, 10 connections)');
  const { default: autocannon } = await import('autocannon');
  const sb = await sandbox();
  const me = JSON.stringify(await sb.call('GET', '/users/me'));
  const server = track(spawn(node, [join(here, 'http-server.mjs')], { env: { ...baseEnv, BENCH_TOKEN: sb.token, BENCH_BODY: me }, stdio: ['ignore', 'pipe', 'inherit'] }));
  const url = await new Promise((res) => createInterface({ input: server.stdout }).once('line', res));
  const duration = QUICK ? 5 : 10;
  const rps = async (base) => {
    const r = await autocannon({ url: `${base}/users/me`, connections: 10, duration, headers: { authorization: `Bearer ${sb.token}` } });
    if (r.non2xx || r.errors) throw new Error(`autocannon: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { ms: r.requests.average };
  };
  try {
    // Both servers are warmed up first (JIT, first collections), so the line compares steady states.
    for (const base of [url, sb.baseUrl]) await autocannon({ url: `${base}/users/me`, connections: 10, amount: 5000, headers: { authorization: `Bearer ${sb.token}` } });
    const r = await pairs(
      QUICK ? 1 : 3,
      () => rps(url),
      () => rps(sb.baseUrl),
    );
    report({ name: 'sandbox GET /users/me req/s', vs: 'node:http server', value: `${fmt(r.ms)}x (${fmt(r.bMs, 0)} vs ${fmt(r.aMs, 0)} req/s)`, target: `>= 0.8x (${duration} s)`, pass: r.ms >= 0.8 });
  } finally {
    server.kill('SIGTERM');
    await sb.close();
  }
}

async function scaleGroup() {
  log('sandbox holding 1M contacts (seeded through bulk-import, 1000 a request)');
  const n = 1_000_000;
  const sb = await sandbox();
  let peak;
  let page;
  try {
    const t0 = Date.now();
    const before = (await sb.call('GET', '/contacts?perPage=1')).total;
    await seed(sb, n);
    const total = (await sb.call('GET', '/contacts?perPage=1')).total;
    if (total - before !== n) throw new Error(`the sandbox took ${total - before} contacts, not ${n}`);
    log(`  seeded ${n} contacts in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    page = await pageLatency(sb, n);
  } finally {
    peak = await sb.close();
  }
  report({ name: 'sandbox holding 1M contacts (peak RSS)', vs: '', value: mb(peak), target: '<= 700 MB', pass: peak <= 700 });
  report({ name: 'sandbox page at 1M contacts (median)', vs: '', value: `${fmt(page)} ms`, target: '<= 5 ms', pass: page <= 5 });
}

async function journalGroup() {
  log('sandbox --data: cost of one change at 1k and 100k contacts');
  const lat = {};
  for (const n of [1_000, 100_000]) {
    const data = join(dir, `state-${n}.json`);
    const sb = await sandbox(['--data', data]);
    try {
      await seed(sb, n);
      const ids = (await sb.call('GET', '/contacts?perPage=100')).contacts.map((c) => c.id);
      const ms = [];
      for (let i = 0; i < 220; i++) {
        const t0 = process.hrtime.bigint();
        await sb.call('PUT', `/contacts/${ids[i % ids.length]}`, { title: `Title ${i}` });
        if (i >= 20) ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      lat[n] = median(ms);
      report({ name: `  PUT /contacts/{id} with --data, ${n / 1000}k`, vs: '', value: `${fmt(lat[n])} ms (median)`, target: 'info' });
    } finally {
      await sb.close();
      rmSync(data, { force: true, recursive: true });
      rmSync(`${data}.journal`, { force: true });
    }
  }
  const r = lat[100_000] / lat[1_000];
  report({ name: 'one change with --data, 100k / 1k contacts', vs: '', value: `${fmt(r)}x`, target: '<= 1.5x (per change)', pass: r <= 1.5 });
}

/** Runs the sides in turn (A B C A B C ...), `n` rounds; returns each side's samples. */
async function rounds(n, sides) {
  const out = sides.map(() => []);
  for (let i = 0; i < n; i++) for (const [k, side] of sides.entries()) out[k].push(await side(i));
  return out;
}

/** The medians of the per-round ratios of `b` over `a` (wall time, CPU), and each side's medians. */
function ratioOf(a, b) {
  const per = (k) => median(b.map((x, i) => x[k] / a[i][k]));
  return {
    ms: per('ms'),
    cpu: per('cpu'),
    aMs: median(a.map((x) => x.ms)),
    bMs: median(b.map((x) => x.ms)),
    bRss: Math.max(...b.map((x) => x.rss ?? NaN)),
    aRss: Math.max(...a.map((x) => x.rss ?? NaN)),
  };
}

// Transfers: agnt against a minimal undici script doing the same exchanges (scripts/bench/
// undici-transfer.mjs: the API calls around the transfer, the presigned GET streamed into a file,
// the file streamed as the presigned PUT), with curl's bare transfer (the presigned URL fetched
// by the bench, unmeasured) as a reference line. BENCH_TRANSFER_MIB sets the file's size.
async function transferGroup() {
  const mib = Number(process.env.BENCH_TRANSFER_MIB ?? 1024);
  const sizeName = mib % 1024 ? `${mib} MiB` : `${mib / 1024} GiB`;
  log(`drive transfers of ${sizeName}`);
  const file = join(dir, 'big.bin');
  const fd = openSync(file, 'w');
  const block = randomBytes(1 << 20);
  for (let i = 0; i < mib; i++) writeSync(fd, block);
  closeSync(fd);
  const size = statSync(file).size;
  const script = join(here, 'undici-transfer.mjs');
  const sb = await sandbox();
  const runs = Number(process.env.BENCH_TRANSFER_RUNS ?? (QUICK ? 1 : 3));
  const drop = async (id) => sb.call('DELETE', `/users/me/drive-files/${id}`).catch(() => undefined);
  // The baseline is named in the line (the log shows no baseline column), CPU beside the time:
  // on 2 shared cores the wall time moves with the load, the CPU much less.
  const line = (what, vs, r, target, pass) =>
    report({
      name: `drive ${what}, ${sizeName}, vs ${vs}`,
      vs,
      value: `${fmt(r.ms)}x, CPU ${Number.isFinite(r.cpu) ? `${fmt(r.cpu)}x` : 'n/a'} (${fmt(r.bMs / 1000, 2)} vs ${fmt(r.aMs / 1000, 2)} s)`,
      target,
      pass,
      rss: mb(r.bRss),
      note: `${vs} ${mb(r.aRss)}`,
    });
  try {
    // Upload: agnt (request, PUT, confirm), the script (the same three), curl (the PUT alone).
    const [upScript, upAgnt, upCurl] = await rounds(runs, [
      async (i) => {
        const r = await measure(node, [script, 'upload', file, `script-${i}.bin`], { env: sb.env, stdout: 'pipe' });
        await drop(r.out.trim());
        return r;
      },
      async (i) => {
        const r = await measure(node, [bin, 'drive', 'upload', file, '--name', `agnt-${i}.bin`, '-o', 'id'], { env: sb.env, stdout: 'pipe' });
        await drop(r.out.trim());
        return r;
      },
      async (i) => {
        if (!CURL) return { ms: NaN };
        const u = await sb.call('POST', '/users/me/drive-files/upload', { name: `curl-${i}.bin`, size });
        const r = await measure(CURL, ['-s', '-f', '-T', file, '-H', `content-type: ${u.contentType}`, '-o', '/dev/null', u.url]);
        await drop(u.fileId);
        return r;
      },
    ]);
    const up = ratioOf(upScript, upAgnt);
    line('upload', 'undici script', up, '<= 1.05x', up.ms <= 1.05);
    if (CURL) line('upload', 'curl (PUT only)', ratioOf(upCurl, upAgnt), 'reference');
    // Download: one ready file.
    const id = (await measure(node, [bin, 'drive', 'upload', file, '--name', 'download.bin', '-o', 'id'], { env: sb.env, stdout: 'pipe' })).out.trim();
    const out = join(dir, 'out.bin');
    const [downScript, downAgnt, downCurl] = await rounds(runs, [
      async () => {
        const r = await measure(node, [script, 'download', id, out], { env: sb.env });
        if (statSync(out).size !== size) throw new Error('the script downloaded the wrong size');
        rmSync(out, { force: true });
        return r;
      },
      async () => {
        const r = await measure(node, [bin, 'drive', 'download', id, '--out', out, '--force'], { env: sb.env });
        if (statSync(out).size !== size) throw new Error('download has the wrong size');
        rmSync(out, { force: true });
        return r;
      },
      async () => {
        if (!CURL) return { ms: NaN };
        const { url } = await sb.call('GET', `/users/me/drive-files/${id}/download`);
        const r = await measure(CURL, ['-s', '-f', '-o', out, url]);
        rmSync(out, { force: true });
        return r;
      },
    ]);
    const down = ratioOf(downScript, downAgnt);
    line('download', 'undici script', down, '<= 1.05x', down.ms <= 1.05);
    if (CURL) line('download', 'curl (GET only)', ratioOf(downCurl, downAgnt), 'reference');
    report({ name: '  peak RSS of the download', vs: '', value: mb(down.bRss), target: '<= 100 MB', pass: down.bRss <= 100 });
  } finally {
    await sb.close();
    rmSync(file, { force: true });
  }
}

/**
 * A sandbox whose data file holds `records` beyond the seed: written as journal lines after a
 * first start made the file (the same lines the sandbox itself appends), then loaded by a second.
 */
async function sandboxWith(name, records) {
  const data = join(dir, `${name}.json`);
  await (await sandbox(['--data', data])).close();
  const fd = openSync(data, 'a');
  let chunk = '';
  for (const [c, r] of records()) {
    chunk += `${JSON.stringify({ c, r })}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
  const sb = await sandbox(['--data', data]);
  const close = sb.close;
  sb.close = async () => {
    const rss = await close();
    rmSync(data, { force: true });
    rmSync(`${data}.journal`, { force: true });
    return rss;
  };
  return sb;
}

async function auditGroup() {
  const n = Number(process.env.BENCH_AUDIT_EVENTS ?? 100_000);
  log(`audit-events tail: a backfill of ${n / 1000}k events`);
  const t0 = Date.parse('2026-06-01T00:00:00.000Z');
  const sb = await sandboxWith('audit', function* () {
    // Several events share each millisecond, as bursts of changes do.
    for (let i = 0; i < n; i++) {
      const at = new Date(t0 + Math.floor(i / 3) * 1000).toISOString();
      yield [
        'auditEvents',
        {
          id: `aev_b${i}`,
          account: 'acc_acme',
          organization: 'org_acme',
          actor: 'usr_admin',
          action: 'bench.change',
          entityType: 'test',
          entityId: `e${i}`,
          metadata: { i },
          createdAt: at,
          updatedAt: at,
        },
      ];
    }
  });
  try {
    const path = '/organizations/org_acme/audit-events';
    let runs = 0;
    const r = await pairs(
      QUICK ? 1 : 3,
      () => measure(node, [join(here, 'page-walk.mjs'), '', path, 'events'], { env: sb.env }),
      () => measure(node, [bin, 'org', 'audit-events', 'tail', 'org_acme', '-o', 'jsonl', '--cursor-file', join(dir, `audit-${runs++}.cursor`)], { env: sb.env }),
    );
    // Events per second: the baseline's time over agnt's.
    const rate = r.aMs / r.bMs;
    report({
      name: `audit-events tail backfill, ${n / 1000}k`,
      vs: 'page walk',
      value: `${fmt(1 / r.ms)}x (${fmt(n / (r.bMs / 1000), 0)} vs ${fmt(n / (r.aMs / 1000), 0)} events/s)`,
      target: '>= 0.9x events/s',
      pass: 1 / r.ms >= 0.9,
      rss: mb(r.bRss),
      note: `median ${fmt(rate)}x`,
    });
  } finally {
    await sb.close();
  }
}

async function usageGroup() {
  const n = Number(process.env.BENCH_USAGE_CHATS ?? 10_000);
  log(`usage report over ${n / 1000}k chats`);
  const t0 = Date.parse('2026-10-01T00:00:00.000Z');
  const users = ['usr_admin', 'usr_coord', 'usr_manager', 'usr_backup', 'usr_member', 'usr_principal', 'usr_principal2'];
  const tiers = ['low', 'medium', 'high'];
  const sb = await sandboxWith('usage', function* () {
    for (let i = 0; i < n; i++) {
      const created = t0 + i * 240_000;
      const runs = [];
      const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0, costUsd: 0, runs: 0, turns: 0 };
      for (let k = 0; k < 1 + (i % 3); k++) {
        const tier = tiers[(i + k) % 3];
        const row = {
          runId: `run_b${i}_${k}`,
          runType: 'chat',
          runLabel: 'reply',
          seq: k + 1,
          model: `model-${tier}`,
          provider: 'provider-a',
          inputTokens: 300 + k,
          outputTokens: 80,
          cacheReadTokens: k ? 150 : 0,
          cacheCreationTokens: k ? 0 : 150,
          totalTokens: 530 + k,
          costUsd: 0.002 + k / 1000,
          turns: 1,
          startedAt: new Date(created + k * 60_000).toISOString(),
          modelTier: tier,
          northStarProduct: 1,
          chargedCredits: 2,
        };
        runs.push(row);
        for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens', 'costUsd']) usage[key] += row[key];
        usage.runs++;
        usage.turns++;
      }
      usage.costUsd = Number(usage.costUsd.toFixed(6));
      const user = users[i % users.length];
      const at = new Date(created).toISOString();
      const last = runs[runs.length - 1].startedAt;
      yield [
        'chats',
        {
          id: `cht_b${i}`,
          account: 'acc_acme',
          user,
          owner: { id: user, type: 'user', email: `${user.slice(4)}@acme.test`, firstName: null, lastName: null, avatar: null },
          assistant: 'ast_ava',
          assistantInfo: { id: 'ast_ava', name: 'Ava', email: 'ava@assistants.acme.test' },
          platform: i % 2 ? 'chat' : 'email',
          title: null,
          status: 'active',
          messageCount: 0,
          lastMessageAt: last,
          taskIds: [],
          fileIds: [],
          tags: [],
          metadata: {},
          modelTier: tiers[i % 3],
          effort: 'medium',
          usage,
          creditUsage: null,
          runs,
          createdAt: at,
          updatedAt: last,
        },
      ];
    }
  });
  try {
    const cache = join(dir, 'usage-cache');
    const env = { ...sb.env, AGNT_CACHE_DIR: cache };
    const totals = await measure(node, [bin, 'usage', 'report', '--by', 'team', '-o', 'json'], { env });
    report({ name: `usage report --by team, ${n / 1000}k chats`, vs: '', value: `${fmt(totals.ms / 1000, 1)} s (chat totals only)`, target: 'info', rss: mb(totals.rss) });
    const first = await measure(node, [bin, 'usage', 'report', '--by', 'day,model', '-o', 'json'], { env });
    report({ name: `usage report --by day,model, first`, vs: '', value: `${fmt(first.ms / 1000, 1)} s (${n / 1000}k rollups read)`, target: 'info', rss: mb(first.rss) });
    const second = await measure(node, [bin, 'usage', 'report', '--by', 'day,model', '-o', 'json'], { env });
    report({
      name: `usage report --by day,model, second`,
      vs: 'the first',
      value: `${fmt(second.ms / first.ms)}x (${fmt(second.ms / 1000, 1)} s, rollups cached)`,
      target: 'info',
      rss: mb(second.rss),
    });
  } finally {
    await sb.close();
  }
}

const started = Date.now();
log(
  `agnt bench: Node ${process.versions.node}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${new Date().toISOString().slice(0, 10)}${QUICK ? ', --quick' : ''}; CPU/RSS from ${TIME ? '/usr/bin/time' : 'resourceUsage()'}`,
);
try {
  if (only.has('startup')) await startupGroup();
  if (only.has('walk') || only.has('table')) await walkGroup();
  if (only.has('import')) await importGroup();
  if (only.has('sandbox')) await sandboxGroup();
  if (only.has('scale')) await scaleGroup();
  if (only.has('journal')) await journalGroup();
  if (only.has('transfer')) await transferGroup();
  if (only.has('audit')) await auditGroup();
  if (only.has('usage')) await usageGroup();
  if (only.has('workflows')) await workflowsGroup({ node, bin, dir, measure, sandbox, report, log, fmt, mb });
  // The same workflows over HTTPS, h2 and h1 (section `tls` of --sections).
  if (only.has('workflows') && (!args.includes('--sections') || args[args.indexOf('--sections') + 1].split(',').includes('tls')))
    await tlsGroup({ node, bin, dir, measure, sandbox, report, log, fmt, mb });
  if (only.has('clone')) await cloneGroup({ node, bin, dir, measure, sandbox, report, log, fmt });
  if (only.has('mcp')) await mcpGroup();
  if (only.has('exe')) await exeGroup({ node, bin, root, measure, pairs, sandbox, report, log, fmt, mb, runs: START_RUNS });
  if (only.has('console')) await consoleGroup({ root, dir, report, log, fmt });
  if (only.has('changes')) await changesGroup({ node, bin, dir, measure, sandbox, pairs, report, log, fmt, csvFile, seed, quick: QUICK });
  // scripts/bench-batch.mjs prints its own line. It was chained after this script in the npm
  // script, which then passed `-- --only ...` to it alone (ignored there) and ran every group here.
  if (only.has('batch')) {
    const [code] = await once(track(spawn(node, [join(root, 'scripts', 'bench-batch.mjs')], { env: process.env, stdio: ['ignore', 'inherit', 'inherit'] })), 'exit');
    if (code !== 0) process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (MARKDOWN) {
  console.log('| line | baseline | median | target | peak RSS | |');
  console.log('|---|---|---|---|---|---|');
  for (const l of lines) console.log(`| ${l.name.trim()} | ${l.vs || ''} | ${l.value} | ${l.target} | ${l.rss ?? ''} | ${l.pass === undefined ? '' : l.pass ? 'ok' : '**over**'} |`);
}
if (args.includes('--record')) (await import('./perf-table.mjs')).record(lines, `${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0].toFixed(1)}`);
if (lines.some((l) => l.pass === false)) process.exitCode = 1;
