// The organization-as-code core: document normalization, the diff engine, ownership-limited
// deletes, secret references and masking, and validate's positions.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_KEYS, normalize, PROFILE_KEYS, readAndCheck, SSO_KEYS, type OrgDoc } from '../../src/workflows/org-as-code/document.ts';
import type { Live } from '../../src/workflows/org-as-code/live.ts';
import { computePlan, publicChange, renderPlan } from '../../src/workflows/org-as-code/plan.ts';
import { isSecretField, resolveReferences, withReferences } from '../../src/workflows/org-as-code/secrets.ts';
import { StateFile } from '../../src/workflows/org-as-code/state.ts';
import { tempDir } from '../support/helpers.ts';

const base: OrgDoc = normalize({
  apiVersion: 'agnt/v1',
  kind: 'Organization',
  organization: { name: 'Acme', defaultTeam: 'Core', defaultAssistant: null },
  domains: [{ domain: 'acme.test', autoJoin: true }],
  sso: { enabled: false, provider: 'saml', saml: { entityId: 'e', privateKey: 'k1' } },
  members: [{ email: 'a@acme.test', role: 'admin' }],
  teams: [{ name: 'Core', status: 'active', brandingOnEvents: false, brandingOnMessages: false, members: [{ email: 'a@acme.test', role: 'owner', status: 'active' }] }],
  invitations: [],
  backupRules: [],
  managerAssignments: [],
});

function live(doc: OrgDoc, extraTeams: Array<{ name: string; id: string }> = []): Live {
  const current: OrgDoc = JSON.parse(JSON.stringify(doc));
  current.domains = current.domains!.map((d) => ({ ...d, verified: true }));
  for (const t of extraTeams) current.teams!.push({ name: t.name, status: 'active', brandingOnEvents: false, brandingOnMessages: false, members: [] });
  return {
    doc: current,
    fingerprint: 'f',
    org: { id: 'org_1', name: 'Acme' },
    ids: {
      orgId: 'org_1',
      domains: new Map([['acme.test', { id: 'dom_1' }]]),
      userByEmail: new Map([['a@acme.test', 'usr_a']]),
      emailByUser: new Map([['usr_a', 'a@acme.test']]),
      teams: new Map([['core', { id: 'team_core' }], ...extraTeams.map((t) => [t.name.toLowerCase(), { id: t.id }] as [string, { id: string }])]),
      invitations: new Map(),
      backupRules: new Map(),
      teamList: [{ id: 'team_core', name: 'Core' }, ...extraTeams],
      usersByEmail: new Map([['a@acme.test', ['usr_a']]]),
      assistantIds: new Map(),
    },
  };
}

const state = () => new StateFile(join(tempDir(), 'state.json'), 'http://x', 'org_1');

describe('computePlan', () => {
  it('finds nothing to do when the organization matches the file', () => {
    expect(computePlan(base, live(base), state()).changes).toEqual([]);
  });

  it('names the leaf path of a nested change, with old and new', () => {
    const want = normalize({ ...base, sso: { ...base.sso, saml: { entityId: 'e2', privateKey: 'k1' } } });
    expect(computePlan(want, live(base), state()).changes.map((c) => [c.path, c.old, c.new])).toEqual([['sso.saml.entityId', 'e', 'e2']]);
  });

  it('deletes only objects agnt created: a hand-made team is a note, a managed one a delete', () => {
    const st = state();
    st.add('teams', 'team_managed', 'Managed');
    const plan = computePlan(
      base,
      live(base, [
        { name: 'Hand', id: 'team_hand' },
        { name: 'Managed', id: 'team_managed' },
      ]),
      st,
    );
    expect(plan.changes.map((c) => [c.op, c.path, c.deleteKind])).toEqual([['delete', 'teams[Managed]', 'teams']]);
    expect(plan.notes.join()).toContain('teams[Hand]');
  });

  it('leaves a section out of the file alone', () => {
    const { sso: _sso, members: _m, ...rest } = base;
    const current = normalize({ ...base, sso: { enabled: true, provider: 'x' }, members: [] });
    expect(computePlan(rest as OrgDoc, live(current), state()).changes).toEqual([]);
  });

  it('masks secrets in what it shows, by key and by value', () => {
    const want = normalize({ ...base, sso: { ...base.sso, saml: { entityId: 'e', privateKey: 'k2' } } });
    const [c] = computePlan(want, live(base), state()).changes;
    const shown = publicChange(c!, ['k2']);
    expect(shown).toMatchObject({ path: 'sso.saml.privateKey', old: '<secret>', new: '<secret>' });
    expect(renderPlan('h', [shown], [])).not.toMatch(/k1|k2/);
  });
});

