// `coverage simulate` on a constructed week away (Mon 1 to Mon 8 March 2027, New York): the
// first backup is away on Tuesday (a span of their own), so their own backup answers (a chain of
// two backups before the organization default); everyone works weekdays only, so the weekend has
// no coverage; the principal's matrix has auto, time-boxed (execute and cancel) and manual cells.
// The gaps' iCalendar file is read back with node-ical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

const NOW = Date.parse('2027-02-20T12:00:00Z');
const LONG = 180_000;
const WEEK = ['coverage', 'simulate', '--principal', 'usr_principal', '--coordinator', 'usr_coord', '--from', '2027-03-01', '--to', '2027-03-07', '--tz', 'America/New_York'];
let sb: Awaited<ReturnType<typeof withSandbox>>;
let backupSpan = '';
let memberRule = '';

beforeAll(async () => {
  sb = await withSandbox({ clock: () => NOW, exampleRecords: false });
  const dir = tempDir();
  // Weekdays, all day, for each backup in the chain; Saturday and Sunday off.
  const day = [{ start: '00:00', end: '24:00' }];
  const prefs = join(dir, 'prefs.json');
  writeFileSync(
    prefs,
    JSON.stringify({
      schedulingPreferences: { availability: { workingHours: { MO: day, TU: day, WE: day, TH: day, FR: day, SA: [], SU: [] }, customHolidays: [] } },
    }),
  );
  for (const u of ['usr_backup', 'usr_member', 'usr_manager']) {
    const r = await agnt(['api', 'PUT', `/users/${u}/preferences/scheduling`, '--file', prefs], { sb, as: 'admin' });
    expect(r.exitCode, r.stderr).toBe(0);
  }
  const matrix = join(dir, 'matrix.json');
  writeFileSync(
    matrix,
    JSON.stringify({
      matrix: {
        email_as_user: { mode: 'auto' },
        calendar: { mode: 'time-boxed', timeBoxedWindowMin: 30, timeBoxedExpiry: 'execute' },
        messaging: { mode: 'time-boxed', timeBoxedWindowMin: 15, timeBoxedExpiry: 'cancel' },
        files: { mode: 'manual' },
      },
    }),
  );
  const m = await agnt(['api', 'PATCH', '/users/usr_principal/preferences/supervision/matrix', '--file', matrix], { sb, as: 'admin' });
  expect(m.exitCode, m.stderr).toBe(0);
  // usr_backup's own backup is usr_member (their manager routes it).
  memberRule = (await agntJson(['backup-rules', 'create', '--primary-coordinator', 'usr_backup', '--backup-coordinator', 'usr_member'], { sb, as: 'manager' })).id;
  // usr_backup is away all Tuesday, handing their principal to usr_coord.
  backupSpan = (
    await agntJson(
      [
        'coverage',
        'create',
        '--principal',
        'usr_principal',
        '--backup',
        'usr_coord',
        '--start',
        '2027-03-02 00:00',
        '--end',
        '2027-03-03 00:00',
        '--tz',
        'America/New_York',
        '--reason',
        'pto',
        '--submit',
      ],
      { sb, as: 'backup' },
    )
  ).id;
  // The manager plans; only an organization admin may read another user's working hours.
  sb.store.update('users', 'usr_manager', { organizationRole: 'admin' });
  removeDir(dir);
}, LONG);
afterAll(async () => {
  await sb.dispose();
});

