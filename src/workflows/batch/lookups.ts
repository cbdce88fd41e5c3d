// Whether a request that may have reached the server (the run was killed, or the connection
// broke, after it was sent) took effect: for the creating endpoints the API lets us look up,
// a read that finds what the request would have made. `resend` marks requests that are safe to
// send again as they are (PUT and DELETE, and POSTs the API documents as find-or-create).
import type { EndpointId } from '../../api/index.ts';
import { endpointRequest } from '../../core/endpoint-request.ts';
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

/** Reads every page of a list endpoint (its id in the model) for the first record that matches. */
async function find(client: HttpClient, endpoint: EndpointId, params: Record<string, string>, query: Record<string, unknown>, match: (x: Record<string, unknown>) => boolean): Promise<Found> {
  let hit: unknown;
  await paginate(client, await endpointRequest(endpoint, { params, query }), { all: true }, (items) => {
    for (const x of items) if (hit === undefined && x && typeof x === 'object' && match(x as Record<string, unknown>)) hit = x;
  });
  return hit === undefined ? { found: false } : { found: true, data: hit };
}

const body = (req: RequestSpec) => (req.body ?? {}) as Record<string, unknown>;

/** By the id of the creating endpoint: the list that shows whether it took effect. */
const PROBES: Partial<Record<EndpointId, Probe>> = {
  // A pending invitation for the same e-mail to the same team.
  'invitations.create': (c, r) => find(c, 'invitations.list', {}, { teamId: body(r).teamId }, (x) => same(x.email, body(r).email) && (x.status ?? 'pending') === 'pending'),
  'teams.members.create': (c, r) => find(c, 'teams.members.list', { teamId: r.params!.teamId! }, {}, (x) => x.id === body(r).userId || x.userId === body(r).userId),
  'orgs.members.create': (c, r) => find(c, 'orgs.members.list', { orgId: r.params!.orgId! }, { search: body(r).email }, (x) => same(x.email, body(r).email)),
  // The caller's contact with that primary e-mail (the list's search covers e-mails).
  'contacts.create': (c, r) => find(c, 'contacts.list', {}, { search: body(r).email }, (x) => same(x.email, body(r).email)),
  'users.create': (c, r) => find(c, 'users.list', {}, { email: body(r).email }, (x) => same(x.email, body(r).email)),
  'manager-assignments.create': (c, r) =>
    find(c, 'manager-assignments.list', {}, { manager: body(r).manager, managedUser: body(r).managedUser }, (x) => {
      const id = (v: unknown) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : v);
      return id(x.manager) === body(r).manager && id(x.managedUser) === body(r).managedUser;
    }),
};

// POSTs that find or create by a natural key: sending again changes nothing more.
const RESEND = new Set<EndpointId>(['users.provision']);

/** How to settle a request that may have reached the server. */
export function settleBy(req: RequestSpec | undefined): Probe | 'resend' | undefined {
  if (!req) return undefined;
  const id = req.endpoint?.id;
  const probe = id && PROBES[id];
  if (probe) return probe;
  if (req.method === 'PUT' || req.method === 'DELETE' || req.method === 'GET' || (id !== undefined && RESEND.has(id))) return 'resend';
  return undefined;
}
