// The sandbox's fault rules: path globs, matching against the model's templates, and the checks
// that refuse a rule which could never fire or says two contradictory things.
import { describe, expect, it } from 'vitest';
import { globMatchesTemplate, globRegExp } from '../../src/sandbox/glob.ts';
import { checkRule, Faults } from '../../src/sandbox/faults.ts';

const ENDPOINTS = [
  { id: 'contacts.create', method: 'POST', path: '/contacts' },
  { id: 'contacts.bulk-import', method: 'POST', path: '/contacts/bulk-import' },
  { id: 'contacts.get', method: 'GET', path: '/contacts/{contactId}' },
  { id: 'users.me.get', method: 'GET', path: '/users/me' },
];
const users = (who: string) => (who === 'member@acme.test' || who === 'usr_member' ? 'usr_member' : undefined);
const message = (raw: unknown): string => {
  try {
    checkRule(raw, ENDPOINTS, users);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
};

describe('globs', () => {
  it('* stays within a segment, ** crosses them; regex characters are literal', () => {
    expect(globRegExp('/contacts/*').test('/contacts/bulk-import')).toBe(true);
    expect(globRegExp('/contacts/*').test('/contacts/a/b')).toBe(false);
    expect(globRegExp('/contacts/**').test('/contacts/a/b')).toBe(true);
    expect(globRegExp('/a.b').test('/aXb')).toBe(false);
  });

  it('a glob matches a template when some path of it could match: parameters take any segment', () => {
    expect(globMatchesTemplate('/contacts/*', '/contacts/{contactId}')).toBe(true);
    expect(globMatchesTemplate('/contacts/con_1', '/contacts/{contactId}')).toBe(true);
    expect(globMatchesTemplate('/contacts/*', '/contacts')).toBe(false);
    expect(globMatchesTemplate('/**', '/users/me')).toBe(true);
    expect(globMatchesTemplate('/teams/**', '/users/me')).toBe(false);
  });
});

describe('checkRule', () => {
  it('takes a rule that some endpoint answers, with the user resolved to an id', () => {
    expect(checkRule({ method: 'post', path: '/contacts/*', status: 503, rate: 0.2, retryAfter: 2 }, ENDPOINTS, users)).toEqual({
      method: 'POST',
      path: '/contacts/*',
      status: 503,
      rate: 0.2,
      retryAfter: 2,
    });
    expect(checkRule({ endpoint: 'users.me.get', user: 'member@acme.test', reset: true, times: 1 }, ENDPOINTS, users)).toEqual({ endpoint: 'users.me.get', user: 'usr_member', reset: true, times: 1 });
  });

  it('refuses what could never fire or contradicts itself, naming it', () => {
    expect(message({ method: 'DELETE', path: '/contacts/*', status: 503 })).toMatch(/matches no endpoint of the API model \(DELETE \/contacts\/\*\)/);
    expect(message({ endpoint: 'nope', status: 503 })).toMatch(/no endpoint 'nope'/);
    expect(message({ user: 'who@else.test', status: 503 })).toMatch(/no user 'who@else.test'/);
    expect(message({ path: '/users/me' })).toMatch(/needs a status, a delay or reset/);
    expect(message({ path: '/users/me', status: 200 })).toMatch(/HTTP error status/);
    expect(message({ path: '/users/me', status: 503, reset: true })).toMatch(/not both/);
    expect(message({ path: '/users/me', status: 503, rate: 0.5, times: 2 })).toMatch(/rate or times, not both/);
    expect(message({ path: '/users/me', delay: 5, retryAfter: 1 })).toMatch(/retryAfter goes with a status/);
    expect(message({ path: '/users/me', status: 503, colour: 'red' })).toMatch(/unknown field 'colour'/);
    expect(message({ path: 'users/me', status: 503 })).toMatch(/starting with '\/'/);
  });
});

describe('Faults', () => {
  it('the first rule that fires answers; --times runs out; hits are counted', () => {
    const f = new Faults();
    const once = f.add({ method: 'GET', path: '/users/me', status: 429, times: 1 });
    const always = f.add({ path: '/users/**', status: 503 });
    const match = () =>
      f.match(
        'GET',
        '/users/me',
        () => 'users.me.get',
        () => 'usr_admin',
      )?.id;
    expect([match(), match(), match()]).toEqual([once.id, always.id, always.id]);
    expect(f.list().map((r) => [r.id, r.hits, r.times])).toEqual([
      [once.id, 1, 0],
      [always.id, 2, undefined],
    ]);
    expect(f.clear(once.id)).toBe(true);
    expect(f.clear(once.id)).toBe(false);
  });

  it('--after lets the first N matching requests through, then fires; a request let through may meet a later rule', () => {
    const f = new Faults();
    const later = f.add({ method: 'POST', path: '/contacts/bulk-import', status: 503, after: 2, times: 2 });
    const meanwhile = f.add({ method: 'POST', path: '/contacts/bulk-import', delay: 5, times: 1 });
    const match = (path = '/contacts/bulk-import') =>
      f.match(
        'POST',
        path,
        () => 'contacts.bulk-import',
        () => 'usr_admin',
      )?.id;
    // Another path does not count towards it.
    expect(match('/contacts')).toBeUndefined();
    expect([match(), match(), match(), match(), match()]).toEqual([meanwhile.id, undefined, later.id, later.id, undefined]);
    expect(f.list().map((r) => [r.id, r.hits, r.after, r.times])).toEqual([
      [later.id, 2, 0, 0],
      [meanwhile.id, 1, undefined, 0],
    ]);
    expect(checkRule({ path: '/contacts/bulk-import', status: 503, after: 20, rate: 0.5 }, ENDPOINTS, users)).toEqual({ path: '/contacts/bulk-import', status: 503, after: 20, rate: 0.5 });
    expect(message({ path: '/users/me', status: 503, after: 0 })).toMatch(/after must be a whole number of at least 1, got '0'/);
    expect(message({ path: '/users/me', status: 503, after: 1.5 })).toMatch(/after must be a whole number/);
  });

  it('a rule with query parameters matches only requests that carry those values (one page of a walk)', () => {
    const f = new Faults();
    const page3 = f.add({ method: 'GET', path: '/users/me', query: { page: '3' }, status: 502 });
    const match = (query: Record<string, string>) =>
      f.match(
        'GET',
        '/users/me',
        () => 'users.me.get',
        () => 'usr_admin',
        query,
      )?.id;
    expect([match({}), match({ page: '2', perPage: '2' }), match({ page: '3', perPage: '2' })]).toEqual([undefined, undefined, page3.id]);
    expect(checkRule({ path: '/users/me', query: { page: 3, all: true }, status: 503 }, ENDPOINTS, users)).toEqual({ path: '/users/me', query: { page: '3', all: 'true' }, status: 503 });
    expect(message({ path: '/users/me', query: {}, status: 503 })).toMatch(/query is an object of parameter names and values/);
    expect(message({ path: '/users/me', query: 'page=3', status: 503 })).toMatch(/query is an object/);
    expect(message({ path: '/users/me', query: { page: [3] }, status: 503 })).toMatch(/query\.page must be a value/);
  });

  it('a rule for a user or an endpoint matches only those requests', () => {
    const f = new Faults();
    f.add({ endpoint: 'users.me.get', user: 'usr_member', status: 503 });
    expect(
      f.match(
        'GET',
        '/users/me',
        () => 'users.me.get',
        () => 'usr_admin',
      ),
    ).toBeUndefined();
    expect(
      f.match(
        'GET',
        '/users/me',
        () => 'users.me.get',
        () => 'usr_member',
      ),
    ).toBeDefined();
    expect(
      f.match(
        'GET',
        '/users/usr_member',
        () => 'users.get',
        () => 'usr_member',
      ),
    ).toBeUndefined();
  });
});

describe('the sandbox journal', () => {
  it('records the agent session a request came from (X-Agnt-Session), null for others', async () => {
    const { Journal } = await import('../../src/sandbox/journal.ts');
    const j = new Journal();
    j.record({ time: 't', method: 'PATCH', path: '/contacts/con_1', query: {}, status: 200, user: 'usr_admin', fault: null, session: 'mcp_s1' });
    j.record({ time: 't', method: 'GET', path: '/users/me', query: {}, status: 200, user: 'usr_admin', fault: null, session: null });
    expect(j.list({}).map((e) => [e.method, e.session])).toEqual([
      ['PATCH', 'mcp_s1'],
      ['GET', null],
    ]);
  });
});
