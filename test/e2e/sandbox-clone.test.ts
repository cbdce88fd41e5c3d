// `agnt sandbox clone --from-profile NAME [ORG]` (issue 35, item 5): a live organization of 1,000
// members copied into a running sandbox with --pseudonymize holds none of the source's names,
// e-mails or phone numbers, keeps the supervision policy exactly (through the mapping file), and
// lists what it could not copy.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { agnt, agntProcess, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { makeContact, makeUser } from '../../src/sandbox/model.ts';
import { provisionedIdentifier } from '../../src/sandbox/areas/identifiers.ts';
import { seedOrganizations } from '../../src/sandbox/seed-doc.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Sb = Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
let source: Sb;
let target: Sb;
const MEMBERS = 1000;

beforeAll(async () => {
  dir = tempDir('agnt-clone-');
  source = await withSandbox({ exampleRecords: false });
  // 1,000 more members of Acme Corp, each with a name and a phone number; half in a second team.
  const labs = source.store.insert('teams', 'team', {
    account: 'acc_acme',
    name: 'Acme Labs',
    organization: 'org_acme',
    status: 'active',
    owner: null,
    brandingOnEvents: false,
    brandingOnMessages: false,
  });
  for (let i = 0; i < MEMBERS; i++) {
    const u = makeUser(source.store, {
      email: `person${i}@acme.test`,
      firstName: `Given${i}x`,
      lastName: `Family${i}y`,
      phone: `+1212${String(5550000 + i)}`,
      organization: 'org_acme',
      team: i % 2 ? labs.id : 'team_acme',
      teamRole: i === 1 ? 'owner' : 'member',
    });
    provisionedIdentifier(source.store, u);
  }
  target = await withSandbox({ bench: {}, seed: (store) => seedOrganizations(store, [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]) });
  // The source's supervision policy: one member's calendar automatic, another's reviewed.
  for (const [user, cell] of [
    ['usr_member', 'calendar.mode=auto'],
    ['usr_principal', 'email_as_user.mode=manual'],
  ] as const) {
    const r = await agnt(['preferences', 'matrix', 'patch', '--user', user, '--set', cell, '-o', 'json'], { sb: source });
    expect(r.exitCode).toBe(0);
  }
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      profiles: {
        prod: { baseUrl: source.baseUrl, token: source.tokens.admin },
        sandbox: { baseUrl: target.baseUrl, token: target.tokens['admin@sandbox.test'], controlToken: target.bench!.controlToken },
      },
      currentProfile: 'sandbox',
    }),
    { mode: 0o600 },
  );
});
afterAll(async () => {
  await Promise.all([source.dispose(), target.dispose()]);
  removeDir(dir);
});

