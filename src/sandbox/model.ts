// Record shapes shared by several sandbox areas, and the role checks the spec names.
import { randomBytes } from 'node:crypto';
import type { Store, Rec } from './store.ts';

export const ACCOUNT = 'acc_acme';
export const ORG = 'org_acme';
export const TEAM = 'team_acme';

/** A full User (part 1, 2.4) with defaults for the fields not given. */
export function makeUser(store: Store, fields: Rec): Rec {
  const first = fields.firstName ?? '';
  const last = fields.lastName ?? '';
  const name = fields.name ?? ([first, last].filter(Boolean).join(' ') || null);
  return store.insert('users', 'usr', {
    account: ACCOUNT,
    email: fields.email,
    externalId: undefined,
    assistant: null,
    name,
    avatarUrl: null,
    firstName: first || undefined,
    lastName: last || undefined,
    timezone: 'UTC',
    locale: 'en-US',
    country: null,
    organization: null,
    organizationRole: 'member',
    managerRoles: [],
    coordinatorEnabled: false,
    team: null,
    teamRole: null,
    status: 'active',
    voice: null,
    unreadInboxCount: 0,
    notificationPromptDismissed: false,
    metadata: {},
    username: null,
    referralCode: null,
    preferences: { routingOverrides: [], reminders: {}, preferredProviders: {}, preferredContactChannel: {} },
    assistantName: null,
    appName: null,
    consciousnessEnabled: false,
    registered: true,
    // An id left undefined by the caller must not replace the one the store makes (POST
    // /users/provision without an id answered a user with none; part 1, 2.4 requires it).
    ...Object.fromEntries(Object.entries(fields).filter(([k, v]) => !(k === 'id' && v === undefined))),
  });
}

/** The user as the API returns it: internal keys (registered) stay inside the sandbox. */
export function userView(store: Store, u: Rec): Rec {
  const { registered: _r, ...rest } = u;
  const team = u.team ? store.get('teams', u.team) : null;
  // Assigned rather than spread into a second copy (this is on every GET /users/me); 'team' keeps
  // its place among the keys either way.
  rest.team = team ? { id: team.id, name: team.name, organization: team.organization ?? null, status: team.status ?? 'active' } : null;
  return rest;
}

export function issueToken(store: Store, role: string, userId: string, token?: string): string {
  const t = token ?? `agnt_sbx_${role}_${randomBytes(18).toString('base64url')}`;
  store.meta.tokens[t] = { role, userId };
  return t;
}

export const isOrgAdmin = (u: Rec | null | undefined): boolean => !!u && u.organizationRole === 'admin' && !!u.organization;
export const isManager = (u: Rec | null | undefined): boolean => !!u && Array.isArray(u.managerRoles) && u.managerRoles.includes('ea_manager');
export const sameOrg = (a: Rec | null | undefined, b: Rec | null | undefined): boolean => !!a && !!b && !!a.organization && a.organization === b.organization;

/** Who may see an assistant, by its scope (part 1, 2.6). */
export function assistantVisible(caller: Rec, a: Rec): boolean {
  if (a.deletedAt) return false;
  switch (a.scope) {
    case 'account':
      return a.account === caller.account;
    case 'organization':
      return !!a.organization && a.organization === caller.organization;
    case 'team':
      return !!a.team && a.team === caller.team;
    case 'user':
      return a.user === caller.id;
    default:
      return false;
  }
}

/** A full Contact (part 1, 2.7) with defaults for the fields not given: CONTACT_TEMPLATE's. */
export function makeContact(store: Store, fields: Rec): Rec {
  const email = fields.email ?? fields.emails?.[0]?.address ?? null;
  const contact: Rec = {};
  for (const [k, v] of CONTACT_DEFAULTS) contact[k] = Array.isArray(v) ? [] : v !== null && typeof v === 'object' ? {} : v;
  contact.email = email;
  contact.emails = email ? [{ address: email, type: 'work', primary: true, source: 'manual' }] : [];
  contact.source = { type: 'manual', userId: fields.user ?? null };
  return store.insert('contacts', 'con', Object.assign(contact, fields));
}

/**
 * A contact's fields in the order makeContact and the store give them, with the defaults
 * makeContact sets (undefined: none). The store keeps contacts packed by it (packing.ts): a
 * field left at its default costs nothing. A contact whose fields differ from this list is
 * still kept, only less compactly.
 */
export const CONTACT_TEMPLATE: Rec = {
  id: undefined,
  account: ACCOUNT,
  user: null,
  name: null,
  preferredName: null,
  email: undefined,
  emails: undefined,
  phones: [],
  appmsgBCapable: null,
  company: null,
  title: null,
  timezone: null,
  tzOffset: null,
  photoUrl: null,
  website: null,
  bookingLink: null,
  social: {},
  address: {},
  enrichedAt: null,
  enrichmentVersion: 0,
  source: undefined,
  lastContactedAt: null,
  externalIds: [],
  properties: {},
  priority: 0,
  inheritCompanyPriority: true,
  tags: [],
  introducedBy: null,
  scope: 'user',
  team: null,
  status: 'active',
  consumer: null,
  assistant: null,
  createdAt: undefined,
  updatedAt: undefined,
};

// The template's fields in its order, less those the store sets (id and the timestamps). Lists
// and objects among the defaults are made anew for each contact.
const CONTACT_DEFAULTS = Object.entries(CONTACT_TEMPLATE).filter(([k]) => k !== 'id' && k !== 'createdAt' && k !== 'updatedAt');

/** Text that recurs in contacts, packed as one character each (packing.ts). */
export const CONTACT_FRAGMENTS = [
  '[{"address":"',
  '","type":"work","primary":true,"source":"imported"}]',
  '","type":"other","primary":true,"source":"imported"}]',
  '","type":"',
  '","primary":',
  ',"source":"',
  '[{"number":"',
  '{"id":"co_',
  '","name":"',
  '","slug":"',
  '","domain":"',
  '{"type":"imported","userId":"usr_',
  '{"type":"manual","userId":"usr_',
  '"imported"',
  '"manual"',
  '"customer"',
  '"usr_',
];

/** A contact is visible to its owner, and to the team when it is team-scoped. */
export function contactVisible(caller: Rec, c: Rec): boolean {
  return c.account === caller.account && (c.user === caller.id || (c.scope === 'team' && !!c.team && c.team === caller.team));
}
