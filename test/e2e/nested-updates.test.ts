// `--set a.b=c` changes only that key on the server, where the API replaces nested objects
// (PUT): the stored object before and after. And the sandbox answers of issue 14: provision
// names the user's id; onboarding session fields not documented `|null` are left out.
import { describe, expect, it } from 'vitest';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('nested --set on a PUT', () => {
  it('org sso set --set saml.ssoUrl keeps the entity id and the rest of saml', async () => {
    const saml = { entityId: 'https://idp.example.com/entity', ssoUrl: 'https://idp.example.com/old', certificate: 'MIIC...' };
    const org = sb.store.get('organizations', 'org_acme') as { sso?: Record<string, unknown> };
    sb.store.update('organizations', 'org_acme', { sso: { ...(org.sso ?? {}), saml } });
    const res = await agnt(['org', 'sso', 'set', 'org_acme', '--set', 'saml.ssoUrl=https://idp.example.com/new', '--json'], { sb });
    expect(res.exitCode, res.stderr).toBe(0);
    const after = (sb.store.get('organizations', 'org_acme') as { sso: { saml: Record<string, unknown> } }).sso.saml;
    expect(after).toEqual({ ...saml, ssoUrl: 'https://idp.example.com/new' });
  });

  it('contacts update --set address.city keeps line1 and country; --dry-run shows the merged body and writes nothing', async () => {
    const contact = sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as { id: string };
    sb.store.update('contacts', contact.id, { address: { line1: '1 Harbour St', city: 'Oslo', country: 'NO' } });
    sb.requests.length = 0;
    const dry = await agnt(['contacts', 'update', contact.id, '--set', 'address.city=Aarhus', '--dry-run'], { sb });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'PUT', body: { address: { line1: '1 Harbour St', city: 'Aarhus', country: 'NO' } } });
    expect(sb.requests.map((r) => r.method)).toEqual(['GET']);
    expect((sb.store.get('contacts', contact.id) as { address: unknown }).address).toEqual({ line1: '1 Harbour St', city: 'Oslo', country: 'NO' });

    const res = await agnt(['contacts', 'update', contact.id, '--set', 'address.city=Aarhus', '--set', 'social.other=https://x.test'], { sb });
    expect(res.exitCode, res.stderr).toBe(0);
    expect((sb.store.get('contacts', contact.id) as { address: unknown }).address).toEqual({ line1: '1 Harbour St', city: 'Aarhus', country: 'NO' });
  });

  it('a whole object given as a flag still replaces it; a --set on top merges into that', async () => {
    const contact = sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as { id: string };
    sb.store.update('contacts', contact.id, { address: { line1: '1 Harbour St', city: 'Oslo', country: 'NO' } });
    const res = await agnt(['contacts', 'update', contact.id, '--address', '{"city": "Bergen"}', '--set', 'address.zip=NO-5003'], { sb });
    expect(res.exitCode, res.stderr).toBe(0);
    expect((sb.store.get('contacts', contact.id) as { address: unknown }).address).toEqual({ city: 'Bergen', zip: 'NO-5003' });
  });

  it('--set types a value by the model: digits stay text in a string field, a number where the model says nothing', async () => {
    const contact = sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as { id: string };
    sb.store.update('contacts', contact.id, { address: { line1: '1 Harbour St', city: 'Oslo', country: 'NO' } });
    const res = await agnt(['contacts', 'update', contact.id, '--set', 'address.zip=5003', '--set', 'address.city=true'], { sb });
    expect(res.exitCode, res.stderr).toBe(0);
    expect((sb.store.get('contacts', contact.id) as { address: unknown }).address).toEqual({ line1: '1 Harbour St', city: 'true', country: 'NO', zip: '5003' });
    // null is null: a field the model does not let be cleared is refused before sending.
    const cleared = await agnt(['contacts', 'update', contact.id, '--set', 'address.line1=null'], { sb });
    expect(cleared).toMatchObject({ exitCode: 2, stdout: '' });
    expect(cleared.stderr).toContain('--set: address.line1: must be a string, not null');
    sb.store.update('users', 'usr_member', { metadata: {} });
    expect((await agnt(['users', 'update', 'usr_member', '--set', 'metadata.n=0150', '--set', 'metadata.m=7'], { sb })).exitCode).toBe(0);
    expect((sb.store.get('users', 'usr_member') as { metadata: unknown }).metadata).toEqual({ n: '0150', m: 7 });
  });

  it('users update --set metadata.a keeps the other metadata keys', async () => {
    sb.store.update('users', 'usr_member', { metadata: { a: 1, b: 'keep' } });
    const res = await agnt(['users', 'update', 'usr_member', '--set', 'metadata.a=2'], { sb });
    expect(res.exitCode, res.stderr).toBe(0);
    expect((sb.store.get('users', 'usr_member') as { metadata: unknown }).metadata).toEqual({ a: 2, b: 'keep' });
  });

  it('help says what --set keeps and which lists are replaced, and how to add one tag', async () => {
    const help = await agnt(['contacts', 'update', '--help']);
    // commander wraps the description to the width; compare the words.
    help.stdout = help.stdout.replace(/\s+/g, ' ');
    expect(help.stdout).toMatch(/--set address\.city=Aarhus changes only that key/);
    expect(help.stdout).toMatch(/replace the whole list: to add or remove one tag, use `agnt contacts bulk-tag --ids ID --add TAG`/);
    const sso = await agnt(['org', 'sso', 'set', '--help']);
    expect(sso.stdout.replace(/\s+/g, ' ')).toMatch(/--set saml\.ssoUrl=URL changes only that key/);
  });
});

describe('sandbox answers', () => {
  it('POST /users/provision answers with the user id', async () => {
    const out = await agntJson(['users', 'provision', '--email', 'provisioned14@acme.test'], { sb });
    expect(out.user.id).toMatch(/^usr_/);
    expect(sb.store.get('users', out.user.id)).toBeTruthy();
  });

  it('onboarding session fields not documented |null are left out rather than null', async () => {
    const run = await agntJson(['onboarding', 'run'], { sb, as: 'member' });
    const session = await agntJson(['onboarding', 'get', run.sessionId], { sb, as: 'member' });
    expect(session.id).toBe(run.sessionId);
    expect('completedAt' in session).toBe(false);
    expect('finalize' in session).toBe(false);
    for (const [k, v] of Object.entries(session)) expect(v, k).not.toBeNull();
    // current-or-latest is the one onboarding answer whose row in the spec lists completedAt.
    const current = await agntJson(['onboarding', 'current'], { sb, as: 'member' });
    expect('completedAt' in current).toBe(true);
    const list = await agntJson(['onboarding', 'list'], { sb, as: 'member' });
    for (const item of list) for (const [k, v] of Object.entries(item)) expect(v, k).not.toBeNull();
  });
});
