// The sandbox as a rehearsal bench (issue 26): `agnt sandbox start` as a real process, driven by
// the `agnt sandbox clock | snapshot | fault | requests | status | stop` verbs over its control
// namespace, and by ordinary agnt commands as a user's script would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execa } from 'execa';
import { createInterface } from 'node:readline';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process.ts';
import { agnt, BIN, cleanEnv, removeDir, tempDir } from '../support/helpers.ts';
import { processRuns } from '../../src/core/process-alive.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const ROOT = resolve(import.meta.dirname, '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'org.yaml');

/** A sandbox process (test/support/sandbox-process.ts), with the clock its first line names. */
type Bench = SandboxProcess & { clock: string };

const started: Bench[] = [];
const dirs: string[] = [];

/** Starts `agnt sandbox start --json ...` and waits for its first line (the sandbox is up). */
/** Whether a process runs (signal 0 only asks). */

async function startBench(args: string[]): Promise<Bench> {
  const bench = (await startSandboxProcess(args)) as Bench;
  dirs.push(bench.config);
  started.push(bench);
  return bench;
}

afterAll(async () => {
  await Promise.all(started.map((b) => b.stop()));
  for (const d of dirs) removeDir(d);
});

/** A one-line error on stderr (and at most a hint after it), exit 2. */
function usageError(r: { exitCode: number; stderr: string }, message: RegExp): void {
  const [error, ...rest] = r.stderr.trim().split('\n');
  expect(error).toMatch(/^error: /);
  expect(error).toMatch(message);
  expect(rest.filter((l) => !l.startsWith('hint: '))).toEqual([]);
  expect(r.exitCode).toBe(2);
}

describe('seed', () => {
  it('seeded from examples/org.yaml: org export gives the file back byte for byte, org plan plans nothing; each member has a token', async () => {
    const a = await startBench(['--seed', EXAMPLE]);
    const members = (parse(readFileSync(EXAMPLE, 'utf8')).members as Array<{ email: string }>).map((m) => m.email);
    expect(members).toContain('ops@labs.acme.test');
    expect(Object.keys(a.tokens).sort()).toEqual([...members].sort());
    // examples/org.yaml is what `org export` writes (it holds no secret, so nothing is set aside).
    const exported = await a.run(['org', 'export', 'org_acme_corp']);
    expect(exported).toEqual({ exitCode: 0, stdout: readFileSync(EXAMPLE, 'utf8'), stderr: '' });
    const mark = (await a.json(['sandbox', 'requests'])).length;
    const plan = await a.run(['org', 'plan', '-f', EXAMPLE, '--exit-code']);
    expect(plan.stdout).toMatch(/^plan for org_acme_corp \(Acme Corp\) from .*: no changes; the organization matches the file\n$/);
    expect(plan.exitCode).toBe(0);
    const planned = await a.json(['org', 'plan', '-f', EXAMPLE]);
    expect(planned.changes).toEqual([]);
    expect(planned.supervision?.members ?? []).toEqual([]);
    // Planning read the organization and wrote nothing.
    const sent = (await a.json(['sandbox', 'requests'])).slice(mark);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((r: any) => r.method !== 'GET')).toEqual([]);

    // An export seeds a sandbox whose export is that export again.
    const file = join(a.config, 'acme.yaml');
    writeFileSync(file, exported.stdout);
    const b = await startBench(['--seed', file]);
    // The seeding is not part of the journal: a test of a script sees the script's requests only.
    expect(await b.json(['sandbox', 'requests'])).toEqual([]);
    expect((await b.run(['org', 'export', 'org_acme_corp'])).stdout).toBe(exported.stdout);
    // ops@ is a member with a token of its own, seen by the API as that user.
    expect(await b.json(['users', 'me'], { env: { AGNT_TOKEN: b.tokens['ops@labs.acme.test'] } })).toMatchObject({ email: 'ops@labs.acme.test', organization: 'org_acme_corp' });
    expect((await b.json(['sandbox', 'requests'])).at(-1)).toMatchObject({ method: 'GET', path: '/users/me', status: 200 });
  });

  it('several --seed documents: one organization each, each with its admin', async () => {
    const dir = tempDir('agnt-bench-two-');
    dirs.push(dir);
    const other = join(dir, 'globex.yaml');
    writeFileSync(
      other,
      'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Globex\nmembers:\n  - email: hank@globex.test\n    role: admin\n  - email: frank@globex.test\nteams:\n  - name: Energy\n',
    );
    const b = await startBench(['--seed', EXAMPLE, '--seed', other]);
    expect(Object.keys(b.tokens)).toEqual(expect.arrayContaining(['admin@acme.test', 'ops@labs.acme.test', 'frank@globex.test', 'hank@globex.test']));
    expect((await b.json(['sandbox', 'status'])).collections).toMatchObject({ organizations: 2 });
    const globex = await b.run(['org', 'plan', '-f', other, 'org_globex', '--exit-code'], { env: { AGNT_TOKEN: b.tokens['hank@globex.test'] } });
    expect(globex.stdout).toMatch(/no changes/);
    expect(globex.exitCode).toBe(0);
  });

  it('--empty starts with one organization and its admin; a seed that does not validate starts nothing (exit 2)', async () => {
    const e = await startBench(['--empty']);
    const s = await e.json(['sandbox', 'status']);
    expect(s.collections).toMatchObject({ organizations: 1, users: 1 });
    expect(await e.json(['users', 'me'])).toMatchObject({ email: 'admin@sandbox.test', organizationRole: 'admin' });

    const dir = tempDir('agnt-bench-bad-');
    dirs.push(dir);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: X\nmembers:\n  - email: not-an-email\n    role: boss\n');
    const r = await agnt(['sandbox', 'start', '--port', '0', '--seed', bad], { configDir: dir });
    usageError(r, /bad\.yaml:\d+:\d+: /);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    const noAdmin = join(dir, 'no-admin.yaml');
    writeFileSync(noAdmin, 'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: X\nmembers:\n  - email: a@x.test\n');
    usageError(await agnt(['sandbox', 'start', '--port', '0', '--seed', noAdmin], { configDir: dir }), /members lists no admin/);
    usageError(await agnt(['sandbox', 'start', '--port', '0', '--clock', 'next tuesday'], { configDir: dir }), /--clock: cannot read 'next tuesday' as a time/);
  });
});

