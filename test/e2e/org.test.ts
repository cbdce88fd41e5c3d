import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';
import { type PtyStep, plain, runInPty } from '../support/pty.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let org: string;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir();
  org = (await agntJson(['org', 'create', '--name', 'Acme Labs'], { sb })).id;
});
afterAll(async () => {
  await sb.dispose();
});

/** Runs agnt in a pseudo-terminal: `steps` alternate a prompt's text and the answer typed (then Enter) when it shows. */
async function inTerminal(args: string[], steps: string[], env: Record<string, string | undefined> = { NO_COLOR: '1' }) {
  const answers: PtyStep[] = [];
  for (let k = 0; k < steps.length; k += 2) answers.push({ expect: new RegExp(steps[k]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), send: `${steps[k + 1]}\r` });
  const r = await runInPty(args, answers, { AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, ...env });
  return { out: plain(r.output), exitCode: r.exitCode };
}

describe('organizations', () => {
  it('creates, reads, lists and updates an organization', async () => {
    const got = await agntJson(['org', 'get', org], { sb });
    expect(got).toMatchObject({ id: org, name: 'Acme Labs', admins: ['usr_admin'], sso: { enabled: false } });
    const list = await agnt(['orgs', 'list'], { sb });
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${org}\\s+Acme Labs`, 'm'));
    const updated = await agntJson(['org', 'update', org, '--default-assistant', 'null', '--name', 'Acme Labs'], { sb });
    expect(updated.defaultAssistant).toBeNull();
  });

  it('refuses a second organization with the same name (409)', async () => {
    const r = await agnt(['org', 'create', '--name', 'acme labs'], { sb });
    expect(r.exitCode).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/already exists.*HTTP 409, AGNT_E_ORG_NAME_TAKEN/);
  });

  it('adds and verifies a domain; verifying again changes nothing; a failed verification is a 400', async () => {
    const d = await agntJson(['org', 'domains', 'add', org, '--domain', 'labs.acme.test', '--auto-join'], { sb });
    expect(d).toMatchObject({ domain: 'labs.acme.test', autoJoin: true, verified: false });
    expect(d.verification.name).toBe('_agnt-challenge.labs.acme.test');
    const v = await agntJson(['org', 'domains', 'verify', org, d.id], { sb });
    expect(v.verified).toBe(true);
    expect((await agntJson(['org', 'domains', 'verify', org, d.id], { sb })).verifiedAt).toBe(v.verifiedAt);
    const dup = await agnt(['org', 'domains', 'add', org, '--domain', 'labs.acme.test'], { sb });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/HTTP 409, AGNT_E_DOMAIN_TAKEN/);
    const bad = await agntJson(['org', 'domains', 'add', org, '--domain', 'nowhere.invalid'], { sb });
    const failed = await agnt(['org', 'domains', 'verify', org, bad.id], { sb });
    expect(failed.exitCode).toBe(5);
    expect(failed.stderr).toMatch(/no TXT record.*AGNT_E_DOMAIN_VERIFICATION_FAILED/);
    expect((await agntJson(['org', 'domains', 'update', org, bad.id, '--auto-join'], { sb })).autoJoin).toBe(true);
    const rm = await agnt(['org', 'domains', 'remove', org, bad.id, '--yes'], { sb });
    expect(rm.exitCode).toBe(0);
    const ids = await agnt(['org', 'domains', 'list', org, '-o', 'id'], { sb });
    expect(ids.stdout.trim().split('\n')).toEqual([d.id]);
  });

  it('sets SSO from a YAML file and flags, and disables it', async () => {
    const file = join(dir, 'sso.yaml');
    writeFileSync(file, 'enabled: true\nprovider: saml\nsaml:\n  entityId: https://idp.test/meta\n  ssoUrl: https://idp.test/sso\nscim:\n  enabled: true\n');
    const o = await agntJson(['org', 'sso', 'set', org, '--file', file, '--enforced'], { sb });
    expect(o.sso).toMatchObject({ enabled: true, enforced: true, provider: 'saml', saml: { entityId: 'https://idp.test/meta' }, scim: { enabled: true } });
    const sent = sb.requests.filter((q) => q.method === 'PUT' && q.path === `/organizations/${org}/sso`).pop();
    expect(sent?.body).toEqual({ enabled: true, provider: 'saml', saml: { entityId: 'https://idp.test/meta', ssoUrl: 'https://idp.test/sso' }, scim: { enabled: true }, enforced: true });
    const bad = await agnt(['org', 'sso', 'set', org, '--no-enabled', '--enforced'], { sb });
    expect(bad.exitCode).toBe(5);
    expect(bad.stderr).toMatch(/cannot be enforced while it is disabled/);
    const off = await agntJson(['org', 'sso', 'disable', org, '--yes'], { sb });
    expect(off.sso).toMatchObject({ enabled: false, enforced: false, provider: 'saml' });
  });

  it('sso set on a terminal with no flags runs the guided set-up', async () => {
    // A SHA-256 fingerprint: 32 bytes, as the set-up checks it.
    const FINGERPRINT = 'AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD:AB:CD';
    const r = await inTerminal(
      ['org', 'sso', 'set', org, '--fields', 'sso.provider,sso.enabled'],
      ['Identity provider', '', 'entity ID', 'https://idp.test/guided', 'sign-in URL', 'https://idp.test/sso', 'fingerprint', FINGERPRINT, 'SCIM', 'y', 'on now', 'y', 'enforce', 'n', 'Apply', 'y'],
    );
    expect(r.out).toMatch(/About to send \(save it as sso.yaml/);
    expect(r.exitCode).toBe(0);
    const sent = sb.requests.filter((q) => q.method === 'PUT' && q.path === `/organizations/${org}/sso`).pop();
    expect(sent?.body).toEqual({
      provider: 'saml',
      saml: { entityId: 'https://idp.test/guided', ssoUrl: 'https://idp.test/sso', certificateFingerprint: FINGERPRINT },
      scim: { enabled: true },
      enabled: true,
      enforced: false,
    });
  });

  it('sso set with nothing to set and no terminal is a usage error, sent nothing', async () => {
    const before = sb.requests.length;
    const r = await agnt(['org', 'sso', 'set', org], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to set.*--file sso.yaml/);
    expect(sb.requests.length).toBe(before);
  });

  it('enabling SSO needs a verified domain, and says how to get one', async () => {
    const other = (await agntJson(['org', 'create', '--name', 'No Domains Yet'], { sb })).id;
    const r = await agnt(['org', 'sso', 'set', other, '--enabled', '--provider', 'saml'], { sb });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/AGNT_E_SSO_DOMAIN_REQUIRED/);
    expect(r.stderr).toMatch(/hint: add and verify a domain first/);
  });

  it('rotates the SCIM token: stdout only, once, with a warning; never in --debug output', async () => {
    const r = await agnt(['org', 'scim-token', 'rotate', org, '--yes', '--debug'], { sb });
    expect(r.exitCode).toBe(0);
    const token = r.stdout.trim();
    expect(token).toMatch(/^scim_[\w-]{20,}$/);
    expect(r.stderr).toMatch(/warning: this SCIM token is shown only this once/);
    expect(r.stderr).toMatch(/"scim":\{"token":"<redacted>"\}/);
    expect(r.stderr).not.toContain(token);
    const json = await agnt(['org', 'scim-token', 'rotate', org, '--yes', '--json'], { sb });
    const second = JSON.parse(json.stdout).token;
    expect(second).not.toBe(token);
    // Nothing else ever shows it: not the organization, not its audit events, not the sandbox's log.
    const after = await agnt(['org', 'get', org, '--json', '--debug'], { sb });
    const events = await agnt(['org', 'audit-events', 'list', org, '--all', '--json'], { sb });
    for (const text of [after.stdout, after.stderr, events.stdout, JSON.stringify(sb.requests)]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(second);
    }
    expect(JSON.parse(after.stdout).scimTokenRotatedAt).toEqual(expect.any(String));
  });

  it('scim-token rotate refuses without --yes when not on a terminal', async () => {
    const r = await agnt(['org', 'scim-token', 'rotate', org], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/refusing without --yes/);
  });

  it('provisions members idempotently and removes them', async () => {
    const first = await agnt(['org', 'members', 'add', org, '--email', 'lab.one@labs.acme.test', '--json'], { sb });
    expect(first.exitCode).toBe(0);
    const m = JSON.parse(first.stdout);
    expect(m).toMatchObject({ email: 'lab.one@labs.acme.test', organizationRole: 'member' });
    expect(m.avatarUrl).toBeUndefined();
    const again = await agntJson(['org', 'members', 'add', org, '--email', 'lab.one@labs.acme.test'], { sb });
    expect(again.id).toBe(m.id);
    const user = await agntJson(['users', 'get', m.id], { sb });
    expect(user.organization).toBe(org);
    const elsewhere = await agnt(['org', 'members', 'add', org, '--email', 'member@acme.test'], { sb });
    expect(elsewhere.exitCode).toBe(5);
    expect(elsewhere.stderr).toMatch(/member of organization org_acme/);
    const list = await agnt(['org', 'members', 'list', org, '--search', 'lab.one', '-o', 'id'], { sb });
    expect(list.stdout.trim()).toBe(m.id);
    await agntJson(['org', 'members', 'add', org, '--email', 'lab.two@labs.acme.test'], { sb });
    const table = await agnt(['org', 'members', 'list', org], { sb });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+CREATED_AT$/);
    expect(table.stdout).toMatch(/^usr_admin\s+Ada Admin\s+admin@acme\.test\s+admin/m);
    const rm = await agnt(['org', 'members', 'remove', org, m.id, '--yes'], { sb });
    expect(rm.exitCode).toBe(0);
    const last = await agnt(['org', 'members', 'remove', org, 'usr_admin', '--yes'], { sb });
    expect(last.exitCode).toBe(5);
    expect(last.stderr).toMatch(/last admin/);
  });

  it('lists audit events with every filter and relative times', { timeout: 90_000 }, async () => {
    const all = await agntJson(['org', 'audit-events', 'list', org, '--all'], { sb });
    expect(all.length).toBeGreaterThan(8);
    expect(all[all.length - 1]).toMatchObject({ action: 'organization.created', entityType: 'organization', entityId: org, actor: 'usr_admin', organization: org, account: 'acc_acme' });
    const times = all.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const domains = await agntJson(['org', 'audit-events', 'list', org, '--action', 'domain.*', '--all'], { sb });
    expect(new Set(domains.map((e: { action: string }) => e.action))).toEqual(new Set(['domain.added', 'domain.verified', 'domain.updated', 'domain.removed']));
    const exact = await agntJson(['org', 'audit-events', 'list', org, '--action', 'scim_token.rotated'], { sb });
    expect(exact).toHaveLength(2);
    expect(exact[0].metadata).toEqual({});
    const members = await agntJson(['org', 'audit-events', 'list', org, '--entity-type', 'member', '--actor', 'admin@acme.test'], { sb });
    expect(members.every((e: { entityType: string; actor: string }) => e.entityType === 'member' && e.actor === 'usr_admin')).toBe(true);
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(await agntJson(['org', 'audit-events', 'list', org, '--actor', 'usr_member'], { sb })).toEqual([]);
    const recent = await agntJson(['org', 'audit-events', 'list', org, '--since', '24h', '--all'], { sb });
    expect(recent).toHaveLength(all.length);
    expect(await agntJson(['org', 'audit-events', 'list', org, '--before', '24h'], { sb })).toEqual([]);
    expect(await agntJson(['org', 'audit-events', 'list', org, '--after', '2099-01-01', '--tz', 'UTC'], { sb })).toEqual([]);
    const sent = sb.requests.filter((q) => q.path === `/organizations/${org}/audit-events`).pop()!;
    expect(sent.url).toContain('after=2099-01-01T00%3A00%3A00.000Z');
    const paged = await agnt(['org', 'audit-events', 'list', org, '--per-page', '2', '--all', '-o', 'id'], { sb });
    expect(paged.stdout.trim().split('\n')).toHaveLength(all.length);
    const bad = await agnt(['org', 'audit-events', 'list', org, '--since', 'last week'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--since: cannot read 'last week' as a time/);
    const both = await agnt(['org', 'audit-events', 'list', org, '--since', '1h', '--after', '2h'], { sb });
    expect(both.exitCode).toBe(2);
  });

  it('delivery without a config: the job fails and --wait exits 1 with its errors', async () => {
    const r = await agnt(['org', 'audit-logging', 'deliver', org, '--from', '24h', '--to', 'now', '--wait', '--interval', '0.5', '--json'], { sb, timeout: 30_000 });
    expect(r.exitCode).toBe(1);
    const job = JSON.parse(r.stdout);
    expect(job).toMatchObject({ status: 'failed', organization: org, requestedBy: 'usr_admin', filesCopied: 0 });
    expect(job.errors[0]).toMatch(/not configured/);
    expect(JSON.parse(r.stderr).error).toMatchObject({ exitCode: 1, message: expect.stringMatching(/^delivery job adj_\w+ failed: audit-log delivery is not configured/) });
    // Not a terminal: no spinner frames or cursor codes.
    expect(r.stderr).not.toMatch(/\r|\x1b|⠋/);
  });

  it('sets the delivery config, then delivers and waits for completion', { timeout: 90_000 }, async () => {
    const bad = await agnt(['org', 'audit-logging', 'set', org, '--storage-bucket-arn', 'acme-bucket'], { sb });
    expect(bad.exitCode).toBe(5);
    const cfg = await agntJson(
      ['org', 'audit-logging', 'set', org, '--enabled', '--storage-bucket-arn', 'arn:aws:s3:::acme-audit', '--role-arn', 'arn:aws:iam::1:role/audit', '--region', 'us-east-1'],
      { sb },
    );
    expect(cfg).toEqual({
      enabled: true,
      storageBucketArn: 'arn:aws:s3:::acme-audit',
      storagePrefix: '',
      roleArn: 'arn:aws:iam::1:role/audit',
      region: 'us-east-1',
      lastDeliveredAt: null,
      deliveryConfigured: true,
    });
    const started = await agnt(['org', 'audit-logging', 'deliver', org, '--json'], { sb });
    expect(started.exitCode).toBe(0);
    const pending = JSON.parse(started.stdout);
    expect(pending.status).toBe('pending');
    expect(started.stderr).toMatch(/follow it with: agnt org audit-logging job/);
    const done = await agnt(['org', 'audit-logging', 'job', org, pending.id, '--wait', '--interval', '0.5', '--json'], { sb, timeout: 30_000 });
    expect(done.exitCode).toBe(0);
    const job = JSON.parse(done.stdout);
    expect(job).toMatchObject({ id: pending.id, status: 'completed', errors: [] });
    expect(job.filesCopied).toBeGreaterThanOrEqual(1);
    expect(done.stderr).toMatch(/completed: \d+ file\(s\) copied/);
    const seen = sb.requests.filter((q) => q.path === `/organizations/${org}/audit-logging/deliver/${pending.id}`).map((q) => q.status);
    expect(seen.every((s) => s === 200)).toBe(true);
    expect((await agntJson(['org', 'audit-logging', 'get', org], { sb })).lastDeliveredAt).toBe(job.completedAt);
    // On a terminal --wait shows a spinner on stderr; on a terminal that cannot redraw (TERM=dumb)
    // it does not. (NO_COLOR takes away only colour: the spinner stays.)
    const spun = await inTerminal(['org', 'audit-logging', 'deliver', org, '--wait', '--interval', '0.3', '-o', 'id'], [], {});
    expect(spun.exitCode).toBe(0);
    expect(spun.out).toMatch(/⠋ delivery job adj_\w+: pending/);
    expect(spun.out).toMatch(/completed: \d+ file\(s\) copied/);
    const plainTty = await inTerminal(['org', 'audit-logging', 'deliver', org, '--wait', '--interval', '0.3', '-o', 'id'], [], { TERM: 'dumb' });
    expect(plainTty.exitCode).toBe(0);
    expect(plainTty.out).not.toMatch(/⠋/);
    const bounds = await agnt(['org', 'audit-logging', 'deliver', org, '--from', 'now', '--to', '1h'], { sb });
    // Refused locally, before any request (issue 24 item 7).
    expect(bounds.exitCode).toBe(2);
    expect(bounds.stderr).toMatch(/--to \(\S+\) is not after --from/);
  });

  it('gets and sets the default model tiers', async () => {
    expect(await agntJson(['org', 'model-tiers', 'get', 'org_acme'], { sb })).toEqual({ chat: 'medium', task: 'low' });
    expect(await agntJson(['org', 'model-tiers', 'set', org, '--chat', 'high', '--task', 'null'], { sb })).toEqual({ chat: 'high', task: null });
    const bad = await agnt(['org', 'model-tiers', 'set', org, '--chat', 'huge'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/allowed: low, medium, high, ultra/);
  });

  it('answers 403 to a non-admin token on every admin endpoint', { timeout: 120_000 }, async () => {
    const cases: string[][] = [
      ['org', 'create', '--name', 'Rogue'],
      ['org', 'update', 'org_acme', '--name', 'Rogue'],
      ['org', 'delete', 'org_acme', '--yes'],
      ['org', 'domains', 'add', 'org_acme', '--domain', 'rogue.test'],
      ['org', 'domains', 'verify', 'org_acme', 'dom_acme'],
      ['org', 'sso', 'set', 'org_acme', '--enabled', '--provider', 'saml'],
      ['org', 'sso', 'disable', 'org_acme', '--yes'],
      ['org', 'scim-token', 'rotate', 'org_acme', '--yes'],
      ['org', 'members', 'add', 'org_acme', '--email', 'x@acme.test'],
      ['org', 'members', 'remove', 'org_acme', 'usr_coord', '--yes'],
      ['org', 'audit-events', 'list', 'org_acme'],
      ['org', 'audit-logging', 'get', 'org_acme'],
      ['org', 'audit-logging', 'set', 'org_acme', '--enabled'],
      ['org', 'audit-logging', 'deliver', 'org_acme'],
      ['org', 'model-tiers', 'set', 'org_acme', '--chat', 'low'],
    ];
    for (const args of cases) {
      const r = await agnt(args, { sb, as: 'member' });
      expect({ args, exitCode: r.exitCode, stdout: r.stdout }).toEqual({ args, exitCode: 4, stdout: '' });
      expect(r.stderr).toMatch(/HTTP 403/);
    }
    // Members may read what is not secret.
    expect((await agnt(['org', 'get', 'org_acme'], { sb, as: 'member' })).exitCode).toBe(0);
    expect((await agnt(['org', 'members', 'list', 'org_acme'], { sb, as: 'member' })).exitCode).toBe(0);
    expect((await agnt(['org', 'model-tiers', 'get', 'org_acme'], { sb, as: 'member' })).exitCode).toBe(0);
    // Another account's organization does not exist for them.
    expect((await agnt(['org', 'get', 'org_globex'], { sb })).exitCode).toBe(3);
  });

  it('organization profile: claim, org_admin, and both 409 codes explained', async () => {
    const got = await agntJson(['org', 'profile', 'get', 'co_acme'], { sb });
    expect(got).toMatchObject({ companyId: 'co_acme', name: 'Acme Corp', claimed: true, ownOrgProfile: { mission: 'Make everything' } });
    expect(await agntJson(['org', 'profile', 'get', 'org_acme'], { sb })).toEqual(got);
    const file = join(dir, 'profile.yaml');
    writeFileSync(file, 'industry: Robotics\nownOrgProfile:\n  values: [craft, candour, speed]\n  leadership:\n    - {name: Ada Admin, title: CEO, userId: usr_admin}\n');
    const set = await agntJson(['org', 'profile', 'set', 'co_acme', '--file', file], { sb });
    expect(set).toMatchObject({ industry: 'Robotics', ownOrgProfile: { mission: 'Make everything', values: ['craft', 'candour', 'speed'] } });

    const forbidden = await agnt(['org', 'profile', 'set', 'co_acme', '--industry', 'Nope'], { sb, as: 'member' });
    expect(forbidden.exitCode).toBe(4);
    expect(forbidden.stderr).toMatch(/HTTP 403, org_admin_required/);
    expect(forbidden.stderr).toMatch(/hint: .*org_admin role/);

    const own = await agnt(['org', 'profile', 'set', 'co_initech', '--industry', 'Software'], { sb });
    expect(own.exitCode).toBe(5);
    expect(own.stderr).toMatch(/HTTP 409, own_company_conflict/);
    expect(own.stderr).toMatch(/hint: your account already has its own organization profile, for a different company/);

    const claimedByOther = await agnt(['org', 'profile', 'set', 'co_acme', '--industry', 'Energy'], { sb, as: 'other' });
    expect(claimedByOther.exitCode).toBe(5);
    expect(claimedByOther.stderr).toMatch(/HTTP 409, company_already_claimed/);
    expect(claimedByOther.stderr).toMatch(/hint: another account has already claimed this company/);

    // The first call of an account claims its company and grants org_admin.
    const claim = await agntJson(['org', 'profile', 'set', 'co_globex', '--set', 'ownOrgProfile.mission=Power'], { sb, as: 'other' });
    expect(claim).toMatchObject({ companyId: 'co_globex', claimed: true, ownOrgProfile: { mission: 'Power' } });
    expect((await agnt(['org', 'profile', 'get', 'co_globex'], { sb })).exitCode).toBe(3);
    const badKey = await agnt(['org', 'profile', 'set', 'co_acme', '--own-org-profile', '{"motto": "x"}'], { sb });
    expect(badKey.exitCode).toBe(2);
  });

  it('delete refuses without --yes off a terminal, and deletes with --yes', async () => {
    const id = (await agntJson(['org', 'create', '--name', 'Short Lived'], { sb })).id;
    const no = await agnt(['org', 'delete', id], { sb });
    expect(no.exitCode).toBe(2);
    expect(no.stderr).toMatch(/refusing without --yes/);
    const yes = await agntJson(['org', 'delete', id, '--yes'], { sb });
    expect(yes).toMatchObject({ id, deleted: true });
    expect((await agnt(['org', 'get', id], { sb })).exitCode).toBe(3);
    const notEmpty = await agnt(['org', 'delete', 'org_acme', '--yes'], { sb });
    expect(notEmpty.exitCode).toBe(5);
    expect(notEmpty.stderr).toMatch(/AGNT_E_ORG_NOT_EMPTY/);
  });

  it('delete on a terminal asks for the typed name; a wrong name deletes nothing', async () => {
    const id = (await agntJson(['org', 'create', '--name', 'Typed Name Co'], { sb })).id;
    const wrong = await inTerminal(['org', 'delete', id], ['to confirm', 'Typed Name']);
    expect(wrong.out).toMatch(/Type the organization's name \(Typed Name Co\) to confirm/);
    expect(wrong.exitCode).toBe(1);
    expect(wrong.out).toMatch(/cancelled: 'Typed Name' is not the organization's name/);
    expect((await agnt(['org', 'get', id], { sb })).exitCode).toBe(0);
    const right = await inTerminal(['org', 'delete', id], ['to confirm', 'Typed Name Co']);
    expect(right.exitCode).toBe(0);
    expect(right.out).toMatch(/deleted/);
    expect((await agnt(['org', 'get', id], { sb })).exitCode).toBe(3);
  });

  it('--dry-run of a delete prints the request and asks nothing', async () => {
    const r = await agnt(['org', 'delete', org, '--dry-run'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'DELETE', url: `${sb.baseUrl}/organizations/${org}`, body: null });
  });
});
