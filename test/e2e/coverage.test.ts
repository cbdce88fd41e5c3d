// A week of coverage against the sandbox, with the sandbox's clock moved by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';
import { plain, runInPty } from '../support/pty.ts';

const T0 = Date.parse('2026-11-30T12:00:00Z'); // Monday, before the week starts
let now = T0;
let sb: Awaited<ReturnType<typeof withSandbox>>;
beforeAll(async () => {
  // No example records: this week's spans are the only ones (the example spans would overlap it).
  sb = await withSandbox({ clock: () => now, exampleRecords: false });
});
afterAll(async () => {
  await sb.dispose();
});

let week = 0;
/** A two-day draft in a week of its own, so that submitted spans never overlap. */
async function newSpan(as: string, extra: string[] = []): Promise<any> {
  const day = new Date(Date.UTC(2027, 1, 1 + 7 * week++)).toISOString().slice(0, 10);
  return agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', `${day} 09:00`, '--for', '2d', ...extra], { sb, as });
}

/** A span moved to `status` through the real moves. */
async function spanIn(status: 'draft' | 'pending_acceptance' | 'pending_manager_approval' | 'scheduled'): Promise<string> {
  const s = await newSpan('coordinator');
  if (status === 'draft') return s.id;
  await agntJson(['coverage', 'submit', s.id], { sb, as: 'coordinator' });
  if (status === 'pending_acceptance') return s.id;
  await agntJson(['coverage', 'accept', s.id], { sb, as: 'backup' });
  if (status === 'pending_manager_approval') return s.id;
  await agntJson(['coverage', 'approve', s.id], { sb, as: 'manager' });
  return s.id;
}

