// Portable organization documents (issue 35, item 1): references by team name, user e-mail,
// assistant e-mail or name; ids only in the state file. A document with ids is read with a note
// per id; an ambiguous or unknown key stops plan and apply before any write (exit 2).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

type Sb = Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(() => {
  dir = tempDir('agnt-portable-');
});
afterAll(() => removeDir(dir));

const writes = (sb: Sb, from = 0) => sb.requests.slice(from).filter((r) => r.method !== 'GET');

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('portable references', () => {
  let sb: Sb;
  let exported: string;
  beforeAll(async () => {
    sb = await withSandbox({ exampleRecords: false });
    exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
  });
  afterAll(() => sb.dispose());

  it('an export names the default assistant by its e-mail and holds no server id', async () => {
    expect(exported).toMatch(/^ {2}defaultAssistant: ava@assistants\.acme\.test$/m);
    expect(exported).toMatch(/^ {2}defaultTeam: Acme Executive Team$/m);
    expect(exported).not.toMatch(/\b(ast|usr|team|org|dom)_[a-z0-9]/);
  });

  it('a document with ids is read: a note names each id and its portable key, and nothing is planned', async () => {
    const withIds = exported
      .replace('defaultAssistant: ava@assistants.acme.test', 'defaultAssistant: ast_ava')
      .replace('defaultTeam: Acme Executive Team', 'defaultTeam: team_acme')
      .replace('primaryCoordinator: coordinator@acme.test', 'primaryCoordinator: usr_coord')
      .replace('backupCoordinator: manager@acme.test', 'backupCoordinator: usr_manager')
      .replace('  - manager: manager@acme.test\n    managedUser: backup@acme.test', '  - manager: usr_manager\n    managedUser: backup@acme.test');
    const f = file('ids.yaml', withIds);
    const mark = sb.requests.length;
    const r = await agnt(['org', 'plan', '-f', f, 'org_acme'], { sb });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/no changes; the organization matches the file/);
    expect(r.stdout).toContain('note: organization.defaultAssistant: ast_ava is a server id; its portable key is ava@assistants.acme.test');
    expect(r.stdout).toContain('note: organization.defaultTeam: team_acme is a server id; its portable key is Acme Executive Team');
    expect(r.stdout).toContain('note: backupRules[usr_coord/*].primaryCoordinator: usr_coord is a server id; its portable key is coordinator@acme.test');
    // One note per id, naming every place it was written.
    expect(r.stdout).toContain(
      'note: backupRules[default].backupCoordinator, managerAssignments[usr_manager/backup@acme.test].manager: usr_manager is a server id; its portable key is manager@acme.test',
    );
    expect(writes(sb, mark)).toEqual([]);
  });

  it('the default assistant by e-mail or by name is set by its id', async () => {
    sb.store.update('organizations', 'org_acme', { defaultAssistant: null });
    for (const key of ['ava@assistants.acme.test', 'Ava']) {
      sb.store.update('organizations', 'org_acme', { defaultAssistant: null });
      const f = file('by-key.yaml', `apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Acme Corp\n  defaultAssistant: ${key}\n`);
      const mark = sb.requests.length;
      const r = await agnt(['org', 'apply', '-f', f, 'org_acme', '--yes'], { sb });
      expect(r.exitCode).toBe(0);
      expect(writes(sb, mark)).toMatchObject([{ method: 'PUT', path: '/organizations/org_acme', body: { defaultAssistant: 'ast_ava' } }]);
    }
    expect((await agnt(['org', 'export', 'org_acme'], { sb })).stdout).toBe(exported);
  });

  it("a team's lead is named by e-mail: sent as its user id; an older document's leadUserId is read with a note", async () => {
    const team = (lead: string) =>
      file('lead.yaml', `apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Acme Corp\nteams:\n  - name: Acme Executive Team\n    profile:\n      mission: Run the week\n      ${lead}\n`);
    const mark = sb.requests.length;
    const r = await agnt(['org', 'apply', '-f', team('lead: manager@acme.test'), 'org_acme', '--yes'], { sb });
    expect(r.exitCode).toBe(0);
    expect(writes(sb, mark)).toMatchObject([{ method: 'PATCH', path: '/teams/team_acme/profile', body: { leadUserId: 'usr_manager', mission: 'Run the week' } }]);
    expect((await agnt(['org', 'export', 'org_acme'], { sb })).stdout).toMatch(/^ {6}mission: Run the week\n {6}lead: manager@acme\.test$/m);
    const old = await agnt(['org', 'plan', '-f', team('leadUserId: usr_manager'), 'org_acme'], { sb });
    expect(old.stdout).toMatch(/no changes/);
    expect(old.stdout).toContain('note: teams[Acme Executive Team].profile.lead: usr_manager is a server id; its portable key is manager@acme.test');
    expect(old.exitCode).toBe(0);
  });

  it('an ambiguous or unknown key stops plan and apply before any write, naming each candidate (exit 2)', async () => {
    sb.store.insert('teams', 'team', { id: 'team_twin', account: 'acc_acme', name: 'acme executive team', organization: 'org_acme', status: 'active', owner: 'usr_admin' });
    sb.store.insert('users', 'usr', { id: 'usr_twin', account: 'acc_acme', organization: 'org_acme', email: 'Coordinator@ACME.test', organizationRole: 'member' });
    const a = sb.store.get('assistants', 'ast_ava')!;
    const { id: _id, ...rest } = a;
    sb.store.insert('assistants', 'ast', { ...rest, id: 'ast_ava2', email: 'ava2@assistants.acme.test' });
    const f = file('ambiguous.yaml', exported.replace('defaultAssistant: ava@assistants.acme.test', 'defaultAssistant: Ava'));
    const mark = sb.requests.length;
    for (const verb of [
      ['plan', '-f', f, 'org_acme'],
      ['apply', '-f', f, 'org_acme', '--yes'],
    ]) {
      const r = await agnt(['org', ...verb], { sb });
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      const [error, hint] = r.stderr.trim().split('\n');
      expect(error).toMatch(/^error: .*ambiguous\.yaml: /);
      expect(error).toContain("teams[Acme Executive Team]: team 'Acme Executive Team' matches 2 teams of org_acme: team_acme, team_twin");
      expect(error).toContain('e-mail coordinator@acme.test matches 2 users: usr_coord, usr_twin');
      expect(error).toContain("organization.defaultAssistant: 'Ava' matches 2 assistants: ast_ava (ava@assistants.acme.test), ast_ava2 (ava2@assistants.acme.test)");
      expect(error).toMatch(/nothing was written$/);
      expect(hint).toMatch(/^hint: /);
    }
    expect(writes(sb, mark)).toEqual([]);

    // An assistant the caller cannot use as the organization's default (another user's own).
    const hidden = file('hidden.yaml', 'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Acme Corp\n  defaultAssistant: mo@assistants.acme.test\n');
    const r = await agnt(['org', 'plan', '-f', hidden, 'org_acme'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .*organization\.defaultAssistant: no assistant 'mo@assistants\.acme\.test' visible to you is an organization or account assistant of org_acme; nothing was written\n/,
    );
    expect(writes(sb, mark)).toEqual([]);
  });
});
