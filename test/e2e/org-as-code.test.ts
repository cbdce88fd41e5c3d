// Organization as code (issue 17): export, validate, plan, apply and drift, end to end against
// the sandbox, counting the requests the sandbox received.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';
import { plain, runInPty } from '../support/pty.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;

// Each test runs agnt a dozen times as a process; a loaded machine must not fail them on time.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

let dir: string;
beforeAll(() => {
  dir = tempDir('agnt-org-code-');
});

/** Requests that change something (anything but GET), from index `from` of the sandbox's log. */
const writes = (sb: Sb, from = 0) => sb.requests.slice(from).filter((r) => r.method !== 'GET');

/** Turns the seeded org_acme into an organization as `agnt org create` leaves one: only its admin. */
function emptyOrganization(sb: Sb): void {
  const s = sb.store;
  for (const d of s.filter('domains', (x) => x.organization === 'org_acme')) s.remove('domains', d.id);
  for (const u of s.filter('users', (x) => x.organization === 'org_acme' && x.id !== 'usr_admin')) s.remove('users', u.id);
  s.update('users', 'usr_admin', { team: null, teamRole: null });
  for (const t of s.filter('teams', (x) => x.organization === 'org_acme')) s.remove('teams', t.id);
  for (const r of s.all('backupRoutingRules')) s.remove('backupRoutingRules', r.id);
  for (const m of s.all('managerAssignments')) s.remove('managerAssignments', m.id);
  s.update('organizations', 'org_acme', { name: 'Fresh Org', defaultTeam: null, defaultModelTiers: { chat: null, task: null } });
  s.update('companies', 'co_acme', { industry: 'Unknown', ownOrgProfile: {} });
}

/** Makes a seeded user a second organization admin: "another user" who changes things by hand. */
function secondAdmin(sb: Sb, id = 'usr_manager'): void {
  sb.store.update('users', id, { organizationRole: 'admin' });
}

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

// The seeded organization without the help examples' records (team_labs and its invitations),
// so that an export is the organization examples/org.yaml describes.
const BASE = { exampleRecords: false };

describe('org export', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await withSandbox(BASE);
  });
  afterAll(() => sb.dispose());

  it('two exports of the same organization are byte-identical, valid, versioned, and name users by e-mail', async () => {
    const a = await agnt(['org', 'export', 'org_acme'], { sb });
    const b = await agnt(['org', 'export', 'org_acme'], { sb });
    expect(a.exitCode).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/^apiVersion: agnt\/v1\nkind: Organization$/m);
    expect(a.stdout).toContain('backupCoordinator: manager@acme.test');
    expect(a.stdout).not.toMatch(/createdAt|updatedAt|usr_|team_acme|dom_acme/);
    const j1 = await agnt(['org', 'export', 'org_acme', '-o', 'json'], { sb });
    const j2 = await agnt(['org', 'export', 'org_acme', '-o', 'json'], { sb });
    expect(j1.stdout).toBe(j2.stdout);
    expect(JSON.parse(j1.stdout)).toMatchObject({ apiVersion: 'agnt/v1', kind: 'Organization', organization: { name: 'Acme Corp', defaultTeam: 'Acme Executive Team' } });
    const v = await agnt(['org', 'validate', file('export.yaml', a.stdout)]);
    expect(v).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

describe('export, apply to a fresh organization, plan', () => {
  let source: Sb;
  let target: Sb;
  beforeAll(async () => {
    [source, target] = await Promise.all([withSandbox(BASE), withSandbox(BASE)]);
    emptyOrganization(target);
  });
  afterAll(async () => {
    await Promise.all([source.dispose(), target.dispose()]);
  });

  it('the seeded organization applied to a fresh one plans 0 changes; a second apply sends no write', async () => {
    const exported = await agnt(['org', 'export', 'org_acme'], { sb: source });
    expect(exported.exitCode).toBe(0);
    const doc = file('seeded.yaml', exported.stdout);
    const config = tempDir();

    const before = await agnt(['org', 'plan', '-f', doc, 'org_acme', '--exit-code'], { sb: target, configDir: config });
    expect(before.exitCode).toBe(7);
    expect(before.stdout).toMatch(/to create/);

    const applied = await agnt(['org', 'apply', '-f', doc, 'org_acme', '--yes'], { sb: target, configDir: config });
    expect(applied.stderr).not.toMatch(/error/);
    expect(applied.exitCode).toBe(0);
    expect(applied.stdout).toMatch(/^applied \d+ change\(s\) to org_acme/);

    const after = await agnt(['org', 'plan', '-f', doc, 'org_acme', '--exit-code'], { sb: target, configDir: config });
    expect(after.stdout).toMatch(/no changes; the organization matches the file/);
    expect(after.exitCode).toBe(0);
    // And the target exports exactly what the source did, but for its own name, which it keeps.
    expect((await agnt(['org', 'export', 'org_acme'], { sb: target })).stdout).toBe(exported.stdout.replace(/^(organization:\n {2}name:) Acme Corp$/m, '$1 Fresh Org'));

    const mark = target.requests.length;
    const again = await agnt(['org', 'apply', '-f', doc, 'org_acme', '--yes'], { sb: target, configDir: config });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/no changes/);
    expect(target.requests.length).toBeGreaterThan(mark);
    expect(writes(target, mark)).toEqual([]);
  });
});

