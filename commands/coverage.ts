// Part 2, section 4.5: coverage spans (a coordinator hands principals to a backup for a while),
// backup routing rules and manager assignments.
import type { AreaSpec, Column, CommandRecord, FieldOverride } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/coverage.ts';
import { endpointsOf } from '../src/api/endpoint.ts';
import type { Move } from '../src/api/coverage-rules.ts';
import { ICS_OUTPUT_OPTION } from './ics-option.ts';
import { area as usersApi } from '../src/api/areas/users.ts';
import { area as delegationsApi } from '../src/api/areas/delegations.ts';
import { area as preferencesApi } from '../src/api/areas/preferences.ts';

const E = endpointsOf(api);
const Users = endpointsOf(usersApi);
const Delegations = endpointsOf(delegationsApi);
const Preferences = endpointsOf(preferencesApi);

export const spanColumns: Column[] = [
  { path: 'id' },
  { path: 'status' },
  { path: 'reason' },
  { path: 'startAt', header: 'START' },
  { path: 'endAt', header: 'END' },
  { path: 'primaryCoordinator', header: 'PRIMARY' },
  { path: 'requireManagerApproval', header: 'APPROVAL' },
];

const eventColumns: Column[] = [
  { path: 'spanId', header: 'SPAN' },
  { path: 'role' },
  { path: 'status' },
  { path: 'reason' },
  { path: 'startAt', header: 'START' },
  { path: 'endAt', header: 'END' },
  // Names read better than ids in a table or a spreadsheet; -o json has the whole references.
  { path: 'principal.name', header: 'PRINCIPAL' },
  { path: 'primaryCoordinator.name', header: 'PRIMARY' },
  { path: 'backupCoordinator.name', header: 'BACKUP' },
];

const tz = { flags: '--tz <zone>', description: "time zone for local times (default: your user's timezone)" };
const coverage = () => import('../src/workflows/coverage.ts');
const people = () => import('../src/workflows/coverage-people.ts');
const utc = { flags: '--utc', description: 'show times in UTC' };
const PRINCIPALS = E('coverage.spans.principals');

interface MoveText {
  verb: Exclude<Move, 'cancel'>;
  summary: string;
  examples: string[];
  aliases?: string[];
}

const MOVES: MoveText[] = [
  {
    verb: 'submit',
    summary: 'Submit draft spans to their backups (draft -> pending_acceptance)',
    examples: ['agnt coverage submit cov_draft cov_draft2', 'agnt coverage list --status draft -o id | agnt coverage submit -'],
  },
  {
    verb: 'accept',
    summary: 'Accept spans as their backup (-> pending_manager_approval, or scheduled)',
    examples: ['agnt coverage accept cov_pending', 'agnt coverage list --role backup --status pending_acceptance -o id | agnt coverage accept -'],
  },
  {
    verb: 'decline',
    summary: 'Decline spans as their backup (-> cancelled, declinedAt set)',
    examples: ['agnt coverage decline cov_pending2', 'agnt coverage list --role backup --status pending_acceptance -o id | agnt coverage decline -'],
  },
  {
    verb: 'approve',
    summary: "Approve spans as the coordinator's manager (-> scheduled)",
    examples: ['agnt coverage approve cov_approval', 'agnt coverage list --role manager --status pending_manager_approval -o id | agnt coverage approve -'],
  },
  {
    verb: 'reject',
    summary: "Reject spans as the coordinator's manager (-> cancelled, rejectedAt set)",
    examples: ['agnt coverage reject cov_approval2', 'agnt coverage list --role manager --status pending_manager_approval -o id | agnt coverage reject -'],
  },
  {
    verb: 'end',
    summary: 'End active spans now, before their end time (-> ended)',
    examples: ['agnt coverage end cov_active', 'agnt coverage list --status active -o id | agnt coverage end -'],
  },
];

function moveSpec(m: MoveText): CommandRecord {
  return {
    command: `coverage ${m.verb}`,
    aliases: m.aliases,
    summary: m.summary,
    description:
      "Each id is moved in turn and reported on stderr; the exit code is 6 when some failed. On a terminal (table) times are in your user's time zone (--tz, --utc). " +
      'See docs/coverage-transitions.md for the allowed moves.',
    endpoint: E(`coverage.spans.${m.verb}`),
    args: [{ name: 'spanId', multi: true }],
    columns: spanColumns,
    localTimes: true,
    // The user's zone, for a table.
    also: [Users('users.me.get')],
    examples: m.examples,
  };
}

