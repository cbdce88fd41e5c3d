// The platform API model, one module per area. Each area loads on its own (a command needs
// only its area's model, and start-up stays fast); `loadAll` is for whatever needs the whole
// API at once (the OpenAPI document, the sandbox's route check, tests).
import type { ApiArea, Endpoint } from './endpoint.ts';

export type { ApiArea, Endpoint, ErrorDoc, Method, Paging } from './endpoint.ts';

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

export async function loadArea(name: string): Promise<ApiArea> {
  const load = AREA_LOADERS[name];
  if (!load) throw new Error(`no API area '${name}'`);
  return (await load()).area;
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
