// Part 1, 4.5: identifiers (a user's e-mails, phones and other handles).
import { USER_STATUSES, deletedResult, user } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, enumOf, idOf, map, nul, obj, oneOf, recordId, ro, stamp, str, timestamp } from '../shape.ts';

export const IDENTIFIER_TYPES = ['email', 'phone', 'external_id', 'employee_id', 'provider1', 'provider2', 'provider3', 'custom'] as const;
const identifierId = idOf('identifiers', { description: 'identifier id' });
const window = obj({ warmUntil: timestamp({ nullable: true }), lastInboundAt: timestamp({ nullable: true }) });

/** In lists the user is a summary; on create, get, update and link a full User. */
const userSummary = obj({ id: idOf('users'), name: nul(str()), status: enumOf(USER_STATUSES) }, { required: ['id', 'name', 'status'] });

const identifier = obj(
  {
    id: recordId('identifiers'),
    account: ro(str()),
    user: ro(nul(oneOf([userSummary, user]))),
    type: ro(enumOf(IDENTIFIER_TYPES)),
    value: ro(str()),
    verified: bool(),
    primary: ro(bool()),
    label: nul(str()),
    platforms: map(any()),
    metadata: map(any()),
    appmsgBCapable: ro(nul(bool())),
    appmsgACapable: ro(nul(bool())),
    preferredTextPlatform: ro(nul(enumOf(['appmsgB', 'sms', 'sms_carrierA', 'appmsgA_carrierB', 'appmsgA_carrierA', 'appmsgA']))),
    messagingWindow: ro(obj({ appmsgA: window, appmsgACarrierB: window, appmsgACarrierA: window, appmsgB: window })),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'type', 'value', 'verified', 'primary', 'createdAt'] },
);

export const area: ApiArea = defineArea({
  name: 'identifiers',
  section: 'part 1, 4.5',
  resources: { identifier },
  endpoints: [
    endpoint({
      id: 'identifiers.list',
      method: 'GET',
      path: '/identifiers',
      summary: 'List identifiers',
      query: obj({ type: enumOf(IDENTIFIER_TYPES), userId: idOf('users') }),
      resultKey: 'identifiers',
      result: arr(identifier),
      paging: 'page',
      takesLimit: true,
      resource: 'identifier',
    }),
    endpoint({
      id: 'identifiers.create',
      method: 'POST',
      path: '/identifiers',
      summary: 'Add an identifier (to a user, or to a new user made from userData)',
      body: obj(
        {
          type: enumOf(IDENTIFIER_TYPES),
          value: str(),
          userId: idOf('users'),
          verified: bool(),
          label: nul(str()),
          platforms: map(any()),
          userData: obj({ name: str(), firstName: str(), lastName: str(), avatar: str(), timezone: str({ hint: 'time-zone' }), locale: str() }, { description: 'user to create when no userId' }),
        },
        { required: ['type', 'value'] },
      ),
      status: [201],
      resultKey: 'identifier',
      result: identifier,
      resource: 'identifier',
      errors: [{ status: 400, code: 'AGNT_E_DUPLICATE', when: 'an identifier of this type and value already exists' }],
    }),
    endpoint({
      id: 'identifiers.get',
      method: 'GET',
      path: '/identifiers/{identifierId}',
      params: { identifierId },
      summary: 'Show an identifier',
      resultKey: 'identifier',
      result: identifier,
      resource: 'identifier',
    }),
    endpoint({
      id: 'identifiers.update',
      method: 'PUT',
      path: '/identifiers/{identifierId}',
      params: { identifierId },
      summary: 'Change an identifier',
      body: obj({ verified: bool(), label: nul(str()), platforms: map(any()), metadata: map(any()) }),
      resultKey: 'identifier',
      result: identifier,
      resource: 'identifier',
    }),
    endpoint({
      id: 'identifiers.delete',
      method: 'DELETE',
      path: '/identifiers/{identifierId}',
      params: { identifierId },
      summary: 'Delete an identifier',
      resultKey: 'identifier',
      result: deletedResult,
    }),
    endpoint({
      id: 'identifiers.link',
      method: 'POST',
      path: '/identifiers/{identifierId}/link',
      params: { identifierId },
      summary: 'Move an identifier to another user',
      body: obj({ userId: idOf('users') }, { required: ['userId'] }),
      resultKey: 'identifier',
      result: identifier,
      resource: 'identifier',
    }),
    endpoint({
      id: 'identifiers.make-primary',
      method: 'POST',
      path: '/identifiers/{identifierId}/make-primary',
      params: { identifierId },
      summary: "Make an e-mail identifier its user's primary one",
      resultKey: 'makePrimary',
      result: obj({ user, identifier: obj({ id: str(), type: str(), value: str(), verified: bool(), primary: bool() }, { open: true }) }),
    }),
  ],
});
