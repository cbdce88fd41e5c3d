// Part 1, section 4.4: users and workspace.
import type { AreaSpec, Column } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/users.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

export const userColumns: Column[] = [
  { path: 'id' },
  { path: 'name' },
  { path: 'email' },
  { path: 'organizationRole', header: 'ORG_ROLE' },
  { path: 'teamRole', header: 'TEAM_ROLE' },
  { path: 'status' },
];

export const users: AreaSpec = {
  name: 'users',
  aliases: ['user'],
  summary: 'Users: you, the users of your organization, provisioning',
  commands: [
    {
      command: 'users me',
      summary: 'Show the user the token belongs to',
      endpoint: E('users.me.get'),
      examples: ['agnt users me', 'agnt users me --json', "agnt users me --query 'team.name'"],
    },
    {
      command: 'users update-me',
      summary: 'Update your own user',
      endpoint: E('users.me.update'),
      examples: ['agnt users update-me --timezone Europe/Paris --city Paris', 'agnt users update-me --country null'],
    },
    {
      command: 'users profile',
      summary: 'Show your layered profile (professional and personal), identifiers and audit log',
      endpoint: E('users.me.profile'),
      examples: ['agnt users profile', "agnt users profile --query 'profile.professional.role'"],
    },
    {
      command: 'users list',
      aliases: ['ls'],
      summary: 'List users',
      endpoint: E('users.list'),
      columns: userColumns,
      examples: ['agnt users list', 'agnt users list --status active --all -o jsonl', 'agnt users list --search ada -o id'],
    },
    {
      command: 'users create',
      summary: 'Create a user',
      endpoint: E('users.create'),
      examples: ['agnt users create --email new@acme.test --first-name New --last-name Person', 'agnt users create --file examples/user.yaml'],
    },
    {
      command: 'users get',
      aliases: ['show'],
      summary: 'Show a user with identifiers, contacts and memories',
      endpoint: E('users.get'),
      args: [{ name: 'userId', resource: 'users' }],
      examples: ['agnt users get usr_admin', "agnt users get usr_admin --query 'identifiers[].value'"],
    },
    {
      command: 'users update',
      summary: 'Update a user (same organization only for organization-scoped tokens)',
      endpoint: E('users.update'),
      args: [{ name: 'userId', resource: 'users' }],
      examples: ['agnt users update usr_member --status suspended', 'agnt users update usr_member --manager-roles ea_manager'],
    },
    {
      command: 'users delete',
      aliases: ['rm'],
      summary: 'Delete a user',
      endpoint: E('users.delete'),
      args: [{ name: 'userId', resource: 'users' }],
      confirm: 'Delete user {id}?',
      examples: ['agnt users delete usr_ghost --yes'],
    },
    {
      command: 'users set-assistant',
      summary: "Set or clear a user's assistant (yourself, or a principal who never signed up)",
      endpoint: E('users.assistant.set'),
      args: [{ name: 'userId', resource: 'users' }],
      examples: ['agnt users set-assistant usr_admin --assistant ast_ava', 'agnt users set-assistant usr_ghost --assistant null'],
    },
    {
      command: 'users provision',
      summary: 'Find or create a user by e-mail and add them to a team',
      description:
        'Answers 201 when a user was created, 200 when one existed. The result says whether a team membership was added, the user was already a member, or the team join was skipped (the user owns another team with active members and must transfer it first).',
      endpoint: E('users.provision'),
      render: async () => (data) => {
        const d = data as { user: { id: string; email?: string }; teamId: string; created: boolean; addedToTeam: boolean; alreadyMember: boolean; joinSkipped: boolean };
        const what = d.created ? 'created' : 'found';
        const team = d.addedToTeam
          ? `added to team ${d.teamId}`
          : d.alreadyMember
            ? `already a member of team ${d.teamId}`
            : d.joinSkipped
              ? `team join skipped: they own another team with active members (transfer its ownership first)`
              : `team ${d.teamId} unchanged`;
        return `${d.user.id}\t${d.user.email ?? ''}\t${what}; ${team}`;
      },
      examples: ['agnt users provision --email new@acme.test --team-id team_acme', 'agnt users provision --email new@acme.test --json'],
    },
    {
      command: 'users deprovision',
      summary: 'Remove a user from a team (and delete them when nothing else holds them)',
      endpoint: E('users.deprovision'),
      examples: ['agnt users deprovision --email member@acme.test --team-id team_acme'],
    },
  ],
};

export const workspace: AreaSpec = {
  name: 'workspace',
  summary: "Your assistant's workspace: resource profile, snapshots, cleanup",
  commands: [
    {
      command: 'workspace profile',
      summary: "Show the workspace's resource profile (null when it never ran)",
      endpoint: E('workspace.profile'),
      examples: ['agnt workspace profile', 'agnt workspace profile --json'],
    },
    {
      command: 'workspace snapshots',
      summary: 'List resource snapshots, oldest first',
      endpoint: E('workspace.snapshots'),
      columns: [
        { path: 'timestamp' },
        { path: 'memoryUsedBytes', header: 'MEMORY_USED' },
        { path: 'diskUsedBytes', header: 'DISK_USED' },
        { path: 'cpuLoadAvg', header: 'CPU_LOAD' },
        { path: 'activeMcpSlugs', header: 'MCP' },
      ],
      examples: ['agnt workspace snapshots', 'agnt workspace snapshots --all -o csv'],
    },
    {
      command: 'workspace cleanup',
      summary: 'Free disk space: caches (default) or also local website checkouts',
      endpoint: E('workspace.cleanup'),
      fields: [{ name: 'scope', description: 'what to clear' }],
      examples: ['agnt workspace cleanup', 'agnt workspace cleanup --scope sites'],
    },
  ],
};