describe('the API model decides what a document holds', () => {
  it('takes the writable fields of SSO, audit logging and the profile, and the secret ones, from src/api', () => {
    expect(SSO_KEYS).toEqual(['enabled', 'enforced', 'provider', 'provider1Workspace', 'provider2Directory', 'saml', 'scim', 'memberSync']);
    expect(AUDIT_KEYS).toEqual(['enabled', 'storageBucketArn', 'storagePrefix', 'roleArn', 'region']);
    expect(PROFILE_KEYS).toEqual(['name', 'industry', 'website', 'location', 'profNetAUrl', 'ownOrgProfile']);
    expect(['token', 'privateKey', 'clientSecret', 'bearerToken'].map(isSecretField)).toEqual([true, true, true, true]);
    expect(['entityId', 'ssoUrl', 'certificateFingerprint', 'enabled'].map(isSecretField)).toEqual([false, false, false, false]);
  });
});

describe('secret references', () => {
  it('export writes a reference named after the path; plan reads it from the environment', () => {
    const refd = withReferences({ saml: { entityId: 'e', privateKey: 'k' }, scim: { bearerToken: 't' } }, ['sso']) as any;
    expect(refd).toEqual({ saml: { entityId: 'e', privateKey: `\${env:AGNT_SSO_SAML_PRIVATE_KEY}` }, scim: { bearerToken: `\${env:AGNT_SSO_SCIM_BEARER_TOKEN}` } });
    const found: string[] = [];
    expect(resolveReferences(refd, { AGNT_SSO_SAML_PRIVATE_KEY: 'K', AGNT_SSO_SCIM_BEARER_TOKEN: 'T' }, 'f', found)).toEqual({ saml: { entityId: 'e', privateKey: 'K' }, scim: { bearerToken: 'T' } });
    expect(found).toEqual(['K', 'T']);
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----';
    expect(withReferences({ saml: { certificate: pem } }, ['sso'])).toEqual({ saml: { certificate: `\${env:AGNT_SSO_SAML_CERTIFICATE}` } });
    expect(() => resolveReferences(refd, {}, 'org.yaml')).toThrow(`org.yaml: saml.privateKey refers to \${env:AGNT_SSO_SAML_PRIVATE_KEY}, which is not set`);
  });
});

describe('readAndCheck', () => {
  it('points at a mistyped key, a wrong type in JSON, and a user in two teams', async () => {
    const dir = tempDir();
    const yaml = join(dir, 'o.yaml');
    writeFileSync(yaml, 'apiVersion: agnt/v1\nkind: Organization\nsso:\n  enabeld: true\n');
    expect((await readAndCheck(yaml)).problems).toEqual([{ line: 4, column: 3, path: 'sso.enabeld', message: "unknown key 'enabeld'; did you mean 'enabled'?" }]);
    const json = join(dir, 'o.json');
    writeFileSync(json, '{\n  "apiVersion": "agnt/v1",\n  "kind": "Organization",\n  "domains": [{"domain": "a.test", "autoJoin": "yes"}]\n}\n');
    expect((await readAndCheck(json)).problems).toEqual([{ line: 4, column: 48, path: 'domains[0].autoJoin', message: 'must be boolean' }]);
    const twice = join(dir, 't.yaml');
    writeFileSync(twice, 'apiVersion: agnt/v1\nkind: Organization\nteams:\n  - name: A\n    members:\n      - email: x@a.test\n  - name: B\n    members:\n      - email: x@a.test\n');
    expect((await readAndCheck(twice)).problems).toEqual([
      { line: 9, column: 16, path: 'teams[1].members[0].email', message: "x@a.test is also a member of team 'A'; a user belongs to one team at a time" },
    ]);
  });
});

describe('reading a document', () => {
  it('gives the same value through the fast reader as through yaml, and falls back to yaml for aliases and problems', async () => {
    const { parse } = await import('yaml');
    const dir = tempDir();
    const example = join(import.meta.dirname, '..', '..', 'examples', 'org.yaml');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(example, 'utf8');
    expect((await readAndCheck(example)).value).toEqual(parse(text));
    // The two readers agree on YAML 1.2 core scalars, where YAML 1.1 readers differ (yes, on).
    const { load, CORE_SCHEMA } = await import('js-yaml');
    const scalars = '{a: yes, b: on, c: 0o17, d: 0x1F, e: 2026-01-01, f: ~, g: .inf, h: "x\\ty", i: 1e3, j: -.5, k: Null, l: TRUE}';
    expect(load(scalars, { schema: CORE_SCHEMA })).toEqual(parse(scalars));
    // A problem is located by yaml.
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, `${text}\norganization2: {}\n`);
    expect((await readAndCheck(bad)).problems[0]).toMatchObject({ line: text.split('\n').length + 1, column: 1 });
    // An alias is read by yaml alone, which bounds its expansion.
    const aliased = join(dir, 'aliased.yaml');
    writeFileSync(aliased, text.replace('organization:\n', 'organization: &org\n'));
    expect((await readAndCheck(aliased)).value).toEqual(parse(text.replace('organization:\n', 'organization: &org\n')));
  });
});
