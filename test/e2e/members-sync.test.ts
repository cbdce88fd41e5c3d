import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { agnt, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import { makeUser } from '../../src/sandbox/model.ts';

const sb = sandboxForFile();
let dir: string;
beforeEach(() => {
  dir = tempDir('agnt-sync-');
  return () => removeDir(dir);
});

const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const writes = (since: number) => sb.requests.slice(since).filter((r) => r.method !== 'GET');
const membersOf = (team: string) =>
  sb.store
    .filter('users', (u) => u.team === team)
    .map((u) => `${u.email}:${u.teamRole}`)
    .sort();

let n = 0;
/** A team with members A, B, C (no owner) and a user D outside it. */
function teamABC() {
  const k = ++n;
  const team = sb.store.insert('teams', 'team', { id: `team_sync${k}`, account: 'acc_acme', name: `Sync ${k}`, organization: 'org_acme', status: 'active', owner: null });
  const mk = (x: string, role: string | null) => makeUser(sb.store, { email: `${x}${k}@sync.test`, organization: 'org_acme', ...(role ? { team: team.id, teamRole: role } : {}) });
  const [a, b, c, d] = [mk('a', 'member'), mk('b', 'member'), mk('c', 'admin'), mk('d', null)];
  return { team: team.id as string, a, b, c, d, k };
}

describe('teams members sync', () => {
  it('team {A,B,C}, roster {B,C,D}: --preview lists +D and -A and sends no write', async () => {
    const { team, k } = teamABC();
    const roster = write('roster.csv', `Email,Role\nb${k}@sync.test,member\nc${k}@sync.test,admin\nd${k}@sync.test,member\n`);
    const actions = join(dir, 'preview.csv');
    const before = sb.requests.length;
    const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--preview', '--action-csv', actions, '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(writes(before)).toEqual([]);
    expect(r.stderr).toBe(`+ d${k}@sync.test (member)\n- a${k}@sync.test\npreview of team ${team}: 1 to add, 0 role changes, 1 to remove; nothing changed\n`);
    expect(JSON.parse(r.stdout).map((a: { action: string; email: string; outcome: string }) => [a.action, a.email, a.outcome])).toEqual([
      ['add', `d${k}@sync.test`, 'preview'],
      ['remove', `a${k}@sync.test`, 'preview'],
    ]);
    expect((parse(readFileSync(actions, 'utf8'), { columns: true }) as Array<Record<string, string>>).map((x) => [x.action, x.email, x.outcome])).toEqual([
      ['add', `d${k}@sync.test`, 'preview'],
      ['remove', `a${k}@sync.test`, 'preview'],
    ]);
    expect(membersOf(team)).toEqual([`a${k}@sync.test:member`, `b${k}@sync.test:member`, `c${k}@sync.test:admin`]);
  });

  it('--add-only adds D only', async () => {
    const { team, k, d } = teamABC();
    const roster = write('roster.csv', `email\nb${k}@sync.test\nc${k}@sync.test\nd${k}@sync.test\n`);
    const before = sb.requests.length;
    const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--add-only', '-o', 'jsonl'], { sb });
    expect(r.exitCode).toBe(0);
    expect(writes(before).map((x) => `${x.method} ${x.path}`)).toEqual([`POST /teams/${team}/members`]);
    expect(writes(before)[0]!.body).toEqual({ userId: d.id });
    expect(membersOf(team)).toEqual([`a${k}@sync.test:member`, `b${k}@sync.test:member`, `c${k}@sync.test:admin`, `d${k}@sync.test:member`]);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toMatchObject([{ action: 'add', email: `d${k}@sync.test`, userId: d.id, outcome: 'done' }]);
  });

  it('a full sync adds, changes roles and removes (with --yes), and the action CSV has one row per action with its outcome', async () => {
    const { team, k, a } = teamABC();
    const roster = write('roster.csv', `email,role\nb${k}@sync.test,admin\nc${k}@sync.test,admin\nd${k}@sync.test,member\nnobody${k}@sync.test,member\n`);
    const actions = join(dir, 'actions.csv');
    const noYes = await agnt(['teams', 'members', 'sync', team, '--from', roster], { sb });
    expect(noYes.exitCode).toBe(2);
    expect(noYes.stderr).toMatch(/Remove 1 member from team .*: refusing without --yes/);
    const before = sb.requests.length;
    const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--yes', '--action-csv', actions], { sb });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain(`+ nobody${k}@sync.test (roster row 5): error: no user has the e-mail nobody${k}@sync.test`);
    // Changes to different members go out together: their order on the wire is not a promise.
    expect(
      writes(before)
        .map((x) => `${x.method} ${x.path}`)
        .sort(),
    ).toEqual([`POST /teams/${team}/members`, `PUT /teams/${team}/members/${sb.store.find('users', (u) => u.email === `b${k}@sync.test`)!.id}`, `DELETE /teams/${team}/members/${a.id}`].sort());
    expect(membersOf(team)).toEqual([`b${k}@sync.test:admin`, `c${k}@sync.test:admin`, `d${k}@sync.test:member`]);
    const rows = parse(readFileSync(actions, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => [x.action, x.email, x.role, x.from_role, x.outcome])).toEqual([
      ['add', `d${k}@sync.test`, 'member', '', 'done'],
      ['add', `nobody${k}@sync.test`, 'member', '', 'failed'],
      ['role', `b${k}@sync.test`, 'admin', 'member', 'done'],
      ['remove', `a${k}@sync.test`, '', 'member', 'done'],
    ]);
    expect(rows[1]!.error).toMatch(/no user has the e-mail/);
  });

  it('the JSON error names at most 20 failed changes, and says how many more', async () => {
    const { team, k, b, c } = teamABC();
    const nobody = Array.from({ length: 25 }, (_, i) => `nobody${i}-${k}@sync.test,member`);
    const roster = write('roster.csv', `email,role\na${k}@sync.test,member\n${b.email},member\n${c.email},admin\n${nobody.join('\n')}\n`);
    const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--yes', '--json'], { sb });
    expect(r.exitCode).toBe(6);
    const message = (JSON.parse(r.stderr) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^25 of 25 changes failed: /);
    expect(message.match(/no user has the e-mail/g)).toHaveLength(20);
    expect(message).toMatch(/; and 5 more$/);
  });

  it('a lost login stops the sync: nothing more is started, and the action CSV marks what never ran as skipped', async () => {
    const { team, k } = teamABC();
    // 70 members to remove: more than are started at once.
    for (let i = 0; i < 70; i++) makeUser(sb.store, { email: `x${i}-${k}@sync.test`, organization: 'org_acme', team, teamRole: 'member' });
    const roster = write('roster.csv', `email,role\na${k}@sync.test,member\nb${k}@sync.test,member\nc${k}@sync.test,admin\n`);
    const actions = join(dir, 'actions.csv');
    sb.faults.push({
      method: 'DELETE',
      path: new RegExp(`^/teams/${team}/members/`),
      times: 1000,
      status: 401,
      body: '{"status":401,"error":"token expired"}',
      headers: { 'content-type': 'application/json' },
    });
    try {
      const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--yes', '--max-removals', '100', '--action-csv', actions], { sb });
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toMatch(/token expired/);
      const rows = parse(readFileSync(actions, 'utf8'), { columns: true }) as Array<Record<string, string>>;
      expect(rows).toHaveLength(70);
      expect(rows.filter((x) => x.outcome === 'skipped')).toHaveLength(6);
      expect(rows.filter((x) => x.outcome === 'failed')).toHaveLength(64);
    } finally {
      sb.faults.length = 0;
    }
  });

  it('stops above --max-removals before changing anything; a bad roster changes nothing', async () => {
    const { team, k } = teamABC();
    const roster = write('roster.csv', `email\nd${k}@sync.test\n`);
    const before = sb.requests.length;
    const r = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--yes', '--max-removals', '2'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/would remove 3 of 3 members of team .*, more than 2; nothing changed\nhint: .*--max-removals 3/);
    const bad = write('bad.csv', `email,role\nd${k}@sync.test,boss\nnot-an-email,member\n`);
    const b = await agnt(['teams', 'members', 'sync', team, '--from', bad, '--yes'], { sb });
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/2 bad rows, nothing changed: row 2 \(d\d+@sync\.test\): role 'boss' is not one of owner, admin, member; row 3: 'not-an-email' is not an e-mail address/);
    expect(writes(before)).toEqual([]);
    const ok = await agnt(['teams', 'members', 'sync', team, '--from', roster, '--yes', '--max-removals', '3', '-o', 'json'], { sb });
    expect(ok.exitCode).toBe(0);
    expect(membersOf(team)).toEqual([`d${k}@sync.test:member`]);
  });
});

