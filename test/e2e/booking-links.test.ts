// Booking links with invitees, and calendars with events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';

// A Monday: the seeded calendar events are laid out from the start of this week.
const now = Date.parse('2026-11-30T12:00:00Z');
let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox({ clock: () => now });
  dir = tempDir();
});
afterAll(async () => {
  await sb.dispose();
});

describe('booking links', () => {
  let linkId = '';

  it('creates an invite-only link with scheduling preferences from a YAML file', async () => {
    const prefs = join(dir, 'prefs.yaml');
    writeFileSync(prefs, 'availability:\n  workingHours:\n    MO: [{start: "09:00", end: "12:00"}]\nbuffers:\n  bufferType: meeting\n  bufferLength: 15\n');
    const link = await agntJson(['booking-links', 'create', '--slug', 'pat-intro', '--title', 'Intro with Pat', '--access-mode', 'invite_only', '--scheduling-preferences', `@${prefs}`], {
      sb,
      as: 'principal',
    });
    linkId = link.id;
    expect(link).toMatchObject({
      slug: 'pat-intro',
      user: 'usr_principal',
      accessMode: 'invite_only',
      active: true,
      invitees: [],
      schedulingPreferences: { buffers: { bufferType: 'meeting', bufferLength: 15 } },
    });
    expect(link.shareToken).toMatch(/^shr_/);
    const dup = await agnt(['booking-links', 'create', '--slug', 'pat-intro'], { sb, as: 'member' });
    expect(dup.exitCode).toBe(5);
    const badKey = join(dir, 'bad.yaml');
    writeFileSync(badKey, 'availabilty: {}\n');
    const local = await agnt(['booking-links', 'create', '--slug', 'x-typo', '--scheduling-preferences', `@${badKey}`], { sb, as: 'principal' });
    expect(local.exitCode).toBe(2);
    expect(local.stderr).toContain("unknown field 'availabilty'");
  });

  it('adds invitees from flags and a CSV, once each, and sends them their links', async () => {
    const csv = join(dir, 'invitees.csv');
    writeFileSync(csv, 'name,email\nErin Partner,erin@partner.test\n"Dan, Vendor",dan@vendor.test\n');
    const r = await agnt(['booking-links', 'add-invitees', linkId, '--invitee', 'Carol Client <carol@client.test>', '--invitee', 'Dan Vendor,dan@vendor.test', '--csv', csv, '--send'], {
      sb,
      as: 'principal',
    });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+STATUS\s+INVITED_AT\s+BOOKED_AT$/);
    expect(lines.slice(1).map((l) => l.split(/\s{3,}/).slice(1, 4))).toEqual([
      ['Carol Client', 'carol@client.test', 'pending'],
      ['Dan Vendor', 'dan@vendor.test', 'pending'],
      ['Erin Partner', 'erin@partner.test', 'pending'],
    ]);
    expect(r.stderr).toContain('3 invitee(s) on');
    expect(r.stderr).toContain('sent 3 link(s)');
    const sends = sb.requests.filter((q) => q.method === 'POST' && /\/invitees\/[^/]+\/invite$/.test(q.path));
    expect(sends).toHaveLength(3);
  });

  it("re-sends one invitee's link; an unknown invitee fails alone (exit 6)", async () => {
    const link = sb.store.get('bookingLinks', linkId)!;
    const carol = link.invitees[0].id;
    const one = await agnt(['booking-links', 'invite', linkId, carol, '--json'], { sb, as: 'principal' });
    expect(one.exitCode).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ bookingLinkId: linkId, inviteeId: carol, sent: true });
    expect(one.stderr).toContain(`sent 1 invitation(s) for ${linkId}`);
    const some = await agnt(['booking-links', 'invite', linkId, '-'], { sb, as: 'principal', input: `${carol}\ninv_nope\n` });
    expect(some.exitCode).toBe(6);
    expect(some.stderr).toMatch(/inv_nope: error: invitee 'inv_nope' not found/);
    const other = await agnt(['booking-links', 'invite', linkId, carol], { sb, as: 'member' });
    expect(other.exitCode).toBe(4);
  });

  it('refuses invitees on a public link, and bad rows before sending', async () => {
    const pub = await agntJson(['booking-links', 'create', '--slug', 'pat-public'], { sb, as: 'principal' });
    const r = await agnt(['booking-links', 'add-invitees', pub.id, '--invitee', 'a@b.test'], { sb, as: 'principal' });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain('AGNT_E_NOT_INVITE_ONLY');
    const before = sb.requests.length;
    const bad = await agnt(['booking-links', 'add-invitees', linkId, '--csv', '-'], { sb, as: 'principal', input: 'Nobody,not-an-email\n' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("stdin:1: 'not-an-email' is not an e-mail address");
    const noInvitees = await agnt(['booking-links', 'add-invitees', linkId], { sb, as: 'principal' });
    expect(noInvitees.exitCode).toBe(2);
    expect(sb.requests.length).toBe(before);
  });
});

describe('calendars', () => {
  it("lists your calendars, and a principal's for their coordinator only", async () => {
    const mine = await agnt(['calendars', 'list'], { sb, as: 'principal' });
    expect(mine.exitCode).toBe(0);
    expect(mine.stdout).toMatch(/^cal_principal\s+Pat Principal\s+provider1\s+America\/New_York\s+true\s+owner\s+18\s/m);
    const theirs = await agntJson(['calendars', 'list', '--user-id', 'usr_principal'], { sb, as: 'coordinator' });
    expect(theirs.map((c: any) => c.id)).toEqual(['cal_principal', 'cal_principal_team']);
    const denied = await agnt(['calendars', 'list', '--user-id', 'usr_principal'], { sb, as: 'member' });
    expect(denied.exitCode).toBe(4);
    const cal = await agntJson(['calendars', 'get', 'cal_principal2'], { sb, as: 'coordinator' });
    expect(cal).toMatchObject({ id: 'cal_principal2', platform: 'provider2cloud', eventCount: 12 });
  });

  it('events in a local range, shown in a time zone', async () => {
    const events = await agntJson(['calendars', 'events', 'cal_principal', '--timezone', 'Europe/London', '--starts-at', '2026-11-30', '--ends-at', '2026-12-02'], { sb, as: 'coordinator' });
    // Seeded for this week: Monday 14:00 UTC and Wednesday 16:00 UTC.
    expect(events.map((e: any) => [e.title, e.startsAt])).toEqual([
      ['Weekly leadership sync', '2026-11-30T14:00:00+00:00'],
      ['Quarterly review with Client Co', '2026-12-02T16:00:00+00:00'],
    ]);
    const ny = await agntJson(['calendars', 'events', 'cal_principal', '--timezone', 'America/New_York', '--starts-at', '2026-11-30T00:00:00Z', '--ends-at', '2026-11-30T23:59:00Z'], {
      sb,
      as: 'principal',
    });
    expect(ny.map((e: any) => e.startsAt)).toEqual(['2026-11-30T09:00:00-05:00']);
    const bad = await agnt(['calendars', 'events', 'cal_principal', '--timezone', 'Mars/Olympus'], { sb, as: 'principal' });
    expect(bad.exitCode).toBe(2);
  });

  it('sync stamps the calendar', async () => {
    const r = await agnt(['calendars', 'sync', 'cal_principal', 'cal_coord'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^MESSAGE\nsynced 18 events of calendar cal_principal\nsynced 6 events of calendar cal_coord\n$/);
    expect(sb.store.get('calendars', 'cal_principal')).toMatchObject({ lastSyncedAt: new Date(now).toISOString(), lastSyncToken: 'sync_2' });
  });
});
