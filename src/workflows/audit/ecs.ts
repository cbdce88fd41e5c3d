// `--schema ecs`: an audit event as an Elastic Common Schema document, so that a SIEM's ECS
// pipelines read it without a mapping of their own. docs/audit-and-usage.md lists each field.
// ECS has no field for "the record a change was made to", so the entity and the event's metadata
// go under the custom namespace `agnt` (ECS reserves no such name, and asks custom fields to
// live under one).
type Rec = Record<string, any>;

export const ECS_VERSION = '8.11.0';

// ECS's categorization fields, from the action ("entity.verb"): the entities that are people,
// groups and their access are `iam` (type user or group beside the change), everything else an
// organization sets up is `configuration`; the verb gives creation, deletion or change. Only
// pairs ECS allows (iam: creation|deletion|change|user|group; configuration: creation|deletion|change).
const USERS = new Set(['member', 'user', 'invitation', 'role', 'identifier', 'delegation']);
const GROUPS = new Set(['team', 'team_member']);

function categorize(action: unknown): { category: string[]; type: string[]; outcome: string } {
  const text = typeof action === 'string' ? action : '';
  const dot = text.indexOf('.');
  const entity = dot < 0 ? text : text.slice(0, dot);
  const verb = dot < 0 ? '' : text.slice(dot + 1);
  const change = /(^|_)(created|added|invited)$/.test(verb) ? 'creation' : /(^|_)(deleted|removed|revoked)$/.test(verb) ? 'deletion' : 'change';
  const outcome = /(^|_)(failed|failure|denied|rejected)$/.test(verb) ? 'failure' : 'success';
  if (USERS.has(entity)) return { category: ['iam'], type: [change, 'user'], outcome };
  if (GROUPS.has(entity)) return { category: ['iam'], type: [change, 'group'], outcome };
  return { category: ['configuration'], type: [change], outcome };
}

export function toEcs(e: Rec, dataset: string): Rec {
  const doc: Rec = {
    '@timestamp': e.createdAt,
    ecs: { version: ECS_VERSION },
    event: { id: e.id, action: e.action, kind: 'event', ...categorize(e.action), module: 'agnt', dataset, provider: 'agnt' },
  };
  if (e.actor !== null && e.actor !== undefined) {
    doc.user = { id: e.actor };
    doc.related = { user: [e.actor] };
  }
  if (e.organization) doc.organization = { id: e.organization };
  if (e.account) doc.cloud = { account: { id: e.account } };
  doc.agnt = { entity: { type: e.entityType ?? null, id: e.entityId ?? null }, metadata: e.metadata ?? {} };
  return doc;
}

/** The table's columns for ECS documents (a terminal shows the same five things). */
export const ECS_COLUMNS = [
  { path: '@timestamp', header: 'TIMESTAMP' },
  { path: 'user.id', header: 'USER' },
  { path: 'event.action', header: 'ACTION' },
  { path: 'agnt.entity.type', header: 'ENTITY' },
  { path: 'agnt.entity.id', header: 'ENTITY_ID' },
];
