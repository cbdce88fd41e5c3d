// Supervision policy as code (issue 28), end to end against the sandbox with 1,000 members in
// five teams: export, plan, apply (counting what the sandbox received), tests, explain, parent
// locks, drift, and members the API holds no matrix for.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';
import { makeUser } from '../../src/sandbox/model.ts';
import { makeIdentifier } from '../../src/sandbox/areas/identifiers.ts';
import { prefsRecord } from '../../src/sandbox/areas/preferences.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;
type Rec = Record<string, any>;

// Each run reads a thousand matrices; a loaded machine must not fail them on time.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const TEAMS = ['Sales', 'Support', 'Engineering', 'Finance', 'Operations'];
const PER_TEAM = 200;
const SALES = Array.from({ length: PER_TEAM }, (_, i) => `sales${String(i).padStart(3, '0')}@acme.test`);
// Ten executives spread over the teams (two in Sales): the third pattern.
const EXECS = TEAMS.flatMap((t) => [0, 1].map((i) => `${t.toLowerCase()}${String(i * 97 + 3).padStart(3, '0')}@acme.test`));

const A = { email_as_user: { mode: 'manual' }, email_as_assistant: { mode: 'manual' }, third_party_skills: { mode: 'manual' } };
const B = { ...A, calendar: { mode: 'auto' } };
const C = { ...B, messaging: { mode: 'time-boxed', timeBoxedWindowMin: 15, timeBoxedExpiry: 'execute' } };
const BOARD = {
  id: 'rex_board',
  label: null,
  match: { kind: 'domain', value: 'board.acme.test' },
  mode: 'auto',
  timeBoxedWindowMin: null,
  timeBoxedExpiry: null,
  undoDelaySec: null,
  appliesTo: ['calendar'],
};

function setMatrix(sb: Sb, userId: string, matrix: Rec): void {
  const s = sb.store;
  const idn = s.lookup('identifiers', 'user', userId)[0]!;
  const rec = prefsRecord(s, idn);
  s.update('identifierPreferences', rec.id, { preferences: { ...rec.preferences, supervision: { ...rec.preferences.supervision, matrix } } });
}

/** 1,000 members in five teams of org_acme, straight into the store; every member of the organization gets one of three matrices. */
function seedThousand(sb: Sb): void {
  const s = sb.store;
  for (const name of TEAMS) {
    const team = s.insert('teams', 'team', {
      id: `team_${name.toLowerCase()}`,
      account: 'acc_acme',
      name,
      organization: 'org_acme',
      status: 'active',
      brandingOnEvents: false,
      brandingOnMessages: false,
    });
    for (let i = 0; i < PER_TEAM; i++) {
      const email = `${name.toLowerCase()}${String(i).padStart(3, '0')}@acme.test`;
      const u = makeUser(s, { id: `usr_${name.toLowerCase()}${i}`, email, organization: 'org_acme', team: team.id, teamRole: i === 0 ? 'owner' : 'member' });
      makeIdentifier(s, { account: u.account, user: u.id, type: 'email', value: email, verified: true, primary: true });
    }
  }
  for (const u of s.filter('users', (x) => x.organization === 'org_acme')) {
    const matrix = EXECS.includes(u.email) ? { ...C, exceptions: [BOARD] } : u.team === 'team_sales' ? B : A;
    setMatrix(sb, u.id, matrix);
  }
  // A second admin: "another user" whose hand changes drift names.
  s.update('users', 'usr_manager', { organizationRole: 'admin' });
}

const writes = (sb: Sb) => sb.requests.filter((r) => r.method !== 'GET');

