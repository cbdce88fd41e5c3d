// For each field that differs from the file, the newest audit event that explains it (events
// come newest first, as the API lists them, so the first match is the latest change): who
// changed it, when, and which event. Events are matched by the entity they name and, where the
// event lists the fields it changed, by the field; a field with no matching event says so
// rather than guessing.
import type { Context } from '../../core/context.ts';
import { endpointRequest } from '../../core/endpoint-request.ts';
import { paginate, STOP_WALK } from '../../core/paginate.ts';
import { lower } from './document.ts';
import type { Live } from './live.ts';
import type { Change } from './plan.ts';

type Rec = Record<string, any>;

const fieldsOf = (e: Rec): string[] => (Array.isArray(e.metadata?.fields) ? e.metadata.fields : Object.keys(e.metadata ?? {}));

function matcher(c: Change, live: Live): (e: Rec) => boolean {
  const orgId = live.ids.orgId;
  const parts = c.path.split('.');
  const top = parts[1];
  const userId = live.ids.userByEmail.get(lower(c.key));
  const teamId = c.team ? live.ids.teams.get(lower(c.team))?.id : undefined;
  switch (c.kind) {
    case 'organization':
      return (e) => e.entityId === orgId && (e.action === 'organization.created' || (e.action === 'organization.updated' && fieldsOf(e).includes(top!)));
    case 'defaultTeam':
      return (e) => (e.entityId === orgId && e.action === 'organization.updated' && fieldsOf(e).includes('defaultTeam')) || e.action === 'team.deleted';
    case 'modelTiers':
      return (e) => e.entityId === orgId && e.action === 'model_tiers.updated' && fieldsOf(e).includes(top!);
    case 'auditLogging':
      return (e) => e.entityId === orgId && e.action === 'audit_logging.updated' && fieldsOf(e).includes(top!);
    case 'profile':
      return (e) => e.action?.startsWith('org_profile.');
    case 'sso':
      return (e) => e.entityId === orgId && ((e.action === 'sso.updated' && fieldsOf(e).includes(top!)) || (e.action === 'sso.disabled' && ['enabled', 'enforced'].includes(top!)));
    case 'domain': {
      const id = live.ids.domains.get(c.key)?.id;
      return (e) => e.entityType === 'domain' && ((id && e.entityId === id) || lower(e.metadata?.domain) === c.key);
    }
    case 'member':
      return (e) => e.entityType === 'member' && ((userId && e.entityId === userId) || lower(e.metadata?.email) === c.key);
    case 'team': {
      const id = live.ids.teams.get(lower(c.key))?.id;
      return (e) => e.entityType === 'team' && e.action?.startsWith('team.') && ((id && e.entityId === id) || lower(e.metadata?.name) === lower(c.key));
    }
    case 'teamMember':
      return (e) => e.entityType === 'team_member' && e.entityId === userId && (!teamId || e.metadata?.team === teamId);
    case 'teamProfile':
      return (e) => e.action === 'team_profile.updated' && e.entityId === teamId;
    case 'invitation':
      return (e) => e.entityType === 'invitation' && lower(e.metadata?.email) === c.key && (!teamId || e.metadata?.team === teamId);
    case 'backupRule':
      return (e) => typeof e.action === 'string' && e.action.includes('backup_routing_rule');
    case 'managerAssignment':
      return (e) => typeof e.action === 'string' && e.action.includes('manager_assignment');
  }
}

export interface Attribution {
  actor: string | null;
  actorEmail: string | null;
  action: string;
  eventId: string;
  at: string;
}

// Kinds whose events name a record, not a field: a changed field is blamed only on an event
// whose metadata names that field, or on the record's creation (which set every field).
const RECORD_KINDS = new Set<Change['kind']>(['domain', 'member', 'team', 'teamMember', 'invitation', 'backupRule', 'managerAssignment']);
const CREATION = /\.(created|added|invited)$/;

/** The field an update changes: the last name in its path (teams[Platform].status -> status). */
function changedField(c: Change): string | undefined {
  if (c.op !== 'update') return undefined;
  const m = /(?:^|[.\]])([A-Za-z_][\w-]*)$/.exec(c.path);
  return m?.[1];
}

/** Which events explain a change: its record's, and for a field of a record, one naming that field. */
function explains(c: Change, live: Live): (e: Rec) => boolean {
  const entity = matcher(c, live);
  const field = RECORD_KINDS.has(c.kind) ? changedField(c) : undefined;
  return field ? (e: Rec) => entity(e) && (fieldsOf(e).includes(field) || CREATION.test(String(e.action ?? ''))) : entity;
}

/** The entity type a change's events carry, where every event that can explain it has one. */
const ENTITY_TYPE: Partial<Record<Change['kind'], string>> = { domain: 'domain', member: 'member', team: 'team', teamMember: 'team_member', invitation: 'invitation' };

/**
 * Attributes each change, reading the audit log newest first only as far as it must: the walk
 * stops once every change has its event, and when all the changes are of one entity type the
 * API's entityType filter leaves the others on the server. (Reading the whole log took 402
 * pages at 40k events to name the actor of one change.) Returns one attribution per change.
 */
export async function attributeAll(ctx: Context, changes: Change[], live: Live): Promise<Array<Attribution | null>> {
  const found: Array<Attribution | null> = changes.map(() => null);
  if (!changes.length) return found;
  const pending = new Map(changes.map((c, i) => [i, explains(c, live)]));
  const types = new Set(changes.map((c) => ENTITY_TYPE[c.kind]));
  const [only] = types;
  const query = types.size === 1 && only ? { entityType: only } : {};
  const request = await endpointRequest('orgs.audit-events.list', { params: { orgId: live.ids.orgId }, query });
  await paginate(ctx.client(), request, { all: true }, (page) => {
    for (const e of page as Rec[]) {
      for (const [i, match] of pending) {
        if (!match(e)) continue;
        found[i] = { actor: e.actor ?? null, actorEmail: e.actor ? (live.ids.emailByUser.get(e.actor) ?? null) : null, action: e.action, eventId: e.id, at: e.createdAt };
        pending.delete(i);
      }
      if (!pending.size) return STOP_WALK;
    }
    return undefined;
  });
  return found;
}
