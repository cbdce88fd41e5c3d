// A coordinator's day: what waits for whom (`agnt inbox`), and scripts that wait for a state
// (`agnt wait`), against the sandbox's seeded coordinator, backup and manager.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { agnt, agntJson, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { plain, runInPty } from '../support/pty.ts';

// Each test runs several CLI processes, some side by side: generous limits for a loaded machine.
const LONG = 180_000;
let sb: Awaited<ReturnType<typeof withSandbox>>;
const dirs: string[] = [];
beforeAll(async () => {
  // A clean slate: the inboxes here hold exactly what the tests make (no example records).
  sb = await withSandbox({ exampleRecords: false });
});
afterAll(async () => {
  await sb.dispose();
  for (const d of dirs) removeDir(d);
});

let week = 0;
/** A submitted two-day span of usr_coord's (each in a week of its own, so none overlap). */
async function submittedSpan(principal = 'usr_principal'): Promise<string> {
  const day = new Date(Date.UTC(2027, 0, 4 + 7 * week++)).toISOString().slice(0, 10);
  const span = await agntJson(['coverage', 'create', '--principal', principal, '--backup', 'usr_backup', '--start', `${day} 09:00`, '--for', '2d', '--reason', 'pto', '--submit'], {
    sb,
    as: 'coordinator',
  });
  expect(span.status).toBe('pending_acceptance');
  return span.id;
}

/** The built CLI as a long-running process, its stdout and stderr readable line by line. */
function start(args: string[], as: string): { child: ResultPromise; stdout: Lines; stderr: Lines } {
  const dir = tempDir();
  dirs.push(dir);
  const child = execa(process.execPath, [BIN, ...args], {
    env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[as] },
    extendEnv: true,
    reject: false,
    timeout: LONG,
  });
  return { child, stdout: new Lines(child.stdout!), stderr: new Lines(child.stderr!) };
}

/** Lines of a stream, and a way to wait for the next one that matches. */
class Lines {
  readonly all: string[] = [];
  private waiters: Array<{ re: RegExp; from: number; resolve: (l: string) => void }> = [];
  constructor(stream: NodeJS.ReadableStream) {
    createInterface({ input: stream }).on('line', (line) => {
      this.all.push(line);
      this.waiters = this.waiters.filter((w) => {
        if (!w.re.test(line)) return true;
        w.resolve(line);
        return false;
      });
    });
  }
  /** The first line from now on (or already seen since `from`) that matches. */
  next(re: RegExp, from = this.all.length): Promise<string> {
    const seen = this.all.slice(from).find((l) => re.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ re, from, resolve }));
  }
}

