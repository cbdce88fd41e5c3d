// Coverage in time and in the calendar: `coverage who --at`, `coverage get` and `coverage list`
// with principals, backups and local times, `--mine`, and the iCalendar export of the schedule
// and of coverage events, read back with another library (node-ical).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { agnt, agntJson, withSandbox } from '../support/helpers.ts';

// The sandbox's clock stands before the spans, so that they stay scheduled.
const NOW = Date.parse('2027-02-20T12:00:00Z');
// Several CLI processes per test: generous limits for a loaded machine.
const LONG = 180_000;
let sb: Awaited<ReturnType<typeof withSandbox>>;
let spanA = ''; // usr_principal and usr_principal2 -> usr_backup, Mar 1 09:00 to Mar 4 09:00 New York
let spanB = ''; // usr_principal -> usr_backup, Mar 10 09:00 to Mar 11 09:00, waiting for the manager

beforeAll(async () => {
  // No example records: the lists here hold exactly the spans the tests make.
  sb = await withSandbox({ clock: () => NOW, exampleRecords: false });
  const a = await agntJson(
    [
      'coverage',
      'create',
      '--principal',
      'usr_principal',
      '--backup',
      'usr_backup',
      '--principal',
      'usr_principal2',
      '--backup',
      'usr_backup',
      '--start',
      '2027-03-01 09:00',
      '--for',
      '3d',
      '--reason',
      'pto',
      '--submit',
    ],
    { sb, as: 'coordinator' },
  );
  spanA = a.id;
  await agntJson(['coverage', 'accept', spanA], { sb, as: 'backup' });
  await agntJson(['coverage', 'approve', spanA], { sb, as: 'manager' });
  const b = await agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-03-10 09:00', '--for', '1d', '--reason', 'sick', '--submit'], {
    sb,
    as: 'coordinator',
  });
  spanB = b.id;
  await agntJson(['coverage', 'accept', spanB], { sb, as: 'backup' });
}, LONG);
afterAll(async () => {
  await sb.dispose();
});

describe('coverage who --at', () => {
  it(
    'a time inside a span names its backup',
    async () => {
      const who = await agntJson(['coverage', 'who', 'usr_principal2', '--at', '2027-03-02 15:00'], { sb, as: 'coordinator' });
      expect(who).toMatchObject({
        active: true,
        at: '2027-03-02T20:00:00.000Z',
        span: { id: spanA, status: 'scheduled' },
        primaryCoordinator: { id: 'usr_coord' },
        backupCoordinator: { id: 'usr_backup' },
        chain: [
          { id: 'usr_coord', depth: 0 },
          { id: 'usr_backup', depth: 1 },
        ],
      });
      const r = await agnt(['coverage', 'who', 'usr_principal2', '--at', '2027-03-02T20:00:00Z'], { sb, as: 'coordinator' });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`covered at 2027-03-02 15:00 EST by usr_backup (span ${spanA}, scheduled, pto, 2027-03-01 09:00 EST to 2027-03-04 09:00 EST)`);
    },
    LONG,
  );

  it(
    'a time outside any span: their coordinator handles it',
    async () => {
      const who = await agntJson(['coverage', 'who', 'usr_principal2', '--at', '2027-03-04 09:00'], { sb, as: 'coordinator' });
      expect(who).toMatchObject({ active: false, at: '2027-03-04T14:00:00.000Z', span: null, backupCoordinator: null, primaryCoordinator: { id: 'usr_coord' } });
      const r = await agnt(['coverage', 'who', 'usr_principal2', '--at', '2027-03-05 09:00'], { sb, as: 'coordinator' });
      expect(r.stdout).toMatch(/^not covered at 2027-03-05 09:00 EST: Cory Coordinator <coordinator@acme\.test> handles it\n$/);
    },
    LONG,
  );

  it(
    'a span not yet approved does not cover; a bad time is refused before any request',
    async () => {
      expect((await agntJson(['coverage', 'who', 'usr_principal', '--at', '2027-03-10 12:00'], { sb, as: 'coordinator' })).active).toBe(false);
      const bad = await agnt(['coverage', 'who', 'usr_principal', '--at', 'someday', '--tz', 'UTC', '--debug'], { sb, as: 'coordinator' });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toContain("--at: cannot read 'someday' as a time");
      expect(bad.stderr).not.toContain('> GET');
    },
    LONG,
  );
});

