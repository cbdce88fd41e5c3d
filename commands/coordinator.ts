// Part 2, section 4.4: coordinator views.
import type { AreaSpec } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/coordinator.ts';
import { endpointsOf } from '../src/api/endpoint.ts';
import { ICS_OUTPUT_OPTION } from './ics-option.ts';
import { area as usersApi } from '../src/api/areas/users.ts';
import { TAIL_OPTIONS } from './audit-tail-options.ts';

const E = endpointsOf(api);
const Users = endpointsOf(usersApi);

const views = () => import('../src/workflows/coordinator.ts');
const tz = { flags: '--tz <zone>', description: "time zone for local times and the timeline (default: your user's timezone)" };

export const coordinator: AreaSpec = {
  name: 'coordinator',
  aliases: ['coord'],
  summary: 'Coordinator views: your dashboard, principals, invites, coverage schedule; manager views',
  commands: [
    {
      command: 'coordinator dashboard',
      summary: 'Your principals, coverage, handoffs, upcoming coverage, recent tasks and health warnings',
      endpoint: E('coordinator.dashboard'),
      render: async () => (await views()).renderDashboard,
      examples: ['agnt coordinator dashboard', "agnt coordinator dashboard --query 'healthWarnings'", 'agnt coordinator dashboard --json'],
    },
    {
      command: 'coordinator principal',
      aliases: ['principals'],
      summary: "A principal's detail: delegation, assistant, supervision matrix, access health, recent tasks",
      endpoint: E('coordinator.principal'),
      args: [{ name: 'id', resource: 'users', description: "the principal's user id" }],
      render: async () => (await views()).renderPrincipal,
      examples: ['agnt coordinator principal usr_principal', "agnt coordinator principal usr_principal --query 'supervisionMatrix.calendar'"],
    },
    {
      command: 'coordinator pending-invites',
      aliases: ['invites'],
      summary: 'Delegations you asked for that the principal has not confirmed',
      endpoint: E('coordinator.pending-invites'),
      columns: [
        { path: 'id' },
        { path: 'principal.name', header: 'PRINCIPAL' },
        { path: 'principal.id', header: 'PRINCIPAL_ID' },
        { path: 'delegationSource', header: 'SOURCE' },
        { path: 'calendarProvider', header: 'PROVIDER' },
        { path: 'createdAt' },
        { path: 'confirmationTokenExpiresAt', header: 'EXPIRES' },
      ],
      examples: ['agnt coordinator pending-invites', 'agnt coordinator pending-invites -o id'],
    },
    {
      command: 'coordinator schedule',
      aliases: ['coverage-schedule'],
      summary: 'Your coverage (as primary or backup) in a range; a day-by-day timeline on a terminal',
      endpoint: E('coordinator.coverage-schedule'),
      also: [Users('users.me.get')],
      fields: [
        // Not required as flags: the handler fills the defaults.
        { name: 'from', required: false, description: 'range start, ISO or local time (default: today)' },
        { name: 'to', required: false, description: 'range end, ISO or local time; a date alone is the end of that day (default: 7 days after --from)' },
      ],
      options: [{ flags: '--days <n>', description: 'range length in days instead of --to' }, tz, ICS_OUTPUT_OPTION],
      columns: [
        { path: 'spanId', header: 'SPAN' },
        { path: 'role' },
        { path: 'status' },
        { path: 'reason' },
        { path: 'startAt', header: 'START' },
        { path: 'endAt', header: 'END' },
        { path: 'principal.name', header: 'PRINCIPAL' },
        { path: 'primaryCoordinator.name', header: 'PRIMARY' },
        { path: 'backupCoordinator.name', header: 'BACKUP' },
      ],
      handler: async () => (await views()).schedule,
      examples: [
        'agnt coordinator schedule',
        'agnt coordinator schedule --from 2026-12-01 --to 2026-12-07',
        'agnt coordinator schedule --from 2026-12-01 --to 2027-01-01 -o ics > coverage.ics',
        "agnt coordinator schedule --days 14 --json --query 'events[].spanId'",
      ],
    },
    {
      command: 'coordinator manager-overview',
      aliases: ['overview'],
      summary: 'Per-coordinator counts for managers (ea_manager) and organization admins',
      endpoint: E('coordinator.manager-overview'),
      resultKey: 'coordinators',
      columns: [
        { path: 'coordinator.id', header: 'COORDINATOR' },
        { path: 'coordinator.name', header: 'NAME' },
        { path: 'principalCount', header: 'PRINCIPALS' },
        { path: 'pendingInviteCount', header: 'PENDING_INVITES' },
        { path: 'todayActivityCount', header: 'TODAY' },
        { path: 'pendingApprovalCount', header: 'PENDING_APPROVALS' },
        { path: 'accessHealthIssues', header: 'ACCESS_ISSUES' },
      ],
      examples: ['agnt coordinator manager-overview', 'agnt coordinator manager-overview -o csv'],
    },
    {
      command: 'coordinator audit-events',
      aliases: ['manager-audit-events'],
      summary: 'Audit events (coordinator.*) of the coordinators you oversee, newest first',
      endpoint: E('coordinator.manager-audit-events'),
      columns: [{ path: 'createdAt' }, { path: 'actor' }, { path: 'action' }, { path: 'entityType', header: 'ENTITY' }, { path: 'entityId', header: 'ENTITY_ID' }],
      fields: [
        { name: 'from', description: 'events at or after this time (ISO 8601)' },
        { name: 'to', description: 'events before this time (ISO 8601)' },
        // The list's cursor (the endpoint pages by limit and before).
        { name: 'before', type: 'string', in: 'query', description: 'cursor: events older than this' },
      ],
      examples: ['agnt coordinator audit-events', 'agnt coordinator audit-events --coordinator-id usr_coord --action coordinator.coverage.approve', 'agnt coordinator audit-events --all -o jsonl'],
    },
    {
      command: 'coordinator audit-events-tail',
      aliases: ['manager-audit-events-tail'],
      summary: 'Audit events (coordinator.*) oldest first, each once; --follow for new ones, --cursor-file to resume',
      description:
        'The manager view of `agnt org audit-events tail`: every event at or after --since (default: all), oldest first, then with --follow the new ones; --cursor-file makes it resumable with no gap and no duplicate (docs/audit-and-usage.md).',
      endpoint: E('coordinator.manager-audit-events'),
      list: false,
      omit: ['from', 'to'],
      options: TAIL_OPTIONS,
      handler: async () => (await import('../src/workflows/audit-tail.ts')).managerTail,
      columns: [{ path: 'createdAt' }, { path: 'actor' }, { path: 'action' }, { path: 'entityType', header: 'ENTITY' }, { path: 'entityId', header: 'ENTITY_ID' }],
      examples: ['agnt coordinator audit-events-tail --since 7d', 'agnt coordinator audit-events-tail --cursor-file manager.cursor -o jsonl >> manager-audit.jsonl'],
    },
  ],
};
