// Part 1, section 4.6: assistants, a user's assistant (`assistants user`), generate and hire.
import type { AreaSpec, ArgSpec, Column, FieldOverride } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/assistants.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const assistant: ArgSpec = { name: 'assistantId', resource: 'assistants', description: 'assistant id' };
const user: ArgSpec = { name: 'userId', resource: 'users', default: 'me', description: 'user id' };

export const assistantColumns: Column[] = [{ path: 'id' }, { path: 'name' }, { path: 'email' }, { path: 'scope' }, { path: 'status' }, { path: 'organization' }, { path: 'team' }, { path: 'user' }];

/** PUT /assistants/{assistantId} and PUT /users/{userId}/assistant take the same body. */
const updateFields: FieldOverride[] = [
  {
    name: 'channels',
    type: 'object',
  },
  {
    name: 'carrierCCredentials',
    flag: 'carrier-c-credentials',
    type: 'object',
    description: 'write-only {accessToken}; pass it as @file so that it stays out of shell history; never printed',
  },
];

export const assistants: AreaSpec = {
  name: 'assistants',
  aliases: ['assistant'],
  summary: 'Assistants: personas, channels, and which user has which',
  groups: { 'assistants user': "A user's assistant (default: yours)" },
  commands: [
    {
      command: 'assistants list',
      aliases: ['ls'],
      summary: 'List the assistants you can use',
      endpoint: E('assistants.list'),
      columns: assistantColumns,
      examples: ['agnt assistants list', 'agnt assistants list --email ava@assistants.acme.test -o id'],
    },
    {
      command: 'assistants all',
      summary: 'List every assistant of the account, whatever its scope (organization admins)',
      endpoint: E('assistants.all'),
      columns: assistantColumns,
      examples: ['agnt assistants all', 'agnt assistants all --all -o csv'],
    },
    {
      command: 'assistants create',
      summary: 'Create an assistant',
      endpoint: E('assistants.create'),
      examples: [
        'agnt assistants create --name Ava --email ava2@assistants.acme.test --scope organization',
        'agnt assistants create --name Sam --email sam@assistants.acme.test --scope team --talk-to-strangers',
      ],
    },
    {
      command: 'assistants get',
      aliases: ['show'],
      summary: 'Show an assistant',
      endpoint: E('assistants.get'),
      args: [assistant],
      examples: ['agnt assistants get ast_ava', "agnt assistants get ast_ava --query 'channels'"],
    },
    {
      command: 'assistants update',
      summary: 'Update an assistant, its channels or credentials',
      endpoint: E('assistants.update'),
      args: [assistant],
      fields: updateFields,
      examples: [
        'agnt assistants update ast_ava --tagline "Your calm chief of staff"',
        'agnt assistants update ast_ava --channels \'{"sms":"+15550100100","smsProvider":"carrierA"}\'',
        'agnt assistants update ast_ava --carrier-c-credentials @examples/carrier-c.json',
      ],
    },
    {
      command: 'assistants delete',
      aliases: ['rm'],
      summary: 'Delete assistants (their users are left without one)',
      endpoint: E('assistants.delete'),
      args: [{ ...assistant, multi: true }],
      confirm: 'Delete assistant {id}?',
      examples: ['agnt assistants delete ast_private --yes'],
    },
    {
      command: 'assistants generate',
      summary: 'Suggest free e-mail addresses for an assistant name',
      endpoint: E('assistants.generate'),
      render: async () => (data) => ((data as { emails?: string[] }).emails ?? []).join('\n'),
      examples: ['agnt assistants generate --name Sam', "agnt assistants generate --name Sam --json --query 'emails[0]'"],
    },
    {
      command: 'assistants user get',
      aliases: ['show'],
      summary: "Show a user's assistant",
      endpoint: E('assistants.user.get'),
      args: [user],
      examples: ['agnt assistants user get', 'agnt assistants user get usr_member --json'],
    },
    {
      command: 'assistants user create',
      summary: 'Create a personal assistant for a user and make it theirs',
      endpoint: E('assistants.user.create'),
      args: [user],
      examples: ['agnt assistants user create --name Robin', 'agnt assistants user create usr_member --name Robin --pronouns they/them'],
    },
    {
      command: 'assistants user update',
      summary: "Update a user's assistant",
      endpoint: E('assistants.user.update'),
      args: [user],
      fields: updateFields,
      examples: ['agnt assistants user update --personality "Brief and upbeat"', 'agnt assistants user update usr_member --status inactive'],
    },
    {
      command: 'assistants user delete',
      aliases: ['rm'],
      summary: "Delete a user's personal assistant (a shared one is only unassigned)",
      endpoint: E('assistants.user.delete'),
      args: [user],
      confirm: 'Delete the assistant of user {id}?',
      examples: ['agnt assistants user delete usr_member --yes'],
    },
    {
      command: 'assistants hire',
      summary: 'Assign an assistant to a user (null to release)',
      endpoint: E('assistants.hire'),
      args: [user],
      examples: ['agnt assistants hire --assistant-id ast_ava', 'agnt assistants hire usr_ghost --assistant-id ast_ava'],
    },
  ],
};