describe('org members sync', () => {
  it('previews, then adds by e-mail, changes a role and removes', async () => {
    const x = makeUser(sb.store, { email: 'x@orgsync.test', organization: 'org_acme', organizationRole: 'member' });
    const y = makeUser(sb.store, { email: 'y@orgsync.test', organization: 'org_acme', organizationRole: 'member' });
    const admins: string[] = sb.store.get('organizations', 'org_acme')!.admins ?? [];
    // Everyone stays but y; x becomes an admin; new@ joins.
    const stay = sb.store.filter('users', (u) => (u.organization === 'org_acme' || admins.includes(u.id)) && u.id !== x.id && u.id !== y.id).map((u) => `- email: ${u.email}`);
    const roster = write('org.yaml', [...stay, '- email: x@orgsync.test', '  role: admin', '- email: new@orgsync.test', ''].join('\n'));
    const before = sb.requests.length;
    const p = await agnt(['org', 'members', 'sync', 'org_acme', '--from', roster, '--preview'], { sb });
    expect(p.stderr).toBe('+ new@orgsync.test\n~ x@orgsync.test member -> admin\n- y@orgsync.test\npreview of organization org_acme: 1 to add, 1 role change, 1 to remove; nothing changed\n');
    expect(p.exitCode).toBe(0);
    expect(writes(before)).toEqual([]);
    const r = await agnt(['org', 'members', 'sync', 'org_acme', '--from', roster, '--yes', '-o', 'json'], { sb });
    expect(r.stderr).toBe('organization org_acme: 1 to add, 1 role change, 1 to remove; 3 done, 0 failed\n');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).map((a: { action: string; outcome: string }) => `${a.action}:${a.outcome}`)).toEqual(['add:done', 'role:done', 'remove:done']);
    expect(sb.store.get('users', x.id)!.organizationRole).toBe('admin');
    expect(sb.store.find('users', (u) => u.email === 'new@orgsync.test')!.organization).toBe('org_acme');
    expect(sb.store.get('users', y.id)!.organization).toBeNull();
  });
});