const timesFields: FieldOverride[] = [
  { name: 'startAt', flag: 'start', description: "start: ISO 8601, or local time like '2026-12-01 09:00', 'tomorrow 09:00'" },
  { name: 'endAt', flag: 'end', description: 'end: ISO 8601 or local time; a date alone means the end of that day' },
  { name: 'requireManagerApproval', flag: 'manager-approval', description: "the coordinator's manager must approve (default: when they have one)" },
  { name: 'notifyPrincipal', flag: 'notify' },
];

export const coverageArea: AreaSpec = {
  name: 'coverage',
  aliases: ['coverage-spans', 'spans'],
  summary: 'Coverage spans: hand your principals to a backup while you are away',
  commands: [
    {
      command: 'coverage list',
      aliases: ['ls'],
      summary: 'List coverage spans you are part of',
      endpoint: E('coverage.spans.list'),
      columns: spanColumns,
      description:
        "On a terminal (table) each span shows its principals and their backups, and times are in your user's time zone (--tz, --utc); " +
        'json, yaml, jsonl, csv and id give the API records as they are, times in UTC.',
      options: [{ flags: '--mine', description: 'only spans you are the primary coordinator or a backup of' }, tz, utc],
      also: [PRINCIPALS, Users('users.me.get')],
      handler: async () => (await people()).list,
      examples: [
        'agnt coverage list',
        'agnt coverage list --mine --status scheduled',
        'agnt coverage list --role backup --status pending_acceptance -o id',
        'agnt coverage list --status active --json',
      ],
    },
    {
      command: 'coverage create',
      summary: 'Create a coverage span (a draft) for principals, each with a backup',
      description:
        'Principals and backups pair up in order: --principal P1 --backup B1 --principal P2 --backup B2 (one --backup serves them all). ' +
        'Or --principals-file with a CSV (principal,backup[,primaryFollower,backupFollower]) or a JSON/YAML list of {principal, backupCoordinator, ...}. ' +
        "Times are ISO 8601 or local time in your user's time zone (--tz to choose another); --for 5d instead of --end. " +
        'On a terminal, missing values are asked for (principals picked from your delegations); with --no-input they are errors. ' +
        "The span is shown in a table with times in your user's time zone (--tz, --utc); json and the other formats keep the API's UTC times.",
      endpoint: E('coverage.spans.create'),
      localTimes: true,
      also: [Users('users.me.get'), Delegations('delegations.list'), Users('users.list'), E('backup-rules.list'), E('coverage.spans.submit')],
      columns: spanColumns,
      fields: [
        // Not required as flags: the handler asks for them on a terminal or derives them.
        ...timesFields.map((f) => (f.name === 'startAt' || f.name === 'endAt' ? { ...f, required: false } : f)),
        { name: 'principals', hidden: true, required: false },
      ],
      options: [
        { flags: '--principal <userId>', description: 'a principal to hand over (repeatable)', repeatable: true },
        { flags: '--backup <userId>', description: 'the backup for the --principal before it (repeatable)', repeatable: true },
        { flags: '--principals-file <path>', description: 'principals and backups from a CSV, JSON or YAML file', file: true },
        { flags: '--for <duration>', description: 'length instead of --end: 90s, 30m, 36h, 5d, 2w, 1d12h (days follow the wall clock)' },
        tz,
        { flags: '--submit', description: 'submit the span to the backups right away' },
      ],
      handler: async () => (await coverage()).create,
      examples: [
        "agnt coverage create --principal usr_principal --backup usr_backup --start '2028-03-06 09:00' --for 5d --reason pto",
        'agnt coverage create --principal usr_principal --principal usr_principal2 --backup usr_backup --start 2028-03-13 --end 2028-03-17 --submit',
        'agnt coverage create --principals-file examples/handover.csv --start 2028-03-20T14:00:00Z --end 2028-03-24T22:00:00Z --no-manager-approval',
        'agnt coverage create   # on a terminal: asks for principals, backups, times and reason',
      ],
    },
    {
      command: 'coverage get',
      aliases: ['show'],
      summary: 'Show a coverage span',
      endpoint: E('coverage.spans.get'),
      args: [{ name: 'spanId', resource: 'coverage-spans' }],
      description: "With its principals and their backups (json: under `principals`); on a terminal, times in your user's time zone (--tz, --utc).",
      options: [tz, utc],
      also: [PRINCIPALS, Users('users.me.get')],
      handler: async () => (await people()).get,
      examples: ['agnt coverage get cov_scheduled', 'agnt coverage get cov_scheduled --utc', "agnt coverage get cov_scheduled --json --query 'principals[].backupCoordinator'"],
    },
    {
      command: 'coverage update',
      summary: 'Change a draft span (times, reason, approval, notification, audit tag)',
      endpoint: E('coverage.spans.update'),
      args: [{ name: 'spanId', resource: 'coverage-spans' }],
      fields: timesFields,
      // `coverage get` shows each span with its principals; they are changed by other commands.
      ignores: ['principals'],
      options: [tz],
      also: [Users('users.me.get')],
      handler: async () => (await coverage()).update,
      examples: ["agnt coverage update cov_draft --end '2028-05-06 17:00'", 'agnt coverage update cov_draft --reason sick --no-manager-approval'],
    },
    {
      command: 'coverage cancel',
      aliases: ['delete', 'rm'],
      summary: 'Cancel spans that have not started (-> cancelled)',
      description: 'Each id is cancelled in turn; the exit code is 6 when some failed. A running span is ended with `coverage end`.',
      endpoint: E('coverage.spans.cancel'),
      args: [{ name: 'spanId', multi: true, resource: 'coverage-spans', description: 'coverage span id' }],
      columns: spanColumns,
      confirm: 'Cancel coverage span {id}?',
      examples: ['agnt coverage cancel cov_draft --yes', 'agnt coverage list --status draft -o id | agnt coverage cancel - --yes'],
    },
    ...MOVES.map(moveSpec),
    {
      command: 'coverage who',
      aliases: ['active-for'],
      summary: 'Who handles a principal now (the chain from their coordinator to the acting backup), or at another time (--at)',
      endpoint: E('coverage.spans.active-for-principal'),
      args: [{ name: 'principalId', resource: 'users', description: "the principal's user id" }],
      description: 'Now: the chain the server resolves. With --at: the span you can see (scheduled, active or ended) that hands the principal over at that time, and its backup.',
      options: [{ flags: '--at <time>', description: "another time: ISO 8601 or local time ('2026-12-02 15:00', 'tomorrow 09:00')" }, tz],
      also: [E('coverage.spans.list'), PRINCIPALS, Users('users.me.get')],
      handler: async () => (await people()).who,
      render: async () => (await coverage()).renderWho,
      examples: ['agnt coverage who usr_principal', "agnt coverage who usr_principal --at '2026-12-02 15:00'", "agnt coverage who usr_principal --query 'backupCoordinator.email'"],
    },
    {
      command: 'coverage simulate',
      summary: 'Before an absence: hours with no coverage for a principal, backups away or off work, and what the assistant does alone',
      description:
        'Hour by hour from --from to --to, while you (the coordinator) are away: the backup your spans name for the principal, ' +
        "then your backup routing rules' chain (a backup's own backup, then the organization default); a backup is unavailable " +
        'while they hand their own principals over (a span of theirs) or outside their working hours (scheduling preferences, ' +
        "in their zone). For each cell of the principal's supervision matrix, what the assistant does with nobody to review. " +
        'Reads only what you can see. -o ics writes the hours with no coverage as calendar events; --exit-code exits 7 when there are some.',
      endpoint: E('coverage.spans.list'),
      list: false,
      omit: 'all',
      also: [
        PRINCIPALS,
        E('backup-rules.list'),
        Users('users.me.get'),
        Users('users.get'),
        Preferences('preferences.scheduling.get'),
        Preferences('preferences.matrix.get'),
        Delegations('delegations.list'),
      ],
      options: [
        { flags: '--principal <userId>', description: 'the principal whose coverage to simulate' },
        { flags: '--coordinator <userId>', description: 'the coordinator who is away (default: you; managers plan for their coordinators)' },
        { flags: '--from <time>', description: 'start of the absence: ISO 8601 or local time' },
        { flags: '--to <time>', description: 'end of the absence; a date alone is the end of that day' },
        tz,
        utc,
        { flags: '--exit-code', description: 'exit 7 when some hour has no coverage, 0 when none has' },
        { ...ICS_OUTPUT_OPTION, description: 'output format: table, json, yaml, jsonl, csv, id, or ics (an iCalendar file: one event per stretch with no coverage)' },
      ],
      handler: async () => (await import('../src/workflows/coverage-simulate.ts')).run,
      examples: [
        "agnt coverage simulate --principal usr_principal --from '2028-03-06 09:00' --to 2028-03-10",
        'agnt coverage simulate --principal usr_principal --from 2028-03-06 --to 2028-03-10 --json --exit-code',
        'agnt coverage simulate --principal usr_principal --from 2028-03-06 --to 2028-03-10 -o ics > gaps.ics',
      ],
    },
    {
      command: 'coverage dashboard',
      summary: 'Coverage across your coordinators (managers) or the account (admins)',
      endpoint: E('coverage.spans.dashboard'),
      render: async () => (await coverage()).renderDashboard,
      examples: ['agnt coverage dashboard', "agnt coverage dashboard --query 'coverageGaps'"],
    },
    {
      command: 'coverage events',
      summary: 'Coverage events in a time range, one per span and principal',
      endpoint: E('coverage.spans.events'),
      also: [Users('users.me.get')],
      columns: eventColumns,
      fields: [
        { name: 'rangeStart', required: false, description: 'range start, ISO or local time (default: today)' },
        { name: 'rangeEnd', required: false, description: 'range end, ISO or local time (default: 7 days after the start)' },
      ],
      options: [
        { flags: '--from <time>', description: 'short for --range-start' },
        { flags: '--to <time>', description: 'short for --range-end' },
        { flags: '--days <n>', description: 'range length in days instead of --range-end' },
        tz,
        ICS_OUTPUT_OPTION,
      ],
      handler: async () => (await coverage()).events,
      examples: [
        'agnt coverage events',
        'agnt coverage events --from 2026-12-01 --to 2026-12-08 --status scheduled',
        'agnt coverage events --days 30 -o csv',
        'agnt coverage events --days 30 -o ics > coverage.ics',
      ],
    },
    {
      command: 'coverage principals',
      summary: "A span's principals and their backups",
      endpoint: E('coverage.spans.principals'),
      args: [{ name: 'spanId', resource: 'coverage-spans' }],
      columns: [
        { path: 'id' },
        { path: 'principal' },
        { path: 'backupCoordinator', header: 'BACKUP' },
        { path: 'primaryFollower' },
        { path: 'backupFollower' },
        { path: 'notificationSentAt', header: 'NOTIFIED' },
      ],
      examples: ['agnt coverage principals cov_scheduled', 'agnt coverage principals cov_scheduled -o csv'],
    },
  ],
};

