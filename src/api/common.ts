// Shapes several areas share: the User and Message records, the scheduling and reminder
// preferences (part 1, 2.2, 2.4, 2.9, 2.10), person references and audit events (part 2, 2.1,
// 2.2), and the result of a delete (part 1, 2.0).
import { any, arr, bool, email, enumOf, idOf, map, nul, num, obj, oneOf, openObj, recordId, ro, stamp, str, strs, timestamp, url, type ObjectShape, type Shape } from './shape.ts';

export const MODEL_TIERS = ['low', 'medium', 'high', 'ultra'] as const;
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const ORG_ROLES = ['admin', 'member', 'guest'] as const;

/** `{id, deleted?, message?}`: what a DELETE answers under the resource's key. */
export const deletedResult: ObjectShape = obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] });

/** A list of records of one shape. */
export const listOf = (s: Shape): Shape => arr(s);

// ---- person references (part 2, 2.1) ---------------------------------------------------------

export const person: ObjectShape = obj(
  {
    id: idOf('users'),
    name: nul(str()),
    firstName: nul(str()),
    lastName: nul(str()),
    email: nul(email()),
    avatar: nul(url()),
    type: enumOf(['user', 'assistant', 'contact']),
  },
  { required: ['id'] },
);
/** A person reference, or the id alone, or null. */
export const personRef: Shape = nul(oneOf([idOf('users'), person]));

// ---- scheduling preferences (part 1, 2.9) ------------------------------------------------------

const sync = bool();
const slots = arr(obj({ start: str({ description: 'HH:MM' }), end: str({ description: 'HH:MM' }) }));
const titles = (solo: boolean) => obj({ useCustomTitles: bool(), ...(solo ? { solo: str() } : {}), oneAttendee: str(), twoAttendees: str(), manyAttendees: str() });

export const schedulingPreferences: ObjectShape = obj({
  sync,
  availability: obj({
    sync,
    workingHours: obj({ MO: slots, TU: slots, WE: slots, TH: slots, FR: slots, SA: slots, SU: slots }),
    workingHolidays: strs(),
    customHolidays: strs(),
    holidayCountries: strs(),
    holidayCountry: str(),
  }),
  defaults: obj({
    sync,
    virtual: obj({ duration: num(), defaultMeetingLink: str(), conferenceSolution: str(), conferenceIntegration: str() }),
    inPerson: obj({ duration: num(), defaultLocation: str() }),
  }),
  calendars: obj({ sync, read: strs(), write: str() }),
  buffers: obj({ sync, bufferType: enumOf(['none', 'meeting', 'timeBlock']), bufferLength: num(), bufferBlockLength: num(), dailyMeetingLimit: num() }),
  customEventTitles: obj({ internal: titles(true), external: titles(false) }),
});

// ---- reminder preferences (part 1, 2.10) -------------------------------------------------------

const channel = obj({ enabled: bool(), virtualDuration: num(), inPersonDuration: num() });
export const reminderPreferences: ObjectShape = obj({
  level: enumOf(['all-events', 'agnt-events', 'none']),
  smartReminders: bool(),
  recipient: obj({ asOrganizer: enumOf(['only-me', 'with-attendees', 'none']), asAttendee: enumOf(['only-me', 'none']) }),
  calendars: obj({ read: strs() }),
  email: channel,
  appchatA: channel,
  teams: channel,
  desktop: channel,
  checkInAfter: num(),
});

// ---- user (part 1, 2.4) -----------------------------------------------------------------------

export const voice: ObjectShape = obj({ voiceId: str(), provider: str() }, { required: ['voiceId', 'provider'] });

export const user: ObjectShape = obj(
  {
    id: recordId('users'),
    account: ro(str()),
    email: email(),
    externalId: str(),
    assistant: nul(idOf('assistants')),
    name: nul(str()),
    avatarUrl: nul(url()),
    firstName: str(),
    lastName: str(),
    city: str(),
    timezone: str({ hint: 'time-zone' }),
    locale: str(),
    country: nul(str()),
    organization: nul(idOf('organizations')),
    organizationRole: enumOf(ORG_ROLES),
    managerRoles: strs({ description: 'ea_manager grants manager overview access' }),
    coordinatorEnabled: bool(),
    team: ro(nul(obj({ id: idOf('teams'), name: str(), organization: nul(str()), status: str() }, { required: ['id', 'name', 'organization', 'status'] }))),
    teamRole: ro(nul(enumOf(['member', 'admin', 'owner']))),
    status: enumOf(USER_STATUSES),
    voice: nul(voice),
    unreadInboxCount: ro(num()),
    notificationPromptDismissed: bool(),
    metadata: map(any()),
    firstLoginAt: stamp(),
    username: nul(str()),
    referralCode: ro(nul(str())),
    preferences: obj({ routingOverrides: arr(any()), reminders: reminderPreferences, preferredProviders: map(any()), preferredContactChannel: map(any()) }),
    assistantName: nul(str()),
    appName: nul(str()),
    consciousnessEnabled: bool(),
    createdAt: stamp(),
    updatedAt: stamp(),
    // User detail (GET /users/{userId}) adds these; they are read-only views of other records.
    identifiers: ro(arr(obj({ id: str(), type: str(), value: str(), verified: bool(), primary: bool(), createdAt: timestamp() }, { open: true }))),
    contacts: ro(arr(any())),
    memories: ro(arr(any())),
  },
  { required: ['id', 'account', 'assistant', 'name', 'avatarUrl', 'timezone', 'locale', 'organization', 'organizationRole', 'team', 'teamRole', 'status', 'voice', 'createdAt', 'updatedAt'] },
);

// ---- message (part 1, 2.2) --------------------------------------------------------------------

/** `to` and `cc`: a request may send a string or a list. */
export const recipients: Shape = oneOf([str(), strs()]);

export const message: ObjectShape = obj(
  {
    id: recordId('messages'),
    referenceId: str(),
    role: str(),
    from: str(),
    to: recipients,
    cc: recipients,
    subject: str(),
    platform: str(),
    content: str(),
    files: arr(any()),
    timestamp: stamp(),
    metadata: map(any()),
  },
  { required: ['id', 'role', 'content', 'timestamp'] },
);

// ---- audit event (part 2, 2.2) ----------------------------------------------------------------

export const auditEvent: ObjectShape = obj(
  {
    id: recordId('audit-events'),
    account: ro(str()),
    organization: ro(str()),
    actor: ro(nul(str())),
    action: ro(str()),
    entityType: ro(str()),
    entityId: ro(nul(str())),
    metadata: ro(map(any())),
    createdAt: stamp(),
  },
  { required: ['id', 'account', 'organization', 'actor', 'action', 'entityType', 'entityId', 'metadata', 'createdAt'] },
);

/** A record the spec does not show the fields of: any keys. */
export const untyped = (description?: string): ObjectShape => openObj(description ? { description } : {});
