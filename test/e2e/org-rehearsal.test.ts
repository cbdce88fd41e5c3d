// A rehearsal the live apply can check (issue 35, item 6): `org apply --receipt` against a sandbox
// seeded from production's export writes an OrgReceipt; `org apply --rehearsed` on production
// refuses (exit 7, nothing sent) when an object the plan read changed since, or the plan differs,
// applies when nothing did, and refuses a receipt edited after it was written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

type Sb = Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
let production: Sb;
let rehearsal: SandboxProcess;
let change: string;
let receipt: string;
const writes = (sb: Sb, from = 0) => sb.requests.slice(from).filter((r) => r.method !== 'GET');

beforeAll(async () => {
  dir = tempDir('agnt-rehearse-');
  production = await withSandbox({ exampleRecords: false });
  const exported = join(dir, 'production.yaml');
  writeFileSync(exported, (await agnt(['org', 'export', 'org_acme'], { sb: production })).stdout);
  rehearsal = await startSandboxProcess(['--seed', exported]);
  change = join(dir, 'change.yaml');
  writeFileSync(change, 'apiVersion: agnt/v1\nkind: Organization\norganization:\n  name: Acme Corp\nteams:\n  - name: Acme Executive Team\n    brandingOnMessages: true\n  - name: Platform\n');
  receipt = join(dir, 'receipt.json');
});
afterAll(async () => {
  await rehearsal.stop();
  await production.dispose();
  removeDir(dir);
});

describe('rehearse, then apply for real', () => {
  it('apply --receipt in the rehearsal writes the plan, the answers and a fingerprint per object (0600)', async () => {
    const r = await rehearsal.run(['org', 'apply', '-f', change, 'org_acme_corp', '--receipt', receipt, '--yes']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(`receipt written to ${receipt}`);
    expect(statSync(receipt).mode & 0o777).toBe(0o600);
    const data = JSON.parse(readFileSync(receipt, 'utf8'));
    expect(data).toMatchObject({ apiVersion: 'agnt/v1', kind: 'OrgReceipt', plan: { kind: 'OrgPlan', organization: 'org_acme_corp', summary: { create: 1, update: 1, delete: 0 } } });
    expect(data.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(data.answers).toContainEqual({
      changes: ['teams[Platform]'],
      requests: [expect.objectContaining({ endpoint: 'users.me.get', status: 200 }), expect.objectContaining({ endpoint: 'teams.create', status: 201 })],
    });
    expect(data.answers).toContainEqual({ changes: ['teams[Acme Executive Team].brandingOnMessages'], requests: [expect.objectContaining({ endpoint: 'teams.update', status: 200 })] });
    expect(Object.keys(data.objects)).toEqual(expect.arrayContaining(['organization', 'sso', 'teams[Acme Executive Team]', 'members[admin@acme.test]', 'domains[acme.test]']));
    // Objects are named as the document names them: no server id in the receipt's keys.
    expect(Object.keys(data.objects).join(' ')).not.toMatch(/(org|team|usr)_/);
  });

  it('a receipt edited after it was written is refused before any request (exit 2)', async () => {
    const data = JSON.parse(readFileSync(receipt, 'utf8'));
    data.plan.changes = data.plan.changes.filter((c: { path: string }) => c.path !== 'teams[Platform]');
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(data, null, 2));
    const mark = production.requests.length;
    const r = await agnt(['org', 'apply', '-f', change, 'org_acme', '--rehearsed', tampered, '--yes'], { sb: production });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: --rehearsed .*tampered\.json: the receipt was changed after it was written \(its digest does not match\); nothing was sent\nhint: /);
    expect(production.requests.length).toBe(mark);
  });

  it('a team changed on the live side after the clone: exit 7 naming that team, nothing sent', async () => {
    expect((await agnt(['teams', 'update', 'team_acme', '--branding-on-events', '-o', 'json'], { sb: production })).exitCode).toBe(0);
    const mark = production.requests.length;
    const r = await agnt(['org', 'apply', '-f', change, 'org_acme', '--rehearsed', receipt, '--yes'], { sb: production });
    expect(r.stdout).toBe('');
    // The team is named; the plan now also puts its field back, so it differs too.
    expect(r.stderr).toMatch(
      /^apply to org_acme does not match the rehearsal .*receipt\.json: 1 object\(s\) changed since the rehearsal: teams\[Acme Executive Team\]; the plan differs from the rehearsed one \(3 change\(s\) now, 2 rehearsed\); nothing was sent \(clone the organization again and rehearse there\)\n$/,
    );
    expect(r.exitCode).toBe(7);
    expect(writes(production, mark)).toEqual([]);
    // Put back, the rehearsal holds again.
    expect((await agnt(['teams', 'update', 'team_acme', '--no-branding-on-events', '-o', 'json'], { sb: production })).exitCode).toBe(0);
  });

  it('another change than the rehearsed one: exit 7, nothing sent', async () => {
    const other = join(dir, 'other.yaml');
    writeFileSync(other, readFileSync(change, 'utf8').replace('Platform', 'Platforms'));
    const mark = production.requests.length;
    const r = await agnt(['org', 'apply', '-f', other, 'org_acme', '--rehearsed', receipt, '--yes'], { sb: production });
    expect(r.stderr).toMatch(/the plan differs from the rehearsed one \(2 change\(s\) now, 2 rehearsed\); nothing was sent/);
    expect(r.exitCode).toBe(7);
    expect(writes(production, mark)).toEqual([]);
  });

  it('with nothing changed it applies, and production then matches the rehearsal', async () => {
    const r = await agnt(['org', 'apply', '-f', change, 'org_acme', '--rehearsed', receipt, '--yes'], { sb: production });
    expect(r.stderr).not.toMatch(/does not match|error/);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^applied 2 change\(s\) to org_acme/);
    const live = (await agnt(['org', 'export', 'org_acme'], { sb: production })).stdout;
    const rehearsed = (await rehearsal.run(['org', 'export', 'org_acme_corp'])).stdout;
    expect(live).toBe(rehearsed);
  });
});