describe('plan and apply on the seeded organization', () => {
  let sb: Sb;
  let exported: string;
  let config: string;
  beforeAll(async () => {
    sb = await withSandbox(BASE);
    secondAdmin(sb);
    config = tempDir();
    exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
  });
  afterAll(() => sb.dispose());

  it('one field changed in the file: plan shows exactly that path; apply sends exactly that change', async () => {
    const doc = file('one.yaml', exported.replace('brandingOnMessages: false', 'brandingOnMessages: true'));
    const mark = sb.requests.length;
    const plan = await agntJson(['org', 'plan', '-f', doc], { sb, configDir: config });
    expect(writes(sb, mark)).toEqual([]);
    expect(plan.changes).toEqual([{ op: 'update', kind: 'team', step: 'teams', path: 'teams[Acme Executive Team].brandingOnMessages', old: false, new: true }]);
    const text = await agnt(['org', 'plan', '-f', doc], { sb, configDir: config });
    expect(text.stdout).toContain('~ teams[Acme Executive Team].brandingOnMessages: false -> true');

    const at = sb.requests.length;
    const applied = await agnt(['org', 'apply', '-f', doc, '--yes'], { sb, configDir: config });
    expect(applied.exitCode).toBe(0);
    expect(writes(sb, at).map((r) => [r.method, r.path, r.body])).toEqual([['PUT', '/teams/team_acme', { brandingOnMessages: true }]]);
    expect((await agnt(['org', 'plan', '-f', doc, '--exit-code'], { sb, configDir: config })).exitCode).toBe(0);
  });

  it('another user changes SSO after the plan: apply --plan refuses and writes nothing', async () => {
    const doc = file(
      'sso.yaml',
      exported.replace('enabled: false\n  enforced: false\n  provider: null', 'enabled: false\n  enforced: false\n  provider: saml').replace('brandingOnMessages: false', 'brandingOnMessages: true'),
    );
    const planFile = join(dir, 'plan.json');
    const plan = await agnt(['org', 'plan', '-f', doc, '--out', planFile, '--exit-code'], { sb, configDir: config });
    expect(plan.exitCode).toBe(7);
    expect(JSON.parse(readFileSync(planFile, 'utf8')).changes.map((c: any) => c.path)).toEqual(['sso.provider']);

    const other = await agnt(['org', 'sso', 'set', 'org_acme', '--provider', 'provider1'], { sb, as: 'manager' });
    expect(other.exitCode).toBe(0);

    const mark = sb.requests.length;
    const stale = await agnt(['org', 'apply', '-f', doc, '--plan', planFile, '--yes'], { sb, configDir: config });
    expect(stale.exitCode).toBe(5);
    expect(stale.stderr).toMatch(/plan .* is stale: organization org_acme changed since the plan was made; nothing was written/);
    expect(writes(sb, mark)).toEqual([]);
    // drift names the other admin and the SSO event.
    const sso = (await agntJson(['org', 'audit-events', 'list', 'org_acme', '--action', 'sso.updated', '--actor', 'usr_manager'], { sb }))[0];
    expect(await agntJson(['org', 'drift', '-f', doc], { sb, configDir: config })).toEqual([
      { path: 'sso.provider', op: 'update', live: 'provider1', file: 'saml', actor: 'usr_manager', actorEmail: 'manager@acme.test', action: 'sso.updated', eventId: sso.id, at: sso.createdAt },
    ]);

    // A fresh plan applies.
    await agnt(['org', 'plan', '-f', doc, '--out', planFile], { sb, configDir: config });
    const ok = await agnt(['org', 'apply', '-f', doc, '--plan', planFile, '--yes'], { sb, configDir: config });
    expect(ok.exitCode).toBe(0);
    expect((await agntJson(['org', 'get', 'org_acme'], { sb })).sso.provider).toBe('saml');
  });

  it('drift after another user changes a team names that user and the audit event', async () => {
    const doc = file(
      'drift.yaml',
      exported.replace('enabled: false\n  enforced: false\n  provider: null', 'enabled: false\n  enforced: false\n  provider: saml').replace('brandingOnMessages: false', 'brandingOnMessages: true'),
    );
    expect((await agnt(['org', 'drift', '-f', doc, '--exit-code'], { sb, configDir: config })).exitCode).toBe(0);
    const changed = await agnt(['teams', 'update', 'team_acme', '--status', 'archived'], { sb, as: 'manager' });
    expect(changed.exitCode).toBe(0);
    const events = await agntJson(['org', 'audit-events', 'list', 'org_acme', '--actor', 'usr_manager', '--action', 'team.updated'], { sb });
    expect(events.length).toBe(1);

    const drift = await agnt(['org', 'drift', '-f', doc, '-o', 'jsonl', '--exit-code'], { sb, configDir: config });
    expect(drift.exitCode).toBe(7);
    const lines = drift.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        path: 'teams[Acme Executive Team].status',
        op: 'update',
        live: 'archived',
        file: 'active',
        actor: 'usr_manager',
        actorEmail: 'manager@acme.test',
        action: 'team.updated',
        eventId: events[0].id,
        at: events[0].createdAt,
      },
    ]);
    const text = await agnt(['org', 'drift', '-f', doc], { sb, configDir: config });
    expect(text.stdout).toContain(`changed by usr_manager (manager@acme.test) at ${events[0].createdAt} (team.updated, event ${events[0].id})`);
    expect(text.exitCode).toBe(0);
  });
});

