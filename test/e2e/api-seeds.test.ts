// The sandbox and the OpenAPI document say what the seeds say, and nothing more:
// - A duplicate is refused by the status of its part: part 1 answers 400 (its rows give
//   "201 ...; 400" and its 7.2 lists 409 only for part 2), part 2 answers 409 (the conflict its
//   4.1 names for a company already claimed). agnt exits 5 for both (contract, exit codes). Each
//   status the sandbox returns is listed in that operation's responses.
// - `me` is a user only as the literal paths /users/me and /me/profile: no {userId} takes it,
//   in the document or the sandbox; agnt's `--user` still defaults to `me`, resolved to the caller.
// - page/perPage are declared only where an endpoint's row lists them (part 1, 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, agntJson, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let doc: any;
beforeAll(async () => {
  sb = await withSandbox();
  doc = JSON.parse((await agnt(['api', 'spec', '-o', 'json'])).stdout);
});
afterAll(async () => {
  await sb.dispose();
});

type Role = 'admin' | 'coordinator' | 'member';
interface Case {
  area: string;
  /** The operation the duplicate is sent to. */
  op: [string, string];
  /** Run first (may already hold the record); then `dup` is the duplicate. */
  first: string[];
  dup?: string[];
  as?: Role;
  status: 400 | 409;
  code: string;
}

const CASES: Case[] = [
  // Part 1: 400.
  { area: 'users', op: ['post', '/users'], first: ['users', 'create', '--email', 'dup-user@acme.test'], status: 400, code: 'AGNT_E_DUPLICATE' },
  {
    area: 'identifiers',
    op: ['post', '/identifiers'],
    first: ['identifiers', 'create', '--type', 'phone', '--value', '+15550001111', '--user-id', 'usr_admin'],
    status: 400,
    code: 'AGNT_E_DUPLICATE',
  },
  {
    area: 'assistants',
    op: ['post', '/assistants'],
    first: ['assistants', 'create', '--name', 'Dup', '--email', 'dup@assistants.acme.test', '--scope', 'organization'],
    status: 400,
    code: 'AGNT_E_DUPLICATE',
  },
  { area: "a user's assistant", op: ['post', '/users/{userId}/assistant'], first: ['assistants', 'user', 'create', 'usr_manager', '--name', 'Robin'], status: 400, code: 'AGNT_E_ASSISTANT_EXISTS' },
  {
    area: 'contact relationships',
    op: ['post', '/contacts/{contactId}/relationships'],
    first: ['contacts', 'relationships', 'add', 'con_carol', '--to-contact-id', 'con_dan', '--type', 'partner'],
    status: 400,
    code: 'AGNT_E_DUPLICATE',
  },
  {
    area: 'contact external ids',
    op: ['put', '/contacts/{contactId}/external-ids/{integration}'],
    first: ['contacts', 'external-ids', 'set', 'con_carol', 'crm', '--external-id', 'X-1'],
    dup: ['contacts', 'external-ids', 'set', 'con_dan', 'crm', '--external-id', 'X-1'],
    status: 400,
    code: 'AGNT_E_DUPLICATE',
  },
  // Part 2: 409.
  { area: 'organizations', op: ['post', '/organizations'], first: ['org', 'create', '--name', 'Dup Labs'], status: 409, code: 'AGNT_E_ORG_NAME_TAKEN' },
  { area: 'domains', op: ['post', '/organizations/{orgId}/domains'], first: ['org', 'domains', 'add', 'org_acme', '--domain', 'dup.acme.test'], status: 409, code: 'AGNT_E_DOMAIN_TAKEN' },
  { area: 'teams', op: ['post', '/teams'], first: ['teams', 'create', '--name', 'Dup Team'], status: 409, code: 'AGNT_E_TEAM_NAME_TAKEN' },
  { area: 'team members', op: ['post', '/teams/{teamId}/members'], first: ['teams', 'members', 'add', 'team_acme', '--user-id', 'usr_ghost'], status: 409, code: 'AGNT_E_ALREADY_MEMBER' },
  {
    area: 'invitations',
    op: ['post', '/team-invitations'],
    first: ['invitations', 'create', '--team-id', 'team_acme', '--email', 'dup-invite@acme.test'],
    status: 409,
    code: 'AGNT_E_INVITATION_PENDING',
  },
  { area: 'booking links', op: ['post', '/booking-links'], first: ['booking-links', 'create', '--slug', 'dup-slug'], status: 409, code: 'AGNT_E_DUPLICATE' },
  {
    area: 'backup routing',
    op: ['post', '/backup-routing-rules'],
    first: ['backup-rules', 'create', '--backup-coordinator', 'usr_manager', '--principal', 'usr_principal2'],
    as: 'coordinator',
    status: 409,
    code: 'AGNT_E_DUPLICATE',
  },
  {
    area: 'manager assignments',
    op: ['post', '/manager-assignments'],
    first: ['manager-assignments', 'create', '--manager', 'usr_admin', '--managed-user', 'usr_manager'],
    status: 409,
    code: 'AGNT_E_DUPLICATE',
  },
  {
    area: 'delegations',
    op: ['post', '/delegations'],
    first: ['delegations', 'create', '--principal-id', 'usr_member', '--delegation-source', 'platform'],
    as: 'coordinator',
    status: 409,
    code: 'AGNT_E_DUPLICATE',
  },
];

