// Reads the live organization into the document's shape (users by e-mail, teams by name), with
// the ids apply needs, and a fingerprint of what was read.
import type { Context } from '../../core/context.ts';
import { ApiError } from '../../core/errors.ts';
import { paginate } from '../../core/paginate.ts';
import type { EndpointId } from '../../api/index.ts';
import { callEndpoint, endpointRequest, type RequestParts } from '../../core/endpoint-request.ts';
import {
  API_VERSION,
  KIND,
  AUDIT_KEYS,
  SSO_KEYS,
  assignmentKey,
  canonical,
  lower,
  normalizeProfile,
  normalizeTeamProfile,
  ruleKey,
  sha256,
  sortBy,
  type BackupRuleDoc,
  type OrgDoc,
  type TeamDoc,
} from './document.ts';

type Rec = Record<string, any>;

export interface LiveIds {
  orgId: string;
  domains: Map<string, Rec>;
  /** e-mail -> user id, and back. */
  userByEmail: Map<string, string>;
  emailByUser: Map<string, string>;
  teams: Map<string, Rec>;
  invitations: Map<string, string>;
  backupRules: Map<string, string>;
  /** Every team of the organization (two may share a name: references.ts refuses to guess). */
  teamList: Rec[];
  /** e-mail -> every user id seen with it (more than one is an ambiguity). */
  usersByEmail: Map<string, string[]>;
  /** The default assistant: its id and its portable key (e-mail, or name where it has none). */
  assistant?: { id: string; key: string };
  /** Portable key -> id of the assistants the document names (references.ts fills it). */
  assistantIds: Map<string, string>;
}

export interface Live {
  doc: OrgDoc;
  ids: LiveIds;
  /** sha256 of everything read: a plan made from it is stale when this changes. */
  fingerprint: string;
  org: Rec;
}

/** Every record of a list endpoint (its id in the model). */
export async function readAll(ctx: Context, endpoint: EndpointId, parts: RequestParts = {}): Promise<Rec[]> {
  const items: Rec[] = [];
  await paginate(ctx.client(), await endpointRequest(endpoint, parts), { all: true }, (page) => items.push(...(page as Rec[])));
  return items;
}

async function readOne(ctx: Context, endpoint: EndpointId, parts: RequestParts, optional = false): Promise<Rec | null> {
  try {
    return (await callEndpoint<Rec>(ctx.client(), endpoint, parts)).data ?? null;
  } catch (e) {
    // The account's own profile and a team's profile are not readable by every admin; what
    // cannot be read is left out (and not managed), rather than failing the whole read.
    if (optional && e instanceof ApiError && (e.status === 403 || e.status === 404)) return null;
    throw e;
  }
}

const idOf = (v: unknown): string | null => (v && typeof v === 'object' ? ((v as Rec).id ?? null) : ((v as string | null) ?? null));

