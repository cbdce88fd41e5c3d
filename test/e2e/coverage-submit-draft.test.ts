// `coverage create --submit` whose submit fails (an overlap, 409) leaves a draft: agnt names it,
// prints it (its id with -o id) and exits with the submit's error code.
import { describe, expect, it } from 'vitest';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const NOW = Date.parse('2027-02-20T12:00:00Z');
const sb = sandboxForFile({ clock: () => NOW, exampleRecords: false });

const create = ['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-03-01 09:00', '--for', '2d', '--reason', 'pto', '--submit'];

describe('coverage create --submit, submit refused', () => {
  it('prints the draft id, says a draft exists and how to submit it, exit 5', async () => {
    const first = await agntJson(create, { sb, as: 'coordinator' });
    await agntJson(['coverage', 'accept', first.id], { sb, as: 'backup' });
    const r = await agnt([...create, '-o', 'id'], { sb, as: 'coordinator' });
    expect(r.exitCode).toBe(5);
    const id = r.stdout.trim();
    expect(id).toMatch(/^cov_/);
    expect(id).not.toBe(first.id);
    expect(r.stderr).toMatch(new RegExp(`^error: created draft ${id}; not submitted: cannot submit coverage span ${id}: .*\\(HTTP 409, AGNT_E_OVERLAP\\); fix that, then: agnt coverage submit ${id}`));
    expect(sb.store.get('coverageSpans', id)).toMatchObject({ status: 'draft' });
  });
});
