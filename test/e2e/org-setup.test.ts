// The admin set-up script of examples/org-setup.sh, played twice against a fresh sandbox: the
// second run must succeed and leave the same organization, not a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agntJson, BIN, cleanEnv, tempDir, withSandbox } from '../support/helpers.ts';

const SCRIPT = resolve(import.meta.dirname, '..', '..', 'examples', 'org-setup.sh');

let sb: Awaited<ReturnType<typeof withSandbox>>;
let work: string;
beforeAll(async () => {
  sb = await withSandbox();
  work = tempDir();
});
afterAll(async () => {
  await sb.dispose();
});

async function runScript() {
  const r = await execa('bash', [SCRIPT], {
    cwd: work,
    env: { ...cleanEnv(), AGNT: `${process.execPath} ${BIN}`, AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, SCIM_TOKEN_FILE: join(work, 'scim-token.txt') },
    extendEnv: true,
    reject: false,
    timeout: 90_000,
  });
  return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1 };
}

describe('examples/org-setup.sh', () => {
  it('sets an organization up, and a second run changes nothing it should not', { timeout: 180_000 }, async () => {
    const first = await runScript();
    expect(first.stderr).toMatch(/org-setup: created organization org_\w+/);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toMatch(/new SCIM token written/);
    expect(first.stderr).toMatch(/delivery job adj_\w+ completed/);
    const tokenFile = join(work, 'scim-token.txt');
    const token = readFileSync(tokenFile, 'utf8').trim();
    expect(token).toMatch(/^scim_/);
    expect(statSync(tokenFile).mode & 0o077).toBe(0);
    expect(first.stdout + first.stderr).not.toContain(token);
    // The last step prints the run's audit events as a table.
    expect(first.stdout).toMatch(/^CREATED_AT\s+ACTOR\s+ACTION/);
    for (const action of [
      'organization.created',
      'domain.added',
      'domain.verified',
      'sso.updated',
      'scim_token.rotated',
      'member.added',
      'audit_logging.updated',
      'audit_logging.delivery_requested',
    ]) {
      expect(first.stdout).toContain(action);
    }

    const second = await runScript();
    expect(second.stderr).toMatch(/org-setup: organization org_\w+ exists/);
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toMatch(/SCIM token kept/);
    // The new organization is not the admin's own: no team is made for it in the admin's.
    expect(second.stderr).toMatch(/team Platform and invitation of new\.hire@labs\.acme\.test skipped: a team is made in its creator's organization \(org_acme\), not org_\w+/);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);

    const orgs = (await agntJson(['org', 'list', '--all'], { sb })).filter((o: { name: string }) => o.name === 'Acme Labs');
    expect(orgs).toHaveLength(1);
    const org = orgs[0];
    expect(org.sso).toMatchObject({ enabled: true, provider: 'saml', scim: { enabled: true } });
    const domains = await agntJson(['org', 'domains', 'list', org.id], { sb });
    expect(domains).toEqual([expect.objectContaining({ domain: 'labs.acme.test', verified: true, autoJoin: true })]);
    const members = await agntJson(['org', 'members', 'list', org.id, '--all'], { sb });
    expect(members.map((m: { email: string }) => m.email).sort()).toEqual(['ada.lab@labs.acme.test', 'admin@acme.test', 'bo.lab@labs.acme.test']);
    expect(sb.store.filter('teams', (t) => t.name === 'Platform')).toEqual([]);
    expect(sb.store.filter('teamInvitations', (i) => i.email === 'new.hire@labs.acme.test')).toEqual([]);
    const created = await agntJson(['org', 'audit-events', 'list', org.id, '--action', 'organization.created'], { sb });
    expect(created).toHaveLength(1);
    const rotations = await agntJson(['org', 'audit-events', 'list', org.id, '--action', 'scim_token.rotated'], { sb });
    expect(rotations).toHaveLength(1);
    const deliveries = await agntJson(['org', 'audit-events', 'list', org.id, '--action', 'audit_logging.delivery_requested'], { sb });
    expect(deliveries).toHaveLength(2);
  });
});
