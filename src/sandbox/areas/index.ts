// Each area registers its routes and may add to the seed. Add new areas here.
import type { SandboxArea } from '../types.ts';
import users from './users.ts';
import identifiers from './identifiers.ts';
import assistants from './assistants.ts';
import chats from './chats.ts';
import contacts from './contacts.ts';
import contactsImport from './contacts-import.ts';
import delegations from './delegations.ts';
import coverage from './coverage.ts';
import coordinator from './coordinator.ts';
import bookingLinks from './booking-links.ts';
import calendars from './calendars.ts';
import organizations from './organizations.ts';
import teams from './teams.ts';
import orgRequests from './org-requests.ts';
import drive from './drive.ts';
import preferences from './preferences.ts';
import onboarding from './onboarding.ts';

export type { SandboxArea } from '../types.ts';

export const sandboxAreas: SandboxArea[] = [
  users,
  identifiers,
  assistants,
  chats,
  contacts,
  contactsImport,
  delegations,
  coverage,
  coordinator,
  bookingLinks,
  calendars,
  organizations,
  teams,
  orgRequests,
  drive,
  preferences,
  onboarding,
];
