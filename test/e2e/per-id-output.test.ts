// Ids from stdin always give a list in the structured formats, failed ids included: each failure
// is an element naming its id and the error, so that the array accounts for every id given.
import { parse } from 'yaml';
import { expect, it } from 'vitest';
import { agnt, withSandbox } from '../support/helpers.ts';

it('coverage accept - -o json|yaml|jsonl lists the failed ids beside the successes', async () => {
  const sb = await withSandbox();
  try {
    const j = await agnt(['coverage', 'accept', '-', '-o', 'json'], { sb, as: 'backup', input: 'cov_pending\ncov_nope\n' });
    expect(j.exitCode).toBe(6);
    const arr = JSON.parse(j.stdout);
    expect(arr).toHaveLength(2);
    expect(arr[0]).toMatchObject({ id: 'cov_pending', status: expect.any(String) });
    expect(arr[1]).toEqual({ id: 'cov_nope', error: { message: expect.stringContaining('cov_nope'), exitCode: 3, status: 404, code: expect.any(String) } });
    expect(JSON.parse(j.stderr)).toEqual({ error: { message: expect.stringMatching(/^1 of 2 failed: cov_nope: /), exitCode: 6 } });

    const only = await agnt(['coverage', 'accept', '-', '-o', 'json'], { sb, as: 'backup', input: 'cov_nope\n' });
    expect(only.exitCode).toBe(6);
    expect(JSON.parse(only.stdout)).toEqual([{ id: 'cov_nope', error: expect.objectContaining({ exitCode: 3 }) }]);

    const y = await agnt(['coverage', 'accept', '-', '-o', 'yaml'], { sb, as: 'backup', input: 'cov_gone\n' });
    expect(parse(y.stdout)).toEqual([{ id: 'cov_gone', error: expect.objectContaining({ status: 404 }) }]);
    const l = await agnt(['coverage', 'accept', '-', '-o', 'jsonl'], { sb, as: 'backup', input: 'cov_gone\n' });
    expect(
      l.stdout
        .trim()
        .split('\n')
        .map((x) => JSON.parse(x)),
    ).toEqual([{ id: 'cov_gone', error: expect.objectContaining({ status: 404 }) }]);
    // -o id prints only what succeeded: its output feeds the next command.
    const ids = await agnt(['coverage', 'decline', '-', '-o', 'id'], { sb, as: 'backup', input: 'cov_pending2\ncov_gone\n' });
    expect(ids).toMatchObject({ exitCode: 6, stdout: 'cov_pending2\n' });
  } finally {
    await sb.dispose();
  }
});
