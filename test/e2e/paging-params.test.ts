// A list whose row documents no query (part 1, 8: paging applies to "list endpoints that list
// them") is asked without page/perPage.
import { expect, it } from 'vitest';
import { agnt, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

it('org domains get sends no paging parameters to the domains list', async () => {
  sb.requests.length = 0;
  const r = await agnt(['org', 'domains', 'get', 'org_acme', 'dom_acme', '-o', 'id'], { sb, as: 'admin' });
  expect(r).toMatchObject({ exitCode: 0, stdout: 'dom_acme\n', stderr: '' });
  expect(sb.requests.map((q) => q.url)).toEqual(['/organizations/org_acme/domains']);
});
