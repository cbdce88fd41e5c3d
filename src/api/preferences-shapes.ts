// The nested shapes of part 1, 2.9 to 2.11, as data: checked locally before a preferences
// request is sent (src/workflows/preferences.ts), so a typo in a YAML file fails with
// exit 2 and the path of the bad key instead of a server 400.

export type Shape =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'string[]'
  | 'any'
  | { enum: readonly (string | null)[] }
  | { object: Record<string, Shape>; required?: readonly string[] }
  | { array: Shape }
  | { nullable: Shape }
  /** An object whose keys are free and whose values share one shape. */
  | { record: Shape };

export const MATRIX_CELLS = [
  'email_as_user',
  'email_as_assistant',
  'messaging',
  'voice_call',
  'voice_call_as_assistant',
  'voice_call_as_user',
  'calendar',
  'files',
  'drive',
  'contacts',
  'third_party_skills',
  'website',
] as const;
export const CELL_MODES = ['auto', 'time-boxed', 'manual'] as const;
export const CELL_KEYS = ['mode', 'timeBoxedWindowMin', 'timeBoxedExpiry', 'undoDelaySec'] as const;
export const EXCEPTION_KINDS = ['tag', 'priority', 'company', 'contactId', 'email', 'domain', 'internal', 'phone', 'connection'] as const;
export const EXCEPTION_MODES = ['auto', 'time-boxed', 'manual', 'denied'] as const;

const sync = 'boolean' as const;
const slots: Shape = { array: { object: { start: 'string', end: 'string' } } };
const titles = (solo: boolean): Shape => ({
  object: { useCustomTitles: 'boolean', ...(solo ? { solo: 'string' } : {}), oneAttendee: 'string', twoAttendees: 'string', manyAttendees: 'string' },
});

export const scheduling: Shape = {
  object: {
    sync,
    availability: {
      object: {
        sync,
        workingHours: { object: { MO: slots, TU: slots, WE: slots, TH: slots, FR: slots, SA: slots, SU: slots } },
        workingHolidays: 'string[]',
        customHolidays: 'string[]',
        holidayCountries: 'string[]',
        holidayCountry: 'string',
      },
    },
    defaults: {
      object: {
        sync,
        virtual: { object: { duration: 'number', defaultMeetingLink: 'string', conferenceSolution: 'string', conferenceIntegration: 'string' } },
        inPerson: { object: { duration: 'number', defaultLocation: 'string' } },
      },
    },
    calendars: { object: { sync, read: 'string[]', write: 'string' } },
    buffers: { object: { sync, bufferType: { enum: ['none', 'meeting', 'timeBlock'] }, bufferLength: 'number', bufferBlockLength: 'number', dailyMeetingLimit: 'number' } },
    customEventTitles: { object: { internal: titles(true), external: titles(false) } },
  },
};

const channel: Shape = { object: { enabled: 'boolean', virtualDuration: 'number', inPersonDuration: 'number' } };
export const reminders: Shape = {
  object: {
    level: { enum: ['all-events', 'agnt-events', 'none'] },
    smartReminders: 'boolean',
    recipient: { object: { asOrganizer: { enum: ['only-me', 'with-attendees', 'none'] }, asAttendee: { enum: ['only-me', 'none'] } } },
    calendars: { object: { read: 'string[]' } },
    email: channel,
    appchatA: channel,
    teams: channel,
    desktop: channel,
    checkInAfter: 'number',
  },
};

const exceptionFields: Record<string, Shape> = {
  id: 'string',
  label: { nullable: 'string' },
  match: { object: { kind: { enum: EXCEPTION_KINDS }, value: 'string' }, required: ['kind', 'value'] },
  mode: { enum: EXCEPTION_MODES },
  timeBoxedWindowMin: { nullable: 'integer' },
  timeBoxedExpiry: { enum: ['execute', 'cancel', null] },
  undoDelaySec: { nullable: 'integer' },
  appliesTo: 'string[]',
  createdAt: 'string',
  createdBy: { nullable: 'string' },
};
export const exception: Shape = { object: exceptionFields, required: ['match', 'mode'] };

const cell: Shape = {
  object: {
    mode: { enum: [...CELL_MODES, null] },
    timeBoxedWindowMin: { nullable: 'number' },
    timeBoxedExpiry: { enum: ['execute', 'cancel', null] },
    undoDelaySec: { nullable: 'number' },
  },
};
export const matrix: Shape = {
  object: {
    ...Object.fromEntries(MATRIX_CELLS.map((c) => [c, cell])),
    locked: { array: { enum: MATRIX_CELLS } },
    exceptions: { array: exception },
  },
};
