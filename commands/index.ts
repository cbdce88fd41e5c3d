// Every area's commands, in help order (the spec's sections). This index is all that start-up
// reads: an area's records (and its API model) load only when one of its commands runs, or
// when a command needs the whole tree (commands, completion). test/unit/command-index.test.ts
// checks that the names, aliases and summaries here are those of the records.
import type { AreaSpec } from '../src/core/spec.ts';
import { mergeAreas } from '../src/core/builder.ts';

export interface AreaEntry {
  name: string;
  aliases?: string[];
  summary: string;
  /** The area's records (an area may be split over several files). */
  load: () => Promise<AreaSpec[]>;
}

export const AREA_INDEX: readonly AreaEntry[] = [
  { name: 'users', aliases: ['user'], summary: 'Users: you, the users of your organization, provisioning', load: async () => [(await import('./users.ts')).users] },
  { name: 'workspace', summary: "Your assistant's workspace: resource profile, snapshots, cleanup", load: async () => [(await import('./users.ts')).workspace] },
  { name: 'identifiers', aliases: ['identifier', 'ids'], summary: "Identifiers: users' e-mails, phones and other handles", load: async () => [(await import('./identifiers.ts')).identifiers] },
  { name: 'chats', aliases: ['chat'], summary: 'Chats: conversations with an assistant, their messages and usage', load: async () => [(await import('./chats.ts')).chats] },
  {
    name: 'contacts',
    aliases: ['contact'],
    summary: 'Contacts, their relationships and external ids; custom property definitions',
    load: async () => [(await import('./contacts.ts')).contacts, (await import('./contacts-import.ts')).contactsImport],
  },
  { name: 'assistants', aliases: ['assistant'], summary: 'Assistants: personas, channels, and which user has which', load: async () => [(await import('./assistants.ts')).assistants] },
  { name: 'drive', summary: 'Drive: files and notes, upload and download, versions, sharing', load: async () => [(await import('./drive.ts')).drive] },
  { name: 'preferences', aliases: ['prefs'], summary: 'Preferences: scheduling, reminders, skills, the supervision matrix', load: async () => [(await import('./preferences.ts')).preferences] },
  { name: 'onboarding', summary: 'Onboarding: run it, review findings and workflow proposals, finalize', load: async () => [(await import('./onboarding.ts')).onboarding] },
  {
    name: 'org',
    aliases: ['orgs', 'organizations'],
    summary: 'Organizations: domains, SSO, SCIM, members, audit logging, model tiers, profile',
    load: async () => [(await import('./org.ts')).orgArea, (await import('./members-sync.ts')).orgMembersSync],
  },
  {
    name: 'teams',
    aliases: ['team'],
    summary: 'Teams: members, roles and the team profile',
    load: async () => [(await import('./teams.ts')).teams, (await import('./members-sync.ts')).teamMembersSync],
  },
  { name: 'invitations', aliases: ['invitation', 'invites'], summary: 'Team invitations: invite, revoke or decline, accept', load: async () => [(await import('./teams.ts')).invitations] },
  {
    name: 'org-requests',
    aliases: ['organization-requests'],
    summary: 'Organization requests: a team asks for its own organization; admins approve or reject',
    load: async () => [(await import('./teams.ts')).orgRequests],
  },
  {
    name: 'coordinator',
    aliases: ['coord'],
    summary: 'Coordinator views: your dashboard, principals, invites, coverage schedule; manager views',
    load: async () => [(await import('./coordinator.ts')).coordinator],
  },
  {
    name: 'coverage',
    aliases: ['coverage-spans', 'spans'],
    summary: 'Coverage spans: hand your principals to a backup while you are away',
    load: async () => [(await import('./coverage.ts')).coverageArea],
  },
  {
    name: 'backup-rules',
    aliases: ['backup-routing-rules'],
    summary: 'Backup routing rules: who covers for a coordinator (per principal, or by default)',
    load: async () => [(await import('./coverage.ts')).backupRules],
  },
  {
    name: 'manager-assignments',
    aliases: ['managers'],
    summary: 'Manager assignments: which manager oversees which coordinator',
    load: async () => [(await import('./coverage.ts')).managerAssignments],
  },
  { name: 'delegations', aliases: ['delegation'], summary: 'Delegations: principals who let you (a coordinator) act for them', load: async () => [(await import('./delegations.ts')).delegations] },
  {
    name: 'booking-links',
    aliases: ['booking-link', 'links'],
    summary: 'Booking links: scheduling pages, their invitees and invitations',
    load: async () => [(await import('./booking-links.ts')).bookingLinks],
  },
  { name: 'usage', summary: 'Usage and cost of the chats you can see: by user, team, assistant, model, tier, platform, day or week', load: async () => [(await import('./usage.ts')).usage] },
  { name: 'calendars', aliases: ['calendar', 'cal'], summary: 'Calendars: connected calendars, their events, sync', load: async () => [(await import('./calendars.ts')).calendars] },
];

/** The index entry a command word names (an area's name or one of its aliases). */
export function entryFor(word: string | undefined): AreaEntry | undefined {
  return word === undefined ? undefined : AREA_INDEX.find((a) => a.name === word || Boolean(a.aliases?.includes(word)));
}

/** One area's records, joined into one AreaSpec, under the index's name and summary. */
export async function loadArea(entry: AreaEntry): Promise<AreaSpec> {
  const [merged] = mergeAreas(await entry.load());
  return { ...merged!, name: entry.name, aliases: entry.aliases, summary: entry.summary };
}

/** Every area, in help order. */
export async function loadAreas(): Promise<AreaSpec[]> {
  return Promise.all(AREA_INDEX.map(loadArea));
}
