// `teams members sync` and `org members sync`: keep a team's or an organization's members in step
// with a roster file (src/workflows/members-sync.ts). Kept apart from teams.ts and org.ts, whose
// records are one per endpoint; the area index merges these parts into the areas of the same name.
import type { AreaPart, ArgSpec, Column, OptionSpec } from '../src/core/spec.ts';
import { area as orgApi } from '../src/api/areas/organizations.ts';
import { area as teamsApi } from '../src/api/areas/teams.ts';
import { endpointsOf } from '../src/api/endpoint.ts';
import { area as usersApi } from '../src/api/areas/users.ts';

const T = endpointsOf(teamsApi);
const O = endpointsOf(orgApi);
const Users = endpointsOf(usersApi);

const team: ArgSpec = { name: 'teamId', description: 'team id', resource: 'teams' };
const org: ArgSpec = { name: 'orgId', description: 'organization id', resource: 'organizations' };

/** Options shared by `teams members sync` and `org members sync`. */
const syncOptions: OptionSpec[] = [
  { flags: '--from <file>', description: 'the roster: CSV, TSV, JSONL or YAML with an e-mail column and optionally a role column (required)', file: true },
  { flags: '--preview', description: 'show the adds, role changes and removals, and change nothing' },
  { flags: '--add-only', description: 'only add the people of the roster who are not members yet' },
  { flags: '--remove-only', description: 'only remove the members missing from the roster' },
  { flags: '--max-removals <n>', description: 'stop before changing anything when more members would be removed (default: 10, or a tenth of the members)' },
  { flags: '--action-csv <file>', description: 'write one row per change with its outcome', file: true },
  { flags: '--email-column <name>', description: 'the e-mail column (default: the column named email, e-mail, ...)' },
  { flags: '--role-column <name>', description: 'the role column (default: a column named role); without one, roles are left as they are' },
  { flags: '--input-format <format>', description: 'the roster format instead of guessing from its name', enum: ['csv', 'tsv', 'jsonl', 'yaml', 'json'] },
];
const syncColumns: Column[] = [
  { path: 'action' },
  { path: 'email' },
  { path: 'userId', header: 'USER_ID' },
  { path: 'role' },
  { path: 'fromRole', header: 'FROM_ROLE' },
  { path: 'outcome' },
  { path: 'error' },
];

export const teamMembersSync: AreaPart = {
  name: 'teams',
  commands: [
    {
      command: 'teams members sync',
      summary: 'Keep the members of a team in step with a roster file: adds, role changes, removals',
      description: [
        "Reads the roster (CSV, TSV, JSONL or YAML with an e-mail column and, optionally, a role column), lists the team's members, and works out who to add, whose role to change and who to remove. " +
          '--preview shows the changes and writes nothing; --add-only and --remove-only limit them. Adds need an existing user with that e-mail (invite or provision the others first). ' +
          "The team's owner is never removed by a sync.",
        'Removals need --yes (or a yes on a terminal), and the sync stops before changing anything when it would remove more than --max-removals members (default: 10, or a tenth of the team when that is more). ' +
          '--action-csv writes one row per change with its outcome. A roster with a bad e-mail or role, or one person twice with two roles, changes nothing (exit 2).',
        'Exit codes: 0 every change made, 6 some failed, 2 bad roster or options (nothing changed).',
      ].join('\n\n'),
      // The roster gives what to do, through the handler: the list's own flags and paging do not apply.
      endpoint: T('teams.members.list'),
      omit: 'all',
      list: false,
      also: [Users('users.list'), T('teams.members.create'), T('teams.members.update'), T('teams.members.delete')],
      args: [team],
      options: syncOptions,
      columns: syncColumns,
      handler: async () => (await import('../src/workflows/members-sync.ts')).teamMembersSync,
      examples: [
        'agnt teams members sync team_acme --from examples/roster.csv --preview',
        'agnt teams members sync team_acme --from examples/roster.csv --add-only',
        'agnt teams members sync team_acme --from examples/roster.csv --yes --action-csv actions.csv',
      ],
    },
  ],
};

export const orgMembersSync: AreaPart = {
  name: 'org',
  commands: [
    {
      command: 'org members sync',
      summary: 'Keep the members of an organization in step with a roster file: adds, role changes, removals',
      description: [
        "Reads the roster (CSV, TSV, JSONL or YAML with an e-mail column and, optionally, a role column: admin, member, guest), lists the organization's members, and works out who to add (provisioned by e-mail), whose role to change and who to remove. " +
          '--preview shows the changes and writes nothing; --add-only and --remove-only limit them.',
        'Removals need --yes (or a yes on a terminal), and the sync stops before changing anything when it would remove more than --max-removals members (default: 10, or a tenth of the members when that is more). ' +
          '--action-csv writes one row per change with its outcome. A roster with a bad e-mail or role, or one person twice with two roles, changes nothing (exit 2).',
        'Exit codes: 0 every change made, 6 some failed, 2 bad roster or options (nothing changed).',
      ].join('\n\n'),
      endpoint: O('orgs.members.list'),
      omit: 'all',
      list: false,
      also: [O('orgs.members.create'), Users('users.update'), O('orgs.members.delete')],
      args: [org],
      options: syncOptions,
      columns: syncColumns,
      handler: async () => (await import('../src/workflows/members-sync.ts')).orgMembersSync,
      examples: [
        'agnt org members sync org_acme --from examples/org-roster.csv --preview',
        'agnt org members sync org_acme --from examples/org-roster.csv --yes --action-csv actions.csv',
        'agnt org members sync org_acme --from examples/org-roster.csv --remove-only --max-removals 40 --yes',
      ],
    },
  ],
};
