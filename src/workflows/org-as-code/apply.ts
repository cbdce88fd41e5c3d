// Turns a plan's changes into requests, in the plan's order (organization, domains, SSO, teams,
// members, invitations, rules), one request per object however many of its fields changed. It
// stops at the first failure, saying what was done and what remains; a re-run plans again from
// the organization as it is then, so it continues where this one stopped.
import { CHANGES_AT_ONCE } from '../../core/http.ts';
import type { Context } from '../../core/context.ts';
import { AgntError, ApiError } from '../../core/errors.ts';
import type { EndpointId } from '../../api/index.ts';
import { callEndpoint, type RequestParts } from '../../core/endpoint-request.ts';
import { mapLimit } from '../../core/map-limit.ts';
import { lower, type OrgDoc } from './document.ts';
import type { Live } from './live.ts';
import type { Change } from './plan.ts';
import type { StateFile } from './state.ts';

type Rec = Record<string, any>;

/** What one request of an operation answered (for a rehearsal's receipt, receipt.ts). */
export interface Answer {
  endpoint: EndpointId;
  status: number;
  /** The id of what it made or changed, when it answers with one. */
  id?: string;
}

export interface Operation {
  changes: Change[];
  label: string;
  answers: Answer[];
  run: () => Promise<void>;
  /**
   * Operations next to each other with the same lane touch different objects and go out
   * together (members of the organization, of a team, invitations); the rest go one by one,
   * in the plan's order, which is what orders what depends on what.
   */
  lane?: string;
}

/** Operations of one lane started at once: as many as the HTTP core lets a workflow's writes run. */
const LANE_CONCURRENCY = CHANGES_AT_ONCE;

/** The lane of a change's operation: changes to different members, or to different invitations. */
function laneOf(c: Change): string | undefined {
  if (c.kind === 'member' || c.kind === 'invitation') return `${c.kind}:${c.op}`;
  // A team's owner joins first, alone: a new team's members join under it.
  if (c.kind === 'teamMember' && (c.new as Rec | undefined)?.role !== 'owner' && (c.old as Rec | undefined)?.role !== 'owner') return `teamMember:${c.team}:${c.op}`;
  return undefined;
}

/** The top-level keys below `base` that the changes touch: {saml: ...} for sso.saml.ssoUrl. */
function touched(changes: Change[], base: string): string[] {
  const keys = new Set<string>();
  for (const c of changes) {
    const rest = c.path.slice(base.length + 1);
    const k = rest.split('.')[0]!;
    if (k) keys.add(k);
  }
  return [...keys];
}

