// The API model (src/api) against the spec's endpoint list (its copy in test/fixtures/spec), and
// its shape language.
import { describe, expect, it } from 'vitest';
import { loadAll } from '../../src/api/index.ts';
import { pathParams, type Endpoint } from '../../src/api/endpoint.ts';
import { check, describeProblem, secretPaths, stripServerSet, arr, enumOf, int, nul, obj, oneOf, ro, secret, str, map, type Shape } from '../../src/api/shape.ts';
import { TRANSITIONS, refusal } from '../../src/api/coverage-rules.ts';
import { loosens } from '../../src/api/supervision.ts';

import { SPEC_ENDPOINTS as spec, SPEC_LIMIT_LISTS } from '../support/spec.ts';

describe('the API model', async () => {
  const areas = await loadAll();
  const endpoints: Endpoint[] = areas.flatMap((a) => a.endpoints);

  // The one place that counts: every other test compares what it finds with the model, so an
  // endpoint added to the seeds and the model changes no assertion.
  it('has exactly the endpoints of endpoints.json, each once', () => {
    expect(spec.length).toBeGreaterThan(0);
    expect(endpoints).toHaveLength(spec.length);
    const model = endpoints.map((e) => `${e.method} ${e.path}`).sort();
    expect(model).toEqual(spec.map((e) => `${e.method} ${e.path}`).sort());
  });

  it('gives every endpoint a unique id, its path parameters in order, and a success status', () => {
    const ids = endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of endpoints) {
      expect(e.id, e.path).toMatch(/^[a-z][a-z-]*(\.[a-z][a-z-]*)+$/);
      expect(Object.keys(e.params), e.id).toEqual(pathParams(e.path));
      expect(e.status.length, e.id).toBeGreaterThan(0);
      expect(e.summary, e.id).toBeTruthy();
    }
  });

  it('marks the three endpoints without `ok`, and the lists and how they page', () => {
    expect(
      endpoints
        .filter((e) => e.envelope === 'none')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/assistants/generate', '/chats/{chatId}/usage', '/coverage-spans/active-for-principal/{principalId}']);
    expect(endpoints.find((e) => e.path === '/coordinator/manager-audit-events')!.paging).toBe('before');
    expect(endpoints.find((e) => e.path === '/users')!.paging).toBe('page');
    for (const e of endpoints) if (e.paging) expect(e.method, e.id).toBe('GET');
  });

  it('sends --limit as `limit` to the lists whose query the spec says takes it, and to no other', () => {
    const rows = SPEC_LIMIT_LISTS;
    // The spec writes the drive's lists without their /users/{userId} prefix.
    const byPath = (p: string) => endpoints.find((e) => e.method === 'GET' && e.path === p) ?? endpoints.find((e) => e.method === 'GET' && e.path.endsWith(p));
    const documented = rows.map((p) => byPath(p)!.id).sort();
    expect(documented.length).toBe(14);
    expect(
      endpoints
        .filter((e) => e.takesLimit || e.paging === 'before')
        .map((e) => e.id)
        .sort(),
    ).toEqual(documented);
  });

  it('names each resource a get or update endpoint reads or writes', () => {
    for (const a of areas) for (const e of a.endpoints) if (e.resource) expect(a.resources[e.resource], `${e.id}: ${e.resource}`).toBeDefined();
  });

  it('marks the secrets: the SCIM token and the carrierC access token', () => {
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    expect(secretPaths(byId.get('orgs.scim-token.rotate')!.result!)).toEqual(['token']);
    expect(secretPaths(byId.get('assistants.update')!.body!)).toEqual(['carrierCCredentials.accessToken']);
  });

  it('keeps every body an object shape', () => {
    for (const e of endpoints) if (e.body) expect(e.body.kind, e.id).toBe('object');
  });
});

describe('the shape language', () => {
  const sso = obj({ enabled: enumOf(['yes', 'no']), saml: nul(obj({ entityId: str(), certs: arr(str()) }, { required: ['entityId'] })), tags: map(int()), who: oneOf([str(), obj({ id: str() })]) });

  it('names the path of each problem', () => {
    const problems = check(sso, { enabled: 'maybe', saml: { entityId: 5, certs: ['a', 1] }, tags: { x: 'y' }, who: 3, extra: true });
    expect(problems.map(describeProblem)).toEqual([
      "enabled: invalid value 'maybe' (allowed: yes, no)",
      'saml.entityId: must be a string, got 5',
      'saml.certs[1]: must be a string, got 1',
      'tags.x: must be an integer, got "y"',
      'who: must be a string or an object, got 3',
      "unknown field 'extra' (allowed: enabled, saml, tags, who)",
    ]);
  });

  it('checks required keys and null, and can ignore unknown keys', () => {
    expect(check(sso, { saml: {} }).map(describeProblem)).toEqual(['saml.entityId: is required']);
    expect(check(sso, { saml: null, enabled: null }).map(describeProblem)).toEqual(['enabled: must be one of: yes, no, not null']);
    expect(check(sso, { extra: 1 }, { unknown: 'ignore' })).toEqual([]);
    expect(check(obj({ a: str() }, { required: ['a'] }), {}, { partial: true })).toEqual([]);
  });

  it('strips server-set fields at any depth and reports where', () => {
    const rec: Shape = obj({ id: ro(str()), name: str(), emails: arr(obj({ address: str(), source: ro(str()) })), token: secret(str()) });
    const { value, removed } = stripServerSet(rec, { id: 'x', name: 'n', emails: [{ address: 'a', source: 'csv' }], other: 1 });
    expect(value).toEqual({ name: 'n', emails: [{ address: 'a' }], other: 1 });
    expect(removed).toEqual(['id', 'emails[0].source']);
  });
});

describe('shared domain rules', () => {
  it('coverage moves and their refusals', () => {
    expect(TRANSITIONS.accept.to({ requireManagerApproval: true })).toBe('pending_manager_approval');
    expect(TRANSITIONS.accept.to({ requireManagerApproval: false })).toBe('scheduled');
    expect(refusal('submit', 'draft')).toBeUndefined();
    expect(refusal('end', 'scheduled')).toBe('it has not started; cancel it instead');
    expect(refusal('accept', 'ended')).toBe('ended spans are final');
  });

  it('a parent-locked cell may be tightened, never loosened', () => {
    expect(loosens('auto', 'manual')).toBe(true);
    expect(loosens('denied', 'manual')).toBe(false);
    expect(loosens('manual', 'manual')).toBe(false);
  });
});