describe('the clock', () => {
  let b: Bench;
  beforeAll(async () => {
    b = await startBench(['--clock', '2026-12-01T09:00:00Z']);
  });

  it('is frozen where --clock put it, and records are stamped by it', async () => {
    expect(await b.json(['sandbox', 'clock'])).toEqual({ now: '2026-12-01T09:00:00.000Z', rate: 0, frozen: true });
    const t = await b.json(['teams', 'create', '--name', 'Clockwork']);
    expect(t.createdAt).toBe('2026-12-01T09:00:00.000Z');
  });

  it('a scheduled span turns active when the clock passes its start (agnt wait returns then), and ended after its end', async () => {
    const span = await b.json(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2026-12-03T09:00:00Z', '--end', '2026-12-05T17:00:00Z'], {
      role: 'coordinator',
    });
    await b.json(['coverage', 'submit', span.id], { role: 'coordinator' });
    await b.json(['coverage', 'accept', span.id], { role: 'backup' });
    expect(await b.json(['coverage', 'approve', span.id], { role: 'manager' })).toMatchObject({ status: 'scheduled' });

    const w = execa(process.execPath, [BIN, 'wait', 'coverage', span.id, '--for', 'status=active', '--timeout', '2m', '--interval', '0.2', '--max-interval', '0.5', '--debug', '-o', 'json'], {
      env: { ...cleanEnv(), AGNT_CONFIG_DIR: b.config, AGNT_TOKEN: b.tokens.coordinator },
      extendEnv: true,
      reject: false,
    });
    const polls: string[] = [];
    const firstPoll = new Promise<void>((ok) =>
      createInterface({ input: w.stderr! }).on('line', (l) => {
        polls.push(l);
        if (/^wait: poll 1: /.test(l)) ok();
      }),
    );
    await firstPoll;
    expect(polls.find((l) => l.startsWith('wait: poll 1:'))).toBe(`wait: poll 1: coverage span ${span.id} status=scheduled`);
    // One day: still before the start, the wait goes on.
    expect(await b.json(['sandbox', 'clock', 'advance', '1d'])).toMatchObject({ now: '2026-12-02T09:00:00.000Z' });
    expect(await b.json(['coverage', 'get', span.id], { role: 'coordinator' })).toMatchObject({ status: 'scheduled' });
    expect(w.exitCode).toBe(null);
    await b.json(['sandbox', 'clock', 'advance', '1d1h']);
    const done = await w;
    expect(done.exitCode).toBe(0);
    expect(JSON.parse(String(done.stdout))).toMatchObject({ id: span.id, status: 'active' });

    await b.json(['sandbox', 'clock', 'set', '2026-12-06T00:00:00Z']);
    expect(await b.json(['coverage', 'get', span.id], { role: 'coordinator' })).toMatchObject({ status: 'ended', endedAt: '2026-12-05T17:00:00.000Z' });
  });

  it('an invitation expires when the clock passes its expiry; audit events carry the sandbox time', async () => {
    const now = (await b.json(['sandbox', 'clock'])).now;
    const inv = await b.json(['invitations', 'create', '--team-id', 'team_acme', '--email', 'later@acme.test']);
    expect(inv).toMatchObject({ status: 'pending', expiresAt: new Date(Date.parse(now) + 7 * 86_400_000).toISOString() });
    await b.json(['sandbox', 'clock', 'advance', '7d1m']);
    expect(await b.json(['invitations', 'get', inv.id])).toMatchObject({ status: 'expired' });
    const events = await b.json(['org', 'audit-events', 'list', 'org_acme', '--all']);
    expect(events.find((e: any) => e.entityId === inv.id || e.metadata?.email === 'later@acme.test')).toMatchObject({ createdAt: now });
  });

  it('never goes back past stored records: exit 2, the clock unchanged; --rate runs it', async () => {
    const before = await b.json(['sandbox', 'clock']);
    usageError(await b.run(['sandbox', 'clock', 'set', '2026-11-01T00:00:00Z']), /the clock cannot go back to 2026-11-01T00:00:00.000Z: stored records are as late as /);
    expect(await b.json(['sandbox', 'clock'])).toEqual(before);
    usageError(await b.run(['sandbox', 'clock', 'advance', 'soon']), /DURATION: cannot read 'soon' as a duration/);
    const running = await b.json(['sandbox', 'clock', 'set', '2026-12-20T00:00:00Z', '--rate', '3600']);
    expect(running).toMatchObject({ rate: 3600, frozen: false });
    // An hour of sandbox time per second: the clock has moved by the next reading.
    let later = running.now;
    while (later === running.now) later = (await b.json(['sandbox', 'clock'])).now;
    expect(Date.parse(later)).toBeGreaterThan(Date.parse(running.now));
    await b.json(['sandbox', 'clock', 'set', '2026-12-30T00:00:00Z', '--rate', '0']);
  });
});

