// Part 1, section 4.5: identifiers (a user's e-mails, phones and other handles).
import type { AreaSpec } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/identifiers.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

export const identifiers: AreaSpec = {
  name: 'identifiers',
  aliases: ['identifier', 'ids'],
  summary: "Identifiers: users' e-mails, phones and other handles",
  commands: [
    {
      command: 'identifiers list',
      aliases: ['ls'],
      summary: 'List identifiers',
      endpoint: E('identifiers.list'),
      columns: [{ path: 'id' }, { path: 'type' }, { path: 'value' }, { path: 'verified' }, { path: 'primary' }, { path: 'user.id', header: 'USER' }, { path: 'user.name', header: 'USER_NAME' }],
      fields: [{ name: 'userId', flag: 'user-id' }],
      examples: ['agnt identifiers list --user-id usr_admin', 'agnt identifiers list --type phone --all -o csv'],
    },
    {
      command: 'identifiers create',
      summary: 'Add an identifier (to a user, or to a new user made from --user-data)',
      endpoint: E('identifiers.create'),
      fields: [{ name: 'userData', description: 'user to create when no --user-id' }],
      columns: [{ path: 'id' }, { path: 'type' }, { path: 'value' }, { path: 'user.id', header: 'USER' }],
      examples: [
        'agnt identifiers create --type phone --value +15551234567 --user-id usr_admin --label mobile',
        'agnt identifiers create --type email --value new@acme.test --user-data \'{"name":"New Person"}\'',
      ],
    },
    {
      command: 'identifiers get',
      aliases: ['show'],
      summary: 'Show an identifier',
      endpoint: E('identifiers.get'),
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      examples: ['agnt identifiers get idn_principal_phone', 'agnt identifiers get idn_principal_phone --fields id,type,value,user.email'],
    },
    {
      command: 'identifiers update',
      summary: 'Update an identifier',
      endpoint: E('identifiers.update'),
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      examples: ['agnt identifiers update idn_principal_phone --verified --label work', 'agnt identifiers update idn_principal_phone --label null'],
    },
    {
      command: 'identifiers delete',
      aliases: ['rm'],
      summary: 'Delete an identifier',
      endpoint: E('identifiers.delete'),
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      confirm: 'Delete identifier {id}?',
      examples: ['agnt identifiers delete idn_principal_phone --yes'],
    },
    {
      command: 'identifiers link',
      summary: 'Move an identifier to another user',
      endpoint: E('identifiers.link'),
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      examples: ['agnt identifiers link idn_principal_phone --user-id usr_member'],
    },
    {
      command: 'identifiers make-primary',
      summary: "Make an e-mail identifier its user's primary e-mail",
      endpoint: E('identifiers.make-primary'),
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      render: async () => (data) => {
        const d = data as { user: { id: string }; identifier: { value: string } };
        return `${d.identifier.value} is now the primary e-mail of ${d.user.id}`;
      },
      examples: ['agnt identifiers make-primary idn_principal_home'],
    },
  ],
};