describe('the worked example of docs/org-as-code.md', () => {
  it('examples/org.yaml takes the seeded sandbox to a managed organization; then plan is empty and apply sends no write', async () => {
    const sb = await withSandbox(BASE);
    try {
      const example = resolve(import.meta.dirname, '..', '..', 'examples', 'org.yaml');
      const config = tempDir();
      const env = {};
      expect((await agnt(['org', 'validate', example])).exitCode).toBe(0);
      const plan = await agnt(['org', 'plan', '-f', example], { sb, configDir: config, env });
      expect(plan.stdout).toMatch(/plan for org_acme \(Acme Corp\) from .*: 5 to create, 8 to update, 0 to delete/);
      const applied = await agnt(['org', 'apply', '-f', example, '--yes'], { sb, configDir: config, env });
      expect(applied.exitCode).toBe(0);
      const org = await agntJson(['org', 'get', 'org_acme'], { sb });
      expect(org.sso).toMatchObject({ enabled: true, provider: 'saml', scim: { enabled: true } });
      const teams = await agntJson(['teams', 'list', '--all'], { sb });
      expect(teams.find((t: any) => t.name === 'Platform')).toMatchObject({ organization: 'org_acme', memberCount: 1 });
      expect((await agnt(['org', 'plan', '-f', example, '--exit-code'], { sb, configDir: config, env })).exitCode).toBe(0);
      const mark = sb.requests.length;
      expect((await agnt(['org', 'apply', '-f', example, '--yes'], { sb, configDir: config, env })).exitCode).toBe(0);
      expect(writes(sb, mark)).toEqual([]);
    } finally {
      await sb.dispose();
    }
  });
});

