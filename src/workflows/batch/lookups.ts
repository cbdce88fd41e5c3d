// Whether a request that may have reached the server (the run was killed, or the connection
// broke, after it was sent) took effect: for the creating endpoints the API lets us look up,
// a read that finds what the request would have made. `resend` marks requests that are safe to
// send again as they are (PUT and DELETE, and POSTs the API documents as find-or-create).
import type { HttpClient, RequestSpec } from '../../core/http.ts';
import { paginate } from '../../core/paginate.ts';

export interface Found {
  found: boolean;
  /** What the lookup found (printed as the row's result). */
  data?: unknown;
}

type Probe = (client: HttpClient, req: RequestSpec) => Promise<Found>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const same = (a: unknown, b: unknown) => str(a).trim().toLowerCase() === str(b).trim().toLowerCase() && str(a) !== '';

async function find(
  client: HttpClient,
  path: string,
  params: Record<string, string>,
  query: Record<string, unknown>,
  resultKey: string,
  match: (x: Record<string, unknown>) => boolean,
): Promise<Found> {
  let hit: unknown;
  await paginate(client, { method: 'GET', path, params, query, resultKey, shape: 'list' }, { all: true }, (items) => {
    for (const x of items) if (hit === undefined && x && typeof x === 'object' && match(x as Record<string, unknown>)) hit = x;
  });
  return hit === undefined ? { found: false } : { found: true, data: hit };
}

const body = (req: RequestSpec) => (req.body ?? {}) as Record<string, unknown>;

const PROBES: Record<string, Probe> = {
  // A pending invitation for the same e-mail to the same team.
  'POST /team-invitations': (c, r) => find(c, '/team-invitations', {}, { teamId: body(r).teamId }, 'invitations', (x) => same(x.email, body(r).email) && (x.status ?? 'pending') === 'pending'),
  'POST /teams/{teamId}/members': (c, r) => find(c, '/teams/{teamId}/members', { teamId: r.params!.teamId! }, {}, 'members', (x) => x.id === body(r).userId || x.userId === body(r).userId),
  'POST /organizations/{orgId}/members': (c, r) => find(c, '/organizations/{orgId}/members', { orgId: r.params!.orgId! }, { search: body(r).email }, 'members', (x) => same(x.email, body(r).email)),
  'POST /users': (c, r) => find(c, '/users', {}, { email: body(r).email }, 'users', (x) => same(x.email, body(r).email)),
  'POST /manager-assignments': (c, r) =>
    find(c, '/manager-assignments', {}, { manager: body(r).manager, managedUser: body(r).managedUser }, 'managerAssignments', (x) => {
      const id = (v: unknown) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : v);
      return id(x.manager) === body(r).manager && id(x.managedUser) === body(r).managedUser;
    }),
};

// POSTs that find or create by a natural key: sending again changes nothing more.
const RESEND = new Set(['POST /users/provision']);

/** How to settle a request that may have reached the server. */
export function settleBy(req: RequestSpec | undefined): Probe | 'resend' | undefined {
  if (!req) return undefined;
  const key = `${req.method} ${req.path}`;
  if (PROBES[key]) return PROBES[key];
  if (req.method === 'PUT' || req.method === 'DELETE' || req.method === 'GET' || RESEND.has(key)) return 'resend';
  return undefined;
}
