// The platform API model, one module per area. Each area loads on its own (a command needs
// only its area's model, and start-up stays fast); `loadAll` is for whatever needs the whole
// API at once (the OpenAPI document, the sandbox's route check, tests).
import type { ApiArea, Endpoint } from './endpoint.ts';
import type { EndpointId } from './ids.ts';

export type { ApiArea, Endpoint, ErrorDoc, Method, Paging } from './endpoint.ts';
export type { EndpointId } from './ids.ts';

/** Area name to its model module, in the spec's order. */
export const AREA_LOADERS: Readonly<Record<string, () => Promise<{ area: ApiArea }>>> = {
  chats: () => import('./areas/chats.ts'),
  onboarding: () => import('./areas/onboarding.ts'),
  contacts: () => import('./areas/contacts.ts'),
  users: () => import('./areas/users.ts'),
  identifiers: () => import('./areas/identifiers.ts'),
  assistants: () => import('./areas/assistants.ts'),
  drive: () => import('./areas/drive.ts'),
  preferences: () => import('./areas/preferences.ts'),
  organizations: () => import('./areas/organizations.ts'),
  teams: () => import('./areas/teams.ts'),
  coordinator: () => import('./areas/coordinator.ts'),
  coverage: () => import('./areas/coverage.ts'),
  delegations: () => import('./areas/delegations.ts'),
  'booking-links': () => import('./areas/booking-links.ts'),
  calendars: () => import('./areas/calendars.ts'),
};

/**
 * The areas of the endpoint ids whose first word is not their area's name ('orgs.get' is an
 * organizations endpoint); any other id's first word is its area. A unit test holds every id
 * to it, so that `findEndpoint` loads the one area that has the endpoint.
 */
const ID_AREAS: Readonly<Record<string, string>> = {
  orgs: 'organizations',
  workspace: 'users',
  invitations: 'teams',
  'org-requests': 'teams',
  'backup-rules': 'coverage',
  'manager-assignments': 'coverage',
};

/** The area an endpoint id belongs to. */
export function areaOfId(id: string): string {
  const word = id.split('.')[0]!;
  return ID_AREAS[word] ?? word;
}

// Loaded areas, kept: a workflow that sends a request per record (a span's principals for 1,000
// spans) asks for its endpoint each time, and each dynamic import of a bundled chunk builds its
// namespace object again (about 0.2 ms).
const areas = new Map<string, Promise<ApiArea>>();
const byId = new Map<string, Endpoint>();

export function loadArea(name: string): Promise<ApiArea> {
  const load = AREA_LOADERS[name];
  if (!load) return Promise.reject(new Error(`no API area '${name}'`));
  let area = areas.get(name);
  if (!area) {
    area = load().then((m) => m.area);
    areas.set(name, area);
  }
  return area;
}

/** Every area's model, in the spec's order. */
export async function loadAll(): Promise<ApiArea[]> {
  return Promise.all(Object.keys(AREA_LOADERS).map(loadArea));
}

/** Every endpoint, by id. */
export async function endpointsById(): Promise<Map<string, Endpoint>> {
  const out = new Map<string, Endpoint>();
  for (const a of await loadAll()) for (const e of a.endpoints) out.set(e.id, e);
  return out;
}

/** One endpoint by its id, loading only its area; an unknown id is a programming error. */
export async function findEndpoint(id: EndpointId): Promise<Endpoint> {
  const known = byId.get(id);
  if (known) return known;
  const area = AREA_LOADERS[areaOfId(id)] ? await loadArea(areaOfId(id)) : undefined;
  const e = area?.endpoints.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint '${id}' in the API model`);
  byId.set(id, e);
  return e;
}

/**
 * The endpoint a concrete request path is sent to ('/organizations/org_1/members'), matching
 * its path template; loads the whole model (for `agnt api`, which is given a path, not an id).
 */
export async function endpointAt(method: string, path: string): Promise<Endpoint | undefined> {
  const bare = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  let best: Endpoint | undefined;
  for (const a of await loadAll()) {
    for (const e of a.endpoints) {
      if (e.method !== method || !templateMatches(e.path, bare)) continue;
      // A literal segment beats a parameter: /users/me is users.me.get, not users.get.
      if (!best || literalSegments(e.path) > literalSegments(best.path)) best = e;
    }
  }
  return best;
}

function templateMatches(template: string, path: string): boolean {
  const t = template.split('/');
  const p = path.split('/');
  return t.length === p.length && t.every((seg, i) => (/^\{\w+\}$/.test(seg) ? p[i] !== '' : seg === p[i]));
}

const literalSegments = (template: string): number => template.split('/').filter((s) => s && !s.startsWith('{')).length;
