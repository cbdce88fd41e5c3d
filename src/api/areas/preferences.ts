// Part 1, 4.8: identifier preferences, skill preferences, scheduling, reminders, and the
// supervision matrix with recipient exceptions.
import { reminderPreferences, schedulingPreferences } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { exceptionCreate, matrixPatch, recipientException, supervisionMatrix } from '../supervision.ts';
import { any, bool, enumOf, idOf, map, nul, num, obj, openObj, recordId, ro, stamp, str, strs } from '../shape.ts';

const identifierId = idOf('identifiers', { description: 'identifier id' });
const userId = idOf('users', { description: 'user id' });
const skillName = str({ description: 'skill name (scheduling, reminders, followups, travel, supervision, ...)' });

const identifierPreferences = obj(
  {
    id: recordId('identifier-preferences'),
    account: ro(str()),
    userIdentifier: ro(idOf('identifiers')),
    preferences: obj(
      {
        scheduling: schedulingPreferences,
        reminders: reminderPreferences,
        followups: obj({ enabled: bool(), count: num(), interval: num() }),
        travel: obj({ seatPreference: str(), cabinClass: str(), mealPreference: str(), airlinePreferences: strs() }),
        supervision: obj({
          mode: str(),
          threadInclusion: enumOf(['supervised', 'semi-supervised', 'unsupervised']),
          visibility: str(),
          notifyOn: enumOf(['always', 'on_flag', 'never']),
          reviewTimeout: num(),
          scope: str(),
          matrix: nul(openObj()),
          matrixUpdatedAt: stamp({ nullable: true }),
          matrixSeededBy: ro(nul(enumOf(['system']))),
        }),
      },
      { open: true },
    ),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'userIdentifier', 'preferences', 'createdAt', 'updatedAt'] },
);

const skillPreferences = obj({ skill: ro(str()), preferences: map(any()) }, { required: ['skill', 'preferences'] });
const M = '/users/{userId}/preferences/supervision';
const parentLocked = { status: 403, code: 'AGNT_E_PARENT_LOCKED', when: 'the change would loosen a cell the organization locked', hint: 'choose the locked mode or a stricter one' };

export const area: ApiArea = defineArea({
  name: 'preferences',
  section: 'part 1, 4.8',
  resources: { identifierPreferences, skillPreferences, schedulingPreferences, reminderPreferences, supervisionMatrix, recipientException },
  endpoints: [
    endpoint({
      id: 'preferences.identifier.get',
      method: 'GET',
      path: '/identifiers/{identifierId}/preferences',
      params: { identifierId },
      summary: "Show an identifier's preferences record",
      resultKey: 'preferences',
      result: identifierPreferences,
    }),
    endpoint({
      id: 'preferences.skill.get',
      method: 'GET',
      path: '/identifiers/{identifierId}/preferences/{skillName}',
      params: { identifierId, skillName },
      summary: "Show one skill's preferences",
      resultKey: 'skillPreferences',
      result: skillPreferences,
    }),
    endpoint({
      id: 'preferences.skill.set',
      method: 'PUT',
      path: '/identifiers/{identifierId}/preferences/{skillName}',
      params: { identifierId, skillName },
      summary: "Replace one skill's preferences",
      body: obj({ preferences: map(any()) }, { required: ['preferences'] }),
      resultKey: 'skillPreferences',
      result: skillPreferences,
    }),
    endpoint({
      id: 'preferences.scheduling.get',
      method: 'GET',
      path: '/users/{userId}/preferences/scheduling',
      params: { userId },
      summary: 'Show scheduling preferences (of the primary identifier)',
      resultKey: 'schedulingPreferences',
      result: schedulingPreferences,
      resource: 'schedulingPreferences',
    }),
    endpoint({
      id: 'preferences.scheduling.set',
      method: 'PUT',
      path: '/users/{userId}/preferences/scheduling',
      params: { userId },
      summary: 'Replace scheduling preferences',
      body: obj({ schedulingPreferences }, { required: ['schedulingPreferences'] }),
      resultKey: 'schedulingPreferences',
      result: schedulingPreferences,
      resource: 'schedulingPreferences',
    }),
    endpoint({
      id: 'preferences.reminders.get',
      method: 'GET',
      path: '/users/{userId}/preferences/reminders',
      params: { userId },
      summary: 'Show reminder preferences (across identifiers)',
      resultKey: 'reminderPreferences',
      result: reminderPreferences,
      resource: 'reminderPreferences',
    }),
    endpoint({
      id: 'preferences.reminders.update',
      method: 'PATCH',
      path: '/users/{userId}/preferences/reminders',
      params: { userId },
      summary: 'Change reminder preferences (deep-merged)',
      body: obj({ preferences: reminderPreferences }, { required: ['preferences'] }),
      resultKey: 'reminderPreferences',
      result: reminderPreferences,
      resource: 'reminderPreferences',
    }),
    endpoint({
      id: 'preferences.matrix.get',
      method: 'GET',
      path: `${M}/matrix`,
      params: { userId },
      summary: 'Show the supervision matrix',
      resultKey: 'supervisionMatrix',
      result: supervisionMatrix,
      resource: 'supervisionMatrix',
    }),
    endpoint({
      id: 'preferences.matrix.update',
      method: 'PATCH',
      path: `${M}/matrix`,
      params: { userId },
      summary: 'Change the supervision matrix (deep-merged)',
      body: obj({ matrix: matrixPatch }, { required: ['matrix'] }),
      resultKey: 'supervisionMatrix',
      result: supervisionMatrix,
      resource: 'supervisionMatrix',
      errors: [
        { status: 400, code: 'AGNT_E_VALIDATION', when: 'the body is invalid, for example `locked` in a user-scope update', hint: 'locks are set above the user; leave `locked` out' },
        parentLocked,
      ],
    }),
    endpoint({
      id: 'preferences.matrix.reset',
      method: 'PUT',
      path: `${M}/matrix/reset`,
      params: { userId },
      summary: 'Reset the supervision matrix to the defaults',
      resultKey: 'supervisionMatrix',
      result: supervisionMatrix,
    }),
    endpoint({
      id: 'preferences.exceptions.create',
      method: 'POST',
      path: `${M}/exceptions`,
      params: { userId },
      summary: 'Add a recipient exception',
      body: exceptionCreate,
      status: [201],
      resultKey: 'recipientException',
      result: recipientException,
      errors: [{ status: 400, code: 'AGNT_E_INVALID_SELECTOR', when: 'the match value is not valid for its kind (an e-mail, a domain, a phone...)' }, parentLocked],
    }),
    endpoint({
      id: 'preferences.exceptions.delete',
      method: 'DELETE',
      path: `${M}/exceptions/{exceptionId}`,
      params: { userId, exceptionId: idOf('recipient-exceptions', { description: 'exception id' }) },
      summary: 'Remove a recipient exception',
      status: [204],
      envelope: 'empty',
    }),
  ],
});