describe('a duplicate is refused by the status of its part, and the document lists it', () => {
  it.each(CASES.map((c) => [c.area, c] as const))('%s', async (_area, c) => {
    await agnt(c.first, { sb, as: c.as ?? 'admin' });
    const r = await agnt([...(c.dup ?? c.first), '-o', 'json'], { sb, as: c.as ?? 'admin' });
    expect(r.exitCode, r.stderr).toBe(5);
    expect(JSON.parse(r.stderr).error).toMatchObject({ status: c.status, code: c.code, exitCode: 5 });
    const [method, path] = c.op;
    expect(Object.keys(doc.paths[path][method].responses), `${method.toUpperCase()} ${path}`).toContain(String(c.status));
  });

  it('removing a team owner who has members is the 400 the seeds give accepting an invitation (requiresOwnershipTransfer)', async () => {
    const r = await agnt(['teams', 'members', 'remove', 'team_acme', 'usr_admin', '--yes', '-o', 'json'], { sb });
    expect(r.exitCode, r.stderr).toBe(5);
    expect(JSON.parse(r.stderr).error).toMatchObject({ status: 400, code: 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED' });
    expect(sb.store.get('users', 'usr_admin')!.team).toBe('team_acme');
    expect(doc.paths['/teams/{teamId}/members/{memberId}'].delete.responses['400'].description).toMatch(/AGNT_E_OWNERSHIP_TRANSFER_REQUIRED/);
    expect(doc.paths['/teams/{teamId}/members/{memberId}'].delete.responses['409']).toBeUndefined();
  });
});

describe('`me` is a user only where the seeds give it', () => {
  it('no path parameter of the document takes `me`; the literal /users/me and /me/profile stay', () => {
    const saysMe: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        for (const p of op.parameters ?? []) if (p.in === 'path' && /\bme\b/.test(`${p.description ?? ''} ${p.schema?.description ?? ''}`)) saysMe.push(`${method} ${path} ${p.name}`);
    expect(saysMe).toEqual([]);
    expect(doc.paths['/users/me'].get).toBeDefined();
    expect(doc.paths['/users/me'].patch).toBeDefined();
    expect(doc.paths['/me/profile'].get).toBeDefined();
  });

  it('the sandbox takes no `me` as a {userId}: drive, preferences and assistant paths answer 404', async () => {
    for (const path of ['/users/me/drive-files', '/users/me/drive-storage', '/users/me/preferences/scheduling', '/users/me/assistant']) {
      const res = await fetch(`${sb.baseUrl}${path}`, { headers: { authorization: `Bearer ${sb.tokens.member}` } });
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    const leave = await fetch(`${sb.baseUrl}/teams/team_acme/members/me`, { method: 'DELETE', headers: { authorization: `Bearer ${sb.tokens.member}` } });
    expect(leave.status).toBe(404);
    expect(sb.store.get('users', 'usr_member')!.team).toBe('team_acme');
  });

  it("agnt's --user default `me` is the caller's id on the wire (and in a dry run)", async () => {
    const seen = sb.requests.length;
    const files = await agnt(['drive', 'list', '-o', 'json'], { sb, as: 'member' });
    expect(files.exitCode, files.stderr).toBe(0);
    expect(sb.requests.slice(seen).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /users/me', 'GET /users/usr_member/drive-files']);
    const dry = await agnt(['preferences', 'scheduling', 'get', '--dry-run'], { sb, as: 'member' });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).url).toMatch(/\/users\/usr_member\/preferences\/scheduling$/);
    // A user record itself is never resolved: `users delete me` names no one.
    expect((await agnt(['users', 'delete', 'me', '--yes'], { sb, as: 'member' })).exitCode).toBe(3);
    expect((await agntJson(['users', 'me'], { sb, as: 'member' })).id).toBe('usr_member');
  });
});

describe('page/perPage only where the row lists them', () => {
  const query = (method: string, path: string) => (doc.paths[path][method].parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name);
  it('the 13 lists whose rows give the request no paging declare none, and still answer page, perPage, total', () => {
    const rowsWithout = [
      '/onboarding/sessions',
      '/workspace/snapshots',
      '/property-definitions',
      '/assistants',
      '/assistants/all',
      '/users/{userId}/drive-files/shared',
      '/organizations/{orgId}/domains',
      '/team-invitations',
      '/coordinator/pending-invites',
      '/coverage-spans/{spanId}/principals',
      '/backup-routing-rules',
      '/manager-assignments',
      '/calendars',
    ];
    for (const path of rowsWithout) {
      expect(query('get', path), path).not.toContain('page');
      expect(query('get', path), path).not.toContain('perPage');
      const ok = doc.paths[path].get.responses['200'].content['application/json'].schema;
      expect(ok.required, path).toEqual(expect.arrayContaining(['page', 'perPage', 'total']));
    }
    // Rows that list them keep them.
    expect(query('get', '/users')).toEqual(expect.arrayContaining(['page', 'perPage', 'limit']));
    expect(query('get', '/delegations')).toEqual(expect.arrayContaining(['page', 'perPage']));
  });
});

describe('answers and the document agree where Prism found them apart', () => {
  it("a booking link's invitees carry invitedAt as the string the seeds require (part 2, 2.6)", async () => {
    const link = await agntJson(['booking-links', 'add-invitees', 'bkl_principal', '--invitee', 'Eve Example <eve@example.test>'], { sb, as: 'principal' });
    const invitees = (link.invitees ?? link.bookingLink?.invitees) as Array<Record<string, unknown>>;
    expect(invitees.length).toBeGreaterThanOrEqual(3);
    for (const i of invitees) expect(typeof i.invitedAt, String(i.id)).toBe('string');
  });

  it('the layered profile gives startDate, profNetAUrl and birthday as the plain strings of the seeds (part 1, 2.4)', async () => {
    const ref: string = doc.paths['/me/profile'].get.responses['200'].content['application/json'].schema.properties.profile.$ref;
    const profile = doc.components.schemas[ref.split('/').pop()!].properties;
    expect(profile.professional.properties.startDate).toEqual({ type: 'string' });
    expect(profile.professional.properties.profNetAUrl).toEqual({ type: 'string' });
    expect(profile.personal.properties.birthday).toEqual({ type: 'string' });
    const r = await agnt(['users', 'profile', '-o', 'json'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
  });
});
