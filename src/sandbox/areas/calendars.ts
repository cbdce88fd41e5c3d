// Part 2, section 4.8: calendars (read access to connected calendars) and their events.
import type { SandboxArea } from '../types.ts';
import { badRequest, forbidden, list, notFound, ok, okMany, pick } from '../http.ts';
import { isOrgAdmin } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { ms, overlaps } from './coordination.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function seedCalendars(store: Store): void {
  // Events repeat weekly from the Monday of the sandbox clock's week (1970-01-05 was a Monday).
  const monday = 4 * DAY;
  const week = Math.floor((store.clock() - monday) / (7 * DAY)) * 7 * DAY + monday;
  const cals = [
    { id: 'cal_principal', user: 'usr_principal', platform: 'provider1', name: 'Pat Principal', timezone: 'America/New_York', isPrimary: true, role: 'owner', ownerEmail: 'principal@acme.test' },
    {
      id: 'cal_principal_team',
      user: 'usr_principal',
      platform: 'provider1',
      name: 'Leadership offsites',
      timezone: 'America/New_York',
      isPrimary: false,
      role: 'reader',
      ownerEmail: 'offsites@acme.test',
    },
    {
      id: 'cal_principal2',
      user: 'usr_principal2',
      platform: 'provider2cloud',
      name: 'Quinn Principal',
      timezone: 'Europe/London',
      isPrimary: true,
      role: 'owner',
      ownerEmail: 'principal2@acme.test',
    },
    { id: 'cal_coord', user: 'usr_coord', platform: 'provider3', name: 'Cory (work)', timezone: 'America/New_York', isPrimary: true, role: 'owner', ownerEmail: 'coordinator@acme.test' },
  ];
  for (const c of cals) {
    store.insert('calendars', 'cal', {
      ...c,
      account: 'acc_acme',
      etag: `"${c.id}-1"`,
      referenceId: `${c.platform}:${c.ownerEmail}`,
      conferenceSolutions: c.platform === 'provider1' ? ['provider1Meet'] : [],
      backgroundColor: c.isPrimary ? '#4f7cff' : '#2eb67d',
      lastSyncedAt: new Date(store.clock() - 2 * HOUR).toISOString(),
      lastSyncToken: 'sync_1',
      syncError: null,
      syncErrorAt: null,
      syncErrorCount: 0,
      connectedAt: new Date(store.clock() - 60 * DAY).toISOString(),
      userIdentifier: c.ownerEmail,
    });
  }
  const ev = (calendar: string, day: number, h: number, dur: number, title: string, attendees: string[] = [], location: string | null = null) => {
    const start = week + day * DAY + h * HOUR;
    store.insert('calendarEvents', 'evt', {
      calendar,
      title,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + dur * HOUR).toISOString(),
      allDay: false,
      status: 'confirmed',
      location,
      attendees,
    });
  };
  for (let w = -1; w <= 4; w++) {
    const d = w * 7;
    ev('cal_principal', d + 0, 14, 1, 'Weekly leadership sync', ['admin@acme.test', 'principal@acme.test']);
    ev('cal_principal', d + 2, 16, 1.5, 'Quarterly review with Client Co', ['carol@client.test'], 'Client Co HQ');
    ev('cal_principal', d + 4, 13, 0.5, '1:1 with Cory', ['coordinator@acme.test']);
    ev('cal_principal2', d + 1, 9, 1, 'Board prep', ['principal2@acme.test']);
    ev('cal_principal2', d + 3, 11, 2, 'Vendor negotiation', ['dan@vendor.test']);
    ev('cal_coord', d + 0, 13, 0.5, 'Coordinator stand-up', ['backup@acme.test', 'manager@acme.test']);
  }
  ev('cal_principal_team', 10, 0, 48, 'Leadership offsite (Berlin)');
}

/** A coordinator with an active delegation from the calendar's owner may read it. */
function delegatedBy(store: Store, caller: Rec, owner: string): boolean {
  return !!store.find('delegations', (d) => d.coordinator === caller.id && d.principal === owner && d.status === 'active');
}

