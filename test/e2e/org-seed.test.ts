// Seed from any export (issue 35, item 4): `agnt sandbox start --seed FILE` takes what `org export`
// writes, for the default sandbox's organization and for one with every section filled (built
// here with ordinary commands); the seeded sandbox's export is the file byte for byte and a plan
// of the file against it is empty. A seed that fails leaves nothing behind, and a data file that
// holds state is not replaced unless --replace-data says so.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, agntProcess, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const started: SandboxProcess[] = [];
let dir: string;
beforeAll(() => {
  dir = tempDir('agnt-seed-');
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  removeDir(dir);
});

async function seeded(args: string[], env: Record<string, string> = {}): Promise<SandboxProcess> {
  const s = await startSandboxProcess(args, env);
  started.push(s);
  return s;
}

/** Export A seeds a fresh sandbox; its export B is A byte for byte, and a plan of A there is empty. */
async function roundTrip(a: string, name: string, env: Record<string, string> = {}): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, a);
  const s = await seeded(['--seed', file], env);
  const b = await s.run(['org', 'export', 'org_acme_corp'], { env });
  expect(b).toEqual({ exitCode: 0, stdout: a, stderr: '' });
  const plan = await s.run(['org', 'plan', '-f', file, '--exit-code'], { env });
  expect(plan.stderr).toBe('');
  expect(plan.stdout).toMatch(/^plan for org_acme_corp \(Acme Corp\) from .*: no changes; the organization matches the file\n$/);
  expect(plan.exitCode).toBe(0);
}

describe('seed from any export', () => {
  it("the default sandbox's organization: export, seed, export again gives the same bytes; plan plans nothing", async () => {
    const sb = await withSandbox();
    try {
      const a = await agnt(['org', 'export', 'org_acme'], { sb });
      expect(a.exitCode).toBe(0);
      // The default assistant, which made this seed fail when the document named it by id.
      expect(a.stdout).toContain('defaultAssistant: ava@assistants.acme.test');
      await roundTrip(a.stdout, 'default.yaml');
    } finally {
      await sb.dispose();
    }
  });

  it('an organization with every section filled, built with commands: the same', async () => {
    const sb = await withSandbox();
    try {
      const run = async (...args: string[]) => {
        const r = await agnt(args, { sb });
        expect(r.stderr, args.join(' ')).toBe('');
        expect(r.exitCode, args.join(' ')).toBe(0);
      };
      await run(
        'org',
        'sso',
        'set',
        'org_acme',
        '--enabled',
        '--provider',
        'saml',
        '--saml',
        JSON.stringify({ entityId: 'https://idp.acme.test/metadata', ssoUrl: 'https://idp.acme.test/sso', privateKey: KEY }),
        '--scim',
        '{"enabled":true}',
        '-o',
        'json',
      );
      await run(
        'org',
        'audit-logging',
        'set',
        'org_acme',
        '--enabled',
        '--storage-bucket-arn',
        'arn:aws:s3:::acme-audit',
        '--storage-prefix',
        'audit/',
        '--role-arn',
        'arn:aws:iam::123456789012:role/agnt-audit',
        '--region',
        'us-east-1',
        '-o',
        'json',
      );
      await run('org', 'model-tiers', 'set', 'org_acme', '--chat', 'high', '--task', 'medium', '-o', 'json');
      const domain = (await agntJson(['org', 'domains', 'add', 'org_acme', '--domain', 'labs.acme.test'], { sb })).id;
      await run('org', 'domains', 'verify', 'org_acme', domain, '-o', 'json');
      await run('org', 'profile', 'set', 'org_acme', '--industry', 'Robotics', '--own-org-profile', '{"mission":"Make everything better","founded":"1949"}', '-o', 'json');
      const team = (await agntJson(['teams', 'create', '--name', 'Platform'], { sb })).id;
      await run('teams', 'update', team, '--branding-on-events', '-o', 'json');
      await run('org', 'members', 'add', 'org_acme', '--email', 'ops@acme.test', '-o', 'json');
      await run('users', 'update', 'usr_ghost', '--organization-role', 'guest', '-o', 'json');
      await run(
        'teams',
        'profile',
        'set',
        'team_acme',
        '--mission',
        'Run the week',
        '--lead-user-id',
        'usr_manager',
        '--rituals',
        '[{"name":"Standup","cadence":"daily"}]',
        '--values',
        'clarity',
        '-o',
        'json',
      );
      await run('teams', 'members', 'update', 'team_acme', 'usr_principal2', '--status', 'inactive', '-o', 'json');
      await run('invitations', 'create', '--team-id', team, '--email', 'newbie@acme.test', '-o', 'json');
      await run('backup-rules', 'create', '--backup-coordinator', 'usr_backup', '--primary-coordinator', 'usr_manager', '--principal', 'usr_principal', '-o', 'json');
      await run('manager-assignments', 'create', '--manager', 'usr_manager', '--role', 'coordinator', '--managed-user', 'usr_principal', '-o', 'json');
      await run('preferences', 'matrix', 'patch', '--user', 'usr_member', '--set', 'calendar.mode=auto', '-o', 'json');
      const a = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
      // Every section is there, and filled.
      for (const section of ['domains', 'sso', 'auditLogging', 'modelTiers', 'profile', 'members', 'teams', 'invitations', 'backupRules', 'managerAssignments', 'supervision'])
        expect(a).toMatch(new RegExp(`^${section}:\\n {2}\\S`, 'm'));
      expect(a).toContain(`privateKey: \${env:AGNT_SSO_SAML_PRIVATE_KEY}`);
      expect(a).toContain('lead: manager@acme.test');
      expect(a).toContain('founded: "1949"');
      expect(a).toContain('role: guest');
      expect(a).toContain('status: inactive');
      expect(a).toContain('user: member@acme.test');
      // The secret comes from the environment, as plan and apply read it.
      await roundTrip(a, 'full.yaml', { AGNT_SSO_SAML_PRIVATE_KEY: KEY });

      // Without the variable, the secret is seeded empty, with a note.
      const file = join(dir, 'full.yaml');
      const s = await startSandboxProcess(['--seed', file]);
      started.push(s);
      const sso = await s.json(['org', 'sso', 'get', 'org_acme_corp']);
      expect(sso.saml).toMatchObject({ entityId: 'https://idp.acme.test/metadata', privateKey: null });
      await s.stop();
      expect(String((await s.child).stderr)).toContain(`note: --seed ${file}: sso.saml.privateKey refers to \${env:AGNT_SSO_SAML_PRIVATE_KEY}, which is not set; seeded empty`);
    } finally {
      await sb.dispose();
    }
  });
});