describe('coverage get and list show principals and backups, in local time', () => {
  it(
    'get: the principals with their backups; json carries them under principals',
    async () => {
      const span = await agntJson(['coverage', 'get', spanA], { sb, as: 'backup' });
      expect(span.startAt).toBe('2027-03-01T14:00:00.000Z');
      expect(span.principals.map((p: any) => [p.principal, p.backupCoordinator])).toEqual([
        ['usr_principal', 'usr_backup'],
        ['usr_principal2', 'usr_backup'],
      ]);
      const r = await agnt(['coverage', 'get', spanA], { sb, as: 'backup' });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/^startAt +2027-03-01 09:00 EST$/m);
      expect(r.stdout).toMatch(/^usr_principal2 +usr_backup +false +true/m);
      const utc = await agnt(['coverage', 'get', spanA, '--utc'], { sb, as: 'backup' });
      expect(utc.stdout).toMatch(/^startAt +2027-03-01 14:00 UTC$/m);
    },
    LONG,
  );

  it(
    'list: a column of principals and backups, times in the zone asked for',
    async () => {
      const r = await agnt(['coverage', 'list', '--tz', 'Europe/Paris'], { sb, as: 'coordinator' });
      expect(r.exitCode).toBe(0);
      const line = r.stdout.split('\n').find((l) => l.startsWith(spanA))!;
      expect(line).toContain('2027-03-01 15:00 GMT+1');
      expect(line).toContain('usr_principal -> usr_backup, usr_principal2 -> usr_backup');
      expect(r.stdout.split('\n')[0]).toMatch(/PRINCIPALS -> BACKUPS/);
      // Scripts get the API's records, untouched.
      const ids = await agnt(['coverage', 'list', '-o', 'id'], { sb, as: 'coordinator' });
      expect(ids.stdout.trim().split('\n').sort()).toEqual([spanA, spanB].sort());
    },
    LONG,
  );

  it(
    '--mine keeps the spans you are primary or backup in, not those you see as a manager',
    async () => {
      const other = await agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_coord', '--start', '2027-05-01T12:00:00Z', '--end', '2027-05-02T12:00:00Z'], {
        sb,
        as: 'backup',
      });
      const managerAll = await agntJson(['coverage', 'list', '--all'], { sb, as: 'manager' });
      expect(managerAll.map((s: any) => s.id)).toEqual(expect.arrayContaining([spanA, spanB, other.id]));
      expect(await agntJson(['coverage', 'list', '--mine'], { sb, as: 'manager' })).toEqual([]);
      const backupMine = await agntJson(['coverage', 'list', '--mine'], { sb, as: 'backup' });
      expect(backupMine.map((s: any) => s.id)).toEqual([spanA, spanB, other.id]);
      const r = await agnt(['coverage', 'list', '--mine', '--role', 'backup'], { sb, as: 'backup' });
      expect(r.exitCode).toBe(2);
    },
    LONG,
  );
});

describe('-o ics', () => {
  async function ics(args: string[], as = 'backup'): Promise<{ text: string; events: any[] }> {
    const r = await agnt(args, { sb, as });
    expect(r.exitCode, r.stderr).toBe(0);
    const parsed = ical.sync.parseICS(r.stdout);
    return { text: r.stdout, events: Object.values(parsed).filter((c: any) => c.type === 'VEVENT') };
  }

  it(
    'coordinator schedule: one event per (span, principal), UTC times, stable UIDs',
    async () => {
      const first = await ics(['coordinator', 'schedule', '--from', '2027-02-25', '--to', '2027-03-31', '-o', 'ics']);
      expect(first.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(first.events.map((e) => [e.uid, e.start.toISOString(), e.end.toISOString(), e.status]).sort()).toEqual(
        [
          [`${spanA}.usr_principal@coverage.agnt`, '2027-03-01T14:00:00.000Z', '2027-03-04T14:00:00.000Z', 'CONFIRMED'],
          [`${spanA}.usr_principal2@coverage.agnt`, '2027-03-01T14:00:00.000Z', '2027-03-04T14:00:00.000Z', 'CONFIRMED'],
          [`${spanB}.usr_principal@coverage.agnt`, '2027-03-10T14:00:00.000Z', '2027-03-11T14:00:00.000Z', 'TENTATIVE'],
        ].sort(),
      );
      expect(first.events.find((e) => e.uid.startsWith(`${spanA}.usr_principal2@`)).summary).toBe('Covering Quinn Principal for Cory Coordinator');
      expect(first.text).toMatch(/DTSTART:20270301T140000Z\r\n/);

      // A later export (the span approved since) keeps the UIDs: a calendar updates, not duplicates.
      await agntJson(['coverage', 'approve', spanB], { sb, as: 'manager' });
      const second = await ics(['coordinator', 'schedule', '--from', '2027-02-25', '--to', '2027-03-31', '-o', 'ics']);
      expect(second.events.map((e) => e.uid).sort()).toEqual(first.events.map((e) => e.uid).sort());
      expect(second.events.find((e) => e.uid.startsWith(`${spanB}.`)).status).toBe('CONFIRMED');
    },
    LONG,
  );

  it(
    'coverage events: the same events and UIDs for the coordinator',
    async () => {
      const { events } = await ics(['coverage', 'events', '--from', '2027-02-25', '--to', '2027-03-31', '-o', 'ics'], 'coordinator');
      expect(events.map((e) => e.uid).sort()).toEqual([`${spanA}.usr_principal@coverage.agnt`, `${spanA}.usr_principal2@coverage.agnt`, `${spanB}.usr_principal@coverage.agnt`].sort());
      expect(events.find((e) => e.uid.startsWith(`${spanA}.usr_principal@`)).summary).toBe('Pat Principal covered by Bea Backup');
    },
    LONG,
  );

  it(
    'ics is refused by every other command, and with --query, before any request',
    async () => {
      const r = await agnt(['coverage', 'list', '-o', 'ics', '--debug'], { sb, as: 'coordinator' });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("invalid output format 'ics'");
      expect(r.stderr).not.toContain('> GET');
      const q = await agnt(['coverage', 'events', '-o', 'ics', '--query', 'x'], { sb, as: 'coordinator' });
      expect(q.exitCode).toBe(2);
      const bad = await agnt(['coverage', 'events', '-o', 'nope'], { sb, as: 'coordinator' });
      expect(bad.exitCode).toBe(2);
    },
    LONG,
  );
});