describe('snapshots', () => {
  it('snapshot, a dozen changes, restore: org export and contacts list are byte-identical; tokens still work; unknown names are exit 2', async () => {
    const b = await startBench(['--clock', '2026-12-01T09:00:00Z']);
    const exportOrg = () => b.run(['org', 'export', 'org_acme']);
    const contacts = () => b.run(['contacts', 'list', '--all', '-o', 'jsonl']);
    const org0 = await exportOrg();
    const contacts0 = await contacts();
    expect(org0.exitCode).toBe(0);
    expect(contacts0.stdout.trim().split('\n').length).toBeGreaterThan(2);
    expect(await b.json(['sandbox', 'snapshot', 'save', 'clean'])).toMatchObject({ name: 'clean', clock: '2026-12-01T09:00:00.000Z' });

    await b.json(['sandbox', 'clock', 'advance', '3d']);
    const changes: string[][] = [
      ['contacts', 'create', '--email', 'one@new.test', '--name', 'One'],
      ['contacts', 'create', '--email', 'two@new.test', '--name', 'Two'],
      ['contacts', 'create', '--email', 'three@new.test', '--name', 'Three'],
      ['contacts', 'update', 'con_carol', '--title', 'Chair'],
      ['contacts', 'delete', 'con_dan', '--yes'],
      ['teams', 'create', '--name', 'Snapshotters'],
      ['org', 'update', 'org_acme', '--name', 'Acme Renamed'],
      ['org', 'domains', 'add', 'org_acme', '--domain', 'later.acme.test'],
      ['org', 'members', 'add', 'org_acme', '--email', 'late@acme.test'],
      ['users', 'update', 'usr_member', '--locale', 'en-GB'],
      ['org', 'model-tiers', 'set', 'org_acme', '--chat', 'high'],
      ['contacts', 'create', '--email', 'four@new.test', '--name', 'Four'],
    ];
    for (const c of changes) {
      const r = await b.run(c);
      expect(r.exitCode, `${c.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect((await exportOrg()).stdout).not.toBe(org0.stdout);

    expect(await b.json(['sandbox', 'snapshot', 'restore', 'clean'])).toMatchObject({ name: 'clean' });
    expect((await exportOrg()).stdout).toBe(org0.stdout);
    expect((await contacts()).stdout).toBe(contacts0.stdout);
    expect(await b.json(['sandbox', 'clock'])).toMatchObject({ now: '2026-12-01T09:00:00.000Z' });
    expect(await b.json(['users', 'me'], { role: 'coordinator' })).toMatchObject({ id: 'usr_coord' });

    expect(await b.json(['sandbox', 'snapshot', 'list'])).toEqual([expect.objectContaining({ name: 'clean' })]);
    usageError(await b.run(['sandbox', 'snapshot', 'restore', 'nope']), /no snapshot named 'nope'/);
    usageError(await b.run(['sandbox', 'snapshot', 'save', '../evil']), /a snapshot name is letters/);
    const del = await b.run(['sandbox', 'snapshot', 'delete', 'clean']);
    expect(del.exitCode).toBe(0);
    expect(await b.json(['sandbox', 'snapshot', 'list'])).toEqual([]);
  });

  it('a seeded file deleted after a snapshot downloads again once the snapshot is restored', async () => {
    const b = await startBench([]);
    const download = () => b.run(['drive', 'download', 'fil_board_notes', '--out', '-']);
    const before = await download();
    expect(before.exitCode, before.stderr).toBe(0);
    expect(before.stdout.length).toBeGreaterThan(0);
    expect((await b.run(['sandbox', 'snapshot', 'save', 'files'])).exitCode).toBe(0);
    expect((await b.run(['drive', 'delete', 'fil_board_notes', '--yes'])).exitCode).toBe(0);
    expect((await download()).exitCode).toBe(3);
    expect((await b.run(['sandbox', 'snapshot', 'restore', 'files'])).exitCode).toBe(0);
    const after = await download();
    expect(after.exitCode, after.stderr).toBe(0);
    expect(after.stdout).toBe(before.stdout);
  });

  it('with --data, snapshots live beside the data file and survive a restart', async () => {
    const dir = tempDir('agnt-bench-data-');
    dirs.push(dir);
    const data = join(dir, 'state.jsonl');
    const a = await startBench(['--data', data, '--clock', '2026-12-01T09:00:00Z']);
    await a.json(['sandbox', 'snapshot', 'save', 'kept']);
    await a.json(['teams', 'create', '--name', 'After']);
    expect(existsSync(join(`${data}.snapshots`, 'kept.snapshot'))).toBe(true);
    const stopped = await a.run(['sandbox', 'stop']);
    expect(stopped.exitCode).toBe(0);
    // stop returns once the process has exited (its data saved): a restart on the same file cannot race it.
    // Exited, not reaped: this test's process is its parent, and reaps it on its own turn (a
    // signal 0 still reaches it until then), so the process's state is read, as stop reads it.
    expect(processRuns(a.child.pid!)).toBe(false);
    expect(stopped.stderr).toMatch(/Sandbox stopped\.\n$/);
    expect((await a.child).exitCode).toBe(0);

    const b = await startBench(['--data', data]);
    expect((await b.json(['teams', 'list', '--all'])).map((t: any) => t.name)).toContain('After');
    expect(await b.json(['sandbox', 'snapshot', 'list'])).toEqual([expect.objectContaining({ name: 'kept' })]);
    await b.json(['sandbox', 'snapshot', 'restore', 'kept']);
    expect((await b.json(['teams', 'list', '--all'])).map((t: any) => t.name)).not.toContain('After');
  });
});

describe('faults and the journal', () => {
  it('a 10,000-row import with 20% of bulk requests answered 503 (Retry-After) and 429s finishes with every row created exactly once; the journal shows the retries', async () => {
    const b = await startBench([]);
    const rows = ['email,name'];
    for (let i = 0; i < 10_000; i++) rows.push(`bulk${i}@import.test,Row ${i}`);
    const csv = join(b.config, 'rows.csv');
    writeFileSync(csv, `${rows.join('\n')}\n`);
    const r429 = await b.json(['sandbox', 'fault', 'add', '--method', 'POST', '--path', '/contacts/bulk-import', '--status', '429', '--times', '2', '--retry-after', '1s']);
    const r503 = await b.json(['sandbox', 'fault', 'add', '--method', 'POST', '--path', '/contacts/*', '--status', '503', '--rate', '0.2', '--retry-after', '1s']);
    expect(r503).toMatchObject({ id: expect.any(String), status: 503, rate: 0.2, retryAfter: 1 });

    // A retry budget fit for a fifth of the requests failing (the default guards real servers).
    const env = { AGNT_RETRY_BUDGET: '200', AGNT_BACKOFF_MS: '50' };
    const imported = await b.run(['contacts', 'import', csv, '--batch-size', '200', '-o', 'json'], { env });
    expect(imported.exitCode, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ created: 10_000, failed: 0 });

    const emails = (await b.run(['contacts', 'list', '--all', '--search', 'import.test', '-o', 'jsonl'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).email);
    expect(emails.length).toBe(10_000);
    expect(new Set(emails).size).toBe(10_000);

    const posts = await b.json(['sandbox', 'requests', '--method', 'POST', '--path', '/contacts/bulk-import']);
    const faulted = posts.filter((p: any) => p.fault !== null);
    const served = posts.filter((p: any) => p.fault === null);
    expect(served.map((p: any) => p.status)).toEqual(Array(50).fill(200));
    expect(faulted.filter((p: any) => p.fault === r429.id).map((p: any) => p.status)).toEqual([429, 429]);
    expect(faulted.filter((p: any) => p.fault === r503.id).length).toBeGreaterThan(0);
    expect(faulted.every((p: any) => p.status === 503 || p.status === 429)).toBe(true);
    // Each faulted batch was sent again: its rows' first e-mail appears in a served request.
    const servedFirst = new Set(served.map((p: any) => p.body?.contacts?.[0]?.email));
    for (const f of faulted) expect(servedFirst.has(f.body.contacts[0].email)).toBe(true);
    const rules = await b.json(['sandbox', 'fault', 'list']);
    expect(rules.find((x: any) => x.id === r503.id).hits).toBe(faulted.length - 2);
  });

  it('rules target a user or an endpoint id, drop connections, are cleared; a rule that matches no endpoint is exit 2; the journal masks secrets', async () => {
    const b = await startBench([]);
    const rule = await b.json(['sandbox', 'fault', 'add', '--endpoint', 'users.me.get', '--user', 'member@acme.test', '--status', '503', '--times', '1']);
    expect((await b.run(['users', 'me'], { role: 'admin' })).exitCode).toBe(0);
    const refused = await b.run(['users', 'me'], { role: 'member', env: { AGNT_RETRIES: '1' } });
    expect(refused.stderr).toMatch(/sandbox fault rule/);
    expect(refused.exitCode).toBe(1);
    expect((await b.run(['users', 'me'], { role: 'member' })).exitCode).toBe(0);
    const journal = await b.json(['sandbox', 'requests', '--path', '/users/me']);
    expect(journal.map((e: any) => [e.user, e.status, e.fault])).toEqual([
      ['usr_admin', 200, null],
      ['usr_member', 503, rule.id],
      ['usr_member', 200, null],
    ]);

    await b.json(['sandbox', 'fault', 'add', '--method', 'GET', '--path', '/teams', '--reset', '--times', '1']);
    const reset = await b.run(['teams', 'list'], { env: { AGNT_RETRIES: '1' } });
    expect(reset.exitCode).toBe(1);
    expect((await b.json(['sandbox', 'requests', '--path', '/teams'])).at(-1)).toMatchObject({ status: 0, fault: expect.stringMatching(/^f\d+$/) });

    // --after: the first request goes through, the next is answered 503.
    const after = await b.json(['sandbox', 'fault', 'add', '--method', 'GET', '--path', '/teams', '--status', '503', '--after', '1', '--times', '1']);
    expect(after).toMatchObject({ after: 1, times: 1, hits: 0 });
    expect((await b.run(['teams', 'list'], { env: { AGNT_RETRIES: '1' } })).exitCode).toBe(0);
    expect((await b.run(['teams', 'list'], { env: { AGNT_RETRIES: '1' } })).exitCode).toBe(1);
    expect((await b.json(['sandbox', 'requests', '--path', '/teams'])).slice(-2).map((e: any) => [e.status, e.fault])).toEqual([
      [200, null],
      [503, after.id],
    ]);
    usageError(await b.run(['sandbox', 'fault', 'add', '--path', '/teams', '--status', '503', '--after', '0']), /--after must be a whole number of at least 1, got '0'/);
    // --param: one page of a walk.
    const page2 = await b.json(['sandbox', 'fault', 'add', '--method', 'GET', '--path', '/users', '--param', 'page=2', '--param', 'perPage=2', '--status', '502']);
    expect(page2).toMatchObject({ query: { page: '2', perPage: '2' } });
    const walk = await b.run(['users', 'list', '--all', '--per-page', '2', '-o', 'id'], { env: { AGNT_RETRIES: '1' } });
    expect(walk.exitCode).toBe(1);
    const pages = (await b.json(['sandbox', 'requests', '--method', 'GET', '--path', '/users'])).filter((e: any) => e.query.perPage === '2');
    expect(pages.filter((e: any) => e.fault === page2.id).map((e: any) => [e.query.page, e.status])).toEqual([['2', 502]]);
    expect(pages.filter((e: any) => e.query.page !== '2').every((e: any) => e.status === 200)).toBe(true);
    usageError(await b.run(['sandbox', 'fault', 'add', '--path', '/users', '--param', 'page', '--status', '503']), /--param must be NAME=VALUE \(page=3\), got 'page'/);

    usageError(await b.run(['sandbox', 'fault', 'add', '--method', 'POST', '--path', '/nowhere/*', '--status', '503']), /the rule matches no endpoint of the API model/);
    usageError(await b.run(['sandbox', 'fault', 'add', '--endpoint', 'no.such.endpoint', '--status', '503']), /no endpoint 'no.such.endpoint'/);
    usageError(await b.run(['sandbox', 'fault', 'add', '--path', '/teams', '--status', '200']), /--status must be an HTTP error status/);
    usageError(await b.run(['sandbox', 'fault', 'clear', 'f99']), /no fault rule 'f99'/);
    expect((await b.json(['sandbox', 'fault', 'list'])).length).toBe(4);
    expect((await b.run(['sandbox', 'fault', 'clear'])).exitCode).toBe(0);
    expect(await b.json(['sandbox', 'fault', 'list'])).toEqual([]);

    // A secret in a body is masked in the journal.
    const since = (await b.json(['sandbox', 'status'])).requests.lastId;
    await b.run(['api', 'POST', '/contacts', '-f', 'email=masked@new.test', '-f', 'password=hunter22']);
    const entries = await b.json(['sandbox', 'requests', '--since', String(since)]);
    expect(JSON.stringify(entries)).not.toContain('hunter22');
    expect(JSON.stringify(entries)).toContain('<redacted>');
  });

  it('--faults rules.yaml installs rules at start; a bad rules file starts nothing', async () => {
    const dir = tempDir('agnt-bench-rules-');
    dirs.push(dir);
    const rules = join(dir, 'rules.yaml');
    writeFileSync(rules, 'rules:\n  - method: GET\n    path: /users/me\n    status: 429\n    retryAfter: 1s\n    times: 1\n');
    const b = await startBench(['--faults', rules]);
    expect(await b.json(['sandbox', 'fault', 'list'])).toEqual([expect.objectContaining({ method: 'GET', path: '/users/me', status: 429, retryAfter: 1, times: 1 })]);
    // GET is retried by agnt after Retry-After: one 429, then the answer.
    expect(await b.json(['users', 'me'])).toMatchObject({ id: 'usr_admin' });
    expect((await b.json(['sandbox', 'requests', '--path', '/users/me'])).map((e: any) => e.status)).toEqual([429, 200]);

    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, '- method: GET\n  path: /nowhere\n  status: 503\n');
    usageError(await agnt(['sandbox', 'start', '--port', '0', '--faults', bad], { configDir: dir }), /matches no endpoint/);
  });

  it('requests --follow prints each request as it arrives', async () => {
    const b = await startBench([]);
    const f = execa(process.execPath, [BIN, 'sandbox', 'requests', '--follow', '-o', 'jsonl'], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: b.config }, extendEnv: true, reject: false });
    const lines: any[] = [];
    const got = new Promise<void>((ok) =>
      createInterface({ input: f.stdout! }).on('line', (l) => {
        lines.push(JSON.parse(l));
        if (lines.some((x) => x.path === '/teams')) ok();
      }),
    );
    // The follower is listening once its first long poll is in the journal's waiters: a request
    // made now is printed whether it lands before or after that poll (it asks from the last id).
    await b.json(['users', 'me']);
    await b.json(['teams', 'list']);
    await got;
    f.kill('SIGINT');
    expect((await f).exitCode).toBe(0);
    expect(lines.map((l) => l.path)).toContain('/teams');
  });
});

describe('the control namespace', () => {
  it('a platform token gets 403 (agnt: exit 4), no token 401; the OpenAPI document has no control path; stop ends the process', async () => {
    const b = await startBench([]);
    const asAdmin = await b.run(['sandbox', 'status'], { env: { AGNT_SANDBOX_TOKEN: b.tokens.admin } });
    expect(asAdmin.stderr).toMatch(/a platform token cannot use the sandbox control namespace/);
    expect(asAdmin.exitCode).toBe(4);
    const direct = await fetch(`${b.url}/_sandbox/status`, { headers: { authorization: `Bearer ${b.tokens.admin}` } });
    expect(direct.status).toBe(403);
    expect((await fetch(`${b.url}/_sandbox/clock`, { method: 'POST', body: '{"advance":1}' })).status).toBe(401);
    // And the control token is no platform token.
    expect((await fetch(`${b.url}/users/me`, { headers: { authorization: `Bearer ${b.controlToken}` } })).status).toBe(401);

    const spec = await agnt(['api', 'spec', '-o', 'json']);
    expect(Object.keys(JSON.parse(spec.stdout).paths).filter((p) => p.includes('_sandbox'))).toEqual([]);
    expect(readFileSync(join(ROOT, 'docs', 'openapi.yaml'), 'utf8')).not.toContain('_sandbox');

    const status = await b.run(['sandbox', 'status']);
    expect(status.stdout).toMatch(new RegExp(`^url +${b.url.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(status.stdout).toMatch(/^ {2}contacts +3$/m);
    expect((await b.run(['sandbox', 'stop'])).exitCode).toBe(0);
    expect((await b.child).exitCode).toBe(0);
    const gone = await b.run(['sandbox', 'status']);
    expect(gone.stderr).toMatch(/cannot reach the sandbox/);
    expect(gone.exitCode).toBe(1);
  });
});