describe('supervision as code over 1,000 members', () => {
  let sb: Sb;
  let dir: string;
  let config: string;
  let exported: string;
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(async () => {
    sb = await withSandbox({ exampleRecords: false });
    seedThousand(sb);
    dir = tempDir('agnt-supervision-');
    config = tempDir();
    const r = await agnt(['org', 'export', 'org_acme'], { sb });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    exported = r.stdout;
  });
  afterAll(() => sb.dispose());

  it('export factors three patterns into a baseline and at most three rules; plan then shows no change and sends no write', async () => {
    const doc = parse(exported);
    expect(doc.supervision.baseline).toMatchObject(A);
    expect(doc.supervision.rules.length).toBeLessThanOrEqual(3);
    expect(doc.supervision.rules[0]).toEqual({ match: { team: 'Sales' }, cells: { calendar: { mode: 'auto' } } });
    const execRule = doc.supervision.rules.find((r: Rec) => Array.isArray(r.match.user));
    expect(execRule.match.user).toEqual([...EXECS].sort());
    expect(execRule.exceptions).toEqual([{ match: BOARD.match, mode: 'auto', appliesTo: ['calendar'] }]);

    const path = file('org.yaml', exported);
    sb.requests.splice(0);
    const plan = await agnt(['org', 'plan', '-f', path, 'org_acme', '--exit-code'], { sb, configDir: config });
    expect(plan.stderr).toBe('');
    expect(plan.stdout).toMatch(/no changes; the organization matches the file/);
    expect(plan.exitCode).toBe(0);
    expect(writes(sb)).toEqual([]);
    // One read per member's matrix, and no more.
    expect(sb.requests.filter((r) => r.path.endsWith('/preferences/supervision/matrix')).length).toBe(1008);
  });

  it('an edited rule plans exactly the members and cells it affects, apply sends one PATCH per changed member, a second apply none', async () => {
    const edited = exported.replace(/(- match:\n\s+team: Sales\n\s+cells:\n\s+calendar:\n\s+mode: )auto/, '$1time-boxed\n          timeBoxedWindowMin: 20\n          timeBoxedExpiry: cancel');
    expect(edited).not.toBe(exported);
    const path = file('edited.yaml', edited);
    const plan = await agntJson(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    // The executives in Sales keep calendar auto (their own rule comes later).
    const affected = SALES.filter((e) => !EXECS.includes(e)).sort();
    expect(plan.supervision.members.map((m: Rec) => m.email)).toEqual(affected);
    for (const m of plan.supervision.members) {
      expect(m.cells).toEqual([
        {
          cell: 'calendar',
          old: { mode: 'auto', timeBoxedWindowMin: null, timeBoxedExpiry: null, undoDelaySec: null },
          new: { mode: 'time-boxed', timeBoxedWindowMin: 20, timeBoxedExpiry: 'cancel', undoDelaySec: null },
        },
      ]);
      expect(m.addExceptions).toEqual([]);
      expect(m.removeExceptions).toEqual([]);
    }
    const text = await agnt(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(text.stdout).toContain(`~ ${affected.length} members of Sales: calendar auto -> time-boxed (20 min, then cancel)`);

    sb.requests.splice(0);
    const applied = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
    expect(applied.exitCode).toBe(0);
    expect(applied.stdout).toContain(`supervision of ${affected.length} member(s) in ${affected.length} request(s)`);
    // Writes in proportion to the members that change: one PATCH each, with only the changed cell.
    const sent = writes(sb);
    expect(sent.length).toBe(affected.length);
    const ids = new Set(affected.map((e) => `usr_sales${Number(e.slice(5, 8))}`));
    for (const r of sent) {
      expect(r.method).toBe('PATCH');
      expect(ids.has(r.path.split('/')[2]!)).toBe(true);
      expect(r.body).toEqual({ matrix: { calendar: { mode: 'time-boxed', timeBoxedWindowMin: 20, timeBoxedExpiry: 'cancel', undoDelaySec: null } } });
    }
    expect(new Set(sent.map((r) => r.path)).size).toBe(affected.length);

    sb.requests.splice(0);
    const again = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/no changes/);
    expect(sb.requests.length).toBeGreaterThan(1000);
    expect(writes(sb)).toEqual([]);
  });

  it("a test in the file that the live organization violates makes plan exit 7, naming the users; validate runs it on the file's own matrices", async () => {
    const withTest = `${exported}  tests:\n    - name: Sales books nothing alone\n      expect: {cell: calendar, mode: [manual, time-boxed], for: {team: Sales}}\n`;
    const path = file('tested.yaml', withTest);
    const plan = await agnt(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(plan.exitCode).toBe(7);
    expect(plan.stderr).toBe('1 supervision test(s) failed against the live organization: Sales books nothing alone; 1 would fail once applied (apply refuses): Sales books nothing alone (exit 7)\n');
    // Once applied, the file would give all of Sales calendar auto: apply refuses, writing nothing.
    expect(plan.stdout).toContain(
      'test failed against the organization as apply would leave it: Sales books nothing alone: calendar must be manual or time-boxed for team Sales; fails for 200 member(s)',
    );
    sb.requests.splice(0);
    const refused = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
    expect(refused.exitCode).toBe(7);
    expect(refused.stderr).toMatch(/nothing was written/);
    expect(writes(sb)).toEqual([]);
    // The two executives of Sales still book alone (calendar auto).
    const failing = EXECS.filter((e) => e.startsWith('sales')).sort();
    expect(plan.stdout).toContain(
      `test failed against the live organization: Sales books nothing alone: calendar must be manual or time-boxed for team Sales; fails for 2 member(s): ${failing.map((e) => `${e} (auto)`).join(', ')}`,
    );
    const json = await agnt(['org', 'plan', '-f', path, 'org_acme', '-o', 'json'], { sb, configDir: config });
    expect(json.exitCode).toBe(7);
    expect(JSON.parse(json.stdout).supervision.tests[0]).toMatchObject({ name: 'Sales books nothing alone', passed: false, failures: failing.map((email) => ({ email, mode: 'auto' })) });

    // Offline: the file itself gives those executives auto too.
    const v = await agnt(['org', 'validate', path]);
    expect(v.exitCode).toBe(7);
    expect(v.stdout).toBe(`${path}: valid; 1 of 1 supervision test(s) fail\n`);
    expect(v.stderr).toContain('test failed against the file: Sales books nothing alone');
    expect(v.stderr).toContain(failing[0]);
    const passing = file('passing.yaml', withTest.replace('mode: [manual, time-boxed], for: {team: Sales}', 'mode: [manual, time-boxed, auto], for: {team: Sales}'));
    expect(await agnt(['org', 'validate', passing])).toEqual({ exitCode: 0, stderr: '', stdout: `${passing}: valid; 1 supervision test(s) pass\n` });
  });

  it('org explain names, for each cell, the value and the line of the file that decided it, and the parent lock', async () => {
    const path = file('explain.yaml', exported);
    const lines = exported.split('\n');
    const lineOf = (pattern: RegExp, from = 0) => lines.findIndex((l, i) => i >= from && pattern.test(l)) + 1;
    const salesRule = lineOf(/^\s+team: Sales$/);
    const execRule = lineOf(/^\s+- sales003@acme.test$/);
    const exec = 'sales003@acme.test';
    const r = await agntJson(['org', 'explain', exec, '-f', path, '--org', 'org_acme'], { sb });
    const cell = (name: string) => r.cells.find((c: Rec) => c.cell === name);
    expect(cell('email_as_user')).toMatchObject({ value: { mode: 'manual' }, decidedBy: 'baseline', at: `${path}:${lineOf(/^\s{4}email_as_user:/)}` });
    expect(cell('messaging')).toMatchObject({ value: { mode: 'time-boxed', timeBoxedWindowMin: 15 }, decidedBy: 'rule 2', at: `${path}:${lineOf(/^\s+messaging:$/, execRule)}` });
    expect(cell('calendar')).toMatchObject({ decidedBy: 'rule 2', at: `${path}:${lineOf(/^\s+calendar:$/, execRule)}` });
    // Parent locks come from the live matrix (the sandbox locks two cells for org_acme).
    expect(cell('third_party_skills')).toMatchObject({ decidedBy: 'baseline', parentLocked: true });
    expect(cell('website')).toMatchObject({ value: null, decidedBy: null, at: null });
    const { id: _id, ...board } = BOARD;
    expect(r.exceptions).toEqual([{ exception: board, decidedBy: 'rule 2', at: `${path}:${lineOf(/^\s+- match:$/, lineOf(/^\s+exceptions:$/, execRule))}` }]);

    const text = await agnt(['org', 'explain', 'sales010@acme.test', 'calendar', '-f', path, '--org', 'org_acme'], { sb });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`calendar\\s+auto\\s+<- rule 1 at ${path}:${lineOf(/^\s+calendar:$/, salesRule)} \\(team Sales\\)`));
    expect((await agnt(['org', 'explain', exec, 'calender', '-f', path], { sb })).exitCode).toBe(2);
  });

  it('a file loosening a parent-locked cell is refused in the plan, and apply writes nothing', async () => {
    // third_party_skills is locked by the organization; the file would let Sales run skills alone.
    const loose = exported.replace(/(- match:\n\s+team: Sales\n\s+cells:\n)/, '$1        third_party_skills:\n          mode: auto\n');
    const path = file('loose.yaml', loose);
    const plan = await agnt(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(plan.stdout).toMatch(/supervision: impossible \(the API would answer 403/);
    expect(plan.stdout).toContain('members of Sales: third_party_skills -> auto is looser than the locked manual');
    const data = await agntJson(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(data.supervision.impossible.length).toBe(PER_TEAM);
    sb.requests.splice(0);
    const applied = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
    expect(applied.exitCode).toBe(4);
    expect(applied.stderr).toMatch(/the file loosens cells the organization locked, for 200 member\(s\).*nothing was written/);
    expect(writes(sb)).toEqual([]);
  });

  it('drift names, per user and cell, the live value, the file value and who changed it', async () => {
    const path = file('drift.yaml', exported);
    expect((await agnt(['org', 'drift', '-f', path, 'org_acme', '--exit-code'], { sb, configDir: config })).exitCode).toBe(7);
    // Bring the organization back to the file, then another admin changes one member by hand.
    expect((await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config })).exitCode).toBe(0);
    expect((await agnt(['org', 'drift', '-f', path, 'org_acme', '--exit-code'], { sb, configDir: config })).exitCode).toBe(0);
    const hand = await agnt(['preferences', 'matrix', 'patch', '--user', 'usr_support7', '--set', 'email_as_user.mode=time-boxed', '--set', 'email_as_user.timeBoxedWindowMin=5'], {
      sb,
      as: 'manager',
    });
    expect(hand.exitCode).toBe(0);
    const event = (await agntJson(['org', 'audit-events', 'list', 'org_acme', '--actor', 'usr_manager', '--action', 'supervision_matrix.updated'], { sb }))[0];
    const drift = await agntJson(['org', 'drift', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(drift).toEqual([
      {
        path: 'supervision[support007@acme.test].email_as_user',
        op: 'update',
        live: { mode: 'time-boxed', timeBoxedWindowMin: 5, timeBoxedExpiry: null, undoDelaySec: null },
        file: { mode: 'manual', timeBoxedWindowMin: null, timeBoxedExpiry: null, undoDelaySec: null },
        actor: 'usr_manager',
        actorEmail: 'manager@acme.test',
        action: 'supervision_matrix.updated',
        eventId: event.id,
        at: event.createdAt,
      },
    ]);

    // An exception added by hand: the file manages exceptions (baseline `exceptions: []`), so it drifts.
    const added = await agntJson(
      ['preferences', 'exceptions', 'add', '--user', 'usr_operations3', '--match', '{"kind": "email", "value": "vip@client.test"}', '--mode', 'auto', '--applies-to', 'calendar'],
      { sb, as: 'manager' },
    );
    const more = await agntJson(['org', 'drift', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(more.find((d: Rec) => d.path === 'supervision[operations003@acme.test].exceptions[email:vip@client.test]')).toMatchObject({
      op: 'delete',
      live: { id: added.id, match: { kind: 'email', value: 'vip@client.test' }, mode: 'auto', appliesTo: ['calendar'] },
      file: null,
      actor: 'usr_manager',
      actorEmail: 'manager@acme.test',
      action: 'supervision_exception.created',
    });
  });

  it('a member with no primary identifier is listed as not applicable with the command that fixes it, and never stops an apply', async () => {
    const s = sb.store;
    for (const i of s.lookup('identifiers', 'user', 'usr_finance5')) s.remove('identifiers', i.id);
    // Everyone in Finance gets calendar manual; finance005 cannot hold a matrix.
    const path = file('finance.yaml', exported.replace(/( {2}rules:\n)/, '$1    - match: {team: Finance}\n      cells: {calendar: {mode: manual}}\n'));
    const plan = await agnt(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(plan.exitCode).toBe(0);
    const fix = 'agnt identifiers create --type email --value finance005@acme.test --user-id usr_finance5 --verified';
    expect(plan.stdout).toContain(`supervision: not applicable to 1 member(s) (no primary identifier; apply skips them)`);
    expect(plan.stdout).toContain(`finance005@acme.test: ${fix}`);
    sb.requests.splice(0);
    const applied = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
    expect(applied.exitCode).toBe(0);
    // Finance's members but finance005 and the two executives (whose own rule, later, keeps calendar auto).
    const finance = writes(sb)
      .map((r) => r.path.split('/')[2]!)
      .filter((id) => id.startsWith('usr_finance'));
    expect(finance).not.toContain('usr_finance5');
    expect(finance.length).toBe(PER_TEAM - 1 - EXECS.filter((e) => e.startsWith('finance')).length);

    // The command the plan gave makes the member applicable.
    const made = await agnt(fix.split(' ').slice(1), { sb });
    expect(made.exitCode).toBe(0);
    const after = await agntJson(['org', 'plan', '-f', path, 'org_acme'], { sb, configDir: config });
    expect(after.supervision.notApplicable).toEqual([]);
    expect(after.supervision.members.map((m: Rec) => m.email)).toEqual(['finance005@acme.test']);
  });
});

describe('validate: the supervision section against the model', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('agnt-supervision-validate-');
  });
  const check = async (body: string) => {
    const p = join(dir, `doc-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(p, `apiVersion: agnt/v1\nkind: Organization\n${body}`);
    return { path: p, ...(await agnt(['org', 'validate', p])) };
  };

  it('names the line of an unknown cell, a bad mode, fields per mode, matcher kinds, unknown teams and users, and a loosened lock', async () => {
    const r = await check(
      [
        'teams:',
        '  - name: Sales',
        '    members: [{email: a@acme.test}]',
        'supervision:',
        '  baseline:',
        '    email_as_usr: {mode: manual}',
        '    calendar: {mode: sometimes}',
        '    third_party_skills: {mode: manual}',
        '    locked: [third_party_skills]',
        '  rules:',
        '    - match: {group: Sales}',
        '    - match: {team: Marketing}',
        '      cells: {messaging: {mode: auto, timeBoxedWindowMin: 5}}',
        '    - match: {user: b@acme.test}',
        '      cells: {third_party_skills: {mode: auto}}',
        '    - match: {team: Sales}',
        '      cells: {files: {mode: time-boxed}}',
        '',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.split('\n');
    expect(lines).toContain(`${r.path}:8:5: supervision.baseline.email_as_usr: unknown key 'email_as_usr'; did you mean 'email_as_user'?`);
    expect(r.stderr).toContain(`${r.path}:9:`);
    expect(r.stderr).toMatch(/supervision\.baseline\.calendar\.mode: must be one of: "auto", "time-boxed", "manual", null/);
    expect(r.stderr).toMatch(/:13:\d+: supervision\.rules\[0\]\.match\.group: unknown key 'group'/);
  });

  it('semantic problems once the schema holds: fields per mode, unknown team and user, a loosened lock', async () => {
    const r = await check(
      [
        'teams:',
        '  - name: Sales',
        '    members: [{email: a@acme.test}]',
        'supervision:',
        '  baseline:',
        '    third_party_skills: {mode: manual}',
        '    locked: [third_party_skills]',
        '  rules:',
        '    - match: {team: Marketing}',
        '      cells: {messaging: {mode: auto, timeBoxedWindowMin: 5}}',
        '    - match: {user: b@acme.test}',
        '      cells: {third_party_skills: {mode: auto}}',
        '    - match: {team: Sales}',
        '      cells: {files: {mode: time-boxed}}',
        '',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(2);
    const p = r.path;
    expect(r.stderr).toContain(`${p}:12:`);
    expect(r.stderr).toContain('supervision.rules[0].cells.messaging.timeBoxedWindowMin: messaging: timeBoxedWindowMin is for mode time-boxed only, not auto');
    expect(r.stderr).toContain(`${p}:11:`);
    expect(r.stderr).toContain("supervision.rules[0].match.team: no team named 'Marketing' in this file's teams");
    expect(r.stderr).toContain('supervision.rules[1].match.user: b@acme.test is not a member in this file');
    expect(r.stderr).toContain('supervision.rules[1].cells.third_party_skills: third_party_skills is locked at manual by the baseline; this rule would loosen it to auto');
    expect(r.stderr).toContain('supervision.rules[2].cells.files: files: mode time-boxed needs timeBoxedWindowMin');
    expect(r.stderr).toMatch(/5 problems; nothing was sent/);
  });
});

describe('provisioning by e-mail gives the user a primary identifier (as the seeded users have)', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await withSandbox({ exampleRecords: false });
  });
  afterAll(() => sb.dispose());

  it('a member added by e-mail has a matrix the preference endpoints find', async () => {
    const m = await agntJson(['org', 'members', 'add', 'org_acme', '--email', 'new.hire@acme.test'], { sb });
    const matrix = await agntJson(['preferences', 'matrix', 'get', '--user', m.id], { sb });
    expect(matrix.parentLockedCells).toEqual(['email_as_assistant', 'third_party_skills']);
    const ids = await agntJson(['identifiers', 'list', '--user-id', m.id], { sb });
    expect(ids).toMatchObject([{ type: 'email', value: 'new.hire@acme.test', primary: true }]);
    const p = await agnt(['users', 'provision', '--email', 'other.hire@acme.test', '--team-id', 'team_acme', '-o', 'json'], { sb });
    expect(p.exitCode).toBe(0);
    const uid = JSON.parse(p.stdout).user.id;
    expect((await agnt(['preferences', 'matrix', 'get', '--user', uid], { sb })).exitCode).toBe(0);
  });
});

describe('a failure in the supervision step', () => {
  it('says how many members were done, and the next apply sends only what remains', async () => {
    const sb = await withSandbox({ exampleRecords: false });
    try {
      const config = tempDir();
      const exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
      const path = join(tempDir('agnt-supervision-fail-'), 'org.yaml');
      writeFileSync(path, exported.replace('  baseline:\n', '  baseline:\n    calendar: {mode: manual}\n'));
      // One of the eight members' PATCH is refused once (a conflict: not retried).
      sb.faults.push({ method: 'PATCH', path: /\/preferences\/supervision\/matrix$/, status: 409, times: 1, body: 'conflict' });
      sb.requests.splice(0);
      const first = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
      expect(first.exitCode).toBe(5);
      expect(first.stderr).toMatch(/apply stopped in the supervision step: done: \d of 8 member\(s\); not done: \d/);
      expect(first.stderr).toMatch(/error: supervision\[\S+@acme\.test\]: /);
      const done = writes(sb).length - 1;
      expect(first.stderr).toContain(`done: ${done} of 8 member(s); not done: ${8 - done}`);

      sb.requests.splice(0);
      const again = await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config });
      expect(again.exitCode).toBe(0);
      expect(writes(sb).length).toBe(8 - done);
      sb.requests.splice(0);
      expect((await agnt(['org', 'apply', '-f', path, 'org_acme', '--yes'], { sb, configDir: config })).exitCode).toBe(0);
      expect(writes(sb)).toEqual([]);
    } finally {
      await sb.dispose();
    }
  });
});
