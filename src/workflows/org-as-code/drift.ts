// For each field that differs from the file, the newest audit event that explains it: who
// changed it, when, and which event. Events are matched by the entity they name and, where the
// event lists the fields it changed, by the field; a field with no matching event says so
// rather than guessing.
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

/** Events come newest first, as the API lists them; the first match is the latest change. */
export function attribute(c: Change, events: Rec[], live: Live): Attribution | null {
  const entity = matcher(c, live);
  const field = RECORD_KINDS.has(c.kind) ? changedField(c) : undefined;
  const match = field ? (e: Rec) => entity(e) && (fieldsOf(e).includes(field) || CREATION.test(String(e.action ?? ''))) : entity;
  const e = events.find((x) => match(x));
  if (!e) return null;
  return { actor: e.actor ?? null, actorEmail: e.actor ? (live.ids.emailByUser.get(e.actor) ?? null) : null, action: e.action, eventId: e.id, at: e.createdAt };
}
