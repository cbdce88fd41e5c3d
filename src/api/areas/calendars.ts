// Part 2, 4.8: calendars and their events (read access to connected calendars).
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, nul, num, obj, recordId, ro, stamp, str, timestamp } from '../shape.ts';

const calendarId = idOf('calendars', { description: 'calendar id' });

const calendar = obj(
  {
    id: recordId('calendars'),
    platform: ro(enumOf(['provider1', 'provider2cloud', 'provider3'])),
    name: ro(str()),
    timezone: ro(str({ hint: 'time-zone' })),
    etag: ro(nul(str())),
    referenceId: ro(str()),
    conferenceSolutions: ro(arr(any())),
    backgroundColor: ro(nul(str())),
    lastSyncedAt: stamp({ nullable: true }),
    lastSyncToken: ro(nul(str())),
    syncError: ro(nul(str())),
    syncErrorAt: stamp({ nullable: true }),
    connectedAt: stamp({ nullable: true }),
    syncErrorCount: ro(num()),
    eventCount: ro(num()),
    createdAt: stamp(),
    updatedAt: stamp(),
    // List items only.
    role: ro(str()),
    isPrimary: ro(bool()),
    userIdentifier: ro(str()),
    ownerEmail: ro(email()),
  },
  { required: ['id', 'platform', 'name', 'createdAt', 'updatedAt'], open: true },
);

export const area: ApiArea = defineArea({
  name: 'calendars',
  section: 'part 2, 4.8',
  resources: { calendar },
  endpoints: [
    endpoint({
      id: 'calendars.list',
      method: 'GET',
      path: '/calendars',
      summary: 'List connected calendars',
      query: obj({ userId: idOf('users', { description: 'whose calendars (default: yours)' }) }),
      resultKey: 'calendars',
      result: arr(calendar),
      paging: 'page',
      pageParams: false,
      resource: 'calendar',
    }),
    endpoint({
      id: 'calendars.get',
      method: 'GET',
      path: '/calendars/{calendarId}',
      params: { calendarId },
      summary: 'Show a calendar',
      resultKey: 'calendar',
      result: calendar,
      resource: 'calendar',
    }),
    endpoint({
      id: 'calendars.events',
      method: 'GET',
      path: '/calendars/{calendarId}/events',
      params: { calendarId },
      summary: "List a calendar's events",
      query: obj({
        timezone: str({ hint: 'time-zone', description: 'IANA time zone for the times shown, e.g. Europe/Paris' }),
        startsAt: timestamp({ description: 'range start' }),
        endsAt: timestamp({ description: 'range end' }),
      }),
      resultKey: 'events',
      result: arr(any()),
    }),
    endpoint({
      id: 'calendars.sync',
      method: 'POST',
      path: '/calendars/{calendarId}/sync-events',
      params: { calendarId },
      summary: 'Sync the events of a calendar now',
      resultKey: 'syncEvents',
      result: obj({ message: str() }),
    }),
  ],
});