export async function readLive(ctx: Context, orgId: string): Promise<Live> {
  const p = { orgId };
  const org = (await readOne(ctx, 'orgs.get', { params: p }))!;
  const [domains, members, tiers, audit, profile, allTeams, rules, assignments, ast] = await Promise.all([
    readAll(ctx, 'orgs.domains.list', { params: p }),
    readAll(ctx, 'orgs.members.list', { params: p }),
    readOne(ctx, 'orgs.model-tiers.get', { params: p }),
    readOne(ctx, 'orgs.audit-logging.get', { params: p }),
    readOne(ctx, 'orgs.profile.get', { params: { id: orgId } }, true),
    readAll(ctx, 'teams.list'),
    readAll(ctx, 'backup-rules.list'),
    readAll(ctx, 'manager-assignments.list'),
    org.defaultAssistant ? readOne(ctx, 'assistants.get', { params: { assistantId: org.defaultAssistant } }, true) : null,
  ]);
  const teams = sortBy(
    allTeams.filter((t) => t.organization === orgId),
    (t) => lower(t.name),
  );
  // Three reads per team, all asked at once: the HTTP core queues what is past its gate.
  const teamDetails = await Promise.all(
    teams.map(async (t) => {
      const tp = { teamId: t.id };
      const [tm, tprof, invs] = await Promise.all([
        readAll(ctx, 'teams.members.list', { params: tp }),
        readOne(ctx, 'teams.profile.get', { params: tp }, true),
        readAll(ctx, 'invitations.list', { query: { teamId: t.id } }),
      ]);
      return { team: t, members: tm, profile: tprof, invitations: invs };
    }),
  );

  const userByEmail = new Map<string, string>();
  const emailByUser = new Map<string, string>();
  const usersByEmail = new Map<string, string[]>();
  const know = (id: unknown, email: unknown) => {
    if (typeof id === 'string' && typeof email === 'string' && email) {
      const seen = usersByEmail.get(lower(email)) ?? [];
      if (!seen.includes(id)) usersByEmail.set(lower(email), [...seen, id]);
      userByEmail.set(lower(email), id);
      emailByUser.set(id, lower(email));
    }
  };
  for (const m of members) know(m.id, m.email);
  for (const d of teamDetails) for (const m of d.members) know(m.userId ?? m.id, m.email);
  for (const a of assignments) for (const k of ['manager', 'managedUser']) if (a[k] && typeof a[k] === 'object') know(a[k].id, a[k].email);
  const email = (v: unknown): string | null => {
    const id = idOf(v);
    return id === null ? null : (emailByUser.get(id) ?? id);
  };

  const teamById = new Map(teams.map((t) => [t.id, t]));
  // The default assistant by its portable key: its e-mail, or its name where it has none. One
  // the caller cannot see keeps its id (a plan against it then compares ids).
  const assistant = org.defaultAssistant ? { id: String(org.defaultAssistant), key: ast ? String(ast.email || ast.name) : String(org.defaultAssistant) } : undefined;
  const doc: OrgDoc = {
    apiVersion: API_VERSION,
    kind: KIND,
    organization: {
      name: org.name,
      defaultTeam: org.defaultTeam ? (teamById.get(org.defaultTeam)?.name ?? org.defaultTeam) : null,
      defaultAssistant: assistant?.key ?? null,
    },
    domains: sortBy(
      domains.map((d) => ({ domain: lower(d.domain), autoJoin: Boolean(d.autoJoin), verified: Boolean(d.verified) })),
      (d) => d.domain,
    ),
    sso: Object.fromEntries(SSO_KEYS.map((k) => [k, org.sso?.[k] ?? (k === 'enabled' || k === 'enforced' ? false : null)])),
    auditLogging: Object.fromEntries(AUDIT_KEYS.map((k) => [k, audit?.[k] ?? (k === 'enabled' ? false : k === 'storagePrefix' ? '' : null)])),
    modelTiers: { chat: tiers?.chat ?? null, task: tiers?.task ?? null },
    ...(profile ? { profile: normalizeProfile(profile) } : {}),
    members: sortBy(
      members.map((m) => ({ email: lower(m.email), role: m.organizationRole ?? 'member' })),
      (m) => m.email,
    ),
    teams: teamDetails.map(
      (d): TeamDoc => ({
        name: d.team.name,
        status: d.team.status ?? 'active',
        brandingOnEvents: Boolean(d.team.brandingOnEvents),
        brandingOnMessages: Boolean(d.team.brandingOnMessages),
        ...(d.profile ? { profile: normalizeTeamProfile({ ...d.profile, lead: email(d.profile.leadUserId) }) } : {}),
        members: sortBy(
          d.members.map((m) => ({ email: lower(m.email), role: m.role ?? 'member', status: m.status ?? 'active' })),
          (m) => m.email,
        ),
      }),
    ),
    invitations: sortBy(
      teamDetails.flatMap((d) => d.invitations.filter((i) => (i.status ?? 'pending') === 'pending').map((i) => ({ team: d.team.name, email: lower(i.email) }))),
      (i) => `${lower(i.team)}\u0000${i.email}`,
    ),
    backupRules: sortBy(
      rules.map(
        (r): BackupRuleDoc => ({
          primaryCoordinator: email(r.primaryCoordinator),
          principal: email(r.principal),
          backupCoordinator: email(r.backupCoordinator) ?? '',
          isOrgDefault: Boolean(r.isOrgDefault),
        }),
      ),
      ruleKey,
    ),
    managerAssignments: sortBy(
      assignments.map((a) => ({ manager: email(a.manager) ?? '', managedUser: email(a.managedUser) ?? '', role: a.role ?? 'coordinator' })),
      assignmentKey,
    ),
  };

  const ids: LiveIds = {
    orgId,
    domains: new Map(domains.map((d) => [lower(d.domain), d])),
    userByEmail,
    emailByUser,
    teams: new Map(teams.map((t) => [lower(t.name), t])),
    teamList: teams,
    usersByEmail,
    ...(assistant ? { assistant } : {}),
    assistantIds: new Map(assistant ? [[assistant.key, assistant.id]] : []),
    invitations: new Map(teamDetails.flatMap((d) => d.invitations.filter((i) => (i.status ?? 'pending') === 'pending').map((i) => [`${lower(d.team.name)}\u0000${lower(i.email)}`, i.id as string]))),
    backupRules: new Map(
      rules.map((r) => [ruleKey({ primaryCoordinator: email(r.primaryCoordinator), principal: email(r.principal), backupCoordinator: '', isOrgDefault: Boolean(r.isOrgDefault) }), r.id as string]),
    ),
  };
  // The fingerprint covers what was read and the ids behind it (a team deleted and made again
  // under the same name is a change too), never the time of reading.
  const fingerprint = sha256(
    canonical({
      doc,
      org: { id: org.id, updatedAt: org.updatedAt ?? null },
      teams: teams.map((t) => [t.id, t.updatedAt ?? null]),
      domains: domains.map((d) => [d.id, d.updatedAt ?? null]),
      rules: rules.map((r) => r.id),
    }),
  );
  return { doc, ids, fingerprint, org };
}
