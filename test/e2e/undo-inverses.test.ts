// `agnt undo` of the writes whose record is read inside another: a contact's relationship (inside
// GET /contacts/{id}) changed and removed, and single sign-on (inside GET /organizations/{id}) set
// and turned off; what cannot come back (an id, a secret) is named.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec } from '../../src/sandbox/store.ts';
import { agnt, agntJson, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();

async function undoLatest(configDir: string) {
  const [set] = await agntJson<Rec[]>(['changes', 'list'], { sb, configDir });
  return agnt(['undo', String(set!.id), '--yes'], { sb, configDir });
}

/** A relationship as stored, less its id and times. */
const rel = (r: Rec | undefined) => (r ? { ...r, id: undefined, createdAt: undefined, updatedAt: undefined } : r);

describe('agnt undo of a contact relationship', () => {
  it('an update is written back, a removal is made again under a new id, one reached from its other side is refused', async () => {
    const configDir = tempDir();
    const csv = join(tempDir(), 'contacts.csv');
    writeFileSync(csv, 'email,name\nrel-a@undo.test,Ann Rel\nrel-b@undo.test,Bob Rel\n');
    expect((await agnt(['contacts', 'import', csv], { sb, configDir: tempDir() })).exitCode).toBe(0);
    const [a, b] = ['rel-a@undo.test', 'rel-b@undo.test'].map((e) => sb.store.find('contacts', (c) => c.email === e)!.id as string);
    const made = await agntJson<Rec>(['contacts', 'relationships', 'add', a!, '--to-contact-id', b!, '--type', 'partner', '--role', 'Old role', '--notes', 'met in 2020'], {
      sb,
      configDir: tempDir(),
    });
    const id = String(made.id);
    const stored = () => sb.store.find('contactRelationships', (r) => r.fromContact === a && r.toContact === b);
    const before = rel(stored());

    const u = await agnt(['contacts', 'relationships', 'update', a!, id, '--role', 'New role', '--notes', 'null', '--is-primary'], { sb, configDir });
    expect(u.exitCode, u.stderr).toBe(0);
    expect(stored()!.role).toBe('New role');
    const undone = await undoLatest(configDir);
    expect(undone.exitCode, undone.stderr).toBe(0);
    expect(rel(stored())).toEqual(before);
    expect(stored()!.id).toBe(id);

    const rm = await agnt(['contacts', 'relationships', 'rm', a!, id, '--yes'], { sb, configDir });
    expect(rm.exitCode, rm.stderr).toBe(0);
    expect(stored()).toBeUndefined();
    const back = await undoLatest(configDir);
    expect(back.exitCode, back.stderr).toBe(0);
    expect(rel(stored())).toEqual(before);
    expect(stored()!.id).not.toBe(id);
    expect(back.stderr).toMatch(/cannot come back: its id \(the new record has a new one\); new id rel_\w+/);

    // Removed from the other contact's side: creating it at /contacts/{b}/relationships would relate b to itself.
    const other = String(stored()!.id);
    expect((await agnt(['contacts', 'relationships', 'rm', b!, other, '--yes'], { sb, configDir })).exitCode).toBe(0);
    const refused = await undoLatest(configDir);
    expect(refused.exitCode).toBe(6);
    expect(refused.stderr).toMatch(new RegExp(`was reached from the record it points at \\(${b}\\): create it again from the other side`));
    expect(stored()).toBeUndefined();
  });
});

describe('agnt undo of single sign-on', () => {
  const sso = () => sb.store.get('organizations', 'org_acme')!.sso as Rec;

  const saml = { ssoUrl: 'https://idp.test/sso', clientSecret: 'the-old-secret' };

  beforeAll(async () => {
    // SSO on with a secret, set from another config folder (not among the change sets undone).
    sb.store.insert('domains', 'dom', { organization: 'org_acme', domain: 'sso-undo.test', autoJoin: false, verified: true, verifiedAt: new Date().toISOString() });
    const setup = await agnt(['org', 'sso', 'set', 'org_acme', '--enabled', '--provider', 'saml', '--saml', JSON.stringify(saml)], { sb, configDir: tempDir() });
    expect(setup.exitCode, setup.stderr).toBe(0);
  });

  it('turning SSO off and changing its settings come back as before, its secret kept by the server', async () => {
    const before = structuredClone(sso());
    expect(before).toMatchObject({ enabled: true, provider: 'saml', saml });

    const configDir = tempDir();
    expect((await agnt(['org', 'sso', 'disable', 'org_acme', '--yes'], { sb, configDir })).exitCode).toBe(0);
    expect(sso().enabled).toBe(false);
    const on = await undoLatest(configDir);
    expect(on.exitCode, on.stderr).toBe(0);
    expect(sso()).toEqual(before);

    const set = await agnt(['org', 'sso', 'set', 'org_acme', '--enforced', '--provider', 'provider1', '--provider1-workspace', '{domain: acme}'], { sb, configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(sso()).toMatchObject({ enforced: true, provider: 'provider1' });
    const undone = await undoLatest(configDir);
    expect(undone.exitCode, undone.stderr).toBe(0);
    expect(sso()).toEqual(before);
  });

  it('settings that held a secret before are refused by name (exit 7), the rest undone', async () => {
    const before = structuredClone(sso());
    expect(before.saml).toEqual(saml);
    const configDir = tempDir();
    const set = await agnt(['org', 'sso', 'set', 'org_acme', '--enforced', '--saml', '{ssoUrl: "https://idp2.test/sso", clientSecret: new-secret}'], { sb, configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    const undone = await undoLatest(configDir);
    expect(undone.exitCode).toBe(7);
    expect(undone.stderr).toMatch(/saml \(a secret: its value before is not kept\)/);
    expect(undone.stderr).not.toMatch(/the-old-secret|new-secret/);
    expect(sso()).toEqual({ ...before, saml: { ssoUrl: 'https://idp2.test/sso', clientSecret: 'new-secret' } });
  });
});
