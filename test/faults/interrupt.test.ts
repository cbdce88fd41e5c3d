// The per-process retry budget during a 503 storm, and Ctrl-C in the middle of `--all`, an
// upload and an import: in-flight requests aborted, what was done reported, exit 130.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { bench, type Bench, hits, rig, type Rig } from './setup.ts';

let r: Rig;
/** The sandbox answering with its own fault rules (503 storms). */
let b: Bench;
let dir: string;
beforeAll(async () => {
  r = await rig();
  b = await bench();
  dir = tempDir('agnt-faults-int-');
});
afterAll(async () => {
  await r.dispose();
  await b.dispose();
});
beforeEach(() => {
  r.fs.reset();
  b.again();
});

const BULK = /^\/contacts\/bulk-import$/;

function csv(name: string, prefix: string, n: number): string {
  const file = join(dir, name);
  const lines = ['email,name'];
  for (let i = 0; i < n; i++) lines.push(`${prefix}${i}@faults.test,${prefix} ${i}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function contactsWith(sb: Rig['sb'], prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of sb.store.all('contacts') as Array<{ emails?: Array<{ value?: string }>; email?: string }>) {
    const email = c.email ?? c.emails?.[0]?.value ?? '';
    if (email.startsWith(prefix)) counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

describe('retry budget', () => {
  it('a 503 storm during a large import stops after a bounded number of extra requests; --resume then finishes every row once', async () => {
    const n = 3000;
    const file = csv('storm.csv', 'storm', n);
    // 20 batches go through, then every bulk request is refused.
    const storm = await b.fault({ method: 'POST', path: '/contacts/bulk-import', after: 20, status: 503, retryAfter: 0 });
    const res = await b.run(['contacts', 'import', file, '--batch-size', '10', '--concurrency', '8', '--json']);
    expect(res.exitCode).toBe(1);
    // --json: one error object; a stopped import names the last HTTP status and the attempts made.
    const stopped = JSON.parse(res.stderr).error;
    expect(stopped.exitCode).toBe(1);
    expect(stopped.message).toMatch(
      new RegExp(`^import stopped: Service Unavailable \\(sandbox fault rule ${storm.id}\\) \\(last answer: HTTP 503, AGNT_E_UNAVAILABLE; \\d+ attempts?; batch of rows \\d+-\\d+\\)`),
    );
    expect(stopped.message).toMatch(/rows not finished: run the same command with --resume to finish/);
    const journal = b.sent('POST', '/contacts/bulk-import');
    const refused = journal.filter((e) => e.status === 503 && e.fault === storm.id).length;
    const sent = journal.length;
    // Without a budget each of the 8 batches in flight would be tried 8 times (64 refusals);
    // the budget allows 10 retries plus one per 10 requests, and 8 first attempts are in flight.
    expect(refused).toBeLessThanOrEqual(10 + Math.floor(sent / 10) + 8);
    expect(refused).toBeGreaterThan(0);
    expect(journal.filter((e) => e.status === 200)).toHaveLength(20);
    const summary = JSON.parse(res.stdout);
    expect(summary.pending).toBeGreaterThan(0);
    expect(summary.created).toBe(200);

    b.again();
    const again = await b.run(['contacts', 'import', file, '--resume', '--batch-size', '100', '--json']);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: n, failed: 0, pending: 0 });
    const counts = contactsWith(b.sb, 'storm');
    expect(counts.size).toBe(n);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  }, 60_000);

  it('a storm on a plain GET is bounded by the attempts, never more', async () => {
    await b.fault({ path: '/users/me', status: 503, retryAfter: 0 });
    const res = await b.run(['users', 'me'], { env: { AGNT_RETRIES: '50', AGNT_RETRY_BUDGET: '4' } });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('(after 5 attempts) (HTTP 503');
    expect(b.sent('GET', '/users/me')).toHaveLength(5);
  });
});

describe('Ctrl-C', () => {
  it('during --all: the page in flight is aborted, the pages already printed stay, exit 130', async () => {
    r.fs.rules.push({ url: /^\/users\?.*\bpage=3\b/, fault: { kind: 'delay', ms: 20_000 } });
    const child = r.spawn(['users', 'list', '--all', '--per-page', '2', '-o', 'jsonl']);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await r.fs.waitFor((s) => /\bpage=3\b/.test(s.url));
    // Pages 1 and 2 are printed before the interrupt; wait for them on stdout.
    for (let i = 0; i < 200 && out.split('\n').length < 5; i++) await new Promise((ok) => setTimeout(ok, 25));
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    const lines = String(res.stdout).trim().split('\n');
    expect(lines.length).toBe(4);
    for (const l of lines) expect(JSON.parse(l).id).toMatch(/^usr_/);
    // -o jsonl chooses the JSON error form: the line, as one object.
    expect(JSON.parse(String(res.stderr))).toEqual({ error: { message: 'interrupted after 4 records (2 pages)', exitCode: 130 } });
    await r.fs.waitFor((s) => /\bpage=3\b/.test(s.url) && s.aborted);
  });

  it('during an upload: the PUT in flight is aborted, nothing is confirmed, the pending file is named, exit 130', async () => {
    const file = join(dir, 'big.bin');
    writeFileSync(file, Buffer.alloc(2 * 1024 * 1024, 7));
    r.fs.rules.push({ method: 'PUT', path: /^\/_presigned\//, fault: { kind: 'delay', ms: 20_000 } });
    const child = r.spawn(['drive', 'upload', file, '--name', 'faults-int.bin']);
    await r.fs.waitFor((s) => s.method === 'PUT');
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(String(res.stdout)).toBe('');
    expect(String(res.stderr)).toMatch(/^.*big\.bin: interrupted; (fil_\w+) was not confirmed: a new file stays pending, an existing one keeps its current version\n$/);
    expect(hits(r.fs, 'POST', /\/confirm$/)).toBe(0);
    await r.fs.waitFor((s) => s.method === 'PUT' && s.aborted);
    const id = /(fil_\w+)/.exec(String(res.stderr))![1]!;
    expect((r.sb.store.get('driveFiles', id) as { status: string }).status).toBe('pending');
  });

  it('during a download: no file, partial or temporary, is left', async () => {
    const src = join(dir, 'dl.txt');
    writeFileSync(src, 'x'.repeat(5000));
    const id = (await r.run(['drive', 'upload', src, '--name', 'faults-int-dl.txt', '-o', 'id'])).stdout.trim();
    const out = tempDir('agnt-faults-int-dl-');
    r.fs.rules.push({ method: 'GET', path: /^\/_presigned\//, fault: { kind: 'drip', everyMs: 50, bytes: 100 } });
    const child = r.spawn(['drive', 'download', id, '--out', out]);
    for (let i = 0; i < 400 && !readdirSync(out).some((f) => f.endsWith('.agnt-part')); i++) await new Promise((ok) => setTimeout(ok, 10));
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(readdirSync(out)).toEqual([]);
  });

  it('during an import: the batches in flight are aborted, the ledger tells what was done, --resume finishes every row once', async () => {
    const n = 400;
    const file = csv('int.csv', 'intr', n);
    r.fs.rules.push({ method: 'POST', path: BULK, skip: 5, fault: { kind: 'delay', ms: 20_000 } });
    const child = r.spawn(['contacts', 'import', file, '--batch-size', '20', '--concurrency', '2', '--json']);
    // Both slots held by delayed batches: the second of them was sent only after the fifth batch
    // had been answered and counted (a slot frees once its batch is applied), so 5 x 20 rows are
    // done whatever the machine's load.
    const held = () => r.fs.seen.filter((s) => BULK.test(s.path) && s.fault === 'delay').length;
    await r.fs.waitFor((s) => BULK.test(s.path) && s.fault === 'delay' && held() >= 2);
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(JSON.parse(String(res.stderr)).error).toEqual({
      exitCode: 130,
      message: expect.stringMatching(/^interrupted: \d+ rows not finished; run the same command with --resume to finish \(ledger: .*int\.csv\.ledger\.jsonl\)$/),
    });
    const summary = JSON.parse(String(res.stdout));
    expect(summary.created).toBe(100);
    expect(summary.pending).toBeGreaterThan(0);
    await r.fs.waitFor((s) => BULK.test(s.path) && s.fault === 'delay' && s.aborted);
    const ledger = readFileSync(`${file}.ledger.jsonl`, 'utf8');
    expect(ledger).toMatch(/\{"type":"stopped","reason":"interrupted"/);

    r.fs.reset();
    const again = await r.run(['contacts', 'import', file, '--resume', '--json']);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: n, failed: 0, pending: 0 });
    const counts = contactsWith(r.sb, 'intr');
    expect(counts.size).toBe(n);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(existsSync(`${file}.ledger.jsonl`)).toBe(true);
  });
});

describe('a reader that goes away', () => {
  it('ends the run quietly, with no stack trace', async () => {
    const { execa } = await import('execa');
    const { BIN } = await import('../support/helpers.ts');
    const script = `set -o pipefail; "${process.execPath}" "${BIN}" contacts import --help | head -1 && "${process.execPath}" "${BIN}" users list --all --per-page 2 -o id | head -1`;
    const res = await execa('bash', ['-c', script], { env: r.env(), extendEnv: true, reject: false });
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe('Usage: agnt contacts import [options] <file>\nusr_admin');
    expect(res.exitCode).toBe(0);
  });
});