describe('sandbox audit events for drift', () => {
  it('drift reads the audit log newest first only until every differing field is attributed', async () => {
    const sb = await withSandbox(BASE);
    try {
      secondAdmin(sb);
      // A long history of other events before the one change that drifted.
      for (let i = 0; i < 2500; i++)
        sb.store.insert('auditEvents', 'aev', {
          account: 'acc_acme',
          organization: 'org_acme',
          actor: 'usr_admin',
          action: 'domain.verified',
          entityType: 'domain',
          entityId: `dom_${i}`,
          metadata: {},
        });
      const config = tempDir();
      const doc = file('long-log.yaml', (await agnt(['org', 'export', 'org_acme'], { sb })).stdout);
      expect((await agnt(['users', 'update', 'usr_member', '--organization-role', 'guest'], { sb, as: 'manager' })).exitCode).toBe(0);
      const mark = sb.requests.length;
      const drift = await agntJson(['org', 'drift', '-f', doc], { sb, configDir: config });
      expect(drift).toEqual([expect.objectContaining({ path: 'members[member@acme.test].role', actor: 'usr_manager', action: 'member.updated' })]);
      const reads = sb.requests.slice(mark).filter((r) => r.path === '/organizations/org_acme/audit-events');
      // One page, asked with the API's entityType filter: not the 2,500 events behind it.
      expect(reads).toHaveLength(1);
      expect(new URL(reads[0]!.url, 'http://127.0.0.1').searchParams.get('entityType')).toBe('member');
    } finally {
      await sb.dispose();
    }
  });

  it('a member role changed through the users endpoints is audited with its actor and event id; drift names it and apply puts it back', async () => {
    const sb = await withSandbox(BASE);
    try {
      secondAdmin(sb);
      const config = tempDir();
      const doc = file('members.yaml', (await agnt(['org', 'export', 'org_acme'], { sb })).stdout);
      expect((await agnt(['users', 'update', 'usr_member', '--organization-role', 'guest'], { sb, as: 'manager' })).exitCode).toBe(0);
      const events = await agntJson(['org', 'audit-events', 'list', 'org_acme', '--action', 'member.updated'], { sb });
      expect(events).toEqual([expect.objectContaining({ actor: 'usr_manager', entityType: 'member', entityId: 'usr_member', id: expect.stringMatching(/^aev_/) })]);
      const drift = await agntJson(['org', 'drift', '-f', doc], { sb, configDir: config });
      expect(drift).toEqual([
        {
          path: 'members[member@acme.test].role',
          op: 'update',
          live: 'guest',
          file: 'member',
          actor: 'usr_manager',
          actorEmail: 'manager@acme.test',
          action: 'member.updated',
          eventId: events[0].id,
          at: events[0].createdAt,
        },
      ]);
      const mark = sb.requests.length;
      expect((await agnt(['org', 'apply', '-f', doc, '--yes'], { sb, configDir: config })).exitCode).toBe(0);
      expect(writes(sb, mark).map((r) => [r.method, r.path, r.body])).toEqual([['PUT', '/users/usr_member', { organizationRole: 'member' }]]);
      expect(await agntJson(['org', 'drift', '-f', doc], { sb, configDir: config })).toEqual([]);
    } finally {
      await sb.dispose();
    }
  });
});

