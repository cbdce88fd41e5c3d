// `npm run prism-check`: every example of every help, run against the sandbox through Stoplight
// Prism as a validating proxy built from docs/openapi.yaml. Prism checks each request agnt sends
// and each answer the sandbox gives against the document; the script counts what it reports and
// exits 1 on any violation, so the document, the sandbox and agnt are held to one another.
//
// Prism is fetched with npx (pinned below), not a dependency of agnt. One sandbox serves the
// whole run: it is restored to its start-up snapshot before each help, whose lines then run in
// the order shown (a line may rely on an earlier one), each by bash in a fresh home folder, as the
// seeded user the help-examples test gives it (test/support/example-roles.ts). Lines that drive
// the sandbox itself (`agnt sandbox ...`: its control namespace, which is not part of the API)
// are left out, as are lines that pipe into jq when jq is missing. Everything stays on 127.0.0.1.
//
//   node scripts/prism-check.mjs [--only <help prefix>] [--verbose]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { violationsOf } from './prism-violations.mjs';

const PRISM = '@stoplight/prism-cli@5.16.0';
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'agnt.js');
const docPath = join(root, 'docs', 'openapi.yaml');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const verbose = argv.includes('--verbose');

if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });

const work = mkdtempSync(join(tmpdir(), 'agnt-prism-'));
const children = [];
const stopAll = () => {
  for (const c of children) {
    try {
      if (c.exitCode === null) process.kill(-c.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
};
process.on('exit', () => {
  stopAll();
  rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

/** The help examples and their roles, read from the command tree as the help-examples test reads them. */
async function loadExamples() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Beside node_modules, so that the packages left out of the bundle resolve.
  const out = join(root, 'node_modules', '.cache', 'agnt-prism-check', 'examples.mjs');
  await build({
    stdin: {
      contents: "export { helpExamples } from './test/support/help-examples.ts';\nexport * from './test/support/example-roles.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    define: { __AGNT_VERSION__: JSON.stringify(pkg.version) },
    outfile: out,
    logLevel: 'warning',
  });
  return import(out);
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** A process whose stdout is read line by line; resolves with it once `ready` matches a line. */
function startProcess(cmd, args, env, ready, onLine) {
  // Its own process group, so that stopping it stops what it started (npx starts Prism under sh).
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const errLines = createInterface({ input: child.stderr });
  return new Promise((ok, fail) => {
    let up = false;
    const seen = [];
    const take = (line) => {
      onLine?.(line);
      if (!up) seen.push(line);
      if (!up && ready(line)) {
        up = true;
        ok({ child, first: line });
      }
    };
    lines.on('line', take);
    errLines.on('line', take);
    child.once('exit', (code) => {
      if (!up) fail(new Error(`${cmd} ${args.join(' ')} exited ${code} before it was ready:\n${seen.slice(-20).join('\n')}`));
    });
  });
}

// --- the sandbox, its start-up snapshot, and Prism in front of it ---------------------------

const sandboxEnv = { ...process.env, AGNT_CONFIG_DIR: join(work, 'sandbox-config') };
const { first } = await startProcess(process.execPath, [bin, 'sandbox', 'start', '--port', '0', '--json', '--no-profile', '--quiet'], sandboxEnv, (l) => l.startsWith('{'));
const { baseUrl, tokens, controlToken } = JSON.parse(first);
async function control(method, path, body) {
  const res = await fetch(`${baseUrl}/_sandbox/${path}`, {
    method,
    headers: { authorization: `Bearer ${controlToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox control ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}
await control('POST', 'snapshots', { name: 'prism-check-start' });

const prismPort = await freePort();
const prismUrl = `http://127.0.0.1:${prismPort}`;
process.stderr.write(`Starting Prism (${PRISM}) as a validating proxy: ${prismUrl} -> ${baseUrl}\n`);
await startProcess('npx', ['--yes', PRISM, 'proxy', docPath, baseUrl, '--errors', '--host', '127.0.0.1', '--port', String(prismPort)], { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, (l) =>
  /Prism is listening/.test(l),
);

// --- the operations of the document, to name what each request reached -----------------------

const doc = parseYaml(readFileSync(docPath, 'utf8'));
const operations = [];
for (const [path, methods] of Object.entries(doc.paths))
  for (const method of Object.keys(methods)) {
    const segs = path.split('/');
    operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), segs, literal: segs.filter((s) => !s.startsWith('{')).length });
  }
// A literal segment beats a parameter (/users/me before /users/{userId}), as in the sandbox.
operations.sort((a, b) => b.literal - a.literal);
function operationOf(method, rawPath) {
  const segs = rawPath.split('?')[0].split('/');
  return operations.find((o) => o.method === method && o.segs.length === segs.length && o.segs.every((s, i) => s.startsWith('{') || s === segs[i]))?.key;
}

// --- a relay in front of Prism: what each answer says about violations ---------------------------

// agnt talks to this relay, the relay to Prism, Prism to the sandbox. Prism reports violations in
// the `sl-violations` header of its answer, and with --errors answers a request it refuses (422)
// or an answer it finds invalid (500) with a problem body listing them; each entry's location
// starts with `request` or `response`. The relay records them with the request they belong to.
const seen = { requests: [], violations: [] };

const relay = createHttpServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const up = httpRequest(`${prismUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const body = [];
      answer.on('data', (c) => body.push(c));
      answer.on('end', () => {
        const bytes = Buffer.concat(body);
        const request = `${req.method} ${req.url.split('?')[0]}`;
        seen.requests.push(request);
        for (const v of violationsOf(answer, bytes.toString('utf8')))
          seen.violations.push({
            request,
            status: answer.statusCode,
            where: v.where,
            severity: v.severity,
            text: `${v.location?.join('.') ?? ''}: ${v.message}`,
          });
        res.writeHead(answer.statusCode, answer.headers);
        res.end(bytes);
      });
    });
    up.on('error', (e) => {
      res.writeHead(502);
      res.end(String(e));
    });
    up.end(Buffer.concat(chunks));
  });
});
await new Promise((ok) => relay.listen(0, '127.0.0.1', ok));
const proxyUrl = `http://127.0.0.1:${relay.address().port}`;

// --- the help examples, help by help -----------------------------------------------------------

const ex = await loadExamples();
const hasJq = spawnSync('sh', ['-c', 'command -v jq'], { stdio: 'ignore' }).status === 0;
const byHelp = new Map();
for (const e of await ex.helpExamples()) {
  if (only !== undefined && !e.help.startsWith(only)) continue;
  byHelp.set(e.help, [...(byHelp.get(e.help) ?? []), e.line]);
}

const skipped = { sandbox: 0, jq: 0 };
const exitMismatches = [];
let linesRun = 0;
const covered = new Set();
const allRequestViolations = [];
const allAnswerViolations = [];

function makeHome(lines) {
  const home = mkdtempSync(join(work, 'home-'));
  if (lines.some((l) => l.includes('examples/'))) cpSync(join(root, 'examples'), join(home, 'examples'), { recursive: true });
  mkdirSync(join(home, 'Downloads'));
  const binDir = join(home, '.bin');
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'agnt'), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`, { mode: 0o755 });
  writeFileSync(join(binDir, 'notify-send'), '#!/bin/sh\necho "notify-send: $*"\n', { mode: 0o755 });
  writeFileSync(join(home, 'token.txt'), `${tokens.admin}\n`, { mode: 0o600 });
  return { home, binDir };
}

/** Runs one line with bash; a line that watches until Ctrl-C gets SIGINT after its first output. */
function runLine(line, env, cwd) {
  return new Promise((ok) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    if (ex.runsUntilStopped(line)) child.stdout.once('data', () => process.kill(-child.pid, 'SIGINT'));
    else child.stdout.resume();
    child.once('exit', (code, signal) => ok({ code: code ?? (signal ? 128 : 1), stderr }));
  });
}

const helps = [...byHelp.entries()];
let helpNo = 0;
for (const [help, lines] of helps) {
  helpNo++;
  const runnable = lines.filter((line) => {
    if (/^agnt sandbox\b/.test(line) || /\|\s*agnt sandbox\b/.test(line)) return void skipped.sandbox++;
    if (/\|\s*jq\b/.test(line) && !hasJq) return void skipped.jq++;
    return true;
  });
  if (!runnable.length) continue;
  await control('POST', 'snapshots/prism-check-start/restore');
  const { home, binDir } = makeHome(runnable);
  const base = { ...process.env, HOME: home, PATH: `${binDir}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(home, '.config', 'agnt'), AGNT_BASE_URL: proxyUrl, NO_COLOR: '1' };
  delete base.AGNT_TOKEN;
  delete base.AGNT_PROFILE;
  if (/^(auth|config|mcp)\b/.test(help)) {
    // Not spawnSync: the login checks its token through the relay, which runs in this process.
    for (const profile of ['sandbox', 'staging']) {
      const r = await runLine(`printf '%s' "$LOGIN_TOKEN" | agnt auth login --profile ${profile} --with-token`, { ...base, LOGIN_TOKEN: tokens.admin }, home);
      if (r.code !== 0) throw new Error(`setting up profile ${profile}: ${r.stderr}`);
    }
  }
  for (const line of runnable) {
    const from = { requests: seen.requests.length, violations: seen.violations.length };
    const env = { ...base, ...(/^agnt (auth|config)\b/.test(line) ? {} : { AGNT_TOKEN: tokens[ex.roleOf(line)] }) };
    const r = await runLine(line, env, home);
    linesRun++;
    const requests = seen.requests.slice(from.requests);
    const violations = seen.violations.slice(from.violations);
    for (const req of requests) {
      const [method, path] = req.split(' ');
      const op = operationOf(method, path);
      if (op) covered.add(op);
    }
    for (const v of violations) (v.where === 'request' ? allRequestViolations : allAnswerViolations).push(`${v.request} (HTTP ${v.status}) ${v.severity}: ${v.text}\n      line: ${line}`);
    const expected = ex.onTerminalOnly(line) ? 2 : ex.documentedExit(line);
    // A line stopped with Ctrl-C here is stopped as a whole (bash too), which may exit 130.
    if (r.code !== expected && !(ex.runsUntilStopped(line) && r.code === 130))
      exitMismatches.push(`${line}  =>  exit ${r.code}, documented ${expected}: ${r.stderr.trim().split('\n').slice(-2).join(' | ')}`);
    if (verbose) process.stderr.write(`[${helpNo}/${helps.length} ${help || '(root)'}] exit ${r.code}, ${requests.length} request(s), ${violations.length} violation(s): ${line}\n`);
  }
  rmSync(home, { recursive: true, force: true });
}

// --- summary --------------------------------------------------------------------------------------

const uniq = (xs) => [...new Set(xs)];
process.stdout.write(`\nPrism proxy check of ${docPath.slice(root.length + 1)}\n`);
process.stdout.write(`  example lines run:      ${linesRun} (of ${helps.reduce((n, [, l]) => n + l.length, 0)}; left out: ${skipped.sandbox} driving the sandbox itself, ${skipped.jq} needing jq)\n`);
process.stdout.write(`  endpoints covered:      ${covered.size}/${operations.length}\n`);
process.stdout.write(`  request violations:     ${allRequestViolations.length}\n`);
process.stdout.write(`  answer violations:      ${allAnswerViolations.length}\n`);
process.stdout.write(`  exit codes off the help: ${exitMismatches.length}\n`);
if (allRequestViolations.length)
  process.stdout.write(
    `\nRequest violations:\n${uniq(allRequestViolations)
      .map((v) => `  ${v}`)
      .join('\n')}\n`,
  );
if (allAnswerViolations.length)
  process.stdout.write(
    `\nAnswer violations:\n${uniq(allAnswerViolations)
      .map((v) => `  ${v}`)
      .join('\n')}\n`,
  );
if (exitMismatches.length) process.stdout.write(`\nLines that did not exit as documented (through the proxy):\n${exitMismatches.map((m) => `  ${m}`).join('\n')}\n`);
if (verbose || only !== undefined) {
  const missing = operations.map((o) => o.key).filter((k) => !covered.has(k));
  if (missing.length) process.stdout.write(`\nEndpoints no example reached:\n${missing.map((m) => `  ${m}`).join('\n')}\n`);
}
stopAll();
process.exit(allRequestViolations.length || allAnswerViolations.length ? 1 : 0);
