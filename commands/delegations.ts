// Part 2, section 4.6: delegations (a principal lets a coordinator act for them).
import type { AreaSpec, Column, FieldSpec } from '../src/core/spec.ts';

const STATUS = ['pending', 'active', 'revoked'] as const;

export const delegationColumns: Column[] = [
  { path: 'id' },
  { path: 'status' },
  { path: 'coordinator' },
  { path: 'principal' },
  { path: 'delegationSource', header: 'SOURCE' },
  { path: 'calendarProvider', header: 'PROVIDER' },
  { path: 'accessHealth', header: 'ACCESS' },
  { path: 'isDefault', header: 'DEFAULT' },
];

const settings: FieldSpec[] = [
  { name: 'approvalMode', type: 'string', enum: ['auto', 'manual', 'require_approval'], nullable: true },
  { name: 'threadInclusion', type: 'string', enum: ['supervised', 'semi-supervised', 'unsupervised'], nullable: true },
  { name: 'visibility', type: 'string', enum: ['cc', 'bcc'], nullable: true },
];

const handlers = () => import('../src/workflows/delegations.ts');

export const delegations: AreaSpec = {
  name: 'delegations',
  aliases: ['delegation'],
  summary: 'Delegations: principals who let you (a coordinator) act for them',
  commands: [
    {
      command: 'delegations list',
      aliases: ['ls'],
      summary: 'List delegations you are part of',
      method: 'GET',
      path: '/delegations',
      list: true,
      resultKey: 'delegations',
      columns: delegationColumns,
      fields: [
        { name: 'role', type: 'string', description: 'your side of the delegation: coordinator or principal' },
        { name: 'status', type: 'string', enum: STATUS },
      ],
      examples: ['agnt delegations list', 'agnt delegations list --role coordinator --status active', 'agnt delegations list --status pending -o id'],
    },
    {
      command: 'delegations create',
      summary: 'Ask a principal for a delegation (you are the coordinator; it stays pending until they confirm)',
      method: 'POST',
      path: '/delegations',
      resultKey: 'delegation',
      columns: delegationColumns,
      fields: [
        { name: 'principalId', type: 'string', required: true, description: "the principal's user id" },
        { name: 'delegationSource', type: 'string', enum: ['calendar_provider', 'platform'], required: true },
        { name: 'calendarProvider', type: 'string', enum: ['provider2', 'provider1'] },
        ...settings,
        { name: 'assistant', type: 'string', description: 'assistant id' },
      ],
      examples: [
        'agnt delegations create --principal-id usr_member --delegation-source platform',
        'agnt delegations create --principal-id usr_admin --delegation-source calendar_provider --calendar-provider provider1 --approval-mode auto',
      ],
    },
    {
      command: 'delegations get',
      aliases: ['show'],
      summary: 'Show a delegation',
      method: 'GET',
      path: '/delegations/{id}',
      args: [{ name: 'id', resource: 'delegations', description: 'delegation id' }],
      resultKey: 'delegation',
      examples: ['agnt delegations get del_principal', 'agnt delegations get del_principal --fields id,status,accessHealth,lastAccessCheckAt'],
    },
    {
      command: 'delegations update',
      summary: "Change a delegation's approval mode, thread inclusion, visibility or default flag",
      method: 'PATCH',
      path: '/delegations/{id}',
      args: [{ name: 'id', resource: 'delegations', description: 'delegation id' }],
      resultKey: 'delegation',
      fields: [...settings, { name: 'isDefault', type: 'boolean', description: "the principal's default delegation" }],
      examples: ['agnt delegations update del_principal --approval-mode require_approval', 'agnt delegations update del_principal --visibility bcc --is-default'],
    },
    {
      command: 'delegations confirm',
      summary: 'Confirm pending delegations (as their principal)',
      method: 'POST',
      path: '/delegations/{id}/confirm',
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      resultKey: 'delegation',
      columns: delegationColumns,
      examples: ['agnt delegations confirm del_pending', 'agnt delegations list --role principal --status pending -o id | agnt delegations confirm -'],
    },
    {
      command: 'delegations revoke',
      summary: 'Revoke delegations',
      method: 'POST',
      path: '/delegations/{id}/revoke',
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      resultKey: 'delegation',
      columns: delegationColumns,
      confirm: 'Revoke delegation {id}?',
      examples: ['agnt delegations revoke del_principal2 --yes'],
    },
    {
      command: 'delegations reverify',
      summary: 'Check calendar access again now (as the coordinator) and show the new access health',
      description: 'Each id is checked in turn; the access health before and after is shown on a terminal. The status of a delegation never changes.',
      method: 'POST',
      path: '/delegations/{id}/reverify',
      also: [{ method: 'GET', path: '/delegations/{id}' }],
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      resultKey: 'delegation',
      columns: [{ path: 'id' }, { path: 'principal' }, { path: 'accessHealth', header: 'ACCESS' }, { path: 'lastAccessCheckAt', header: 'CHECKED_AT' }, { path: 'status' }],
      handler: async () => (await handlers()).reverify,
      examples: ['agnt delegations reverify del_principal2', 'agnt delegations list --role coordinator -o id | agnt delegations reverify -'],
    },
  ],
};