describe('apply on a terminal', () => {
  it('shows the plan and asks; no changes nothing; yes applies', async () => {
    const sb = await withSandbox(BASE);
    try {
      const config = tempDir();
      const doc = file('tty.yaml', (await agnt(['org', 'export', 'org_acme'], { sb })).stdout.replace('brandingOnEvents: false', 'brandingOnEvents: true'));
      const env = { AGNT_CONFIG_DIR: config, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, NO_COLOR: '1' };
      const mark = sb.requests.length;
      const no = await runInPty(['org', 'apply', '-f', doc], [{ expect: /Make these 1 change\(s\) to org_acme\?/, send: 'n\r' }], env);
      expect(plain(no.output)).toContain('~ teams[Acme Executive Team].brandingOnEvents: false -> true');
      expect(plain(no.output)).toContain('cancelled; nothing was changed');
      expect(no.exitCode).toBe(1);
      expect(writes(sb, mark)).toEqual([]);
      const yes = await runInPty(['org', 'apply', '-f', doc], [{ expect: /Make these 1 change\(s\) to org_acme\?/, send: 'y\r' }], env);
      expect(yes.exitCode).toBe(0);
      expect(writes(sb, mark).map((r) => [r.method, r.path, r.body])).toEqual([['PUT', '/teams/team_acme', { brandingOnEvents: true }]]);
    } finally {
      await sb.dispose();
    }
  });
});

describe('apply stops at the first failure', () => {
  it('says what was done and what remains, writes nothing after the failure, and a re-run continues', async () => {
    const sb = await withSandbox(BASE);
    try {
      const config = tempDir();
      const head = 'apiVersion: agnt/v1\nkind: Organization\n';
      const teams = 'teams:\n  - name: Platform\n    members:\n      - email: newcomer@acme.test\n        role: owner\ninvitations:\n  - team: Platform\n    email: guest@acme.test\n';
      const doc = file('stops.yaml', `${head}${teams}`);
      const mark = sb.requests.length;
      const first = await agnt(['org', 'apply', '-f', doc, 'org_acme', '--yes'], { sb, configDir: config });
      expect(first.exitCode).toBe(5);
      expect(first.stderr).toContain('apply stopped at + teams[Platform].members[newcomer@acme.test]');
      expect(first.stderr).toContain('done: 1 of 3 change(s): + teams[Platform]');
      expect(first.stderr).toContain('not done: + teams[Platform].members[newcomer@acme.test]; + invitations[Platform/guest@acme.test]');
      expect(first.stderr).toMatch(/error: .*no user with e-mail newcomer@acme.test in organization org_acme/);
      expect(writes(sb, mark).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /teams']);

      // The file gains the missing member: the re-run makes only what remains.
      writeFileSync(doc, `${head}members:\n  - email: newcomer@acme.test\n${teams}`);
      const at = sb.requests.length;
      const again = await agnt(['org', 'apply', '-f', doc, 'org_acme', '--yes'], { sb, configDir: config });
      expect(again.exitCode).toBe(0);
      expect(writes(sb, at).map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /organizations/org_acme/members',
        expect.stringMatching(/^POST \/teams\/team_\w+\/members$/),
        'POST /team-invitations',
      ]);
      expect((await agnt(['org', 'plan', '-f', doc, 'org_acme', '--exit-code'], { sb, configDir: config })).exitCode).toBe(0);
    } finally {
      await sb.dispose();
    }
  });
});

