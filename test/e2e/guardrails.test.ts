// Guardrails from the user's side (docs/guardrails.md): each kind of rule against each write path
// is refused with exit 7, the rule and the object named, and no write reaches the sandbox (its
// request log is the evidence); the same change under rules it keeps goes through. Then signed
// plans: unsigned, tampered, self-approved and properly approved.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { agnt, agntJson, sandboxForFile, tempDir, withSandbox } from '../support/helpers.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;
type Rules = Record<string, unknown>;

const ORG = 'org_acme';
const writes = (sb: Sb) => sb.requests.filter((r) => r.method !== 'GET');
const anyKey = () => generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const doc = (guardrails: Rules, extra: Rules = {}) => stringify({ apiVersion: 'agnt/v1', kind: 'Organization', ...extra, guardrails });

interface Target {
  id: string;
  email: string;
}

/** A kind of rule: the rules that forbid the change to `t`, and rules it keeps. */
interface Kind {
  name: string;
  rule: RegExp;
  strict: (t: Target) => Rules;
  relaxed: (t: Target) => Rules;
  /** The paths it applies to (a contact import touches no member: only hours and approval bind it). */
  paths: string[];
}

const approvers = [{ email: 'approver@acme.test', key: anyKey() }];
const now = Date.now();
const KINDS: Kind[] = [
  {
    name: 'limits.deletesPerRun',
    rule: /guardrails\.limits\.deletesPerRun/,
    strict: () => ({ limits: { deletesPerRun: 0 } }),
    relaxed: () => ({ limits: { deletesPerRun: 5 } }),
    paths: ['command', 'api', 'batch', 'sync', 'apply'],
  },
  {
    name: 'protected.members',
    rule: /guardrails\.protected\.members/,
    strict: (t) => ({ protected: { members: [t.email] } }),
    relaxed: () => ({ protected: { members: ['nobody@acme.test'] } }),
    paths: ['command', 'api', 'batch', 'sync', 'apply'],
  },
  {
    name: 'protected.teams',
    rule: /guardrails\.protected\.teams/,
    strict: () => ({ protected: { teams: ['Acme Executive Team'] } }),
    relaxed: () => ({ protected: { teams: ['Acme Labs'] } }),
    paths: ['command', 'api', 'batch', 'sync', 'apply'],
  },
  {
    name: 'neverAuto',
    rule: /guardrails\.neverAuto\[0\]/,
    strict: () => ({ neverAuto: [{ match: { team: 'Acme Executive Team' }, cells: ['email_as_user'] }] }),
    relaxed: () => ({ neverAuto: [{ match: { team: 'Acme Labs' }, cells: ['email_as_user'] }] }),
    paths: ['command', 'api', 'batch', 'apply'],
  },
  {
    name: 'approval',
    rule: /guardrails\.approval/,
    strict: () => ({ approval: { changes: ['delete', 'role', 'supervision', 'create'] }, approvers }),
    relaxed: () => ({ approval: { changes: ['update'] }, approvers }),
    paths: ['command', 'api', 'batch', 'sync', 'apply', 'import'],
  },
  {
    name: 'writeHours',
    rule: /guardrails\.writeHours/,
    strict: () => ({ writeHours: { from: hhmm(now + 2 * 3600_000), to: hhmm(now + 3 * 3600_000), zone: 'UTC' } }),
    relaxed: () => ({ writeHours: { from: hhmm(now - 3600_000), to: hhmm(now + 3600_000), zone: 'UTC' } }),
    paths: ['command', 'api', 'batch', 'sync', 'apply', 'import'],
  },
];

/** Each path: the command line that makes the change to `t` under the rules in `file` (a document). */
interface Path {
  name: string;
  target: Target;
  /** What it does for a kind (a supervision cell for neverAuto, a removal or role change otherwise). */
  run: (kind: Kind, rules: Rules, dir: string) => { args: string[]; input?: string };
}

