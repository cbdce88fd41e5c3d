// Workflows and the built-in commands name the endpoints they call by their id in the model
// (src/core/endpoint-request.ts): no request is described by hand with a method, a path and a
// result key of its own; and every API path written anywhere in the CLI's code (help text,
// catalogue rows of commands/) is one the model has. The ids themselves are a type
// (src/api/ids.ts) that the compiler checks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOfId, endpointAt, findEndpoint, loadAll } from '../../src/api/index.ts';
import type { Endpoint, EndpointId } from '../../src/api/index.ts';
import { endpointRequest, requestFor } from '../../src/core/endpoint-request.ts';
import { WAIT_KINDS } from '../../src/workflows/wait-kinds.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SCANNED = ['src/workflows', 'src/builtin', 'src/core', 'src/render', 'src/completion', 'src/builtins.ts', 'src/cli.ts', 'commands'];
/**
 * Where requests are made by name. (The builder and completion send a command's own request,
 * every part of it from the command's endpoint: the generic code that the names feed.)
 */
const BY_NAME = ['src/workflows/', 'src/builtin/', 'src/render/', 'src/core/time.ts'];
/** Files that still describe a request by hand, and why. */
const LEFT: Record<string, string> = {};

function files(rel: string): string[] {
  const abs = join(ROOT, rel);
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((name) => files(join(rel, name)));
}
const sources = SCANNED.flatMap(files)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n') }));

describe('endpoints by id', async () => {
  const areas = await loadAll();
  const endpoints: Endpoint[] = areas.flatMap((a) => a.endpoints);
  const templates = new Set(endpoints.map((e) => e.path));
  const firstSegments = new Set(endpoints.map((e) => e.path.split('/')[1]));

  it('src/api/ids.ts lists exactly the ids of the model', () => {
    const listed = [...readFileSync(join(ROOT, 'src/api/ids.ts'), 'utf8').matchAll(/^\s*\| '([^']+)'/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual(endpoints.map((e) => e.id).sort());
  });

  it('finds each id in its own area (the one area findEndpoint loads), and refuses an id the model lacks', async () => {
    for (const a of areas) for (const e of a.endpoints) expect(areaOfId(e.id), e.id).toBe(a.name);
    expect((await findEndpoint('orgs.members.list')).path).toBe('/organizations/{orgId}/members');
    await expect(findEndpoint('orgs.nothing' as EndpointId)).rejects.toThrow("no endpoint 'orgs.nothing' in the API model");
    await expect(findEndpoint('nowhere.list' as EndpointId)).rejects.toThrow("no endpoint 'nowhere.list' in the API model");
  });

  it('no request is described by hand (method, path, result key) outside the model', () => {
    const found: string[] = [];
    for (const { file, lines } of sources) {
      if (LEFT[file] || !BY_NAME.some((p) => file.startsWith(p))) continue;
      lines.forEach((l, i) => {
        if (/\bmethod:\s*'(GET|POST|PUT|PATCH|DELETE)'\s*[,}]/.test(l)) found.push(`${file}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('every API path written in the code is an endpoint of the model', () => {
    const found: string[] = [];
    for (const { file, lines } of sources) {
      lines.forEach((l, i) => {
        for (const m of l.matchAll(/(['"`])(\/[\w{}\-/.]*)\1/g)) {
          const path = m[2]!;
          if (!firstSegments.has(path.split('/')[1]) || templates.has(path)) continue;
          found.push(`${file}:${i + 1}: ${path}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('the built-ins and the wait kinds name an endpoint by its id alone (its route comes from the model)', () => {
    const found: string[] = [];
    for (const { file, lines } of sources) {
      if (!file.startsWith('src/builtin/') && file !== 'src/workflows/wait-kinds.ts') continue;
      lines.forEach((l, i) => {
        if (/\b(route|path):\s*['"`](GET |POST |PUT |PATCH |DELETE )?\//.test(l)) found.push(`${file}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('each wait kind polls a GET endpoint of the model, whose path parameters it fills', async () => {
    for (const k of WAIT_KINDS) {
      const e = await findEndpoint(k.endpoint);
      expect(e.method, k.name).toBe('GET');
      expect(Object.keys(e.params), k.name).toEqual(k.flag ? expect.arrayContaining([k.arg, k.flag.param]) : [k.arg]);
    }
  });
});

describe('requestFor / endpointRequest', () => {
  it('takes method, path, result key, shape and paging from the model', async () => {
    const list = await endpointRequest('teams.members.list', { params: { teamId: 'tm_1' }, query: { status: 'active' } });
    expect(list).toMatchObject({ method: 'GET', path: '/teams/{teamId}/members', params: { teamId: 'tm_1' }, query: { status: 'active' }, resultKey: 'members', shape: 'list' });
    expect(list.endpoint?.paging).toBe('page');
    expect(list.envelope).toBeUndefined();

    const create = await endpointRequest('teams.members.create', { params: { teamId: 'tm_1' }, body: { userId: 'usr_1' } });
    expect(create).toMatchObject({ method: 'POST', path: '/teams/{teamId}/members', body: { userId: 'usr_1' }, resultKey: 'member', shape: 'record' });

    // No `ok` envelope: the body is the record.
    expect(await endpointRequest('coverage.spans.active-for-principal', { params: { principalId: 'usr_1' } })).toMatchObject({ envelope: 'none', shape: 'record' });
    // A result without a key ({ok, url}) is not checked as a record: the one key is the result.
    const download = await endpointRequest('drive.files.download', { params: { userId: 'me', fileId: 'fil_1' } });
    expect(download.resultKey).toBeUndefined();
    expect(download.shape).toBeUndefined();
    // A documented null (the workspace profile before its first run).
    expect(await endpointRequest('workspace.profile')).toMatchObject({ resultKey: 'profile', shape: 'record', nullable: true });
  });

  it('is the same for an endpoint already at hand', async () => {
    const e = await findEndpoint('orgs.audit-logging.job');
    expect(requestFor(e, { params: { orgId: 'org_1', jobId: 'adj_1' } })).toEqual(await endpointRequest('orgs.audit-logging.job', { params: { orgId: 'org_1', jobId: 'adj_1' } }));
  });
});

describe('endpointAt (agnt api --paginate: how a path given by hand pages)', () => {
  it('matches a concrete path to its template, a literal segment before a parameter', async () => {
    expect((await endpointAt('GET', '/users/me'))?.id).toBe('users.me.get');
    expect((await endpointAt('GET', '/users/usr_1'))?.id).toBe('users.get');
    expect((await endpointAt('GET', '/organizations/org_1/members?search=a'))?.id).toBe('orgs.members.list');
    expect((await endpointAt('GET', '/coordinator/manager-audit-events'))?.paging).toBe('before');
    expect(await endpointAt('GET', '/nowhere')).toBeUndefined();
    expect(await endpointAt('DELETE', '/users')).toBeUndefined();
  });
});
