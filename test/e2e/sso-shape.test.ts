// One decision on SSO files, from the seeds (the API leaves the SSO provider objects' inner
// fields open): the model, `org sso set` and `org validate` agree. docs/usage.md's example of a
// refused file is refused by both; a SAML object's inner values are sent as they are by both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false });
  dir = tempDir('agnt-sso-shape-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('SSO files', () => {
  it("docs/usage.md's example is refused by org sso set and by org validate; nothing is sent", async () => {
    const readme = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'usage.md'), 'utf8');
    const example = /`error: sso\.yaml: (\w+): must be true or false, got 5`/.exec(readme);
    expect(example).not.toBeNull();
    const sso = join(dir, 'sso.yaml');
    writeFileSync(sso, `${example![1]}: 5\n`);
    const mark = sb.requests.length;
    const set = await agnt(['org', 'sso', 'set', 'org_acme', '--file', sso], { sb });
    expect(set.exitCode).toBe(2);
    expect(set.stderr).toContain(`error: ${sso}: ${example![1]}: must be true or false, got 5`);
    const exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
    const doc = join(dir, 'org.yaml');
    writeFileSync(doc, exported.replace(/^sso:\n {2}enabled: false/m, 'sso:\n  enabled: 5'));
    const validate = await agnt(['org', 'validate', doc]);
    expect(validate.exitCode).toBe(2);
    expect(validate.stderr).toMatch(/sso\.enabled: must be boolean/);
    expect(sb.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("SAML's inner fields are open: set stores them as sent, and validate calls the same content valid", async () => {
    const sso = join(dir, 'saml.yaml');
    writeFileSync(sso, 'saml:\n  entityId: 5\n  ssoUrl: https://idp.test/sso\n');
    const set = await agnt(['org', 'sso', 'set', 'org_acme', '--file', sso], { sb });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(sb.store.get('organizations', 'org_acme')!.sso.saml).toEqual({ entityId: 5, ssoUrl: 'https://idp.test/sso' });
    const exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
    const doc = join(dir, 'org-saml.yaml');
    writeFileSync(doc, exported);
    expect(exported).toMatch(/saml:\n {4}entityId: 5/);
    const validate = await agnt(['org', 'validate', doc]);
    expect(validate.exitCode, validate.stderr).toBe(0);
  });
});
