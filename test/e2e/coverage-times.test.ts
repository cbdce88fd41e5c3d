// docs/usage.md's one time rule for the coverage moves and create (issue 23): a table shows the
// span's times in your zone (--tz, --utc, else AGNT_TIMEZONE or the user's), as coverage get and
// list do; json keeps the API's UTC times.
import { describe, expect, it } from 'vitest';
import { agnt, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile({ clock: () => Date.parse('2027-05-03T12:00:00Z'), exampleRecords: false });

/** The value of a key-value table's line. */
const field = (stdout: string, key: string) => new RegExp(`^${key} +(.*)$`, 'm').exec(stdout)?.[1];

describe('coverage create, accept and approve print times by the one rule', () => {
  it('in your zone in a table, in UTC with --utc, as the API sent them in json', async () => {
    const tokyo = { AGNT_TIMEZONE: 'Asia/Tokyo' };
    const create = ['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-06-07T09:00:00Z', '--end', '2027-06-09T17:00:00Z'];
    const made = await agnt([...create, '--reason', 'pto', '--submit'], { sb, as: 'coordinator', env: tokyo });
    expect(made.exitCode, made.stderr).toBe(0);
    expect(field(made.stdout, 'startAt')).toBe('2027-06-07 18:00 GMT+9');
    expect(field(made.stdout, 'endAt')).toBe('2027-06-10 02:00 GMT+9');
    const id = field(made.stdout, 'id')!;
    expect(id).toMatch(/^cov_/);

    const accepted = await agnt(['coverage', 'accept', id, '--utc'], { sb, as: 'backup', env: tokyo });
    expect(accepted.exitCode, accepted.stderr).toBe(0);
    expect(field(accepted.stdout, 'startAt')).toBe('2027-06-07 09:00 UTC');

    const approved = await agnt(['coverage', 'approve', id, '--tz', 'America/New_York'], { sb, as: 'manager', env: tokyo });
    expect(approved.exitCode, approved.stderr).toBe(0);
    expect(field(approved.stdout, 'startAt')).toBe('2027-06-07 05:00 EDT');
    expect(field(approved.stdout, 'acceptedAt')).toMatch(/^2027-05-03 \d\d:\d\d EDT$/);

    // json keeps the API's times; the zone flags are checked before anything is sent.
    const json = await agnt(['coverage', 'get', id, '-o', 'json'], { sb, as: 'manager', env: tokyo });
    expect(JSON.parse(json.stdout).startAt).toBe('2027-06-07T09:00:00.000Z');
    const bad = await agnt(['coverage', 'end', id, '--tz', 'Asia/Tokyo', '--utc'], { sb, as: 'coordinator' });
    expect(bad).toMatchObject({ exitCode: 2 });
    expect(bad.stderr).toContain('give --tz or --utc, not both');
  });
});