export function operations(ctx: Context, desired: OrgDoc, live: Live, changes: Change[], state: StateFile): Operation[] {
  const orgId = live.ids.orgId;
  const ids = live.ids;
  /** One request to an endpoint of the model (by its id); its result, or {}. */
  const sendTo = async (answers: Answer[], endpoint: EndpointId, parts?: RequestParts): Promise<Rec> => {
    const r = await callEndpoint<Rec>(ctx.client(), endpoint, parts);
    answers.push({ endpoint, status: r.status, ...(typeof r.data?.id === 'string' ? { id: r.data.id } : {}) });
    return r.data ?? {};
  };
  const userId = (email: string | null, what: string): string | null => {
    if (email === null) return null;
    const id = ids.userByEmail.get(lower(email));
    if (!id) throw new AgntError(`${what}: no user with e-mail ${email} in organization ${orgId}; add it under members in the file (or to the organization) first`, 5);
    return id;
  };
  const teamId = (name: string): string => {
    const t = ids.teams.get(lower(name));
    if (!t) throw new AgntError(`no team named '${name}' in organization ${orgId}; add it under teams in the file first`, 5);
    return t.id;
  };
  let me: Rec | undefined;
  const desiredTeam = (name: string) => desired.teams?.find((t) => lower(t.name) === lower(name));

  // Changes to the same object become one operation (one request).
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    const id =
      c.op === 'update' && !['backupRule'].includes(c.kind)
        ? `${c.kind}\u0000${c.team ?? ''}\u0000${c.key}${c.kind === 'domain' && c.path.endsWith('.verified') ? '\u0000verify' : ''}`
        : `${c.op}\u0000${c.path}`;
    const list = groups.get(id) ?? [];
    list.push(c);
    groups.set(id, list);
  }

  const ops: Operation[] = [];
  for (const group of groups.values()) {
    const c = group[0]!;
    const label = group.map((x) => `${x.op === 'create' ? '+' : x.op === 'delete' ? '-' : '~'} ${x.path}`).join(', ');
    const lane = group.every((x) => laneOf(x) === laneOf(c)) ? laneOf(c) : undefined;
    // Each operation's requests record what they answered.
    const answers: Answer[] = [];
    const send = (endpoint: EndpointId, parts?: RequestParts): Promise<Rec> => sendTo(answers, endpoint, parts);
    const op = (run: () => Promise<void>) => ops.push({ changes: group, label, answers, run, ...(lane ? { lane } : {}) });
    const pickFrom = (src: Rec, keys: string[]) => Object.fromEntries(keys.map((k) => [k, src[k]]));
    switch (c.kind) {
      case 'organization': {
        const body = pickFrom(desired.organization!, touched(group, 'organization'));
        // The document names the assistant by its portable key; the API takes its id.
        if (typeof body.defaultAssistant === 'string') body.defaultAssistant = ids.assistantIds.get(body.defaultAssistant) ?? body.defaultAssistant;
        op(async () => void (await send('orgs.update', { params: { orgId }, body })));
        break;
      }
      case 'modelTiers':
        op(async () => void (await send('orgs.model-tiers.set', { params: { orgId }, body: pickFrom(desired.modelTiers!, touched(group, 'modelTiers')) })));
        break;
      case 'auditLogging':
        op(async () => void (await send('orgs.audit-logging.set', { params: { orgId }, body: pickFrom(desired.auditLogging!, touched(group, 'auditLogging')) })));
        break;
      case 'profile': {
        const keys = c.op === 'create' ? Object.keys(desired.profile!) : touched(group, 'profile');
        // The API takes strings only: a null in the file means "leave it", not "clear it".
        const body = Object.fromEntries(Object.entries(pickFrom(desired.profile!, keys)).filter(([, v]) => v !== null));
        op(async () => void (await send('orgs.profile.set', { params: { id: orgId }, body })));
        break;
      }
      case 'domain':
        if (c.op === 'create') {
          op(async () => {
            state.intend('domains', c.key!);
            const d = await send('orgs.domains.create', { params: { orgId }, body: { domain: c.key, autoJoin: (c.new as Rec).autoJoin } });
            state.add('domains', d.id, c.key);
            ids.domains.set(c.key, d);
            await verify(d, send);
          });
        } else if (c.op === 'delete') {
          op(async () => {
            await send('orgs.domains.delete', { params: { orgId, domainId: c.id! } });
            state.remove('domains', c.id!);
          });
        } else if (c.path.endsWith('.verified')) {
          op(async () => verify(ids.domains.get(c.key)!, send));
        } else {
          op(async () => void (await send('orgs.domains.update', { params: { orgId, domainId: c.id! }, body: { autoJoin: c.new } })));
        }
        break;
      case 'sso':
        op(async () => void (await send('orgs.sso.set', { params: { orgId }, body: pickFrom(desired.sso!, touched(group, 'sso')) })));
        break;
      case 'team':
        if (c.op === 'create') {
          op(async () => {
            const want = c.new as Rec;
            // The API puts a new team in the caller's own organization: refuse before making one elsewhere.
            me ??= await send('users.me.get');
            if (me.organization && me.organization !== orgId) {
              throw new AgntError(
                `teams[${want.name}]: a new team goes to your own organization (${me.organization}), not ${orgId}`,
                5,
                `run apply with the token of an admin whose organization is ${orgId}, or create the team there first`,
              );
            }
            state.intend('teams', String(want.name));
            const t = await send('teams.create', { body: { name: want.name } });
            state.add('teams', t.id, want.name);
            ids.teams.set(lower(want.name), t);
            const extra = Object.fromEntries(['status', 'brandingOnEvents', 'brandingOnMessages'].filter((k) => want[k] !== (t[k] ?? (k === 'status' ? 'active' : false))).map((k) => [k, want[k]]));
            if (Object.keys(extra).length) await send('teams.update', { params: { teamId: t.id }, body: extra });
          });
        } else if (c.op === 'delete') {
          op(async () => {
            await send('teams.delete', { params: { teamId: c.id! } });
            state.remove('teams', c.id!);
          });
        } else {
          op(async () => void (await send('teams.update', { params: { teamId: c.id! }, body: Object.fromEntries(group.map((x) => [x.path.split('.').pop()!, x.new])) })));
        }
        break;
      case 'defaultTeam':
        op(async () => void (await send('orgs.update', { params: { orgId }, body: { defaultTeam: c.new === null ? null : teamId(String(c.new)) } })));
        break;
      case 'member':
        if (c.op === 'create') {
          op(async () => {
            const want = c.new as Rec;
            state.intend('members', String(want.email));
            const m = await send('orgs.members.create', { params: { orgId }, body: { email: want.email } });
            state.add('members', m.id, want.email);
            ids.userByEmail.set(lower(want.email), m.id);
            if ((m.organizationRole ?? 'member') !== want.role) await send('users.update', { params: { userId: m.id }, body: { organizationRole: want.role } });
          });
        } else if (c.op === 'delete') {
          op(async () => {
            await send('orgs.members.delete', { params: { orgId, userId: c.id! } });
            state.remove('members', c.id!);
          });
        } else {
          op(async () => void (await send('users.update', { params: { userId: c.id ?? userId(c.key, c.path)! }, body: { organizationRole: c.new } })));
        }
        break;
      case 'teamMember':
        if (c.op === 'create') {
          op(async () => {
            const want = c.new as Rec;
            const tid = teamId(c.team!);
            const uid = userId(want.email, c.path)!;
            await send('teams.members.create', { params: { teamId: tid }, body: { userId: uid, role: want.role } });
            state.add('team-members', `${tid}/${uid}`, `${c.team}/${want.email}`);
            if (want.status !== 'active') await send('teams.members.update', { params: { teamId: tid, memberId: uid }, body: { status: want.status } });
          });
        } else if (c.op === 'delete') {
          op(async () => {
            const [tid, uid] = c.id!.split('/');
            await send('teams.members.delete', { params: { teamId: tid!, memberId: uid! } });
            state.remove('team-members', c.id!);
          });
        } else {
          op(async () => {
            const body = Object.fromEntries(group.map((x) => [x.path.split('.').pop()!, x.new]));
            await send('teams.members.update', { params: { teamId: teamId(c.team!), memberId: c.id ?? userId(c.key, c.path)! }, body });
          });
        }
        break;
      case 'teamProfile': {
        const base = `teams[${c.team}].profile`;
        const profile = desiredTeam(c.team!)!.profile!;
        const keys = group.some((x) => x.path === base) ? Object.keys(profile) : touched(group, base);
        op(async () => {
          const body = pickFrom(profile, keys);
          // The document names the lead by e-mail; the API takes the user's id.
          if ('lead' in body) {
            body.leadUserId = userId(body.lead, `${base}.lead`);
            delete body.lead;
          }
          await send('teams.profile.set', { params: { teamId: teamId(c.team!) }, body });
        });
        break;
      }
      case 'invitation':
        if (c.op === 'create') {
          op(async () => {
            state.intend('invitations', `${c.team}/${c.key}`);
            const inv = await send('invitations.create', { body: { teamId: teamId(c.team!), email: c.key } });
            state.add('invitations', inv.id, `${c.team}/${c.key}`);
          });
        } else {
          op(async () => {
            await send('invitations.revoke', { params: { invitationId: c.id! } });
            state.remove('invitations', c.id!);
          });
        }
        break;
      case 'backupRule': {
        const create = async (r: Rec) => {
          const body: Rec = { backupCoordinator: userId(r.backupCoordinator, c.path), principal: userId(r.principal, c.path), isOrgDefault: r.isOrgDefault };
          if (r.primaryCoordinator !== null) body.primaryCoordinator = userId(r.primaryCoordinator, c.path);
          const made = await send('backup-rules.create', { body });
          state.add('backup-rules', made.id, c.path);
        };
        const remove = async (id: string) => {
          await send('backup-rules.delete', { params: { ruleId: id } });
          state.remove('backup-rules', id);
        };
        if (c.op === 'create') op(async () => create(c.new as Rec));
        else if (c.op === 'delete') op(async () => remove(c.id!));
        else {
          // No endpoint changes a rule: it is replaced.
          const want = desired.backupRules!.find((r) => r.backupCoordinator === c.new && (c.key === 'default' ? r.isOrgDefault : !r.isOrgDefault))!;
          op(async () => {
            await remove(c.id!);
            await create(want);
          });
        }
        break;
      }
      case 'managerAssignment':
        op(async () => {
          const m = c.new as Rec;
          await send('manager-assignments.create', { body: { manager: userId(m.manager, c.path), role: m.role, managedUser: userId(m.managedUser, c.path) } });
        });
        break;
    }
  }
  return ops;

  async function verify(d: Rec, via: (endpoint: EndpointId, parts?: RequestParts) => Promise<Rec>): Promise<void> {
    try {
      await via('orgs.domains.verify', { params: { orgId, domainId: d.id } });
    } catch (e) {
      if (e instanceof ApiError && d.verification?.name) e.hint = `publish a TXT record ${d.verification.name} with value ${d.verification.value}, then run apply again`;
      throw e;
    }
  }
}