describe('agnt inbox', () => {
  let spanId = '';

  it(
    "the backup's inbox lists exactly the submitted span, with its accept and decline commands",
    async () => {
      expect(await agntJson(['inbox'], { sb, as: 'backup' })).toEqual([]);
      spanId = await submittedSpan();

      const items = await agntJson(['inbox'], { sb, as: 'backup' });
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        kind: 'coverage.accept',
        id: spanId,
        commands: [`agnt coverage accept ${spanId}`, `agnt coverage decline ${spanId}`],
        record: { id: spanId, status: 'pending_acceptance', primaryCoordinator: 'usr_coord' },
        principals: [{ principal: 'usr_principal', backupCoordinator: 'usr_backup' }],
      });

      const r = await agnt(['inbox'], { sb, as: 'backup' });
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('== Coverage waiting for your acceptance (1) ==');
      expect(r.stdout).toContain(`  $ agnt coverage accept ${spanId}\n`);
      expect(r.stdout).toContain(`  $ agnt coverage decline ${spanId}\n`);
      expect(r.stdout).toContain('principals: usr_principal -> usr_backup');
      // usr_backup's time zone is America/New_York.
      expect(r.stdout).toMatch(/pto 2027-01-04 09:00 EST to 2027-01-06 09:00 EST, for usr_coord/);
      expect(r.stdout.match(/^cov_/gm)).toHaveLength(1);
    },
    LONG,
  );

  it(
    "the listed command does what it says, and the span moves to the manager's inbox",
    async () => {
      const [, ...args] = `agnt coverage accept ${spanId}`.split(' ');
      const accepted = await agnt(args, { sb, as: 'backup' });
      expect(accepted.exitCode).toBe(0);
      expect(await agntJson(['inbox'], { sb, as: 'backup' })).toEqual([]);
      const manager = await agntJson(['inbox'], { sb, as: 'manager' });
      expect(manager.map((i: any) => [i.kind, i.id, i.commands])).toEqual([['coverage.approve', spanId, [`agnt coverage approve ${spanId}`, `agnt coverage reject ${spanId}`]]]);
    },
    LONG,
  );

  it(
    "the coordinator's inbox has their drafts and their delegations with degraded access; times in UTC with --utc",
    async () => {
      const draft = await agntJson(['coverage', 'create', '--principal', 'usr_principal2', '--backup', 'usr_backup', '--start', '2027-06-01T12:00:00Z', '--end', '2027-06-02T12:00:00Z'], {
        sb,
        as: 'coordinator',
      });
      const items = await agntJson(['inbox'], { sb, as: 'coordinator' });
      expect(items.map((i: any) => [i.kind, i.id])).toEqual([
        ['coverage.draft', draft.id],
        ['delegation.access', 'del_principal2'],
      ]);
      expect(items[1].commands).toEqual(['agnt delegations reverify del_principal2']);
      const r = await agnt(['inbox', '--utc'], { sb, as: 'coordinator' });
      expect(r.stdout).toContain(`manual 2027-06-01 12:00 UTC to 2027-06-02 12:00 UTC`);
      expect(r.stdout).toContain(`$ agnt coverage submit ${draft.id}`);
      await agntJson(['coverage', 'cancel', draft.id, '--yes'], { sb, as: 'coordinator' });
    },
    LONG,
  );

  it(
    'a principal sees the delegation waiting for their confirmation; an admin the organization requests to decide',
    async () => {
      const del = await agntJson(['delegations', 'create', '--principal-id', 'usr_member', '--delegation-source', 'platform'], { sb, as: 'backup' });
      const member = await agntJson(['inbox'], { sb, as: 'member' });
      expect(member.map((i: any) => [i.kind, i.id, i.commands[0]])).toEqual([['delegation.confirm', del.id, `agnt delegations confirm ${del.id}`]]);

      const req = await agntJson(['org-requests', 'create', '--name', 'Inbox Labs', '--team-id', 'team_acme'], { sb, as: 'manager' });
      const admin = await agntJson(['inbox'], { sb, as: 'admin' });
      expect(admin.filter((i: any) => i.kind === 'org-request.decide').map((i: any) => [i.id, i.commands[0]])).toEqual([[req.id, `agnt org-requests approve ${req.id}`]]);
      // The requester cannot decide their own request: not in their inbox.
      expect((await agntJson(['inbox'], { sb, as: 'manager' })).some((i: any) => i.kind === 'org-request.decide')).toBe(false);
    },
    LONG,
  );

  it(
    '--watch in a pipe prints each new item once, as a JSON line',
    async () => {
      const w = start(['inbox', '--watch', '--interval', '0.2'], 'backup');
      try {
        // Lines are looked for from before each action: the watch may print before we ask.
        const mark1 = w.stdout.all.length;
        const first = await submittedSpan('usr_principal2');
        const line1 = JSON.parse(await w.stdout.next(/coverage\.accept/, mark1));
        expect(line1).toMatchObject({ kind: 'coverage.accept', id: first });
        const mark2 = w.stdout.all.length;
        const second = await submittedSpan('usr_principal2');
        const line2 = JSON.parse(await w.stdout.next(new RegExp(second), mark2));
        expect(line2).toMatchObject({ kind: 'coverage.accept', id: second });
        // Each item once: the first span was not printed again between them.
        expect(w.stdout.all.filter((l) => l.includes(first))).toHaveLength(1);
      } finally {
        w.child.kill('SIGINT');
      }
      const done = await w.child;
      expect(done.exitCode).toBe(0);
    },
    LONG,
  );

  it(
    '--watch on a terminal redraws the whole inbox, and Ctrl-C ends it with exit 0',
    async () => {
      const id = await submittedSpan('usr_principal2');
      const r = await runInPty(
        ['inbox', '--watch', '--interval', '0.3'],
        [
          { expect: /Coverage waiting for your acceptance \(\d+\)[\s\S]*\(updated .*every 0.3s;/, send: '' },
          // A second drawing of the same screen: the watch redraws instead of appending.
          { expect: /Coverage waiting for your acceptance[\s\S]*\(updated /, send: '\x03' },
        ],
        { AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.backup },
        LONG,
      );
      expect(r.exitCode, r.output).toBe(0);
      expect(r.output.split('\x1b[2J').length).toBeGreaterThanOrEqual(3);
      expect(plain(r.output)).toContain(`$ agnt coverage accept ${id}`);
    },
    LONG,
  );

  it(
    'refuses flags that do not go together, before sending anything',
    async () => {
      const r = await agnt(['inbox', '--interval', '5s'], { sb, as: 'backup' });
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toContain('--interval goes with --watch');
      const csv = await agnt(['inbox', '--watch', '-o', 'csv'], { sb, as: 'backup' });
      expect(csv.exitCode).toBe(2);
    },
    LONG,
  );
});

