// What one request changes, in the guardrails' terms (check.ts Touch), read off the API model:
// the endpoint (a command's own, else the model's endpoint at that method and path, for
// `agnt api`), its path parameters and body. A request that names a user or a team is looked up
// (GET) only when a rule needs to know who it is (protected members and teams, neverAuto).
import { MATRIX_CELLS, MODE_RANK, type MatrixCell } from '../../api/supervision.ts';
import type { Endpoint } from '../../api/endpoint.ts';
import { ApiError } from '../errors.ts';
import { concretePath } from '../journal-hook.ts';
import { paramsOf } from '../record-read.ts';
import type { Requester } from '../request-spec.ts';
import type { WriteInfo } from '../write-hooks.ts';
import type { Touch, TouchedMember } from './check.ts';
import type { ChangeKind, RuleSet } from './rules.ts';
import { callEndpoint } from '../endpoint-request.ts';
import { REMOVALS } from './removals.ts';

type Rec = Record<string, any>;

/** Endpoints that change a supervision matrix. */
const SUPERVISION = new Set(['preferences.matrix.update', 'preferences.matrix.reset', 'preferences.exceptions.create', 'preferences.exceptions.delete']);

const CELLS: readonly string[] = MATRIX_CELLS;

/** Whether a rule needs to know which member or team a request touches. */
function needsIdentity(rs: RuleSet): boolean {
  const g = rs.rules;
  return Boolean(g.protected?.members?.length || g.protected?.teams?.length || g.neverAuto?.length);
}

export async function touchOfRequest(write: WriteInfo, client: Requester, rs: RuleSet): Promise<Touch> {
  const { spec } = write;
  const path = concretePath(spec);
  const endpoint: Endpoint | undefined = spec.endpoint ?? (await (await import('../../api/index.ts')).endpointAt(write.method, path));
  const id = endpoint?.id ?? '';
  const params: Record<string, string> = { ...(endpoint ? paramsOf(endpoint.path, path) : {}), ...(spec.params ?? {}) };
  let body: Rec = {};
  if (spec.body && typeof spec.body === 'object') body = spec.body as Rec;
  else if (write.payload) {
    try {
      body = JSON.parse(write.payload);
    } catch {
      body = {};
    }
  }
  const kinds: ChangeKind[] = [];
  const removes = REMOVALS.has(id);
  if (write.method === 'DELETE' || removes) kinds.push('delete');
  const role = (id === 'users.update' && body.organizationRole !== undefined) || (id === 'teams.members.update' && body.role !== undefined);
  if (role) kinds.push('role');
  if (SUPERVISION.has(id)) kinds.push('supervision');
  if (!kinds.length) kinds.push(write.method === 'POST' ? 'create' : 'update');
  const touch: Touch = { label: `${write.method} ${path}${endpoint ? ` (${endpoint.id})` : ''}`, kinds, removes };

  const userId = params.userId ?? params.memberId;
  const teamId = params.teamId ?? (typeof body.teamId === 'string' ? body.teamId : undefined);
  if (id === 'preferences.matrix.update') {
    const m = (body.matrix ?? {}) as Rec;
    const cells = Object.keys(m).filter((k) => CELLS.includes(k)) as MatrixCell[];
    touch.autoCells = cells.filter((c) => m[c]?.mode === 'auto');
    const exc = Array.isArray(m.exceptions) ? (m.exceptions as Rec[]) : [];
    for (const e of exc) if (e.mode === 'auto') touch.autoCells.push(...exceptionCells(e));
    touch.loosens = cells.filter((c) => m[c]?.mode !== undefined);
  } else if (id === 'preferences.exceptions.create') {
    touch.autoCells = body.mode === 'auto' ? exceptionCells(body) : [];
    touch.loosens = body.mode === 'denied' || body.mode === 'manual' ? [] : exceptionCells(body);
  } else if (id === 'preferences.matrix.reset' || id === 'preferences.exceptions.delete') {
    // Back to the organization's defaults, or an exception gone: it may loosen any cell.
    touch.loosens = 'all';
  }

  if (!needsIdentity(rs)) return touch;
  const lookups = new Lookups(client, spec.signal);
  if (id === 'users.deprovision' && typeof body.email === 'string') touch.member = { email: body.email.toLowerCase(), team: null, role: 'member' };
  else if (userId) touch.member = await lookups.member(userId);
  if (teamId) {
    touch.team = await lookups.team(teamId);
    // Taken out of a team: the member's team is that one.
    if (touch.member && !touch.member.team && touch.team) touch.member.team = touch.team;
  }
  if (touch.member) touch.label = `${touch.label}: ${touch.member.email}${touch.team ? ` in team ${touch.team}` : ''}`;
  else if (touch.team) touch.label = `${touch.label}: team ${touch.team}`;
  // A cell is loosened when its new mode is looser than the live one: read it (protected members only).
  if (Array.isArray(touch.loosens) && touch.loosens.length && touch.member && userId && isProtected(rs, touch)) {
    const live = await lookups.matrix(userId);
    const m = (body.matrix ?? body) as Rec;
    touch.loosens = touch.loosens.filter((c) => {
      const now = live?.[c]?.mode ?? null;
      const next = id === 'preferences.exceptions.create' ? body.mode : m[c]?.mode;
      if (next === null || next === undefined) return now !== null;
      return now === null ? next === 'auto' : (MODE_RANK[next] ?? 0) < (MODE_RANK[now] ?? 0);
    });
  }
  return touch;
}

function isProtected(rs: RuleSet, t: Touch): boolean {
  const p = rs.rules.protected ?? {};
  const teams = (p.teams ?? []).map((x) => x.toLowerCase());
  return Boolean((t.member && (p.members ?? []).includes(t.member.email)) || [t.team, t.member?.team].some((n) => n && teams.includes(n.toLowerCase())));
}

function exceptionCells(e: Rec): MatrixCell[] {
  const applies = Array.isArray(e.appliesTo) ? (e.appliesTo as string[]).filter((c) => CELLS.includes(c)) : [];
  return (applies.length ? applies : [...MATRIX_CELLS]) as MatrixCell[];
}

/** The reads a check needs, each once per request. A record that cannot be read is named by its id. */
class Lookups {
  constructor(
    private readonly client: Requester,
    private readonly signal?: AbortSignal,
  ) {}

  async member(userId: string): Promise<TouchedMember> {
    const u = await this.read(userId === 'me' ? 'users.me.get' : 'users.get', userId === 'me' ? {} : { userId });
    if (!u) return { email: userId, team: null, role: 'member' };
    return { email: String(u.email ?? userId).toLowerCase(), team: (u.team?.name as string | undefined) ?? null, role: String(u.organizationRole ?? 'member') };
  }

  async team(teamId: string): Promise<string> {
    const t = await this.read('teams.get', { teamId });
    return t?.name ? String(t.name) : teamId;
  }

  async matrix(userId: string): Promise<Rec | undefined> {
    return this.read('preferences.matrix.get', { userId });
  }

  private async read(id: 'users.get' | 'users.me.get' | 'teams.get' | 'preferences.matrix.get', params: Record<string, string>): Promise<Rec | undefined> {
    try {
      return ((await callEndpoint<Rec>(this.client, id, { params, signal: this.signal, readInDryRun: true })).data ?? undefined) as Rec | undefined;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return undefined;
      throw e;
    }
  }
}