describe('coverage simulate', () => {
  it('counts the hours: the first backup, their backup while they are away, nobody on the weekend', async () => {
    const sim = await agntJson(WEEK, { sb, as: 'manager' });
    expect(sim.hours).toEqual({ total: 168, covered: 96, fallback: 24, uncovered: 48 });
    expect(sim.chain).toEqual([
      { user: 'usr_backup', via: 'rule brr_coord', depth: 1 },
      { user: 'usr_member', via: `rule ${memberRule}`, depth: 2 },
      { user: 'usr_manager', via: 'organization default brr_default', depth: 3 },
    ]);
    expect(sim.stretches.map((s: any) => [s.startAt, s.endAt, s.status, s.answeredBy])).toEqual([
      ['2027-03-01T05:00:00.000Z', '2027-03-02T05:00:00.000Z', 'covered', 'usr_backup'],
      ['2027-03-02T05:00:00.000Z', '2027-03-03T05:00:00.000Z', 'fallback', 'usr_member'],
      ['2027-03-03T05:00:00.000Z', '2027-03-06T05:00:00.000Z', 'covered', 'usr_backup'],
      ['2027-03-06T05:00:00.000Z', '2027-03-08T05:00:00.000Z', 'uncovered', null],
    ]);
    expect(sim.stretches[1].unavailable).toEqual([{ user: 'usr_backup', why: `away (${backupSpan})` }]);
    expect(sim.stretches[3].unavailable).toEqual([
      { user: 'usr_backup', why: 'outside working hours' },
      { user: 'usr_member', why: 'outside working hours' },
      { user: 'usr_manager', why: 'outside working hours' },
    ]);
  });

  it('says what the assistant does alone, cell by cell, from the principal matrix', async () => {
    const sim = await agntJson(WEEK, { sb, as: 'manager' });
    const cell = (c: string) => sim.alone.find((a: any) => a.cell === c);
    expect(cell('email_as_user')).toMatchObject({ mode: 'auto', unreviewed: true });
    expect(cell('calendar')).toMatchObject({ mode: 'time-boxed', unreviewed: true, does: 'holds each action 30 min for review, then does it unreviewed' });
    expect(cell('messaging')).toMatchObject({ mode: 'time-boxed', unreviewed: false, does: 'holds each action 15 min for review, then drops it: nothing goes out' });
    expect(cell('files')).toMatchObject({ mode: 'manual', unreviewed: false });
    expect(cell('website')).toMatchObject({ mode: null, unreviewed: false });
    expect(sim.alone).toHaveLength(12);
  });

  it('on a terminal: the chain, the stretches in local time and the cells', async () => {
    const r = await agnt(WEEK, { sb, as: 'manager' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('168 h, 96 covered, 24 by a later backup, 48 with no coverage');
    expect(r.stdout).toMatch(/2027-03-06 00:00 EST to 2027-03-08 00:00 EST\s+48 h {2}NO COVERAGE -> nobody/);
    expect(r.stdout).toContain(`backup unavailable -> usr_member  (usr_backup away (${backupSpan}))`);
    expect(r.stdout).toMatch(/calendar\s+time-boxed\s+holds each action 30 min/);
  });

  it('--exit-code: 7 when some hour has no coverage, 0 when none has', async () => {
    const gap = await agnt([...WEEK, '--exit-code'], { sb, as: 'manager' });
    expect(gap.exitCode).toBe(7);
    expect(gap.stderr).toContain('48 hours with nobody to answer for usr_principal (exit 7)');
    // With JSON the document alone says it (the JSON error form has no object for a finding).
    const json = await agnt([...WEEK, '--exit-code', '-o', 'json'], { sb, as: 'manager' });
    expect(json.exitCode).toBe(7);
    expect(JSON.parse(json.stdout).hours.uncovered).toBe(48);
    const weekdays = ['coverage', 'simulate', '--principal', 'usr_principal', '--coordinator', 'usr_coord', '--from', '2027-03-01', '--to', '2027-03-05', '--tz', 'America/New_York'];
    const ok = await agnt([...weekdays, '--exit-code', '-o', 'json'], { sb, as: 'manager' });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).hours).toMatchObject({ total: 120, uncovered: 0 });
  });

  it('-o ics: one event per stretch with no coverage, read back by node-ical', async () => {
    const r = await agnt([...WEEK, '-o', 'ics'], { sb, as: 'manager' });
    expect(r.exitCode, r.stderr).toBe(0);
    const events = Object.values(ical.sync.parseICS(r.stdout)).filter((e: any) => e.type === 'VEVENT') as any[];
    expect(events).toHaveLength(1);
    expect(events[0].start.toISOString()).toBe('2027-03-06T05:00:00.000Z');
    expect(events[0].end.toISOString()).toBe('2027-03-08T05:00:00.000Z');
    expect(events[0].summary).toBe('No coverage for usr_principal');
    expect(events[0].description).toContain('usr_member: outside working hours');
    expect(r.stderr).toContain('1 gap');
  });

  it('a coordinator who may not read the working hours is told they count as always working', async () => {
    const r = await agnt(['coverage', 'simulate', '--principal', 'usr_principal', '--from', '2027-03-06', '--to', '2027-03-07', '--tz', 'America/New_York', '-o', 'json'], {
      sb,
      as: 'coordinator',
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('the working hours of usr_backup cannot be read (403): counted as always working');
    // The principal's own matrix is not the coordinator's to read: their delegation's is used.
    expect(r.stderr).toContain('supervision from your delegation del_principal');
    expect(JSON.parse(r.stdout).hours).toMatchObject({ total: 48, covered: 48, uncovered: 0 });
  });

  it('a principal that does not exist is an error, not a simulation', async () => {
    const r = await agnt(['coverage', 'simulate', '--principal', 'usr_nobody', '--from', '2027-03-01', '--to', '2027-03-02', '--tz', 'UTC'], { sb, as: 'manager' });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('usr_nobody');
  });

  it('refuses bad input before any request', async () => {
    const before = sb.requests.length;
    const noPrincipal = await agnt(['coverage', 'simulate', '--from', '2027-03-01', '--to', '2027-03-02'], { sb, as: 'manager' });
    expect(noPrincipal.exitCode).toBe(2);
    expect(noPrincipal.stderr).toContain('--principal is required');
    const backwards = await agnt(['coverage', 'simulate', '--principal', 'usr_principal', '--from', '2027-03-02T00:00:00Z', '--to', '2027-03-01T00:00:00Z'], { sb, as: 'manager' });
    expect(backwards.exitCode).toBe(2);
    expect(backwards.stderr).toContain('is not after --from');
    expect(sb.requests.length).toBe(before);
  });
});