describe('agnt wait', () => {
  /** A span waiting for the manager's approval. */
  async function awaitingApproval(): Promise<string> {
    const id = await submittedSpan();
    await agntJson(['coverage', 'accept', id], { sb, as: 'backup' });
    return id;
  }

  it(
    'exits 0 once the manager approves from another process',
    async () => {
      const id = await awaitingApproval();
      const w = start(['wait', 'coverage', id, '--for', 'status=scheduled', '--timeout', '1m', '--interval', '0.2', '--debug', '-o', 'json'], 'coordinator');
      expect(await w.stderr.next(/^wait: poll 1: /)).toBe(`wait: poll 1: coverage span ${id} status=pending_manager_approval`);
      const approved = await agnt(['coverage', 'approve', id], { sb, as: 'manager' });
      expect(approved.exitCode).toBe(0);
      const done = await w.child;
      expect(done.exitCode).toBe(0);
      expect(JSON.parse(String(done.stdout))).toMatchObject({ id, status: 'scheduled', approvedBy: 'usr_manager' });
    },
    LONG,
  );

  it(
    'exits 1 as soon as the manager rejects: scheduled can no longer be reached',
    async () => {
      const id = await awaitingApproval();
      const w = start(['wait', 'coverage', id, '--for', 'status=scheduled', '--timeout', '1m', '--interval', '0.2', '--debug'], 'coordinator');
      await w.stderr.next(/^wait: poll 1: /);
      expect((await agnt(['coverage', 'reject', id], { sb, as: 'manager' })).exitCode).toBe(0);
      const done = await w.child;
      expect(done.exitCode).toBe(1);
      expect(String(done.stdout)).toBe('');
      expect(String(done.stderr)).toContain(`error: coverage span ${id} will not meet status=scheduled: it is cancelled, from which status=scheduled cannot be reached`);
    },
    LONG,
  );

  it(
    'exits 8 when the timeout passes first',
    async () => {
      const id = await awaitingApproval();
      const r = await agnt(['wait', 'coverage', id, '--for', 'status=scheduled', '--timeout', '1s', '--interval', '0.3'], { sb, as: 'coordinator' });
      // Exit 8 is an outcome, not an error: the record as it stands on stdout, one plain line on stderr.
      expect(r.exitCode).toBe(8);
      expect(r.stdout).toBe(`coverage span ${id}: status=pending_manager_approval\n`);
      expect(r.stderr).toBe(`timed out after 1s waiting for coverage span ${id} to meet status=scheduled (status=pending_manager_approval); wait longer with --timeout, e.g. --timeout 2s\n`);
      const json = await agnt(['wait', 'coverage', id, '--for', 'status=scheduled', '--timeout', '1s', '--interval', '0.3', '-o', 'json'], { sb, as: 'coordinator' });
      expect({ code: json.exitCode, status: JSON.parse(json.stdout).status, stderr: json.stderr }).toEqual({ code: 8, status: 'pending_manager_approval', stderr: '' });
    },
    LONG,
  );

  it(
    'takes a JMESPath condition, and a condition already met returns at once',
    async () => {
      const id = await awaitingApproval();
      const r = await agnt(['wait', 'coverage', id, '--for', "jmespath=acceptedAt != null && status == 'pending_manager_approval'"], { sb, as: 'coordinator' });
      expect(r).toMatchObject({ exitCode: 0, stderr: '' });
      expect(r.stdout).toBe(`coverage span ${id}: status=pending_manager_approval (jmespath=acceptedAt != null && status == 'pending_manager_approval')\n`);
    },
    LONG,
  );

  it(
    'waits for delegations too: a revoked delegation never becomes active',
    async () => {
      const del = await agntJson(['delegations', 'create', '--principal-id', 'usr_principal2', '--delegation-source', 'platform'], { sb, as: 'backup' });
      const w = start(['wait', 'delegation', del.id, '--timeout', '1m', '--interval', '0.2', '--debug'], 'backup');
      expect(await w.stderr.next(/^wait: poll 1: /)).toBe(`wait: poll 1: delegation ${del.id} status=pending`);
      expect((await agnt(['delegations', 'confirm', del.id], { sb, as: 'principal2' })).exitCode).toBe(0);
      expect((await w.child).exitCode).toBe(0);
      await agntJson(['delegations', 'revoke', del.id, '--yes'], { sb, as: 'backup' });
      const gone = await agnt(['wait', 'delegation', del.id, '--for', 'status=active'], { sb, as: 'backup' });
      expect(gone.exitCode).toBe(1);
      expect(gone.stderr).toContain('it is revoked, from which status=active cannot be reached');
    },
    LONG,
  );

  it(
    'waits for a drive file: ready once its upload is confirmed from another process',
    async () => {
      const up = await agntJson(['api', 'POST', '/users/usr_member/drive-files/upload', '-f', 'name=wait.txt', '-F', 'size=5'], { sb, as: 'member' });
      const w = start(['wait', 'drive-file', up.fileId, '--timeout', '1m', '--interval', '0.2', '--debug', '-o', 'json'], 'member');
      expect(await w.stderr.next(/^wait: poll 1: /)).toBe(`wait: poll 1: drive file ${up.fileId} status=pending`);
      const put = await fetch(up.url, { method: 'PUT', body: 'hello', headers: { 'content-type': up.contentType } });
      expect(put.status).toBe(200);
      expect((await agnt(['drive', 'confirm', up.fileId, '--size', '5'], { sb, as: 'member' })).exitCode).toBe(0);
      const done = await w.child;
      expect(done.exitCode, String(done.stderr)).toBe(0);
      expect(JSON.parse(String(done.stdout))).toMatchObject({ id: up.fileId, name: 'wait.txt', status: 'ready', size: 5 });
    },
    LONG,
  );

  it(
    'waits for an onboarding session: complete once it is finalized from another process',
    async () => {
      const run = await agntJson(['onboarding', 'run'], { sb, as: 'principal' });
      expect(run).toMatchObject({ status: 'in_progress' });
      const w = start(['wait', 'onboarding', run.sessionId, '--timeout', '1m', '--interval', '0.2', '--debug'], 'principal');
      expect(await w.stderr.next(/^wait: poll 1: /)).toBe(`wait: poll 1: onboarding session ${run.sessionId} status=in_progress`);
      expect((await agnt(['onboarding', 'finalize', run.sessionId, '--no-apply-preferences', '--no-save-memories'], { sb, as: 'principal' })).exitCode).toBe(0);
      const done = await w.child;
      expect(done.exitCode, String(done.stderr)).toBe(0);
      expect(String(done.stdout)).toBe(`onboarding session ${run.sessionId}: status=complete`);
    },
    LONG,
  );

  it(
    'follows an audit delivery job: completed or failed is met; a failed job never completes',
    async () => {
      // The sandbox runs a job for three seconds; with no delivery configured, it fails.
      const job = await agntJson(['org', 'audit-logging', 'deliver', 'org_acme', '--from', '24h'], { sb, as: 'admin' });
      const done = await agnt(['wait', 'audit-delivery', job.id, '--org', 'org_acme', '--for', 'status=completed,failed', '--interval', '0.3', '-o', 'json'], { sb, as: 'admin' });
      expect(done.exitCode, done.stderr).toBe(0);
      expect(JSON.parse(done.stdout)).toMatchObject({ id: job.id, status: 'failed' });
      const never = await agnt(['wait', 'audit-delivery', job.id, '--org', 'org_acme'], { sb, as: 'admin' });
      expect(never.exitCode).toBe(1);
      expect(never.stderr).toContain(`audit delivery job ${job.id} will not meet status=completed: it is failed, from which status=completed cannot be reached`);
    },
    LONG,
  );

  it(
    'refuses bad conditions and durations with exit 2, sending nothing',
    async () => {
      for (const args of [
        ['wait', 'coverage', 'cov_1', '--for', 'status'],
        ['wait', 'coverage', 'cov_1', '--for', 'jmespath=['],
        ['wait', 'coverage', 'cov_1', '--timeout', 'soon'],
        ['wait', 'audit-delivery', 'adj_1'],
      ]) {
        const r = await agnt([...args, '--debug'], { sb, as: 'coordinator' });
        expect(r.exitCode, args.join(' ')).toBe(2);
        expect(r.stderr).not.toContain('> GET');
      }
    },
    LONG,
  );
});