describe('prune deletes only what agnt created, and only when allowed', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await withSandbox(BASE);
  });
  afterAll(() => sb.dispose());

  it('a hand-made team survives apply --prune; a managed team removed from the file is one delete, refused without --allow-delete teams', async () => {
    const config = tempDir();
    const hand = await agntJson(['teams', 'create', '--name', 'Made By Hand'], { sb });
    const base = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout.replace(/\n {2}- name: Made By Hand[\s\S]*?(?=\n {2}- name: |\ninvitations:)/, '');
    expect(base).not.toContain('Made By Hand');
    const withTeam = base.replace('invitations: []', '  - name: Managed Team\ninvitations: []');
    const doc = file('prune.yaml', withTeam);
    expect((await agnt(['org', 'apply', '-f', doc, '--yes'], { sb, configDir: config })).exitCode).toBe(0);
    const managed = (await agntJson(['teams', 'list', '--all'], { sb })).find((t: any) => t.name === 'Managed Team');
    expect(managed).toBeTruthy();

    // The hand-made team is not in the file, and not agnt's: plan leaves it alone.
    writeFileSync(doc, base);
    const plan = await agntJson(['org', 'plan', '-f', doc], { sb, configDir: config });
    expect(plan.changes).toEqual([{ op: 'delete', kind: 'team', step: 'teams', path: 'teams[Managed Team]', old: { name: 'Managed Team', status: 'active' }, deleteKind: 'teams' }]);
    expect(plan.notes.join('\n')).toContain('teams[Made By Hand]');

    for (const args of [['--yes'], ['--prune', '--yes'], ['--prune', '--allow-delete', 'domains,members', '--yes']]) {
      const mark = sb.requests.length;
      const refused = await agnt(['org', 'apply', '-f', doc, ...args], { sb, configDir: config });
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toMatch(/the plan deletes teams\[Managed Team\] \(created by agnt from a file\); nothing was written/);
      expect(refused.stderr).toContain('hint: to delete, add --prune --allow-delete teams');
      expect(writes(sb, mark)).toEqual([]);
    }

    const mark = sb.requests.length;
    const pruned = await agnt(['org', 'apply', '-f', doc, '--prune', '--allow-delete', 'teams', '--yes'], { sb, configDir: config });
    expect(pruned.exitCode).toBe(0);
    expect(writes(sb, mark).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /teams/${managed.id}`]);
    const left = (await agntJson(['teams', 'list', '--all'], { sb })).map((t: any) => t.id);
    expect(left).toContain(hand.id);
    expect(left).not.toContain(managed.id);
  });
});

describe('org validate', () => {
  it('catches a mistyped key offline, with its line, column and field path', async () => {
    const doc = file('typo.yaml', ['apiVersion: agnt/v1', 'kind: Organization', 'teams:', '  - name: Platform', '    brandingOnEvnts: true', 'members:', '  - email: not-an-address', ''].join('\n'));
    // No server at all: validate sends nothing.
    const r = await agnt(['org', 'validate', doc], { env: { AGNT_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${doc}:5:5: teams[0].brandingOnEvnts: unknown key 'brandingOnEvnts'; did you mean 'brandingOnEvents'?`);
    expect(r.stderr).toContain(`${doc}:7:12: members[0].email: must be an e-mail address`);
    expect(r.stderr).toMatch(/2 problems; nothing was sent/);
    const json = await agnt(['org', 'validate', doc, '-o', 'json']);
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stdout).problems[0]).toEqual({ line: 5, column: 5, path: 'teams[0].brandingOnEvnts', message: "unknown key 'brandingOnEvnts'; did you mean 'brandingOnEvents'?" });
  });

  it('plan and apply refuse an invalid file before sending anything', async () => {
    const sb = await withSandbox(BASE);
    try {
      const doc = file('bad.yaml', 'apiVersion: agnt/v1\nkind: Organization\nsso:\n  enforcd: true\n');
      for (const verb of ['plan', 'apply', 'drift']) {
        const r = await agnt(['org', verb, '-f', doc, 'org_acme', '--yes'], { sb });
        expect(r.exitCode).toBe(2);
        expect(r.stderr).toContain(`${doc}:4:3: sso.enforcd: unknown key 'enforcd'; did you mean 'enforced'?`);
      }
      expect(sb.requests).toEqual([]);
    } finally {
      await sb.dispose();
    }
  });
});

