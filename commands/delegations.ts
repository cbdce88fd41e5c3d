// Part 2, section 4.6: delegations (a principal lets a coordinator act for them).
import type { AreaSpec, Column } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/delegations.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

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
      endpoint: E('delegations.list'),
      columns: delegationColumns,
      examples: ['agnt delegations list', 'agnt delegations list --role coordinator --status active', 'agnt delegations list --status pending -o id'],
    },
    {
      command: 'delegations create',
      summary: 'Ask a principal for a delegation (you are the coordinator; it stays pending until they confirm)',
      endpoint: E('delegations.create'),
      columns: delegationColumns,
      examples: [
        'agnt delegations create --principal-id usr_member --delegation-source platform',
        'agnt delegations create --principal-id usr_admin --delegation-source calendar_provider --calendar-provider provider1 --approval-mode auto',
      ],
    },
    {
      command: 'delegations get',
      aliases: ['show'],
      summary: 'Show a delegation',
      endpoint: E('delegations.get'),
      args: [{ name: 'id', resource: 'delegations', description: 'delegation id' }],
      examples: ['agnt delegations get del_principal', 'agnt delegations get del_principal --fields id,status,accessHealth,lastAccessCheckAt'],
    },
    {
      command: 'delegations update',
      summary: "Change a delegation's approval mode, thread inclusion, visibility or default flag",
      endpoint: E('delegations.update'),
      args: [{ name: 'id', resource: 'delegations', description: 'delegation id' }],
      examples: ['agnt delegations update del_principal --approval-mode require_approval', 'agnt delegations update del_principal --visibility bcc --is-default'],
    },
    {
      command: 'delegations confirm',
      summary: 'Confirm pending delegations (as their principal)',
      endpoint: E('delegations.confirm'),
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      columns: delegationColumns,
      examples: ['agnt delegations confirm del_pending', 'agnt delegations list --role principal --status pending -o id | agnt delegations confirm -'],
    },
    {
      command: 'delegations revoke',
      summary: 'Revoke delegations',
      endpoint: E('delegations.revoke'),
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      columns: delegationColumns,
      confirm: 'Revoke delegation {id}?',
      examples: ['agnt delegations revoke del_principal2 --yes'],
    },
    {
      command: 'delegations reverify',
      summary: 'Check calendar access again now (as the coordinator) and show the new access health',
      description: 'Each id is checked in turn; the access health before and after is shown on a terminal. The status of a delegation never changes.',
      endpoint: E('delegations.reverify'),
      also: [E('delegations.get')],
      args: [{ name: 'id', multi: true, resource: 'delegations', description: 'delegation id' }],
      columns: [{ path: 'id' }, { path: 'principal' }, { path: 'accessHealth', header: 'ACCESS' }, { path: 'lastAccessCheckAt', header: 'CHECKED_AT' }, { path: 'status' }],
      handler: async () => (await handlers()).reverify,
      examples: ['agnt delegations reverify del_principal2', 'agnt delegations list --role coordinator -o id | agnt delegations reverify -'],
    },
  ],
};