describe('sandbox clone', () => {
  it('a 1,000-member organization, pseudonymized: none of its names, e-mails or phones; the same supervision policy', async () => {
    const mapping = join(dir, 'acme.mapping.json');
    const r = await agntProcess(['sandbox', 'clone', '--from-profile', 'prod', 'org_acme', '--pseudonymize', '--mapping', mapping], { configDir: dir });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`cloned org_acme (profile prod) into org_acme_corp at ${target.baseUrl}: ${MEMBERS + 8} member(s), 2 team(s), pseudonymized\n`);
    expect(r.stdout).toContain(`mapping (0600, never sent): ${mapping}\n`);
    expect(r.stdout).toMatch(/\nnot copied:\n {2}- drive file bytes.*\n {2}- chat history\n/);
    expect(statSync(mapping).mode & 0o777).toBe(0o600);
    const map = JSON.parse(readFileSync(mapping, 'utf8'));
    expect(map).toMatchObject({ kind: 'CloneMapping', source: { organization: 'org_acme' }, clone: { organization: 'org_acme_corp' } });
    expect(Object.keys(map.emails)).toHaveLength(MEMBERS + 8 + 1);

    // Nothing of the source's people is anywhere in the sandbox's state.
    const state = [...target.store.chunks()].join('');
    const people = source.store.filter('users', (u) => u.organization === 'org_acme');
    expect(people.length).toBe(MEMBERS + 8);
    // Full names (a seeded "Admin" or "Coordinator" alone is a word the sandbox uses anyway), and
    // the 1,000 generated given and family names, each unique.
    const leaks = people.flatMap((u) =>
      [u.email, u.name, u.phone, ...(/\d/.test(String(u.firstName)) ? [u.firstName, u.lastName] : [])].filter((v): v is string => typeof v === 'string' && state.includes(v)),
    );
    expect(people.filter((u) => u.phone).length).toBe(MEMBERS);
    expect(leaks).toEqual([]);
    // The clone has every member, under its pseudonym, and each has a token.
    const cloned = target.store.filter('users', (u) => u.organization === 'org_acme_corp');
    expect(cloned.map((u) => u.email).sort()).toEqual(
      Object.values(map.emails)
        .filter((e) => !String(e).includes('@assistants.'))
        .sort(),
    );
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(config.profiles.clone).toMatchObject({ baseUrl: target.baseUrl, user: map.emails['admin@acme.test'] });

    // The supervision policy, read back from the clone, is the source's with the e-mails mapped.
    const sourceDoc = parse((await agnt(['org', 'export', 'org_acme'], { sb: source })).stdout);
    const cloneDoc = parse((await agnt(['org', 'export', 'org_acme_corp'], { configDir: dir, env: { AGNT_PROFILE: 'clone' } })).stdout);
    const mapped = JSON.parse(JSON.stringify(sourceDoc.supervision), (_k, v) => (typeof v === 'string' && map.emails[v] ? map.emails[v] : v));
    expect(sourceDoc.supervision.rules?.length).toBeGreaterThan(0);
    // Rules are listed by the member's e-mail, so pseudonyms order them otherwise: the same set.
    const byRule = (s: { rules?: unknown[] }) => ({ ...s, rules: (s.rules ?? []).map((r) => JSON.stringify(r)).sort() });
    expect(byRule(cloneDoc.supervision)).toEqual(byRule(mapped));
    expect(cloneDoc.teams.map((t: { name: string; members: unknown[] }) => [t.name, t.members.length])).toEqual(
      sourceDoc.teams.map((t: { name: string; members: unknown[] }) => [t.name, t.members.length]),
    );

    // The same mapping file again: the same pseudonyms (a second clone into a fresh sandbox).
    const again = await withSandbox({ bench: {}, seed: (store) => seedOrganizations(store, [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]) });
    try {
      const r2 = await agntProcess(['sandbox', 'clone', '--from-profile', 'prod', '--pseudonymize', '--mapping', mapping, '--url', again.baseUrl], {
        configDir: dir,
        env: { AGNT_SANDBOX_TOKEN: again.bench!.controlToken },
      });
      expect(r2.exitCode).toBe(0);
      expect(
        again.store
          .filter('users', (u) => u.organization === 'org_acme_corp')
          .map((u) => u.email)
          .sort(),
      ).toEqual(cloned.map((u) => u.email).sort());
    } finally {
      await again.dispose();
    }
  });

  it("without --pseudonymize, the clone's export is the source's byte for byte", async () => {
    const prod = await withSandbox();
    const into = await withSandbox({ bench: {}, seed: (store) => seedOrganizations(store, [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]) });
    const config = tempDir('agnt-clone-plain-');
    try {
      writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { prod: { baseUrl: prod.baseUrl, token: prod.tokens.admin } } }), { mode: 0o600 });
      const r = await agntProcess(['sandbox', 'clone', '--from-profile', 'prod', '--url', into.baseUrl], { configDir: config, env: { AGNT_SANDBOX_TOKEN: into.bench!.controlToken } });
      expect(r.exitCode).toBe(0);
      const a = await agnt(['org', 'export', 'org_acme'], { sb: prod });
      const b = await agnt(['org', 'export', 'org_acme_corp'], { configDir: config, env: { AGNT_PROFILE: 'clone' } });
      expect(b).toEqual({ exitCode: 0, stdout: a.stdout, stderr: '' });
    } finally {
      await Promise.all([prod.dispose(), into.dispose()]);
      removeDir(config);
    }
  });

  it("--with contacts,coverage --pseudonymize: the same contacts and spans, their people the cloned members, none of the source's names, e-mails or phones", async () => {
    const prod = await withSandbox();
    const into = await withSandbox({ bench: {}, seed: (store) => seedOrganizations(store, [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]) });
    const config = tempDir('agnt-clone-with-');
    try {
      const admin = prod.store.lookup('users', 'email', 'admin@acme.test')[0]!;
      // The admin's own contacts in full (phones among them), and a member's contact whose e-mail
      // is another member's: it must map to that member's pseudonym.
      for (let i = 0; i < 3; i++)
        makeContact(prod.store, {
          account: admin.account,
          user: admin.id,
          email: `client${i}@customer.test`,
          name: `Client Name${i}`,
          phones: [{ number: `+4420700${i}1234`, type: 'work', primary: true }],
        });
      makeContact(prod.store, { account: admin.account, user: 'usr_member', email: 'admin@acme.test', name: 'Ada Adminsson' });
      makeContact(prod.store, { account: admin.account, user: 'usr_principal', email: 'vendor@supplier.test', name: 'Vera Vendorova' });
      const members = new Set(prod.store.filter('users', (u) => u.organization === 'org_acme').map((u) => u.id));
      const contacts = prod.store.filter('contacts', (c) => members.has(c.user));
      const spans = prod.store.filter('coverageSpans', (s) => s.account === admin.account);
      expect(spans.length).toBeGreaterThan(0);
      expect(contacts.filter((c) => c.user !== admin.id).length).toBeGreaterThan(1);
      writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { prod: { baseUrl: prod.baseUrl, token: prod.tokens.admin } } }), { mode: 0o600 });
      const mapping = join(config, 'mapping.json');
      const r = await agnt(['sandbox', 'clone', '--from-profile', 'prod', '--url', into.baseUrl, '--with', 'contacts,coverage', '--pseudonymize', '--mapping', mapping], {
        configDir: config,
        env: { AGNT_SANDBOX_TOKEN: into.bench!.controlToken },
      });
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`, ${contacts.length} contact(s), ${spans.length} coverage span(s), pseudonymized\n`);
      expect(r.stdout).not.toMatch(/- contacts \(|- coverage spans \(/);
      expect(r.stdout).toContain("of other members' contacts, everything but name and e-mail");

      const cloned = new Map(into.store.filter('users', (u) => u.organization === 'org_acme_corp').map((u) => [u.id, u.email]));
      const map = JSON.parse(readFileSync(mapping, 'utf8'));
      const emailOf = (id: string) => prod.store.get('users', id)!.email;
      // The same contacts, each under its owner's pseudonym, its e-mail the pseudonym of the source's.
      const got = into.store.filter('contacts', (c) => cloned.has(c.user)).map((c) => `${cloned.get(c.user)} ${c.email}`);
      expect(got.sort()).toEqual(contacts.map((c) => `${map.emails[emailOf(c.user)]} ${map.emails[c.email.toLowerCase()]}`).sort());
      expect(into.store.filter('contacts', (c) => c.email === map.emails['admin@acme.test'] && cloned.get(c.user) === map.emails['member@acme.test'])).toHaveLength(
        contacts.filter((c) => c.email === 'admin@acme.test' && c.user === 'usr_member').length,
      );
      // The same spans: primary coordinator and each principal and backup, mapped.
      const shape = (store: typeof prod.store, account: string, email: (id: string) => string) =>
        store
          .filter('coverageSpans', (s) => s.account === account)
          .map((s) =>
            JSON.stringify([
              email(s.primaryCoordinator),
              s.startAt,
              s.endAt,
              s.reason,
              store
                .lookup('coverageSpanPrincipals', 'span', s.id)
                .map((p) => `${email(p.principal)}>${email(p.backupCoordinator)}`)
                .sort(),
            ]),
          )
          .sort();
      expect(shape(into.store, into.store.get('organizations', 'org_acme_corp')!.account, (id) => cloned.get(id)!)).toEqual(shape(prod.store, admin.account, (id) => map.emails[emailOf(id)]));

      // None of the source's people, nor its contacts' names, e-mails or phones, is in the sandbox.
      const state = [...into.store.chunks()].join('');
      const leaks = contacts.flatMap((c) => [c.email, c.name, ...(c.phones ?? []).map((p: { number: string }) => p.number)]).filter((v) => typeof v === 'string' && v.length > 4 && state.includes(v));
      expect(leaks).toEqual([]);
      expect(into.store.filter('contacts', (c) => c.phones?.length).length).toBeGreaterThanOrEqual(3);

      // Without --with, both are listed as not copied.
      const again = await withSandbox({ bench: {}, seed: (store) => seedOrganizations(store, [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]) });
      try {
        const plain = await agnt(['sandbox', 'clone', '--from-profile', 'prod', '--url', again.baseUrl], { configDir: config, env: { AGNT_SANDBOX_TOKEN: again.bench!.controlToken } });
        expect(plain.exitCode).toBe(0);
        expect(plain.stdout).toContain('  - contacts (copy them with --with contacts)\n  - coverage spans (copy them with --with coverage)\n');
        expect(again.store.filter('contacts', (c) => again.store.get('users', c.user)?.organization === 'org_acme_corp')).toEqual([]);
      } finally {
        await again.dispose();
      }
    } finally {
      await Promise.all([prod.dispose(), into.dispose()]);
      removeDir(config);
    }
  });

  it('bad input is exit 2 before anything is read', async () => {
    const none = await agntProcess(['sandbox', 'clone', '--from-profile', 'nosuch'], { configDir: dir });
    expect(none.stderr).toMatch(/^error: --from-profile: no profile named 'nosuch'\n/);
    expect(none.exitCode).toBe(2);
    const mark = source.requests.length;
    const noFlag = await agntProcess(['sandbox', 'clone', '--from-profile', 'prod', '--mapping', 'x.json'], { configDir: dir });
    expect(noFlag.stderr).toMatch(/^error: --mapping goes with --pseudonymize/);
    expect(noFlag.exitCode).toBe(2);
    const unknown = await agntProcess(['sandbox', 'clone', '--from-profile', 'prod', '--with', 'contacts,calendars'], { configDir: dir });
    expect(unknown.stderr).toMatch(/^error: --with: unknown 'calendars' \(one or more of: contacts, coverage/);
    expect(unknown.exitCode).toBe(2);
    expect(source.requests.length).toBe(mark);
  });
});