describe('secrets', () => {
  const PRIVATE = '-----BEGIN PRIVATE KEY-----MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';
  const BEARER = 'scim_bearer_SECRET_0123456789abcdef';
  const NEWKEY = '-----BEGIN PRIVATE KEY-----NEWNEWNEWkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';

  it('no SCIM token, private key or access token in any export, plan, saved plan, state file, log or --debug output', async () => {
    const sb = await withSandbox(BASE);
    const config = tempDir();
    try {
      const sso = file(
        'sso-secret.json',
        JSON.stringify({ provider: 'saml', saml: { entityId: 'https://idp.test', ssoUrl: 'https://idp.test/sso', privateKey: PRIVATE }, scim: { enabled: true, bearerToken: BEARER } }),
      );
      expect((await agnt(['org', 'sso', 'set', 'org_acme', '--file', sso], { sb })).exitCode).toBe(0);
      const rotated = await agnt(['org', 'scim-token', 'rotate', 'org_acme', '--yes'], { sb });
      const scim = rotated.stdout.trim();
      expect(scim).toMatch(/^scim_/);
      const secrets = [PRIVATE, BEARER, NEWKEY, scim, sb.tokens.admin!];

      const runs = [];
      const exported = await agnt(['org', 'export', 'org_acme', '--debug'], { sb, configDir: config });
      runs.push(exported);
      expect(exported.exitCode).toBe(0);
      expect(exported.stdout).toContain(`privateKey: \${env:AGNT_SSO_SAML_PRIVATE_KEY}`);
      expect(exported.stdout).toContain(`bearerToken: \${env:AGNT_SSO_SCIM_BEARER_TOKEN}`);
      const doc = file('secret.yaml', exported.stdout);

      // Without the variables, nothing is sent.
      const mark = sb.requests.length;
      const missing = await agnt(['org', 'plan', '-f', doc], { sb, configDir: config });
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toContain(`sso.saml.privateKey refers to \${env:AGNT_SSO_SAML_PRIVATE_KEY}, which is not set`);
      expect(sb.requests.length).toBe(mark);

      const same = { AGNT_SSO_SAML_PRIVATE_KEY: PRIVATE, AGNT_SSO_SCIM_BEARER_TOKEN: BEARER };
      const unchanged = await agnt(['org', 'plan', '-f', doc, '--exit-code', '--debug'], { sb, configDir: config, env: same });
      runs.push(unchanged);
      expect(unchanged.exitCode).toBe(0);

      // A new private key: the plan names the path, masks both values, and apply sends it masked in --debug.
      const rotate = { ...same, AGNT_SSO_SAML_PRIVATE_KEY: NEWKEY };
      const planFile = join(dir, 'secret-plan.json');
      const plan = await agnt(['org', 'plan', '-f', doc, '--out', planFile, '--debug'], { sb, configDir: config, env: rotate });
      runs.push(plan);
      expect(plan.stdout).toContain('~ sso.saml.privateKey: "<secret>" -> "<secret>"');
      runs.push(await agnt(['org', 'plan', '-f', doc, '-o', 'json'], { sb, configDir: config, env: rotate }));
      const applied = await agnt(['org', 'apply', '-f', doc, '--plan', planFile, '--yes', '--debug'], { sb, configDir: config, env: rotate });
      runs.push(applied);
      expect(applied.exitCode).toBe(0);
      expect(writes(sb, 0).at(-1)).toMatchObject({ method: 'PUT', path: '/organizations/org_acme/sso', body: { saml: { privateKey: NEWKEY } } });
      runs.push(await agnt(['org', 'drift', '-f', doc, '--debug'], { sb, configDir: config, env: same }));
      runs.push(await agnt(['org', 'drift', '-f', doc, '-o', 'jsonl'], { sb, configDir: config, env: same }));

      const texts = [...runs.flatMap((r) => [r.stdout, r.stderr]), readFileSync(planFile, 'utf8'), ...filesUnder(config).map((f) => readFileSync(f, 'utf8'))];
      for (const s of secrets) for (const t of texts) expect(t.includes(s)).toBe(false);
    } finally {
      await sb.dispose();
    }
  });
});

function filesUnder(d: string): string[] {
  return readdirSync(d).flatMap((e) => (statSync(join(d, e)).isDirectory() ? filesUnder(join(d, e)) : [join(d, e)]));
}