const member = (id: string): Target => ({ id, email: `${id.replace('usr_', '').replace('coord', 'coordinator')}@acme.test` });
const supervision = (k: Kind) => k.name === 'neverAuto';
const rulesFile = (dir: string, rules: Rules) => {
  const f = join(dir, `rules-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, doc(rules));
  return f;
};

const PATHS: Path[] = [
  {
    name: 'command',
    target: member('usr_coord'),
    run: (k, rules, dir) => ({
      args: supervision(k)
        ? ['preferences', 'matrix', 'patch', '--user', 'usr_coord', '--set', 'email_as_user.mode=auto', '--guardrails', rulesFile(dir, rules)]
        : ['org', 'members', 'remove', ORG, 'usr_coord', '--yes', '--guardrails', rulesFile(dir, rules)],
    }),
  },
  {
    name: 'api',
    target: member('usr_manager'),
    run: (k, rules, dir) => ({
      args: supervision(k)
        ? ['api', 'PATCH', '/users/usr_manager/preferences/supervision/matrix', '--file', '-', '--guardrails', rulesFile(dir, rules)]
        : ['api', 'DELETE', `/organizations/${ORG}/members/usr_manager`, '--guardrails', rulesFile(dir, rules)],
      input: supervision(k) ? JSON.stringify({ matrix: { email_as_user: { mode: 'auto' } } }) : undefined,
    }),
  },
  {
    name: 'batch',
    target: member('usr_backup'),
    run: (k, rules, dir) => {
      const rows = join(dir, 'rows.csv');
      writeFileSync(rows, 'user\nusr_backup\n');
      const cmd = supervision(k) ? ['preferences', 'matrix', 'patch', '--user', '{user}', '--set', 'email_as_user.mode=auto'] : ['org', 'members', 'remove', ORG, '{user}', '--yes'];
      return { args: ['batch', rows, '--guardrails', rulesFile(dir, rules), '--', ...cmd] };
    },
  },
  {
    name: 'sync',
    target: member('usr_principal2'),
    run: (_k, rules, dir) => {
      const roster = join(dir, 'roster.csv');
      // Everyone but the target: a sync removes them.
      writeFileSync(roster, `email\n${['admin', 'coordinator', 'manager', 'backup', 'member', 'principal', 'ghost'].map((u) => `${u}@acme.test`).join('\n')}\n`);
      return { args: ['org', 'members', 'sync', ORG, '--from', roster, '--yes', '--guardrails', rulesFile(dir, rules)] };
    },
  },
  {
    name: 'apply',
    target: member('usr_principal'),
    run: (k, rules, dir) => {
      const f = join(dir, `org-${Math.random().toString(36).slice(2)}.yaml`);
      const body: Rules = { organization: { name: 'Acme Corp' } };
      if (supervision(k)) body.supervision = { rules: [{ match: { user: 'principal@acme.test' }, cells: { email_as_user: { mode: 'auto' } } }] };
      else if (k.name === 'limits.deletesPerRun') body.teams = [{ name: 'Acme Executive Team' }, { name: 'Acme Labs' }];
      else body.members = [{ email: 'principal@acme.test', role: 'admin' }];
      writeFileSync(f, doc(rules, body));
      const prune = k.name === 'limits.deletesPerRun' ? ['--prune', '--allow-delete', 'teams'] : [];
      return { args: ['org', 'apply', '-f', f, '--yes', ...prune] };
    },
  },
  {
    name: 'import',
    target: member('usr_admin'),
    run: (_k, rules, dir) => {
      // A file of its own each time: a refused import leaves its ledger (the refused batch's intent), to --resume.
      const csv = join(dir, `contacts-${Math.random().toString(36).slice(2)}.csv`);
      writeFileSync(csv, 'Name,E-mail\nGuard Rail,guard.rail@example.test\n');
      return { args: ['contacts', 'import', csv, '--guardrails', rulesFile(dir, rules)] };
    },
  },
];

describe('guardrails: each kind of rule against each write path', () => {
  for (const kind of KINDS) {
    describe(kind.name, () => {
      let sb: Sb;
      let dir: string;
      beforeAll(async () => {
        sb = await withSandbox();
        dir = tempDir();
        if (kind.name === 'limits.deletesPerRun') {
          // A team made by apply from a file, which a later apply with --prune may delete.
          const f = join(dir, 'made.yaml');
          writeFileSync(
            f,
            stringify({ apiVersion: 'agnt/v1', kind: 'Organization', organization: { name: 'Acme Corp' }, teams: [{ name: 'Acme Executive Team' }, { name: 'Acme Labs' }, { name: 'Temp' }] }),
          );
          const r = await agnt(['org', 'apply', '-f', f, '--yes'], { sb, configDir: dir });
          expect(r.exitCode, r.stderr).toBe(0);
        }
      });
      afterAll(async () => {
        await sb.dispose();
      });
      for (const path of PATHS.filter((p) => kind.paths.includes(p.name))) {
        it(`${path.name}: refused (exit 7, rule named, nothing sent), then passes under rules it keeps`, async () => {
          const before = writes(sb).length;
          const refused = path.run(kind, kind.strict(path.target), dir);
          const r = await agnt(refused.args, { sb, configDir: dir, input: refused.input });
          expect(r.exitCode, r.stderr).toBe(7);
          expect(r.stderr).toMatch(kind.rule);
          expect(writes(sb).slice(before)).toEqual([]);

          const allowed = path.run(kind, kind.relaxed(path.target), dir);
          const ok = await agnt(allowed.args, { sb, configDir: dir, input: allowed.input });
          expect(ok.exitCode, ok.stderr).toBe(0);
          expect(writes(sb).length).toBeGreaterThan(before);
        });
      }
    });
  }
});

describe('guardrails: where the rules come from, and how they are checked', () => {
  const sb = sandboxForFile();

  it('the profile setting guardrails names the document when no flag does', async () => {
    const dir = tempDir();
    const file = join(dir, 'rules.yaml');
    writeFileSync(file, doc({ protected: { members: ['member@acme.test'] } }));
    await agnt(['config', 'set', 'base-url', sb.baseUrl], { configDir: dir });
    expect((await agnt(['config', 'set', 'guardrails', file], { configDir: dir })).exitCode).toBe(0);
    const before = writes(sb).length;
    const r = await agnt(['teams', 'members', 'remove', 'team_acme', 'usr_member', '--yes'], { sb, configDir: dir });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(`refused by the guardrails of ${file}: guardrails.protected.members`);
    expect(r.stderr).toContain('member@acme.test');
    expect(writes(sb).slice(before)).toEqual([]);
    // A refused write is not in the change journal either: it was never sent.
    expect(existsSync(join(dir, 'changes'))).toBe(false);
  });

  it('a bad guardrails section is a usage error at its field path', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, doc({ writeHours: { from: '09:00', to: '17:00', zone: 'Mars/Olympus' }, approvers: [{ email: 'a@acme.test', key: 'not-a-key' }] }));
    const r = await agnt(['org', 'validate', file], { configDir: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/bad\.yaml:\d+:\d+: guardrails\.writeHours\.zone: 'Mars\/Olympus' is not an IANA time zone/);
    expect(r.stderr).toMatch(/guardrails\.approvers\[0\]\.key: not an Ed25519 public key/);
    const typo = join(dir, 'typo.yaml');
    writeFileSync(typo, doc({ limits: { deletesPerRun: 2, deletesPerDy: 3 } }));
    const t = await agnt(['org', 'validate', typo], { configDir: dir });
    expect(t.stderr).toMatch(/typo\.yaml:\d+:\d+: guardrails\.limits\.deletesPerDy: unknown key 'deletesPerDy'; did you mean 'deletesPerDay'\?/);
  });

  it('org explain lists the guardrails that bind a member, and only those', async () => {
    const dir = tempDir();
    const file = join(dir, 'org.yaml');
    writeFileSync(
      file,
      doc(
        {
          protected: { members: ['member@acme.test'] },
          neverAuto: [
            { match: { role: 'admin' }, cells: ['voice_call'] },
            { match: { user: 'member@acme.test' }, cells: ['email_as_user'] },
          ],
        },
        { organization: { name: 'Acme Corp' } },
      ),
    );
    const m = await agntJson<{ guardrails: string[] }>(['org', 'explain', 'member@acme.test', 'email_as_user', '-f', file], { sb, configDir: dir });
    expect(m.guardrails).toEqual([
      'guardrails.protected.members: never removed, role never changed, no supervision cell loosened',
      'guardrails.neverAuto[1]: email_as_user never auto (user member@acme.test)',
    ]);
    const a = await agnt(['org', 'explain', 'admin@acme.test', '-f', file], { sb, configDir: dir });
    expect(a.exitCode, a.stderr).toBe(0);
    expect(a.stdout).toContain(`guardrails of ${file}:\n    guardrails.neverAuto[0]: voice_call never auto (role admin)\n`);
    expect(a.stdout).not.toContain('protected');
  });

  it('deletesPerDay counts the deletes of the last 24 hours from the change journal', async () => {
    const dir = tempDir();
    const file = join(dir, 'rules.yaml');
    writeFileSync(file, doc({ limits: { deletesPerDay: 2 } }));
    const made = await agntJson<Array<{ id: string }>>(['contacts', 'list', '--limit', '3'], { sb, configDir: dir });
    for (const c of made.slice(0, 2)) expect((await agnt(['contacts', 'delete', c.id, '--yes', '--guardrails', file], { sb, configDir: dir })).exitCode).toBe(0);
    const before = writes(sb).length;
    const r = await agnt(['contacts', 'delete', made[2]!.id, '--yes', '--guardrails', file], { sb, configDir: dir });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/guardrails\.limits\.deletesPerDay: at most 2 .*\(2 already, by the change journal\)/);
    expect(writes(sb).slice(before)).toEqual([]);
  });
});

describe('signed plans', () => {
  let sb: Sb;
  let admin: string;
  let second: string;
  let file: string;
  beforeAll(async () => {
    sb = await withSandbox();
    // Two admins, each with a profile and a key; the document lists both as approvers.
    admin = tempDir();
    second = tempDir();
    const keys: Array<{ email: string; key: string }> = [];
    for (const [dir, role] of [
      [admin, 'admin'],
      [second, 'manager'],
    ] as const) {
      const login = await agnt(['auth', 'login', '--with-token'], { sb, configDir: dir, input: sb.tokens[role]!, as: null, env: { AGNT_BASE_URL: sb.baseUrl } });
      expect(login.exitCode, login.stderr).toBe(0);
      keys.push(await agntJson(['keys', 'create'], { configDir: dir }));
    }
    expect(keys.map((k) => k.email)).toEqual(['admin@acme.test', 'manager@acme.test']);
    file = join(admin, 'org.yaml');
    writeFileSync(
      file,
      doc(
        { approval: { changes: ['role'] }, approvers: keys.map(({ email, key }) => ({ email, key })) },
        { organization: { name: 'Acme Corp' }, members: [{ email: 'member@acme.test', role: 'admin' }] },
      ),
    );
  });
  afterAll(async () => {
    await sb.dispose();
  });

  const apply = (plan: string) => agnt(['org', 'apply', '-f', file, '--plan', plan, '--yes'], { configDir: admin, env: { AGNT_BASE_URL: sb.baseUrl } });

  it('the private key is 0600; keys show prints the public key to paste', async () => {
    const { statSync } = await import('node:fs');
    expect(statSync(join(admin, 'keys', 'default.pem')).mode & 0o777).toBe(0o600);
    const shown = await agnt(['keys', 'show'], { configDir: admin });
    expect(shown.stdout).toMatch(/^guardrails:\n {2}approvers:\n {4}- email: admin@acme\.test\n {6}key: [A-Za-z0-9+/=]+\n$/);
  });

  it('unsigned, self-approved and tampered plans are refused with exit 7 and nothing written; a second admin’s signature passes', async () => {
    const plan = join(admin, 'plan.json');
    const made = await agnt(['org', 'plan', '-f', file, '--out', plan], { configDir: admin, env: { AGNT_BASE_URL: sb.baseUrl } });
    expect(made.exitCode, made.stderr).toBe(0);
    expect(made.stdout).toContain('guardrails.approval: role changes are made only from a plan a second admin signed');
    expect(JSON.parse(readFileSync(plan, 'utf8')).author).toBe('admin@acme.test');
    const before = writes(sb).length;

    const unsigned = await apply(plan);
    expect(unsigned.exitCode).toBe(7);
    expect(unsigned.stderr).toContain('guardrails.approval');

    expect((await agnt(['approve', plan], { configDir: admin })).exitCode).toBe(0);
    const self = await apply(plan);
    expect(self.exitCode).toBe(7);
    expect(self.stderr).toContain('signed only by its author (admin@acme.test)');

    expect((await agnt(['approve', plan], { configDir: second })).exitCode).toBe(0);
    const signed = JSON.parse(readFileSync(plan, 'utf8'));
    expect(signed.signatures.map((s: { by: string }) => s.by)).toEqual(['admin@acme.test', 'manager@acme.test']);
    const tampered = join(admin, 'tampered.json');
    writeFileSync(tampered, JSON.stringify({ ...signed, changes: signed.changes.map((c: Rules) => ({ ...c, new: 'owner' })) }));
    const t = await apply(tampered);
    expect(t.exitCode).toBe(7);
    expect(t.stderr).toMatch(/tampered\.json was changed after admin@acme\.test signed it/);
    expect(writes(sb).slice(before)).toEqual([]);

    const ok = await apply(plan);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(
      writes(sb)
        .slice(before)
        .map((w) => `${w.method} ${w.path}`),
    ).toEqual(['PUT /users/usr_member']);
  });

  it('batch --plan-out saves the rows’ requests; batch --plan sends only those, with the same signature checks', async () => {
    const env = { AGNT_BASE_URL: sb.baseUrl };
    const rows = join(admin, 'rows.csv');
    writeFileSync(rows, 'user\nusr_coord\nusr_backup\n');
    const plan = join(admin, 'batch-plan.json');
    const before = writes(sb).length;
    const made = await agnt(['batch', rows, '--plan-out', plan, '--', 'users', 'update', '{user}', '--organization-role', 'guest'], { configDir: admin, env });
    expect(made.exitCode, made.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(plan, 'utf8'));
    expect(saved).toMatchObject({ apiVersion: 'agnt/v1', kind: 'BatchPlan', author: 'admin@acme.test', baseUrl: sb.baseUrl });
    expect(saved.requests).toEqual([
      { row: 2, method: 'PUT', path: '/users/usr_coord', body: { organizationRole: 'guest' } },
      { row: 3, method: 'PUT', path: '/users/usr_backup', body: { organizationRole: 'guest' } },
    ]);
    const send = (f: string) => agnt(['batch', '--plan', f, '--guardrails', file, '--yes'], { configDir: admin, env });
    const unsigned = await send(plan);
    expect(unsigned.exitCode).toBe(7);
    expect(unsigned.stderr).toContain('2 refused by the guardrails');
    await agnt(['approve', plan], { configDir: admin });
    const self = await send(plan);
    expect(self.exitCode).toBe(7);
    expect(self.stderr).toContain('signed only by its author (admin@acme.test)');
    await agnt(['approve', plan], { configDir: second });
    const tampered = join(admin, 'batch-tampered.json');
    const signed = JSON.parse(readFileSync(plan, 'utf8'));
    writeFileSync(tampered, JSON.stringify({ ...signed, requests: [{ ...signed.requests[0], path: '/users/usr_admin' }] }));
    const t = await send(tampered);
    expect(t.exitCode).toBe(7);
    expect(t.stderr).toContain('was changed after admin@acme.test signed it');
    expect(writes(sb).slice(before)).toEqual([]);
    const ok = await send(plan);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(
      writes(sb)
        .slice(before)
        .map((w) => `${w.method} ${w.path}`)
        .sort(),
    ).toEqual(['PUT /users/usr_backup', 'PUT /users/usr_coord']);
  });

  it('a signature by a key not listed under approvers is refused', async () => {
    const stranger = tempDir();
    await agnt(['auth', 'login', '--with-token'], { sb, configDir: stranger, input: sb.tokens.coordinator!, as: null, env: { AGNT_BASE_URL: sb.baseUrl } });
    await agnt(['keys', 'create'], { configDir: stranger });
    const plan = join(admin, 'plan2.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('role: admin', 'role: guest'));
    expect((await agnt(['org', 'plan', '-f', file, '--out', plan], { configDir: admin, env: { AGNT_BASE_URL: sb.baseUrl } })).exitCode).toBe(0);
    expect((await agnt(['approve', plan], { configDir: stranger })).exitCode).toBe(0);
    const r = await apply(plan);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('signed by coordinator@acme.test with a key that is not listed under guardrails.approvers');
  });
});
