import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-prefs-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

const SCHEDULING_YAML = `# scheduling preferences (part 1, 2.9)
sync: true
availability:
  sync: true
  workingHours:
    MO: [{ start: "08:00", end: "16:00" }]
    TU: [{ start: "08:00", end: "16:00" }]
    WE: [{ start: "10:00", end: "18:00" }]
    TH: []
    FR: [{ start: "08:00", end: "12:00" }]
    SA: []
    SU: []
  workingHolidays: []
  customHolidays: ["2026-12-24"]
  holidayCountries: [FR, US]
  holidayCountry: FR
defaults:
  virtual: { duration: 25, defaultMeetingLink: "https://meet.example/me", conferenceSolution: meeting_tool_2, conferenceIntegration: "" }
  inPerson: { duration: 45, defaultLocation: "Paris office" }
calendars: { sync: false, read: [primary, team], write: primary }
buffers: { bufferType: meeting, bufferLength: 10, bufferBlockLength: 0, dailyMeetingLimit: 6 }
customEventTitles:
  internal: { useCustomTitles: true, solo: "Focus", oneAttendee: "1:1 {name}" }
  external: { useCustomTitles: false }
`;

describe('scheduling and reminders', () => {
  it('sets scheduling preferences from YAML and reads them back equal', async () => {
    const file = join(dir, 'scheduling.yaml');
    writeFileSync(file, SCHEDULING_YAML);
    const set = await agnt(['preferences', 'scheduling', 'set', '--file', file, '-o', 'json'], { sb, as: 'coordinator' });
    expect(set.stderr).toBe('');
    expect(set.exitCode).toBe(0);
    const back = await agntJson(['preferences', 'scheduling', 'get'], { sb, as: 'coordinator' });
    expect(back).toEqual(parse(SCHEDULING_YAML));
    const sent = sb.requests.filter((r) => r.method === 'PUT' && r.path === '/users/usr_coord/preferences/scheduling').at(-1)!;
    expect(sent.body).toEqual({ schedulingPreferences: parse(SCHEDULING_YAML) });
    // the YAML printed by get is itself a valid input
    const yaml = (await agnt(['preferences', 'scheduling', 'get', '--yaml'], { sb, as: 'coordinator' })).stdout;
    writeFileSync(file, yaml);
    expect((await agnt(['preferences', 'scheduling', 'set', '--file', file, '--set', 'buffers.bufferLength=20', '-o', 'json'], { sb, as: 'coordinator' })).exitCode).toBe(0);
    expect((await agntJson(['preferences', 'scheduling', 'get'], { sb, as: 'coordinator' })).buffers.bufferLength).toBe(20);
  });

  it('checks the nested shape before sending', async () => {
    const file = join(dir, 'bad.yaml');
    const count = sb.requests.length;
    writeFileSync(file, 'availability:\n  workingHours:\n    MON: []\n');
    let r = await agnt(['preferences', 'scheduling', 'set', '--file', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`error: ${file}: availability.workingHours: unknown field 'MON' (allowed: MO, TU, WE, TH, FR, SA, SU)\n`);
    writeFileSync(file, 'buffers:\n  bufferType: lots\n');
    r = await agnt(['preferences', 'scheduling', 'set', '--file', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/buffers\.bufferType: invalid value 'lots' \(allowed: none, meeting, timeBlock\)/);
    writeFileSync(file, 'level: sometimes\n');
    r = await agnt(['preferences', 'reminders', 'update', '--file', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/level: invalid value 'sometimes'/);
    expect(sb.requests.length).toBe(count);
  });

  it('patches reminders from YAML, merged into the current ones, on every identifier', async () => {
    const file = join(dir, 'reminders.yaml');
    writeFileSync(file, 'level: none\nemail:\n  enabled: false\nrecipient:\n  asOrganizer: with-attendees\n');
    const r = await agntJson(['preferences', 'reminders', 'update', '--file', file], { sb, as: 'principal' });
    expect(r).toMatchObject({ level: 'none', email: { enabled: false, virtualDuration: 10 }, recipient: { asOrganizer: 'with-attendees', asAttendee: 'only-me' } });
    expect(await agntJson(['preferences', 'reminders', 'get'], { sb, as: 'principal' })).toEqual(r);
    const ids = await agntJson(['identifiers', 'list', '--user-id', 'usr_principal'], { sb });
    // The principal's work and personal e-mails and phone (idn_principal_email, _home, _phone).
    expect(ids.length).toBe(3);
    for (const i of ids) {
      const rec = await agntJson(['preferences', 'identifier', 'get', i.id], { sb, as: 'principal' });
      expect(rec.preferences.reminders.level).toBe('none');
    }
  });

  it('gets and sets skill preferences of an identifier', async () => {
    const [idn] = await agntJson(['identifiers', 'list', '--user-id', 'usr_member'], { sb });
    const file = join(dir, 'travel.yaml');
    writeFileSync(file, 'seatPreference: window\ncabinClass: business\nairlinePreferences: [carrierA]\n');
    const set = await agntJson(['preferences', 'skill', 'set', idn.id, 'travel', '--file', file, '--set', 'mealPreference=vegetarian'], { sb, as: 'member' });
    expect(set).toEqual({ skill: 'travel', preferences: { seatPreference: 'window', cabinClass: 'business', airlinePreferences: ['carrierA'], mealPreference: 'vegetarian' } });
    expect(await agntJson(['preferences', 'skill', 'get', idn.id, 'travel'], { sb, as: 'member' })).toEqual(set);
    expect((await agnt(['preferences', 'identifier', 'get', 'idn_nope'], { sb })).exitCode).toBe(3);
    // usr_globex is in the same account but another organization
    expect((await agnt(['preferences', 'skill', 'get', idn.id, 'travel'], { sb, as: 'other' })).exitCode).toBe(4);
  });
});

describe('supervision matrix', () => {
  it('shows a grid on a terminal-style table with parent-locked cells marked', async () => {
    const r = await agnt(['preferences', 'matrix', 'get'], { sb, as: 'member' });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^CELL\s+MODE\s+WINDOW_MIN\s+EXPIRY\s+UNDO_SEC\s+LOCK$/);
    expect(lines.slice(1, 13).map((l) => l.split(/\s+/)[0])).toEqual([
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
    ]);
    expect(r.stdout).toMatch(/^email_as_assistant\s+default\s+locked \(parent\)$/m);
    expect(r.stdout).toContain('Exceptions: none');
  });

  it('deep-merges a patch into the matrix', async () => {
    await agntJson(['preferences', 'matrix', 'patch', '--calendar', '{"mode": "time-boxed", "timeBoxedWindowMin": 30, "timeBoxedExpiry": "execute"}'], { sb, as: 'member' });
    const m = await agntJson(['preferences', 'matrix', 'patch', '--set', 'calendar.undoDelaySec=15', '--set', 'email_as_user.mode=manual'], { sb, as: 'member' });
    expect(m.calendar).toEqual({ mode: 'time-boxed', timeBoxedWindowMin: 30, timeBoxedExpiry: 'execute', undoDelaySec: 15 });
    expect(m.email_as_user.mode).toBe('manual');
    expect(m.parentLockedCells).toEqual(['email_as_assistant', 'third_party_skills']);
    expect(typeof m.matrixUpdatedAt).toBe('string');
    const file = join(dir, 'matrix.yaml');
    writeFileSync(file, 'email_as_assistant:\n  mode: manual\nthird_party_skills:\n  mode: manual\n  undoDelaySec: 60\n');
    const r = await agnt(['preferences', 'matrix', 'patch', '--file', file], { sb, as: 'member' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^calendar\s+time-boxed\s+30\s+execute\s+15$/m);
    expect(r.stdout).toMatch(/^third_party_skills\s+manual\s+60\s+locked \(parent\)$/m);
  });

  it('refuses `locked` at user scope (400) and loosening a parent-locked cell (403)', async () => {
    let r = await agnt(['preferences', 'matrix', 'patch', '--locked', 'calendar'], { sb, as: 'member' });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/`locked` is not allowed in a user-scope update \(HTTP 400/);
    r = await agnt(['preferences', 'matrix', 'patch', '--set', 'email_as_assistant.mode=auto'], { sb, as: 'member' });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/email_as_assistant is locked at 'manual' .* \(HTTP 403, AGNT_E_PARENT_LOCKED\)/);
    r = await agnt(['preferences', 'matrix', 'patch', '--set', 'third_party_skills.mode=auto'], { sb, as: 'member' });
    expect(r.exitCode).toBe(4);
    const count = sb.requests.length;
    r = await agnt(['preferences', 'matrix', 'patch', '--set', 'calendar.mode=sometimes'], { sb, as: 'member' });
    expect(r.exitCode).toBe(2);
    expect(sb.requests.length).toBe(count);
  });

  it('adds and removes recipient exceptions', async () => {
    const ex = await agntJson(
      ['preferences', 'exceptions', 'add', '--match', '{"kind": "domain", "value": "client.test"}', '--mode', 'manual', '--label', 'Clients', '--applies-to', 'email_as_user,calendar'],
      { sb, as: 'member' },
    );
    expect(ex).toMatchObject({ label: 'Clients', match: { kind: 'domain', value: 'client.test' }, mode: 'manual', appliesTo: ['email_as_user', 'calendar'], createdBy: 'usr_member' });
    const grid = (await agnt(['preferences', 'matrix', 'get'], { sb, as: 'member' })).stdout;
    expect(grid).toMatch(new RegExp(`^${ex.id}\\s+Clients\\s+domain=client\\.test\\s+manual\\s+email_as_user,calendar$`, 'm'));

    let r = await agnt(['preferences', 'exceptions', 'add', '--match', '{"kind": "email", "value": "not-an-address"}', '--mode', 'auto', '--applies-to', 'calendar'], { sb, as: 'member' });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/invalid selector/);
    r = await agnt(['preferences', 'exceptions', 'add', '--set', 'match.kind=tag', '--set', 'match.value=vip', '--mode', 'auto'], { sb, as: 'member' });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/AGNT_E_PARENT_LOCKED/);

    const del = await agnt(['preferences', 'exceptions', 'remove', ex.id, '--yes', '-o', 'json'], { sb, as: 'member' });
    expect(del.exitCode).toBe(0);
    expect(sb.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
    expect((await agntJson(['preferences', 'matrix', 'get'], { sb, as: 'member' })).exceptions).toEqual([]);
    expect((await agnt(['preferences', 'exceptions', 'remove', ex.id, '--yes'], { sb, as: 'member' })).exitCode).toBe(3);
  });

  it('resets the matrix to the defaults', async () => {
    const m = await agntJson(['preferences', 'matrix', 'reset', '--yes'], { sb, as: 'member' });
    expect(m.calendar.mode).toBeNull();
    expect(m.email_as_user.mode).toBeNull();
    expect(m.exceptions).toEqual([]);
  });
});