describe('a week of coverage', () => {
  let spanId = '';

  it('the coordinator creates a span for two principals in local time', async () => {
    const r = await agnt(
      [
        'coverage',
        'create',
        '--principal',
        'usr_principal',
        '--backup',
        'usr_backup',
        '--principal',
        'usr_principal2',
        '--backup',
        'usr_backup',
        '--start',
        '2026-12-01 09:00',
        '--for',
        '5d',
        '--reason',
        'pto',
        '--notify',
        '--json',
      ],
      { sb, as: 'coordinator' },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/created coverage span cov_\w+ \(draft\)/);
    const span = JSON.parse(r.stdout);
    spanId = span.id;
    // usr_coord's time zone is America/New_York: 09:00 there is 14:00 UTC.
    expect(span).toMatchObject({
      status: 'draft',
      startAt: '2026-12-01T14:00:00.000Z',
      endAt: '2026-12-06T14:00:00.000Z',
      reason: 'pto',
      primaryCoordinator: 'usr_coord',
      requireManagerApproval: true,
      notifyPrincipal: true,
    });
    const rows = await agntJson(['coverage', 'principals', spanId], { sb, as: 'coordinator' });
    expect(rows.map((x: any) => [x.principal, x.backupCoordinator])).toEqual([
      ['usr_principal', 'usr_backup'],
      ['usr_principal2', 'usr_backup'],
    ]);
  });

  it('submit, accept by the backup, approve by the manager, each stamping its time', async () => {
    const submitted = await agntJson(['coverage', 'submit', spanId], { sb, as: 'coordinator' });
    expect(submitted).toMatchObject({ status: 'pending_acceptance', submittedAt: new Date(now).toISOString() });
    const pending = await agnt(['coverage', 'list', '--role', 'backup', '--status', 'pending_acceptance', '-o', 'id'], { sb, as: 'backup' });
    expect(pending.stdout.trim().split('\n')).toContain(spanId);
    now += 3_600_000;
    const accepted = await agntJson(['coverage', 'accept', spanId], { sb, as: 'backup' });
    expect(accepted).toMatchObject({ status: 'pending_manager_approval', acceptedAt: new Date(now).toISOString() });
    now += 3_600_000;
    const approved = await agntJson(['coverage', 'approve', spanId], { sb, as: 'manager' });
    expect(approved).toMatchObject({ status: 'scheduled', approvedAt: new Date(now).toISOString(), approvedBy: 'usr_manager' });
  });

  it('before the span, nobody covers', async () => {
    const who = await agntJson(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(who).toMatchObject({ active: false, backupCoordinator: null, primaryCoordinator: { id: 'usr_coord', type: 'user' } });
  });

  it('during the span, `coverage who` shows the backup, as JSON and as a chain', async () => {
    now = Date.parse('2026-12-02T15:00:00Z');
    const who = await agntJson(['coverage', 'who', 'usr_principal2'], { sb, as: 'coordinator' });
    expect(who.active).toBe(true);
    expect(who.span).toMatchObject({ id: spanId, status: 'active', activatedAt: '2026-12-01T14:00:00.000Z' });
    expect(who.backupCoordinator).toMatchObject({ id: 'usr_backup', email: 'backup@acme.test', type: 'user' });
    expect(who.chain.map((p: any) => [p.id, p.depth])).toEqual([
      ['usr_coord', 0],
      ['usr_backup', 1],
    ]);
    const text = await agnt(['coverage', 'who', 'usr_principal'], { sb, as: 'backup' });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('covered by Bea Backup <backup@acme.test>');
    expect(text.stdout).toMatch(/^0 {2}Cory Coordinator <coordinator@acme\.test> {2}\(usr_coord\) {2}primary, away$/m);
    expect(text.stdout).toMatch(/^ {2}└─ 1 {2}Bea Backup <backup@acme\.test> {2}\(usr_backup\) {2}covering now$/m);
    // One time rule: `who` now shows the span's times in the user's zone, as `who --at` does.
    const tokyo = await agnt(['coverage', 'who', 'usr_principal', '--tz', 'Asia/Tokyo'], { sb, as: 'backup' });
    expect(tokyo.stdout).toMatch(/covered by Bea Backup <backup@acme\.test> \(span \S+, \S+, \d{4}-\d\d-\d\d \d\d:\d\d GMT\+9 to \d{4}-\d\d-\d\d \d\d:\d\d GMT\+9\)/);
    const list = await agntJson(['coverage', 'list', '--status', 'active'], { sb, as: 'coordinator' });
    expect(list.map((s: any) => s.id)).toEqual([spanId]);
  });

  it('the backup sees the coverage on their dashboard and schedule', async () => {
    const dash = await agntJson(['coordinator', 'dashboard'], { sb, as: 'backup' });
    expect(dash.myActiveCoverage.map((x: any) => [x.spanId, x.principal.id])).toEqual([
      [spanId, 'usr_principal'],
      [spanId, 'usr_principal2'],
    ]);
    const sched = await agnt(['coordinator', 'schedule', '--from', '2026-11-30', '--days', '7', '--tz', 'America/New_York'], { sb, as: 'backup' });
    expect(sched.exitCode).toBe(0);
    expect(sched.stdout).toContain('== Tue 2026-12-01 ==\n  09:00-24:00  backup   covering Pat Principal for Cory Coordinator  [active, pto]');
    expect(sched.stdout).toContain('== Wed 2026-12-02 ==\n  all day      backup   covering Pat Principal for Cory Coordinator');
    expect(sched.stdout).toContain('== Sun 2026-12-06 ==\n  00:00-09:00  backup');
    expect(sched.stdout).toContain('== Mon 2026-11-30 ==\n  -');
    // Record-per-line formats print the events themselves; a bad --tz is refused before any request.
    const range = ['coordinator', 'schedule', '--from', '2026-11-30T00:00:00Z', '--to', '2026-12-07T00:00:00Z'];
    const lines = await agnt([...range, '-o', 'jsonl'], { sb, as: 'backup' });
    const evs = lines.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(evs.length).toBeGreaterThan(0);
    expect(evs.every((e: any) => e.spanId === spanId && e.role === 'backup')).toBe(true);
    const sent = sb.requests.length;
    const bad = await agnt([...range, '--tz', 'Nowhere/Else'], { sb, as: 'backup' });
    expect(bad.exitCode).toBe(2);
    expect(sb.requests.length).toBe(sent);
    const events = await agntJson(['coverage', 'events', '--from', '2026-12-01T00:00:00Z', '--to', '2026-12-02T00:00:00Z'], { sb, as: 'manager' });
    expect(events.map((e: any) => [e.role, e.principal.id, e.status])).toEqual([
      ['manager', 'usr_principal', 'active'],
      ['manager', 'usr_principal2', 'active'],
    ]);
  });

  it('the coordinator ends it early; nobody covers any more', async () => {
    now = Date.parse('2026-12-04T20:00:00Z');
    const ended = await agntJson(['coverage', 'end', spanId], { sb, as: 'coordinator' });
    expect(ended).toMatchObject({ status: 'ended', endedAt: '2026-12-04T20:00:00.000Z', activatedAt: '2026-12-01T14:00:00.000Z' });
    const who = await agntJson(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(who.active).toBe(false);
    const text = await agnt(['coverage', 'who', 'usr_principal'], { sb, as: 'coordinator' });
    expect(text.stdout.trim()).toBe('not covered now: Cory Coordinator <coordinator@acme.test> handles it');
  });

  it('a second span is declined by the backup', async () => {
    const r = await agnt(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2026-12-08T14:00:00Z', '--end', '2026-12-09T22:00:00Z', '--submit', '-o', 'id'], {
      sb,
      as: 'coordinator',
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/created and submitted coverage span cov_\w+ \(pending_acceptance\)/);
    const id = r.stdout.trim();
    const declined = await agntJson(['coverage', 'decline', id], { sb, as: 'backup' });
    expect(declined).toMatchObject({ status: 'cancelled', declinedAt: new Date(now).toISOString(), cancelledAt: null });
  });

  it('`coverage approve -` approves the ids on stdin; a bad one fails alone with exit 6', async () => {
    const a = await spanIn('pending_manager_approval');
    const b = await spanIn('pending_manager_approval');
    const listed = await agnt(['coverage', 'list', '--role', 'manager', '--status', 'pending_manager_approval', '-o', 'id'], { sb, as: 'manager' });
    expect(listed.stdout.trim().split('\n').sort()).toEqual([a, b].sort());
    const r = await agnt(['coverage', 'approve', '-', '--json'], { sb, as: 'manager', input: `${a}\ncov_nope\n${b}\n` });
    expect(r.exitCode).toBe(6);
    // --json: one error object on stderr, naming the id that failed and why.
    expect(JSON.parse(r.stderr).error).toMatchObject({ exitCode: 6, message: expect.stringMatching(/^1 of 3 failed: cov_nope: coverage span 'cov_nope' not found/) });
    const human = await agnt(['coverage', 'approve', '-'], { sb, as: 'manager', input: 'cov_nope\ncov_nope2\n' });
    expect(human.stderr).toMatch(/^cov_nope: error: coverage span 'cov_nope' not found/);
    // The array accounts for every id: the failed one is an element naming its error.
    expect(JSON.parse(r.stdout).map((s: any) => [s.id, s.status ?? s.error.status])).toEqual([
      [a, 'scheduled'],
      ['cov_nope', 404],
      [b, 'scheduled'],
    ]);
  });
});

describe('refused moves', () => {
  const refused: Array<[string, 'draft' | 'pending_acceptance' | 'pending_manager_approval' | 'scheduled', string, RegExp]> = [
    ['submit', 'pending_acceptance', 'coordinator', /cannot submit .*status is pending_acceptance/],
    ['accept', 'draft', 'backup', /cannot accept .*status is draft \(it has not been submitted\)/],
    ['decline', 'scheduled', 'backup', /cannot decline .*status is scheduled/],
    ['approve', 'pending_acceptance', 'manager', /cannot approve .*the backup has not accepted it yet/],
    ['reject', 'scheduled', 'manager', /cannot reject .*status is scheduled/],
    ['end', 'scheduled', 'coordinator', /cannot end .*it has not started; cancel it instead/],
  ];
  for (const [move, from, as, message] of refused) {
    it(`${move} from ${from} is refused with 409 (exit 5) and changes nothing`, async () => {
      const id = await spanIn(from);
      const r = await agnt(['coverage', move, id], { sb, as });
      expect(r.exitCode).toBe(5);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('(HTTP 409, AGNT_E_INVALID_TRANSITION)');
      expect((await agntJson(['coverage', 'get', id], { sb, as: 'coordinator' })).status).toBe(from);
    });
  }

  it('cancel of an active span, and of an ended or cancelled one, is refused', async () => {
    const id = await spanIn('scheduled');
    const span = await agntJson(['coverage', 'get', id], { sb, as: 'coordinator' });
    now = Date.parse(span.startAt) + 3_600_000;
    const active = await agnt(['coverage', 'cancel', id, '--yes'], { sb, as: 'coordinator' });
    expect(active.exitCode).toBe(5);
    expect(active.stderr).toMatch(/cannot cancel .*status is active \(it is running; end it instead\)/);
    now = Date.parse(span.endAt) + 86_400_000;
    expect((await agntJson(['coverage', 'get', id], { sb, as: 'coordinator' })).status).toBe('ended');
    const ended = await agnt(['coverage', 'cancel', id, '--yes'], { sb, as: 'coordinator' });
    expect(ended.exitCode).toBe(5);
    expect(ended.stderr).toMatch(/status is ended \(ended spans are final\)/);
    const draft = await spanIn('draft');
    const cancelled = await agntJson(['coverage', 'cancel', draft, '--yes'], { sb, as: 'coordinator' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: new Date(now).toISOString() });
    for (const move of ['submit', 'accept', 'end']) {
      const r = await agnt(['coverage', move, draft], { sb, as: move === 'accept' ? 'backup' : 'coordinator' });
      expect(r.exitCode).toBe(5);
      expect(r.stderr).toContain('status is cancelled');
    }
    now = T0;
  });

  it('cancel asks for --yes off a terminal', async () => {
    const id = await spanIn('draft');
    const r = await agnt(['coverage', 'cancel', id], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
  });

  it('update changes drafts only', async () => {
    const draft = await spanIn('draft');
    const u = await agntJson(['coverage', 'update', draft, '--end', '2027-12-17', '--reason', 'sick', '--tz', 'Europe/Paris'], { sb, as: 'coordinator' });
    expect(u).toMatchObject({ status: 'draft', reason: 'sick', endAt: '2027-12-17T23:00:00.000Z' });
    const submitted = await spanIn('pending_acceptance');
    const r = await agnt(['coverage', 'update', submitted, '--reason', 'sick'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/cannot update .*only drafts can be changed/);
  });

  it('submitting a span that hands over a principal twice at once is refused', async () => {
    const create = (start: string, end: string) =>
      agntJson(['coverage', 'create', '--principal', 'usr_principal2', '--backup', 'usr_backup', '--start', start, '--end', end], { sb, as: 'coordinator' });
    const first = await create('2028-03-01T14:00:00Z', '2028-03-03T14:00:00Z');
    const second = await create('2028-03-02T14:00:00Z', '2028-03-04T14:00:00Z');
    const after = await create('2028-03-03T14:00:00Z', '2028-03-05T14:00:00Z');
    await agntJson(['coverage', 'submit', first.id], { sb, as: 'coordinator' });
    const r = await agnt(['coverage', 'submit', second.id, after.id], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain(`${second.id}: error: cannot submit coverage span ${second.id}: usr_principal2 already handed over in ${first.id} (pending_acceptance) at an overlapping time`);
    expect(r.stderr).toContain(`${after.id}: ok`);
  });

  it('moves by the wrong person are forbidden (exit 4)', async () => {
    const pending = await spanIn('pending_acceptance');
    const self = await agnt(['coverage', 'accept', pending], { sb, as: 'coordinator' });
    expect(self.exitCode).toBe(4);
    expect(self.stderr).toMatch(/only a backup coordinator of the span may accept/);
    const waiting = await spanIn('pending_manager_approval');
    const byBackup = await agnt(['coverage', 'approve', waiting], { sb, as: 'backup' });
    expect(byBackup.exitCode).toBe(4);
    expect(byBackup.stderr).toContain('HTTP 403');
  });
});

describe('coverage create input', () => {
  it('refuses missing values off a terminal, before any request', async () => {
    const before = sb.requests.length;
    const r = await agnt(['coverage', 'create', '--principal', 'usr_principal'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('error: missing --backup, --start, --end (or --for)');
    expect(sb.requests.length).toBe(before);
  });

  it('refuses a mismatched pairing and an unreadable time', async () => {
    const pairs = await agnt(['coverage', 'create', '--principal', 'a', '--principal', 'b', '--principal', 'c', '--backup', 'x', '--backup', 'y', '--start', 'now', '--for', '1d'], {
      sb,
      as: 'coordinator',
    });
    expect(pairs.exitCode).toBe(2);
    expect(pairs.stderr).toContain('3 --principal but 2 --backup');
    const when = await agnt(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', 'next tuesday', '--for', '1d', '--tz', 'UTC'], { sb, as: 'coordinator' });
    expect(when.exitCode).toBe(2);
    expect(when.stderr).toContain("--start: cannot read 'next tuesday' as a time");
  });

  it('reads principals and backups from a CSV file', async () => {
    const dir = tempDir();
    const file = join(dir, 'handover.csv');
    writeFileSync(file, 'principal,backup,primaryFollower\nusr_principal,usr_backup,true\nusr_principal2,usr_manager,false\n');
    const span = await agntJson(['coverage', 'create', '--principals-file', file, '--start', '2026-12-21T14:00:00Z', '--end', '2026-12-22', '--tz', 'UTC', '--no-manager-approval'], {
      sb,
      as: 'coordinator',
    });
    expect(span).toMatchObject({ endAt: '2026-12-23T00:00:00.000Z', requireManagerApproval: false });
    const rows = await agntJson(['coverage', 'principals', span.id], { sb, as: 'coordinator' });
    expect(rows.map((x: any) => [x.principal, x.backupCoordinator, x.primaryFollower])).toEqual([
      ['usr_principal', 'usr_backup', true],
      ['usr_principal2', 'usr_manager', false],
    ]);
  });

  it('--dry-run prints the request with ISO times and sends nothing', async () => {
    const before = sb.requests.length;
    const r = await agnt(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2026-12-01T09:00:00-05:00', '--for', '36h', '--dry-run'], {
      sb,
      as: 'coordinator',
    });
    expect(r.exitCode).toBe(0);
    const req = JSON.parse(r.stdout);
    expect(req).toMatchObject({
      method: 'POST',
      body: { startAt: '2026-12-01T14:00:00.000Z', endAt: '2026-12-03T02:00:00.000Z', principals: [{ principal: 'usr_principal', backupCoordinator: 'usr_backup' }] },
    });
    expect(sb.requests.length).toBe(before);
  });

  const ptyEnv = () => ({ AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.coordinator, AGNT_CONFIG_DIR: tempDir(), TERM: 'xterm-256color', NO_COLOR: '1' });

  it('on a terminal, Ctrl-C at a prompt exits 130 and --no-input never asks', async () => {
    const before = sb.store.all('coverageSpans').length;
    const stopped = await runInPty(['coverage', 'create', '--principal', 'usr_principal'], [{ expect: /Backup coordinator for usr_principal/, send: '\x03' }], ptyEnv());
    expect(stopped.exitCode, stopped.output).toBe(130);
    expect(plain(stopped.output)).toContain('interrupted at a prompt; no coverage span was created');
    expect(plain(stopped.output)).not.toMatch(/ExitPromptError|at .*\.js:\d+/);
    const noInput = await runInPty(['coverage', 'create', '--principal', 'usr_principal', '--no-input'], [], ptyEnv());
    expect(noInput.exitCode, noInput.output).toBe(2);
    expect(plain(noInput.output)).toContain('error: missing --backup, --start, --end (or --for)');
    expect(sb.store.all('coverageSpans').length).toBe(before);
  }, 45_000);

  it('asks for the missing values on a terminal, picking principals from delegations', async () => {
    const res = await runInPty(
      ['coverage', 'create', '--json'],
      [
        { expect: /Principals to hand over/, send: [' ', '\x1b[B', ' ', '\r'] },
        { expect: /Backup coordinator for usr_principal\b/, send: '\r' },
        { expect: /Backup coordinator for usr_principal2/, send: '\r' },
        { expect: /Start/, send: ['2026-12-28 09:00', '\r'] },
        { expect: /End/, send: ['3d', '\r'] },
        { expect: /Reason/, send: ['\x1b[B', '\r'] },
      ],
      ptyEnv(),
    );
    const out = { ...res, output: plain(res.output) };
    expect(out.exitCode, out.output).toBe(0);
    expect(out.output).toContain('times in America/New_York');
    expect(out.output).toMatch(/Pat Principal \(usr_principal\)/);
    expect(out.output).toMatch(/Quinn Principal \(usr_principal2\) \[calendar_degraded\]/);
    const span = sb.store.all('coverageSpans').find((s) => s.startAt === '2026-12-28T14:00:00.000Z');
    expect(span).toMatchObject({ endAt: '2026-12-31T14:00:00.000Z', reason: 'sick', status: 'draft', primaryCoordinator: 'usr_coord' });
    const rows = sb.store.filter('coverageSpanPrincipals', (r) => r.span === span!.id);
    // The backup was suggested by usr_coord's backup routing rule.
    expect(rows.map((r) => [r.principal, r.backupCoordinator])).toEqual([
      ['usr_principal', 'usr_backup'],
      ['usr_principal2', 'usr_backup'],
    ]);
  }, 45_000);
});
