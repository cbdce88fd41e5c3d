import { describe, expect, it } from 'vitest';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';
import { contacts } from '../../commands/contacts.ts';
import { expectHelpForEvery, requestsTo } from './shared.ts';

const sb = sandboxForFile();

const sent = (method: string, path: RegExp) => requestsTo(sb, method, path);

async function newContact(email: string, extra: string[] = [], as = 'admin'): Promise<string> {
  const r = await agnt(['contacts', 'create', '--email', email, ...extra, '-o', 'id'], { sb, as });
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return r.stdout.trim();
}

describe('contacts', () => {
  it('creates a contact with phones, e-mails, external ids, properties, tags, scope and priority', async () => {
    const c = await agntJson(
      [
        'contacts',
        'create',
        '--email',
        'jo@example.test',
        '--name',
        'Jo Doe',
        '--company',
        'Example Inc',
        '--title',
        'COO',
        '--phones',
        '[{"number":"+15551230000","type":"mobile"}]',
        '--emails',
        '- {address: jo.home@example.test, type: personal}',
        '--external-ids',
        '[{"integration":"crm","externalId":"J-1"}]',
        '--properties',
        '{"tier":"gold"}',
        '--tags',
        'vip',
        '--tags',
        'board',
        '--scope',
        'team',
        '--priority',
        '2',
        '--source',
        'crm',
      ],
      { sb },
    );
    expect(c).toMatchObject({
      name: 'Jo Doe',
      email: 'jo@example.test',
      title: 'COO',
      company: { name: 'Example Inc', slug: 'example-inc', domain: 'example.test' },
      phones: [{ number: '+15551230000', type: 'mobile', primary: true }],
      emails: [
        { address: 'jo@example.test', primary: true },
        { address: 'jo.home@example.test', type: 'personal', primary: false },
      ],
      externalIds: [{ integration: 'crm', externalId: 'J-1', syncedAt: null }],
      properties: { tier: 'gold' },
      tags: ['vip', 'board'],
      scope: 'team',
      team: 'team_acme',
      priority: 2,
      source: { type: 'crm' },
      outgoingRelationships: [],
      incomingRelationships: [],
    });
    // A team contact is visible to the rest of the team.
    const seen = await agntJson(['contacts', 'get', c.id], { sb, as: 'member' });
    expect(seen.id).toBe(c.id);
  });

  it('checks enums and nested keys locally', async () => {
    const before = sb.requests.length;
    const bad = await agnt(['contacts', 'create', '--email', 'x@x.test', '--scope', 'world'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--scope: invalid value 'world' \(allowed: user, team\)/);
    const badKey = await agnt(['contacts', 'create', '--email', 'x@x.test', '--phones', '[{"num":"1"}]'], { sb });
    expect(badKey.exitCode).toBe(2);
    expect(badKey.stderr).toMatch(/unknown field 'num' \(allowed: number, type, primary\)/);
    const missing = await agnt(['contacts', 'create', '--name', 'No Mail'], { sb });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/--email is required/);
    expect(sb.requests.length).toBe(before);
  });

  it('lists with filters', async () => {
    const a = await newContact('filter-a@list.test', ['--name', 'Filter Alpha', '--tags', 'listtest,alpha', '--phones', '[{"number":"+15559990001"}]']);
    const b = await newContact('filter-b@list.test', ['--name', 'Filter Beta', '--tags', 'listtest', '--source', 'imported']);
    const ids = async (args: string[]) => (await agnt(['contacts', 'list', ...args, '--all', '-o', 'id'], { sb })).stdout.trim().split('\n').filter(Boolean);
    expect(await ids(['--tags', 'listtest'])).toEqual([a, b]);
    expect(await ids(['--tags', 'listtest,alpha'])).toEqual([a]);
    expect(await ids(['--search', 'filter beta'])).toEqual([b]);
    expect(await ids(['--q', '+15559990001'])).toEqual([a]);
    expect(await ids(['--source-type', 'imported', '--tags', 'listtest'])).toEqual([b]);
    expect(await ids(['--user-id', 'usr_admin', '--status', 'active', '--scope', 'user', '--tags', 'listtest'])).toEqual([a, b]);
    const table = await agnt(['contacts', 'list', '--search', 'carol'], { sb });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+EMAIL\s+COMPANY\s+TITLE\s+TAGS\s+SCOPE\n/);
    expect(table.stdout).toMatch(/^con_\w+\s+Carol Client\s+carol@client\.test\s+Client Co\s+CEO\s+vip\s+user$/m);
  });

  it('updates a contact, including clearing a field with null', async () => {
    const id = await newContact('upd@example.test', ['--company', 'Old Co']);
    const c = await agntJson(['contacts', 'update', id, '--title', 'CFO', '--company', 'null', '--set', 'address.city=Paris', '--tags', 'a,b'], { sb });
    expect(c).toMatchObject({ id, title: 'CFO', company: null, address: { city: 'Paris' }, tags: ['a', 'b'] });
    expect(sent('PUT', new RegExp(`^/contacts/${id}$`)).at(-1)?.body).toEqual({ title: 'CFO', company: null, address: { city: 'Paris' }, tags: ['a', 'b'] });
  });

  it('delete refuses without --yes when stdin is not a terminal, then deletes with it', async () => {
    const id = await newContact('del@example.test');
    const r = await agnt(['contacts', 'delete', id], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: Delete contact con_\w+: refusing without --yes when not on a terminal/);
    expect(sent('DELETE', new RegExp(`^/contacts/${id}$`))).toHaveLength(0);
    const ok = await agntJson(['contacts', 'delete', id, '--yes'], { sb });
    expect(ok).toMatchObject({ id, deleted: true });
    expect((await agnt(['contacts', 'get', id], { sb })).exitCode).toBe(3);
  });

  it('adds, updates and removes relationships; get shows both directions', async () => {
    const boss = await newContact('boss@rel.test', ['--name', 'Boss']);
    const ea = await newContact('ea@rel.test', ['--name', 'EA']);
    const rel = await agntJson(['contacts', 'relationships', 'add', boss, '--to-contact-id', ea, '--type', 'assistant', '--role', 'Executive assistant', '--is-primary'], { sb });
    expect(rel).toMatchObject({ fromContact: boss, toContact: ea, type: 'assistant', role: 'Executive assistant', isPrimary: true, notes: null });

    const b = await agntJson(['contacts', 'get', boss], { sb });
    expect(b.outgoingRelationships.map((r: { id: string }) => r.id)).toEqual([rel.id]);
    const e = await agntJson(['contacts', 'get', ea], { sb });
    expect(e.incomingRelationships.map((r: { id: string }) => r.id)).toEqual([rel.id]);

    const upd = await agntJson(['contacts', 'relationships', 'update', boss, rel.id, '--notes', 'Prefers mornings', '--role', 'null', '--no-is-primary'], { sb });
    expect(upd).toMatchObject({ id: rel.id, notes: 'Prefers mornings', role: null, isPrimary: false });

    const badType = await agnt(['contacts', 'relationships', 'add', boss, '--to-contact-id', ea, '--type', 'friend'], { sb });
    expect(badType.exitCode).toBe(2);
    const refused = await agnt(['contacts', 'relationships', 'remove', boss, rel.id], { sb });
    expect(refused.exitCode).toBe(2);
    const rm = await agntJson(['contacts', 'relationships', 'remove', boss, rel.id, '--yes'], { sb });
    expect(rm).toMatchObject({ id: rel.id, deleted: true });
    expect((await agntJson(['contacts', 'get', boss], { sb })).outgoingRelationships).toEqual([]);
  });

  it('merges: e-mails and phones are joined, relationships move, the merged contact is deleted', async () => {
    const keep = await newContact('pat@merge.test', ['--name', 'Pat', '--phones', '[{"number":"+15550000001"}]', '--tags', 'x']);
    const dup = await newContact('pat.private@merge.test', [
      '--name',
      'Pat P.',
      '--title',
      'Founder',
      '--phones',
      '[{"number":"+1 555 000 0001"},{"number":"+15550000002","type":"work"}]',
      '--tags',
      'y',
    ]);
    const other = await newContact('friend@merge.test');
    const r1 = await agntJson(['contacts', 'relationships', 'add', other, '--to-contact-id', dup, '--type', 'partner'], { sb });
    const r2 = await agntJson(['contacts', 'relationships', 'add', dup, '--to-contact-id', other, '--type', 'other'], { sb });
    const self = await agntJson(['contacts', 'relationships', 'add', keep, '--to-contact-id', dup, '--type', 'other'], { sb });

    const m = await agntJson(['contacts', 'merge', keep, '--merge-contact-id', dup, '--preferred-email', 'pat.private@merge.test'], { sb });
    expect(m).toMatchObject({ id: keep, merged: true, mergedContactId: dup, name: 'Pat', title: 'Founder', email: 'pat.private@merge.test', tags: ['x', 'y'] });
    expect(m.emails.map((e: { address: string; primary: boolean }) => [e.address, e.primary])).toEqual([
      ['pat@merge.test', false],
      ['pat.private@merge.test', true],
    ]);
    expect(m.phones.map((p: { number: string }) => p.number)).toEqual(['+15550000001', '+15550000002']);
    expect(m.incomingRelationships.map((r: { id: string; fromContact: string }) => [r.id, r.fromContact])).toEqual([[r1.id, other]]);
    expect(m.outgoingRelationships.map((r: { id: string; toContact: string }) => [r.id, r.toContact])).toEqual([[r2.id, other]]);
    // The relationship between the two merged contacts would point at itself: it is dropped.
    expect(sb.store.get('contactRelationships', self.id)).toBeUndefined();

    const gone = await agnt(['contacts', 'get', dup], { sb });
    expect(gone.exitCode).toBe(3);
    const intoSelf = await agnt(['contacts', 'merge', keep, '--merge-contact-id', keep], { sb });
    expect(intoSelf.exitCode).toBe(5);
  });

  it('sets an external id and finds the contact by it', async () => {
    const id = await newContact('ext@example.test');
    const c = await agntJson(['contacts', 'external-ids', 'set', id, 'crm', '--external-id', '0031x-ABC'], { sb });
    expect(c.externalIds).toEqual([{ integration: 'crm', externalId: '0031x-ABC', syncedAt: expect.any(String) }]);
    const found = await agnt(['contacts', 'external-ids', 'find', 'crm', '0031x-ABC', '-o', 'id'], { sb });
    expect(found.stdout).toBe(`${id}\n`);
    const other = await newContact('ext2@example.test');
    const taken = await agnt(['contacts', 'external-ids', 'set', other, 'crm', '--external-id', '0031x-ABC'], { sb });
    expect(taken.exitCode).toBe(5);
    expect(taken.stderr).toMatch(/already belongs to contact/);
    const missing = await agnt(['contacts', 'external-ids', 'find', 'crm', 'nope'], { sb });
    expect(missing.exitCode).toBe(3);
  });

  it('bulk-tag tags the visible contacts, lists the others and exits 6', async () => {
    const a = await newContact('bt-a@example.test');
    const b = await newContact('bt-b@example.test');
    const hidden = await newContact('bt-hidden@example.test', [], 'member');
    const r = await agnt(['contacts', 'bulk-tag', '--ids', `${a},${hidden},${b},con_nope`, '--add', 'hot', '--remove', 'cold'], { sb });
    expect(r.exitCode).toBe(6);
    expect(r.stdout).toBe(`updated 2 of 4 contacts; 2 failed: ${hidden}, con_nope\n`);
    expect(r.stderr).toContain(`${hidden}: error: contact not found or not visible to you\n`);
    expect(r.stderr).toContain('con_nope: error: contact not found or not visible to you\n');
    expect(r.stderr).toMatch(/^error: 2 of 4 contacts were not tagged$/m);
    expect((await agntJson(['contacts', 'get', a], { sb })).tags).toContain('hot');
    expect(sb.store.get('contacts', hidden)!.tags).toEqual([]);

    const json = await agnt(['contacts', 'bulk-tag', '--ids', `${a},${hidden}`, '--add', 'warm', '-o', 'json'], { sb });
    expect(json.exitCode).toBe(6);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, updated: 1, total: 2, failed: [{ id: hidden, reason: expect.any(String) }] });

    const piped = await agnt(['contacts', 'bulk-tag', '--ids', '-', '--add', 'piped'], { sb, input: `${a}\n${b}\n` });
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout).toBe('updated 2 of 2 contacts\n');
    expect((await agntJson(['contacts', 'get', b], { sb })).tags).toEqual(['hot', 'piped']);
  });

  it('upserts property definitions by entity type and key, and lists them by entity type', async () => {
    const first = await agntJson(['contacts', 'properties', 'set', 'company', 'industry', '--label', 'Industry', '--type', 'select', '--options', 'saas,retail'], { sb });
    expect(first).toMatchObject({
      entityType: 'company',
      key: 'industry',
      label: 'Industry',
      type: 'select',
      options: ['saas', 'retail'],
      showForAll: false,
      scope: 'user',
      team: null,
      user: 'usr_admin',
    });
    const again = await agntJson(['contacts', 'properties', 'set', 'company', 'industry', '--options', 'saas,retail,health', '--show-for-all'], { sb });
    expect(again).toMatchObject({ id: first.id, label: 'Industry', options: ['saas', 'retail', 'health'], showForAll: true });

    const companies = await agntJson(['contacts', 'properties', 'list', '--entity-type', 'company'], { sb });
    expect(companies.map((d: { key: string }) => d.key)).toEqual(['industry']);
    const table = await agnt(['contacts', 'properties', 'list'], { sb });
    expect(table.stdout).toMatch(/^ENTITY\s+KEY\s+LABEL\s+TYPE\s+OPTIONS\s+SCOPE\s+FOR_ALL$/m);
    expect(table.stdout).toMatch(/^contact\s+tier\s+Tier\s+select\s+gold, silver, bronze\s+team\s+true$/m);

    const before = sb.requests.length;
    const bad = await agnt(['contacts', 'properties', 'set', 'deal', 'stage', '--label', 'Stage'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/entityType: invalid value 'deal' \(allowed: contact, company\)/);
    expect(sb.requests.length).toBe(before);
    const noOptions = await agnt(['contacts', 'properties', 'set', 'contact', 'stage', '--type', 'select'], { sb });
    expect(noOptions.exitCode).toBe(5);
  });

  it('names the endpoint and an example in every --help', async () => {
    await expectHelpForEvery(contacts);
  });
});
