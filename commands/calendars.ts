// Part 2, section 4.8: calendars (read access to connected calendars).
import type { AreaSpec } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/calendars.ts';
import { endpointsOf } from '../src/api/endpoint.ts';
import { area as usersApi } from '../src/api/areas/users.ts';

const E = endpointsOf(api);
const Users = endpointsOf(usersApi);

export const calendars: AreaSpec = {
  name: 'calendars',
  aliases: ['calendar', 'cal'],
  summary: 'Calendars: connected calendars, their events, sync',
  commands: [
    {
      command: 'calendars list',
      aliases: ['ls'],
      summary: "List your calendars, or a principal's",
      endpoint: E('calendars.list'),
      columns: [
        { path: 'id' },
        { path: 'name' },
        { path: 'platform' },
        { path: 'timezone' },
        { path: 'isPrimary', header: 'PRIMARY' },
        { path: 'role' },
        { path: 'eventCount', header: 'EVENTS' },
        { path: 'lastSyncedAt', header: 'SYNCED_AT' },
      ],
      examples: ['agnt calendars list', 'agnt calendars list --user-id usr_principal -o id'],
    },
    {
      command: 'calendars get',
      aliases: ['show'],
      summary: 'Show a calendar',
      endpoint: E('calendars.get'),
      args: [{ name: 'calendarId', resource: 'calendars' }],
      examples: ['agnt calendars get cal_principal', 'agnt calendars get cal_principal --fields id,name,lastSyncedAt,syncError'],
    },
    {
      command: 'calendars events',
      summary: "A calendar's events in a time range, with times in a time zone",
      description: "--starts-at and --ends-at take ISO 8601 or local time ('2026-12-01 09:00', 'today', 'tomorrow') in --timezone, else in your user's time zone.",
      endpoint: E('calendars.events'),
      also: [Users('users.me.get')],
      args: [{ name: 'calendarId', resource: 'calendars' }],
      fields: [{ name: 'endsAt', description: 'range end; a date alone is the end of that day' }],
      columns: [{ path: 'startsAt', header: 'START' }, { path: 'endsAt', header: 'END' }, { path: 'title' }, { path: 'location' }, { path: 'status' }, { path: 'attendees' }],
      handler: async () => (await import('../src/workflows/calendars.ts')).events,
      examples: [
        'agnt calendars events cal_principal --starts-at today --ends-at tomorrow',
        'agnt calendars events cal_principal --timezone Europe/London --starts-at 2026-12-01T00:00:00Z --ends-at 2026-12-08T00:00:00Z -o csv',
      ],
    },
    {
      command: 'calendars sync',
      aliases: ['sync-events'],
      summary: 'Sync calendars with their provider now',
      endpoint: E('calendars.sync'),
      args: [{ name: 'calendarId', multi: true, resource: 'calendars' }],
      columns: [{ path: 'message' }],
      examples: ['agnt calendars sync cal_principal', 'agnt calendars list -o id | agnt calendars sync -'],
    },
  ],
};