describe('seed and a data file', () => {
  const failing = (name: string) => {
    const f = join(dir, name);
    // The manager assignment names a user the document does not add: apply fails at its last step.
    writeFileSync(
      f,
      'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Broken\nmembers:\n  - email: admin@broken.test\n    role: admin\nteams:\n  - name: Ops\nmanagerAssignments:\n  - manager: admin@broken.test\n    managedUser: nobody@broken.test\n',
    );
    return f;
  };

  it('a seed that fails leaves no data file behind (exit 2)', async () => {
    const data = join(dir, 'new.data');
    const r = await agntProcess(['sandbox', 'start', '--port', '0', '--no-profile', '--seed', failing('broken.yaml'), '--data', data], { configDir: dir });
    expect(r.stderr).toMatch(/^error: --seed .*broken\.yaml: the sandbox could not be seeded: .*nobody@broken\.test/);
    expect(r.exitCode).toBe(2);
    expect(existsSync(data)).toBe(false);
  });

  it('--seed on a data file that holds state: refused (exit 2) unless --replace-data; a failed replacement leaves the file as it was', async () => {
    const data = join(dir, 'kept.data');
    const first = await seeded(['--no-profile', '--data', data]);
    await first.run(['teams', 'create', '--name', 'Kept'], { role: 'admin', env: { AGNT_BASE_URL: first.url } });
    await first.stop();
    const before = readFileSync(data);
    const seed = join(dir, 'small.yaml');
    writeFileSync(seed, 'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Small\nmembers:\n  - email: admin@small.test\n    role: admin\n');

    const refused = await agntProcess(['sandbox', 'start', '--port', '0', '--no-profile', '--seed', seed, '--data', data], { configDir: dir });
    expect(refused.stderr).toMatch(new RegExp(`^error: --data ${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} already holds a sandbox's state, which --seed would replace\nhint: add --replace-data`));
    expect(refused.exitCode).toBe(2);
    expect(readFileSync(data).equals(before)).toBe(true);

    const failed = await agntProcess(['sandbox', 'start', '--port', '0', '--no-profile', '--seed', failing('broken2.yaml'), '--data', data, '--replace-data'], { configDir: dir });
    expect(failed.exitCode).toBe(2);
    expect(readFileSync(data).equals(before)).toBe(true);
    expect(existsSync(`${data}.before-seed`)).toBe(false);

    const replaced = await seeded(['--no-profile', '--seed', seed, '--data', data, '--replace-data']);
    expect(Object.keys(replaced.tokens)).toEqual(['admin@small.test']);
    await replaced.stop();
    // The next start resumes the seeded state.
    const resumed = await seeded(['--no-profile', '--data', data]);
    expect(Object.keys(resumed.tokens)).toEqual(['admin@small.test']);
  });
});
