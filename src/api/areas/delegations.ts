// Part 2, 4.6: delegations (a principal lets a coordinator act for them).
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { supervisionMatrix } from '../supervision.ts';
import { arr, bool, enumOf, idOf, nul, obj, oneOf, recordId, ro, stamp, str, strs } from '../shape.ts';

export const DELEGATION_STATUSES = ['pending', 'active', 'revoked'] as const;
export const APPROVAL_MODES = ['auto', 'manual', 'require_approval'] as const;
export const THREAD_INCLUSION = ['supervised', 'semi-supervised', 'unsupervised'] as const;
export const VISIBILITY = ['cc', 'bcc'] as const;
const id = idOf('delegations', { description: 'delegation id' });
const partyRef = (resource: string) => ro(nul(oneOf([idOf(resource), obj({}, { open: true })])));

const settable = {
  approvalMode: nul(enumOf(APPROVAL_MODES)),
  threadInclusion: nul(enumOf(THREAD_INCLUSION)),
  visibility: nul(enumOf(VISIBILITY)),
};

const delegation = obj(
  {
    id: recordId('delegations'),
    coordinator: partyRef('users'),
    principal: partyRef('users'),
    assistant: partyRef('assistants'),
    account: ro(str()),
    status: ro(enumOf(DELEGATION_STATUSES)),
    initiatedBy: ro(enumOf(['coordinator', 'principal', 'admin', 'system'])),
    delegationSource: ro(enumOf(['calendar_provider', 'platform'])),
    calendarProvider: ro(nul(enumOf(['provider2', 'provider1']))),
    privateEventAccess: ro(bool()),
    isDefault: bool({ description: "the principal's default delegation" }),
    ...settable,
    confirmedAt: stamp({ nullable: true }),
    revokedAt: stamp({ nullable: true }),
    revokedBy: ro(nul(str())),
    deletedForGDPR: ro(bool()),
    lastVerifiedAt: stamp({ nullable: true }),
    accessHealth: ro(enumOf(['ok', 'calendar_degraded', 'calendar_lost'])),
    lastAccessCheckAt: stamp({ nullable: true }),
    supervisionMatrix: ro(supervisionMatrix),
    calendarSettings: ro(nul(obj({ read: strs(), write: nul(str()) }))),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  {
    required: [
      'id',
      'coordinator',
      'principal',
      'assistant',
      'account',
      'status',
      'initiatedBy',
      'delegationSource',
      'privateEventAccess',
      'isDefault',
      'accessHealth',
      'supervisionMatrix',
      'createdAt',
      'updatedAt',
    ],
  },
);

const transition = { status: 409, code: 'AGNT_E_INVALID_TRANSITION', when: "the delegation's status does not allow this move" };

export const area: ApiArea = defineArea({
  name: 'delegations',
  section: 'part 2, 4.6',
  resources: { delegation },
  endpoints: [
    endpoint({
      id: 'delegations.list',
      method: 'GET',
      path: '/delegations',
      summary: 'List delegations',
      query: obj({ role: str({ description: 'your side of the delegation: coordinator or principal' }), status: enumOf(DELEGATION_STATUSES) }),
      resultKey: 'delegations',
      result: arr(delegation),
      paging: 'page',
      resource: 'delegation',
    }),
    endpoint({
      id: 'delegations.create',
      method: 'POST',
      path: '/delegations',
      summary: 'Ask a principal for a delegation (as their coordinator)',
      body: obj(
        {
          principalId: idOf('users', { description: "the principal's user id" }),
          delegationSource: enumOf(['calendar_provider', 'platform']),
          calendarProvider: enumOf(['provider2', 'provider1']),
          ...settable,
          assistant: idOf('assistants', { description: 'assistant id' }),
        },
        { required: ['principalId', 'delegationSource'] },
      ),
      status: [201],
      resultKey: 'delegation',
      result: delegation,
      resource: 'delegation',
      errors: [{ status: 409, code: 'AGNT_E_DUPLICATE', when: 'you already have a pending or active delegation from this principal' }],
    }),
    endpoint({ id: 'delegations.get', method: 'GET', path: '/delegations/{id}', params: { id }, summary: 'Show a delegation', resultKey: 'delegation', result: delegation, resource: 'delegation' }),
    endpoint({
      id: 'delegations.update',
      method: 'PATCH',
      path: '/delegations/{id}',
      params: { id },
      summary: 'Change how a delegation works',
      body: obj({ ...settable, isDefault: delegation.fields.isDefault! }),
      resultKey: 'delegation',
      result: delegation,
      resource: 'delegation',
      errors: [transition],
    }),
    endpoint({
      id: 'delegations.confirm',
      method: 'POST',
      path: '/delegations/{id}/confirm',
      params: { id },
      summary: 'Confirm a pending delegation (the principal)',
      resultKey: 'delegation',
      result: delegation,
      errors: [transition],
    }),
    endpoint({
      id: 'delegations.revoke',
      method: 'POST',
      path: '/delegations/{id}/revoke',
      params: { id },
      summary: 'Revoke a delegation',
      resultKey: 'delegation',
      result: delegation,
      errors: [transition],
    }),
    endpoint({
      id: 'delegations.reverify',
      method: 'POST',
      path: '/delegations/{id}/reverify',
      params: { id },
      summary: 'Check calendar access again (the coordinator); updates accessHealth',
      resultKey: 'delegation',
      result: delegation,
    }),
  ],
});
