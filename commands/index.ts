// Every area's commands, in help order (the spec's sections). Tables are eager (cheap data);
// handlers load lazily.
import type { AreaSpec } from '../src/core/spec.ts';
import { mergeAreas } from '../src/core/builder.ts';
import { users, workspace } from './users.ts';
import { identifiers } from './identifiers.ts';
import { chats } from './chats.ts';
import { contacts } from './contacts.ts';
import { contactsImport } from './contacts-import.ts';
import { assistants } from './assistants.ts';
import { drive } from './drive.ts';
import { preferences } from './preferences.ts';
import { onboarding } from './onboarding.ts';
import { orgArea } from './org.ts';
import { invitations, orgRequests, teams } from './teams.ts';
import { orgMembersSync, teamMembersSync } from './members-sync.ts';
import { coordinator } from './coordinator.ts';
import { coverageArea, backupRules, managerAssignments } from './coverage.ts';
import { delegations } from './delegations.ts';
import { bookingLinks } from './booking-links.ts';
import { calendars } from './calendars.ts';

// An area may be split over several files; mergeAreas joins specs of the same name.
export const areas: AreaSpec[] = mergeAreas([
  users,
  workspace,
  identifiers,
  chats,
  contacts,
  contactsImport,
  assistants,
  drive,
  preferences,
  onboarding,
  orgArea,
  orgMembersSync,
  teams,
  teamMembersSync,
  invitations,
  orgRequests,
  coordinator,
  coverageArea,
  backupRules,
  managerAssignments,
  delegations,
  bookingLinks,
  calendars,
]);
