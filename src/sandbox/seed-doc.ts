// The state of `agnt sandbox start --seed FILE` and `--empty`: instead of the built-in account,
// one organization per document with only its admin; `agnt sandbox start` then applies each
// document to it with `agnt org apply` (the one implementation of what a document means), and
// gives every user a token.
import { randomBytes } from 'node:crypto';
import { makeUser, issueToken } from './model.ts';
import { provisionedIdentifier } from './areas/identifiers.ts';
import { create as createAssistant } from './areas/assistants.ts';
import type { Store } from './store.ts';

export interface SeedOrg {
  name: string;
  adminEmail: string;
  /** The default assistant the document names (an e-mail, or a name): made in the organization. */
  assistant?: string | null;
}

/** A token keyed by the user's e-mail, its text made of the e-mail's local part. */
function tokenFor(store: Store, email: string, userId: string): void {
  const e = email.toLowerCase();
  issueToken(store, e, userId, `agnt_sbx_${slug(e.split('@')[0]!)}_${randomBytes(6).toString('hex')}`);
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'org';

/** The organization id a seeded organization gets: org_ and its name ('Acme Corp': org_acme_corp). */
export function seedOrgId(name: string): string {
  return `org_${slug(name)}`;
}

/** One organization per entry, each with its admin (a user and a token) and its own company. */
export function seedOrganizations(store: Store, orgs: SeedOrg[]): void {
  for (const o of orgs) {
    const id = seedOrgId(o.name);
    const account = `acc_${slug(o.name)}`;
    const admin = makeUser(store, { email: o.adminEmail.toLowerCase(), account, organization: id, organizationRole: 'admin', firstName: 'Admin' });
    // Its e-mail as its primary identifier, as every user the API provisions has: the supervision
    // matrix lives there, so without one the document's supervision would skip the admin and an
    // export would not give the document back.
    provisionedIdentifier(store, admin);
    store.insert('organizations', 'org', {
      id,
      account,
      name: o.name,
      defaultTeam: null,
      defaultAssistant: null,
      sso: { enabled: false, enforced: false, provider: null },
      admins: [],
      createdBy: admin.id,
      defaultModelTiers: { chat: null, task: null },
    });
    // The organization's own company, so that a document's profile section can be applied.
    store.insert('companies', 'co', { name: o.name, industry: null, website: null, domain: null, location: null, profNetAUrl: null, ownOrgProfile: {}, claimedBy: account, orgAdmins: [admin.id] });
    tokenFor(store, o.adminEmail, admin.id);
    // The assistant the document names as the default, so that apply finds it by its key.
    if (o.assistant) {
      const email = o.assistant.includes('@') ? o.assistant.toLowerCase() : undefined;
      const local = (email ?? o.assistant).split('@')[0]!;
      const name = email ? local.charAt(0).toUpperCase() + local.slice(1) : o.assistant;
      createAssistant(store, admin, { scope: 'organization', organization: id, name, ...(email ? { email } : {}) });
    }
  }
}

/** Gives a token to every user that has none (the members a document added), keyed by e-mail. */
export function tokensForAll(store: Store): void {
  const have = new Set(Object.values(store.meta.tokens as Record<string, { userId: string }>).map((t) => t.userId));
  for (const u of store.values('users')) if (!have.has(u.id) && u.email) tokenFor(store, String(u.email), u.id);
  store.touch();
}