function calendarVisible(store: Store, caller: Rec, c: Rec): boolean {
  return c.account === caller.account && (c.user === caller.id || isOrgAdmin(caller) || delegatedBy(store, caller, c.user));
}

function calendarView(store: Store, c: Rec): Rec {
  return { ...c, eventCount: store.filter('calendarEvents', (e) => e.calendar === c.id).length };
}

function findCalendar(store: Store, caller: Rec, id: string): Rec {
  const c = store.get('calendars', id);
  if (!c || !calendarVisible(store, caller, c)) notFound('calendar', id);
  return c!;
}

/** Wall-clock text of an instant in a time zone ('2026-12-01T09:00:00-05:00'). */
function inZone(iso: string, tz: string): string {
  const d = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  const off = Math.round((local - d.getTime()) / 60_000);
  const sign = off < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(off) / 60)).padStart(2, '0');
  const mm = String(Math.abs(off) % 60).padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hh}:${mm}`;
}

const area: SandboxArea = {
  name: 'calendars',
  seed: seedCalendars,
  register(r, sb) {
    const store = sb.store;

    r.get('/calendars', (req) => {
      const userId = req.query.userId ?? req.user.id;
      const owner = store.get('users', userId);
      if (!owner || owner.account !== req.user.account) notFound('user', userId);
      if (userId !== req.user.id && !isOrgAdmin(req.user) && !delegatedBy(store, req.user, userId)) forbidden(`you may list only your own calendars or those of your principals`);
      return list(
        'calendars',
        store.filter('calendars', (c) => c.user === userId).map((c) => calendarView(store, c)),
        req.query,
      );
    });

    r.get('/calendars/{calendarId}', (req) => {
      const c = findCalendar(store, req.user, req.params.calendarId!);
      const { role: _r, isPrimary: _p, userIdentifier: _u, ownerEmail: _o, ...rest } = calendarView(store, c);
      return ok('calendar', rest);
    });

    r.get('/calendars/{calendarId}/events', (req) => {
      const c = findCalendar(store, req.user, req.params.calendarId!);
      const q = req.query;
      const from = q.startsAt ? Date.parse(q.startsAt) : NaN;
      const to = q.endsAt ? Date.parse(q.endsAt) : NaN;
      if ((q.startsAt && Number.isNaN(from)) || (q.endsAt && Number.isNaN(to))) badRequest('startsAt and endsAt must be ISO 8601 timestamps', 'AGNT_E_VALIDATION');
      const tz = q.timezone ?? c.timezone ?? 'UTC';
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
      } catch {
        badRequest(`timezone '${tz}' is not an IANA time zone`, 'AGNT_E_VALIDATION');
      }
      // Chosen event shape (the spec says any[]): times in the requested zone's offset.
      const events = store
        .filter('calendarEvents', (e) => e.calendar === c.id && overlaps(e.startsAt, e.endsAt, from, to))
        .sort((a, b) => ms(a.startsAt) - ms(b.startsAt))
        .map((e) => ({ ...pick(e, ['id', 'title', 'status', 'allDay', 'location', 'attendees']), calendar: c.id, startsAt: inZone(e.startsAt, tz), endsAt: inZone(e.endsAt, tz), timezone: tz }));
      return okMany({ events });
    });

    r.post('/calendars/{calendarId}/sync-events', (req) => {
      const c = findCalendar(store, req.user, req.params.calendarId!);
      if (c.user !== req.user.id && !isOrgAdmin(req.user) && !delegatedBy(store, req.user, c.user)) forbidden(`only the owner, their coordinators or an organization admin may sync calendar ${c.id}`);
      const n = Number(String(c.lastSyncToken ?? 'sync_0').replace(/\D/g, '') || 0) + 1;
      store.update('calendars', c.id, { lastSyncedAt: store.now(), lastSyncToken: `sync_${n}`, syncError: null, syncErrorAt: null, syncErrorCount: 0 });
      const count = store.filter('calendarEvents', (e) => e.calendar === c.id).length;
      return ok('syncEvents', { message: `synced ${count} events of calendar ${c.id}` });
    });
  },
};

export default area;
