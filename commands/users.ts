// Part 1, section 4.4: users and workspace.
import type { AreaSpec, Column, FieldSpec } from '../src/core/spec.ts';

const USER_STATUS = ['active', 'inactive', 'suspended'] as const;
const ORG_ROLE = ['admin', 'member', 'guest'] as const;

export const userColumns: Column[] = [
  { path: 'id' },
  { path: 'name' },
  { path: 'email' },
  { path: 'organizationRole', header: 'ORG_ROLE' },
  { path: 'teamRole', header: 'TEAM_ROLE' },
  { path: 'status' },
];

const voice: FieldSpec = { name: 'voice', type: 'object', nullable: true, keys: ['voiceId', 'provider'], description: 'voice {voiceId, provider}' };

export const users: AreaSpec = {
  name: 'users',
  aliases: ['user'],
  summary: 'Users: you, the users of your organization, provisioning',
  commands: [
    {
      command: 'users me',
      summary: 'Show the user the token belongs to',
      method: 'GET',
      path: '/users/me',
      resultKey: 'user',
      examples: ['agnt users me', 'agnt users me --json', "agnt users me --query 'team.name'"],
    },
    {
      command: 'users update-me',
      summary: 'Update your own user',
      method: 'PATCH',
      path: '/users/me',
      resultKey: 'user',
      fields: [
        { name: 'firstName', type: 'string' },
        { name: 'lastName', type: 'string' },
        { name: 'timezone', type: 'string', description: 'IANA time zone, e.g. Europe/Paris' },
        { name: 'locale', type: 'string' },
        { name: 'city', type: 'string' },
        { name: 'avatar', type: 'string', description: 'avatar URL' },
        { name: 'country', type: 'string', nullable: true },
        { name: 'assistant', type: 'string', nullable: true, description: 'assistant id' },
        voice,
        { name: 'coordinatorEnabled', type: 'boolean', description: 'act as a coordinator' },
      ],
      examples: ['agnt users update-me --timezone Europe/Paris --city Paris', 'agnt users update-me --country null'],
    },
    {
      command: 'users profile',
      summary: 'Show your layered profile (professional and personal), identifiers and audit log',
      method: 'GET',
      path: '/me/profile',
      examples: ['agnt users profile', "agnt users profile --query 'profile.professional.role'"],
    },
    {
      command: 'users list',
      aliases: ['ls'],
      summary: 'List users',
      method: 'GET',
      path: '/users',
      list: true,
      resultKey: 'users',
      columns: userColumns,
      fields: [
        { name: 'status', type: 'string', enum: USER_STATUS },
        { name: 'email', type: 'string' },
        { name: 'externalId', type: 'string' },
        { name: 'organizationId', type: 'string' },
        { name: 'search', type: 'string', description: 'match name or email' },
      ],
      examples: ['agnt users list', 'agnt users list --status active --all -o jsonl', 'agnt users list --search ada -o id'],
    },
    {
      command: 'users create',
      summary: 'Create a user',
      method: 'POST',
      path: '/users',
      resultKey: 'user',
      fields: [
        { name: 'email', type: 'string', required: true },
        { name: 'name', type: 'string' },
        { name: 'firstName', type: 'string' },
        { name: 'lastName', type: 'string' },
        { name: 'avatar', type: 'string' },
        { name: 'timezone', type: 'string' },
        { name: 'locale', type: 'string' },
        { name: 'externalId', type: 'string' },
        { name: 'assistantEmail', type: 'string', description: 'e-mail of the assistant to give the user' },
        { name: 'metadata', type: 'object' },
      ],
      examples: ['agnt users create --email new@acme.test --first-name New --last-name Person', 'agnt users create --file examples/user.yaml'],
    },
    {
      command: 'users get',
      aliases: ['show'],
      summary: 'Show a user with identifiers, contacts and memories',
      method: 'GET',
      path: '/users/{userId}',
      args: [{ name: 'userId', resource: 'users' }],
      resultKey: 'user',
      examples: ['agnt users get usr_admin', "agnt users get usr_admin --query 'identifiers[].value'"],
    },
    {
      command: 'users update',
      summary: 'Update a user (same organization only for organization-scoped tokens)',
      method: 'PUT',
      path: '/users/{userId}',
      args: [{ name: 'userId', resource: 'users' }],
      resultKey: 'user',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'firstName', type: 'string' },
        { name: 'lastName', type: 'string' },
        { name: 'avatar', type: 'string' },
        { name: 'timezone', type: 'string' },
        { name: 'locale', type: 'string' },
        { name: 'externalId', type: 'string' },
        { name: 'status', type: 'string', enum: USER_STATUS },
        { name: 'assistantEmail', type: 'string', nullable: true },
        { name: 'organization', type: 'string', nullable: true, description: 'organization id' },
        { name: 'organizationRole', type: 'string', enum: ORG_ROLE },
        { name: 'managerRoles', type: 'string[]', description: 'e.g. ea_manager' },
        { name: 'metadata', type: 'object' },
      ],
      examples: ['agnt users update usr_member --status suspended', 'agnt users update usr_member --manager-roles ea_manager'],
    },
    {
      command: 'users delete',
      aliases: ['rm'],
      summary: 'Delete a user',
      method: 'DELETE',
      path: '/users/{userId}',
      args: [{ name: 'userId', resource: 'users' }],
      resultKey: 'user',
      confirm: 'Delete user {id}?',
      examples: ['agnt users delete usr_ghost --yes'],
    },
    {
      command: 'users set-assistant',
      summary: "Set or clear a user's assistant (yourself, or a principal who never signed up)",
      method: 'PATCH',
      path: '/users/{userId}/assistant',
      args: [{ name: 'userId', resource: 'users' }],
      resultKey: 'user',
      fields: [{ name: 'assistant', type: 'string', nullable: true, required: true, description: "assistant id, or 'null' to clear" }],
      examples: ['agnt users set-assistant usr_admin --assistant ast_ava', 'agnt users set-assistant usr_ghost --assistant null'],
    },
    {
      command: 'users provision',
      summary: 'Find or create a user by e-mail and add them to a team',
      description:
        'Answers 201 when a user was created, 200 when one existed. The result says whether a team membership was added, the user was already a member, or the team join was skipped (the user owns another team with active members and must transfer it first).',
      method: 'POST',
      path: '/users/provision',
      fields: [
        { name: 'email', type: 'string', required: true },
        { name: 'id', type: 'string', description: 'id for a new user' },
        { name: 'teamId', type: 'string', description: "team to join (default: the caller's team)" },
        { name: 'firstName', type: 'string' },
        { name: 'lastName', type: 'string' },
      ],
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
      method: 'POST',
      path: '/users/deprovision',
      fields: [
        { name: 'email', type: 'string', required: true },
        { name: 'teamId', type: 'string', required: true },
      ],
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
      method: 'GET',
      path: '/workspace/profile',
      resultKey: 'profile',
      nullable: true,
      examples: ['agnt workspace profile', 'agnt workspace profile --json'],
    },
    {
      command: 'workspace snapshots',
      summary: 'List resource snapshots, oldest first',
      method: 'GET',
      path: '/workspace/snapshots',
      list: true,
      resultKey: 'snapshots',
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
      method: 'POST',
      path: '/workspace/cleanup',
      fields: [{ name: 'scope', type: 'string', enum: ['cache', 'sites'], description: 'what to clear' }],
      examples: ['agnt workspace cleanup', 'agnt workspace cleanup --scope sites'],
    },
  ],
};
