// Part 1, section 4.5: identifiers (a user's e-mails, phones and other handles).
import type { AreaSpec } from '../src/core/spec.ts';

const TYPES = ['email', 'phone', 'external_id', 'employee_id', 'provider1', 'provider2', 'provider3', 'custom'] as const;

export const identifiers: AreaSpec = {
  name: 'identifiers',
  aliases: ['identifier', 'ids'],
  summary: "Identifiers: users' e-mails, phones and other handles",
  commands: [
    {
      command: 'identifiers list',
      aliases: ['ls'],
      summary: 'List identifiers',
      method: 'GET',
      path: '/identifiers',
      list: true,
      resultKey: 'identifiers',
      columns: [{ path: 'id' }, { path: 'type' }, { path: 'value' }, { path: 'verified' }, { path: 'primary' }, { path: 'user.id', header: 'USER' }, { path: 'user.name', header: 'USER_NAME' }],
      fields: [
        { name: 'type', type: 'string', enum: TYPES },
        { name: 'userId', type: 'string', flag: 'user-id' },
      ],
      examples: ['agnt identifiers list --user-id usr_admin', 'agnt identifiers list --type phone --all -o csv'],
    },
    {
      command: 'identifiers create',
      summary: 'Add an identifier (to a user, or to a new user made from --user-data)',
      method: 'POST',
      path: '/identifiers',
      resultKey: 'identifier',
      fields: [
        { name: 'type', type: 'string', enum: TYPES, required: true },
        { name: 'value', type: 'string', required: true },
        { name: 'userId', type: 'string' },
        { name: 'verified', type: 'boolean' },
        { name: 'label', type: 'string', nullable: true },
        { name: 'platforms', type: 'object' },
        { name: 'userData', type: 'object', keys: ['name', 'firstName', 'lastName', 'avatar', 'timezone', 'locale'], description: 'user to create when no --user-id' },
      ],
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
      method: 'GET',
      path: '/identifiers/{identifierId}',
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      resultKey: 'identifier',
      examples: ['agnt identifiers get idn_principal_phone', 'agnt identifiers get idn_principal_phone --fields id,type,value,user.email'],
    },
    {
      command: 'identifiers update',
      summary: 'Update an identifier',
      method: 'PUT',
      path: '/identifiers/{identifierId}',
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      resultKey: 'identifier',
      fields: [
        { name: 'verified', type: 'boolean' },
        { name: 'label', type: 'string', nullable: true },
        { name: 'platforms', type: 'object' },
        { name: 'metadata', type: 'object' },
      ],
      examples: ['agnt identifiers update idn_principal_phone --verified --label work', 'agnt identifiers update idn_principal_phone --label null'],
    },
    {
      command: 'identifiers delete',
      aliases: ['rm'],
      summary: 'Delete an identifier',
      method: 'DELETE',
      path: '/identifiers/{identifierId}',
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      resultKey: 'identifier',
      confirm: 'Delete identifier {id}?',
      examples: ['agnt identifiers delete idn_principal_phone --yes'],
    },
    {
      command: 'identifiers link',
      summary: 'Move an identifier to another user',
      method: 'POST',
      path: '/identifiers/{identifierId}/link',
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      resultKey: 'identifier',
      fields: [{ name: 'userId', type: 'string', required: true }],
      examples: ['agnt identifiers link idn_principal_phone --user-id usr_member'],
    },
    {
      command: 'identifiers make-primary',
      summary: "Make an e-mail identifier its user's primary e-mail",
      method: 'POST',
      path: '/identifiers/{identifierId}/make-primary',
      args: [{ name: 'identifierId', resource: 'identifiers' }],
      resultKey: 'makePrimary',
      render: async () => (data) => {
        const d = data as { user: { id: string }; identifier: { value: string } };
        return `${d.identifier.value} is now the primary e-mail of ${d.user.id}`;
      },
      examples: ['agnt identifiers make-primary idn_principal_home'],
    },
  ],
};