/**
 * Runs the operations in order, a lane's neighbours together; at the first failure reports what
 * was done and what remains, and rethrows. Operations of the failed one's lane that were already
 * under way finish (and count as done); none is started after it.
 */
export async function runOperations(ctx: Context, ops: Operation[]): Promise<number> {
  const done = new Set<Operation>();
  // The first operation that failed: mapLimit throws its error once the others under way finish.
  let at: Operation | undefined;
  const runOne = async (o: Operation) => {
    try {
      await o.run();
    } catch (e) {
      at ??= o;
      throw e;
    }
    done.add(o);
    if (!ctx.io.quiet && !ctx.jsonErrors) ctx.io.err(`ok  ${o.label}`);
  };
  try {
    for (let i = 0; i < ops.length; ) {
      const lane = ops[i]!.lane;
      let end = i + 1;
      while (lane !== undefined && end < ops.length && ops[end]!.lane === lane) end++;
      await mapLimit(ops.slice(i, end), LANE_CONCURRENCY, runOne);
      i = end;
    }
  } catch (e) {
    const o = at!;
    const finished = ops.filter((x) => done.has(x));
    const remaining = ops.filter((x) => !done.has(x) && x !== o);
    const where = [
      `apply stopped at ${o.label}`,
      `done: ${finished.length} of ${ops.length} change(s)${finished.length ? `: ${finished.map((x) => x.label).join('; ')}` : ''}`,
      `not done: ${o.label}${remaining.length ? `; ${remaining.map((x) => x.label).join('; ')}` : ''}`,
    ];
    // The JSON error form is one object and nothing else: what was done and what remains go in it.
    if (ctx.jsonErrors && e instanceof AgntError) e.message = `${e.message}; ${where.join('; ')}`;
    else for (const line of where) ctx.io.err(line);
    if (e instanceof AgntError && !e.hint) e.hint = 'fix the cause and run the same apply again: it plans from the organization as it is now and continues';
    throw e;
  }
  return done.size;
}
