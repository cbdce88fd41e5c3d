// The seeded account (contract section 6): an organization, a team, an organization admin, a
// coordinator, a coordinator manager, a backup coordinator, members, principals, an assistant
// and some contacts, with one API token per seeded user. Ids are fixed so that docs and
// tests can name them; tokens are random per sandbox.
import type { Store } from './store.ts';
import { ACCOUNT, ORG, TEAM, issueToken, makeContact, makeUser } from './model.ts';

export function seedBase(store: Store): void {
  store.insert('organizations', 'org', { id: ORG, account: ACCOUNT, name: 'Acme Corp', defaultTeam: TEAM, defaultAssistant: 'ast_ava', sso: { enabled: false, enforced: false, provider: null } });
  store.insert('organizations', 'org', {
    id: 'org_globex',
    account: 'acc_globex',
    name: 'Globex',
    defaultTeam: null,
    defaultAssistant: null,
    sso: { enabled: false, enforced: false, provider: null },
  });
  store.insert('teams', 'team', {
    id: TEAM,
    account: ACCOUNT,
    name: 'Acme Executive Team',
    organization: ORG,
    status: 'active',
    owner: 'usr_admin',
    brandingOnEvents: false,
    brandingOnMessages: false,
  });

  const base = { organization: ORG, team: TEAM, timezone: 'America/New_York' };
  const users = [
    { id: 'usr_admin', role: 'admin', email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin', organizationRole: 'admin', teamRole: 'owner' },
    { id: 'usr_coord', role: 'coordinator', email: 'coordinator@acme.test', firstName: 'Cory', lastName: 'Coordinator', teamRole: 'member', coordinatorEnabled: true },
    { id: 'usr_manager', role: 'manager', email: 'manager@acme.test', firstName: 'Max', lastName: 'Manager', teamRole: 'admin', coordinatorEnabled: true, managerRoles: ['ea_manager'] },
    { id: 'usr_backup', role: 'backup', email: 'backup@acme.test', firstName: 'Bea', lastName: 'Backup', teamRole: 'member', coordinatorEnabled: true },
    { id: 'usr_member', role: 'member', email: 'member@acme.test', firstName: 'Mia', lastName: 'Member', teamRole: 'member' },
    { id: 'usr_principal', role: 'principal', email: 'principal@acme.test', firstName: 'Pat', lastName: 'Principal', teamRole: 'member' },
    { id: 'usr_principal2', role: 'principal2', email: 'principal2@acme.test', firstName: 'Quinn', lastName: 'Principal', teamRole: 'member' },
  ];
  for (const { role, ...u } of users) {
    makeUser(store, { ...base, ...u, assistant: 'ast_ava', assistantName: 'Ava' });
    issueToken(store, role, u.id);
  }
  // A principal who never signed up (a "ghost"), and a user of another organization.
  makeUser(store, { id: 'usr_ghost', email: 'ghost@acme.test', firstName: 'Gus', lastName: 'Ghost', organization: ORG, registered: false });
  makeUser(store, { id: 'usr_globex', email: 'hank@globex.test', firstName: 'Hank', lastName: 'Scorpio', organization: 'org_globex', organizationRole: 'admin' });
  issueToken(store, 'other', 'usr_globex');

  const writingStyle = { professionalism: 0.8, humor: 0.2, emojiUse: 0, characterInspiration: '', externalCommunication: 'concise', oneOnOneCommunication: 'warm' };
  const assistant = {
    account: ACCOUNT,
    organization: ORG,
    team: null,
    user: null,
    member: null,
    avatarUrl: null,
    signature: null,
    signatureEditorMode: 'visual',
    personality: 'Calm and precise',
    tagline: null,
    backstory: null,
    role: null,
    displayPersonality: null,
    tag1: null,
    tag2: null,
    pronouns: null,
    country: null,
    gender: null,
    signaturePhrases: [],
    writingStyle,
    voice: null,
    status: 'active',
    isSystemTemplate: false,
    talkToStrangers: false,
    metadata: {},
    inboxPlatform: null,
    inboxAuthError: false,
    channels: {},
    appearanceDescription: '',
    tags: {},
    deletedAt: null,
    retiredEmail: null,
    emailReleasedAt: null,
  };
  store.insert('assistants', 'ast', { ...assistant, id: 'ast_ava', scope: 'organization', name: 'Ava', email: 'ava@assistants.acme.test' });
  store.insert('assistants', 'ast', { ...assistant, id: 'ast_private', scope: 'user', organization: null, user: 'usr_member', name: 'Mo', email: 'mo@assistants.acme.test' });
  store.insert('assistants', 'ast', { ...assistant, id: 'ast_globex', scope: 'organization', organization: 'org_globex', account: 'acc_globex', name: 'Gil', email: 'gil@assistants.globex.test' });

  const contacts = [
    {
      id: 'con_carol',
      name: 'Carol Client',
      email: 'carol@client.test',
      company: 'Client Co',
      title: 'CEO',
      tags: ['vip'],
      externalIds: [{ integration: 'crm', externalId: '0031x000004TmYq', syncedAt: null }],
    },
    { id: 'con_dan', name: 'Dan Vendor', email: 'dan@vendor.test', company: 'Vendor Ltd', title: 'Account Manager', tags: ['vendor'] },
    { id: 'con_erin', name: 'Erin Partner', email: 'erin@partner.test', company: 'Partner LLC', title: 'CTO', tags: [] },
  ];
  for (const c of contacts) {
    const slug = c.company.toLowerCase().replace(/\W+/g, '-');
    makeContact(store, {
      id: c.id,
      user: 'usr_admin',
      name: c.name,
      externalIds: c.externalIds ?? [],
      email: c.email,
      title: c.title,
      tags: c.tags,
      company: { id: `co_${slug.replace(/-/g, '')}`, name: c.company, slug, domain: c.email.split('@')[1] },
    });
  }
  // Carol and Erin are partners: a relationship that help examples name.
  store.insert('contactRelationships', 'rel', {
    id: 'rel_carol_erin',
    account: ACCOUNT,
    user: 'usr_admin',
    fromContact: 'con_carol',
    toContact: 'con_erin',
    type: 'partner',
    role: 'Co-founder',
    isPrimary: false,
    notes: null,
  });
}