export const backupRules: AreaSpec = {
  name: 'backup-rules',
  aliases: ['backup-routing-rules'],
  summary: 'Backup routing rules: who covers for a coordinator (per principal, or by default)',
  commands: [
    {
      command: 'backup-rules list',
      aliases: ['ls'],
      summary: 'List backup routing rules',
      endpoint: E('backup-rules.list'),
      columns: [
        { path: 'id' },
        { path: 'primaryCoordinator', header: 'PRIMARY' },
        { path: 'principal' },
        { path: 'backupCoordinator', header: 'BACKUP' },
        { path: 'isOrgDefault', header: 'ORG_DEFAULT' },
      ],
      examples: ['agnt backup-rules list', 'agnt backup-rules list --json'],
    },
    {
      command: 'backup-rules create',
      summary: "Route a coordinator's principals (or one of them) to a backup",
      endpoint: E('backup-rules.create'),
      examples: [
        'agnt backup-rules create --backup-coordinator usr_manager --principal usr_principal2',
        'agnt backup-rules delete brr_coord --yes && agnt backup-rules create --backup-coordinator usr_manager   # a new default backup',
        'agnt backup-rules delete brr_default --yes && agnt backup-rules create --backup-coordinator usr_backup --is-org-default   # admins',
      ],
    },
    {
      command: 'backup-rules delete',
      aliases: ['rm'],
      summary: 'Delete backup routing rules',
      endpoint: E('backup-rules.delete'),
      args: [{ name: 'ruleId', multi: true, resource: 'backup-routing-rules' }],
      confirm: 'Delete backup routing rule {id}?',
      examples: ['agnt backup-rules delete brr_coord --yes'],
    },
  ],
};

export const managerAssignments: AreaSpec = {
  name: 'manager-assignments',
  aliases: ['managers'],
  summary: 'Manager assignments: which manager oversees which coordinator',
  commands: [
    {
      command: 'manager-assignments list',
      aliases: ['ls'],
      summary: 'List manager assignments',
      endpoint: E('manager-assignments.list'),
      columns: [
        { path: 'id' },
        { path: 'manager.id', header: 'MANAGER' },
        { path: 'manager.name', header: 'MANAGER_NAME' },
        { path: 'role' },
        { path: 'managedUser.id', header: 'MANAGED_USER' },
        { path: 'managedUser.name', header: 'MANAGED_NAME' },
      ],
      examples: ['agnt manager-assignments list', 'agnt manager-assignments list --manager usr_manager -o csv'],
    },
    {
      command: 'manager-assignments create',
      summary: 'Make a user the manager of a coordinator (organization admins)',
      endpoint: E('manager-assignments.create'),
      fields: [{ name: 'role', default: 'coordinator' }],
      examples: ['agnt manager-assignments create --manager usr_admin --managed-user usr_manager'],
    },
  ],
};
