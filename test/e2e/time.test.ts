// Times as a user types them, end to end: wall times in the user's zone (--tz, AGNT_TIMEZONE,
// the profile's timezone, the platform user's: America/New_York in the seed), DST gaps resolved
// as Temporal's 'compatible', and one duration grammar (--for 10s, --since 90s, --interval 2s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
const dirs: string[] = [];

beforeAll(async () => {
  sb = await withSandbox();
});
afterAll(async () => {
  await sb.dispose();
  for (const d of dirs) removeDir(d);
});

const AUDIT = '/organizations/org_acme/audit-events';
function lastQuery(path: string): URLSearchParams {
  const q = sb.requests.filter((r) => r.path === path).pop()!;
  return new URL(q.url, 'http://x').searchParams;
}

describe('org audit-events reads wall times like coverage does', () => {
  it("in the platform user's zone by default (New York), and DST gaps move forward", async () => {
    const r = await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-12-01 09:00', '--before', '2026-12-01 17:30', '-o', 'json'], { sb });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(lastQuery(AUDIT).get('after')).toBe('2026-12-01T14:00:00.000Z');
    expect(lastQuery(AUDIT).get('before')).toBe('2026-12-01T22:30:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: it is 03:30 EDT, as Temporal's 'compatible'.
    expect((await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-03-08 02:30', '-o', 'json'], { sb })).exitCode).toBe(0);
    expect(lastQuery(AUDIT).get('after')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('--tz, then AGNT_TIMEZONE, then the profile choose the zone; a bad zone is a usage error', async () => {
    await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-12-01 09:00', '--tz', 'Asia/Tokyo', '-o', 'json'], { sb });
    expect(lastQuery(AUDIT).get('after')).toBe('2026-12-01T00:00:00.000Z');
    await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-12-01 09:00', '-o', 'json'], { sb, env: { AGNT_TIMEZONE: 'Europe/Paris' } });
    expect(lastQuery(AUDIT).get('after')).toBe('2026-12-01T08:00:00.000Z');
    const dir = tempDir();
    dirs.push(dir);
    const set = await agnt(['config', 'set', 'timezone', 'Europe/London'], { configDir: dir });
    expect(set.exitCode).toBe(0);
    await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-12-01 09:00', '-o', 'json'], { sb, configDir: dir });
    expect(lastQuery(AUDIT).get('after')).toBe('2026-12-01T09:00:00.000Z');
    const badSet = await agnt(['config', 'set', 'timezone', 'Mars/Olympus'], { configDir: dir });
    expect(badSet.exitCode).toBe(2);
    expect(badSet.stderr).toMatch(/timezone: 'Mars\/Olympus' is not an IANA time zone/);
    const before = sb.requests.length;
    const bad = await agnt(['org', 'audit-events', 'list', 'org_acme', '--after', '2026-12-01 09:00', '--tz', 'Nowhere/Land'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--tz: 'Nowhere\/Land' is not an IANA time zone/);
    expect(sb.requests.length).toBe(before);
  });

  it('relative times and ISO 8601 need no zone (no GET /users/me); --since 90s works', async () => {
    const meBefore = sb.requests.filter((q) => q.path === '/users/me').length;
    const started = Date.now();
    const r = await agnt(['org', 'audit-events', 'list', 'org_acme', '--since', '90s', '--before', '2030-01-01T00:00:00+01:00', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    // 90 s before the moment agnt read the clock, which lies between these two.
    const after = Date.parse(lastQuery(AUDIT).get('after')!);
    expect(after).toBeGreaterThanOrEqual(started - 90_000);
    expect(after).toBeLessThanOrEqual(Date.now() - 90_000);
    expect(lastQuery(AUDIT).get('before')).toBe('2029-12-31T23:00:00.000Z');
    expect(sb.requests.filter((q) => q.path === '/users/me').length).toBe(meBefore);
  });

  it('audit-logging deliver reads --from and --to the same way', async () => {
    const r = await agnt(['org', 'audit-logging', 'deliver', 'org_acme', '--from', '2026-12-01 09:00', '--to', '2026-12-02 09:00', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    const job = JSON.parse(r.stdout);
    expect([job.from, job.to]).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-02T14:00:00.000Z']);
  });
});

describe('coverage: one duration grammar, DST by the same rule', () => {
  it('--for 10s works, and a span starting in the spring-forward gap starts at 03:30 EDT', async () => {
    const short = await agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-01-10 09:00', '--for', '10s'], { sb, as: 'coordinator' });
    const s = Array.isArray(short) ? short[0] : short;
    expect([s.startAt, s.endAt]).toEqual(['2027-01-10T14:00:00.000Z', '2027-01-10T14:00:10.000Z']);
    const gap = await agntJson(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-03-14 02:30', '--for', '1d'], { sb, as: 'coordinator' });
    const g = Array.isArray(gap) ? gap[0] : gap;
    // 2027-03-14 is the spring-forward day: 02:30 is 03:30 EDT, and a day later on the wall clock
    // is 03:30 EDT again (as Temporal's ZonedDateTime.add({ days: 1 })): 24 hours, not 23.
    expect([g.startAt, g.endAt]).toEqual(['2027-03-14T07:30:00.000Z', '2027-03-15T07:30:00.000Z']);
    const bad = await agnt(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-01-10 09:00', '--for', '10 parsecs'], { sb, as: 'coordinator' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--for: cannot read '10 parsecs' as a duration\nhint: use e\.g\. 90s, 30m, 36h, 5d, 2w or 1d12h/);
  });

  it('--timeout and --interval take durations as well as seconds', async () => {
    expect((await agnt(['users', 'get', 'me', '--timeout', '30s', '-o', 'json'], { sb })).exitCode).toBe(0);
    const bad = await agnt(['users', 'get', 'me', '--timeout', 'soon'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--timeout must be a positive number of seconds or a duration, got 'soon'/);
  });
});

describe('lists print the API times in UTC; --tz shows them in another zone', () => {
  const args = ['users', 'list', '--fields', 'id,createdAt'];
  it('a table shows wall times in the zone, csv keeps ISO 8601 with the offset, json stays as the API sent it', async () => {
    const users = await agntJson<{ id: string; createdAt: string }[]>(['users', 'list'], { sb });
    const admin = users.find((u) => u.id === 'usr_admin')!;
    const ms = Date.parse(admin.createdAt);
    const tokyo = new Date(ms + 9 * 3600_000).toISOString();

    const utc = await agnt(args, { sb });
    expect(utc.exitCode).toBe(0);
    expect(utc.stdout).toMatch(new RegExp(`usr_admin\\s+${admin.createdAt.replace(/\./g, '\\.')}`));

    const table = await agnt([...args, '--tz', 'Asia/Tokyo'], { sb });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`usr_admin\\s+${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)} GMT\\+9`));

    const csv = await agnt([...args, '--tz', 'America/New_York', '-o', 'csv'], { sb });
    expect(csv.exitCode).toBe(0);
    const cell = csv.stdout
      .split('\n')
      .find((l) => l.startsWith('usr_admin,'))!
      .split(',')[1]!;
    expect(cell).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
    expect(Date.parse(cell)).toBe(Math.floor(ms / 1000) * 1000);

    expect(await agntJson([...args, '--tz', 'Asia/Tokyo'], { sb })).toEqual(await agntJson(args, { sb }));
  });

  it('a zone that is not one is refused before anything is sent', async () => {
    const before = sb.requests.length;
    const r = await agnt([...args, '--tz', 'Mars/Olympus'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--tz: 'Mars\/Olympus' is not an IANA time zone/);
    expect(sb.requests.length).toBe(before);
  });
});
