// Part 1, 4.6: assistants, a user's own assistant, generate and hire.
import { deletedResult, user } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, map, nul, num, obj, recordId, ro, secret, stamp, str, strs, url, type Shape } from '../shape.ts';

export const ASSISTANT_SCOPES = ['account', 'organization', 'team', 'user'] as const;
const assistantId = idOf('assistants', { description: 'assistant id' });
const userId = idOf('users', { description: 'user id' });
const orNull = nul(str());

const writingStyle = obj({ professionalism: num(), humor: num(), emojiUse: num(), characterInspiration: str(), externalCommunication: str(), oneOnOneCommunication: str() });
const voice = nul(obj({ voiceId: orNull, provider: str() }, { description: 'voice {voiceId, provider}' }));

/** The parts of `channels` a request may set (2.6); the rest is the platform's. */
const channelsWritable = {
  appmsgB: orNull,
  sms: orNull,
  smsProvider: enumOf(['carrierA', 'carrierB']),
  appmsgA: orNull,
  appmsgAProvider: enumOf(['carrierA', 'carrierC']),
  appmsgAPhoneNumberId: orNull,
  appmsgACarrierB: obj({ enabled: bool(), number: orNull, phoneNumberId: orNull }),
  appmsgACarrierA: obj({ enabled: bool(), number: orNull }),
};
const channels = obj({
  ...channelsWritable,
  smsConversationsRegisteredAt: stamp({ nullable: true }),
  voice: ro(
    obj({
      carrierANativeSid: orNull,
      carrierANativePhoneNumber: orNull,
      voiceEngineAPhoneNumberId: orNull,
      transportProvider: enumOf(['voiceEngineA', 'native-live']),
      status: enumOf(['none', 'provisioning', 'pending_a2p', 'active', 'failed']),
      provisionedAt: stamp({ nullable: true }),
      recordingDisclosure: bool(),
    }),
  ),
});

const assistant = obj(
  {
    id: recordId('assistants'),
    account: ro(str()),
    organization: nul(idOf('organizations')),
    team: nul(idOf('teams')),
    user: ro(nul(idOf('users'))),
    member: ro(nul(idOf('users'))),
    scope: enumOf(ASSISTANT_SCOPES, { description: 'who can use it' }),
    name: str(),
    email: email(),
    avatarUrl: ro(nul(url({ description: 'set with avatar' }))),
    signature: orNull,
    signatureEditorMode: enumOf(['visual', 'html']),
    personality: str(),
    tagline: orNull,
    backstory: orNull,
    role: ro(orNull),
    displayPersonality: orNull,
    tag1: orNull,
    tag2: orNull,
    pronouns: orNull,
    country: orNull,
    gender: nul(enumOf(['male', 'female', 'other'])),
    signaturePhrases: ro(strs()),
    writingStyle,
    voice,
    status: enumOf(['active', 'inactive']),
    isSystemTemplate: ro(bool()),
    talkToStrangers: bool({ description: 'answer people it does not know' }),
    metadata: map(any()),
    inboxPlatform: nul(enumOf(['bulkmail', 'provider1', 'provider2mail'])),
    inboxAuthError: ro(bool()),
    channels,
    appearanceDescription: str(),
    tags: ro(map(any())),
    deletedAt: stamp({ nullable: true }),
    retiredEmail: ro(nul(email())),
    emailReleasedAt: stamp({ nullable: true }),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  {
    required: [
      'id',
      'account',
      'member',
      'scope',
      'name',
      'email',
      'avatarUrl',
      'signature',
      'writingStyle',
      'voice',
      'status',
      'isSystemTemplate',
      'talkToStrangers',
      'inboxPlatform',
      'createdAt',
      'updatedAt',
    ],
  },
);

const f = assistant.fields;
const avatar = url({ description: 'avatar URL' });
/** The fields of POST /users/{userId}/assistant. */
const userCreateFields: Record<string, Shape> = {
  name: str(),
  email: email(),
  avatar,
  personality: str(),
  signature: orNull,
  backstory: orNull,
  pronouns: orNull,
  country: orNull,
  signatureEditorMode: f.signatureEditorMode!,
  gender: f.gender!,
  writingStyle,
  metadata: map(any()),
  voice,
};
/** The fields of POST /assistants. */
const createFields: Record<string, Shape> = {
  ...userCreateFields,
  scope: f.scope!,
  organization: f.organization!,
  team: f.team!,
  appearanceDescription: str(),
  tagline: orNull,
  displayPersonality: orNull,
  tag1: orNull,
  tag2: orNull,
  talkToStrangers: f.talkToStrangers!,
};
/** The fields of PUT /assistants/{id} and PUT /users/{userId}/assistant. */
const updateBody = obj({
  ...createFields,
  status: f.status!,
  inboxPlatform: f.inboxPlatform!,
  channels: obj(channelsWritable, { description: 'messaging channels, merged into the current ones' }),
  carrierCCredentials: obj({ accessToken: secret(orNull) }, { description: 'write-only {accessToken}; never returned' }),
});

export const area: ApiArea = defineArea({
  name: 'assistants',
  section: 'part 1, 4.6',
  resources: { assistant },
  endpoints: [
    endpoint({
      id: 'assistants.user.get',
      method: 'GET',
      path: '/users/{userId}/assistant',
      params: { userId },
      summary: "Show a user's own assistant",
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
    }),
    endpoint({
      id: 'assistants.user.create',
      method: 'POST',
      path: '/users/{userId}/assistant',
      params: { userId },
      summary: 'Create an assistant for a user',
      body: obj(userCreateFields, { required: ['name'] }),
      status: [201],
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
      errors: [
        { status: 400, code: 'AGNT_E_ASSISTANT_EXISTS', when: 'the user already has an assistant of their own', hint: 'update it instead' },
        { status: 400, code: 'AGNT_E_DUPLICATE', when: 'an assistant with this e-mail already exists', hint: 'ask for free addresses with the generate endpoint' },
      ],
    }),
    endpoint({
      id: 'assistants.user.update',
      method: 'PUT',
      path: '/users/{userId}/assistant',
      params: { userId },
      summary: "Change a user's own assistant",
      body: updateBody,
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
    }),
    endpoint({
      id: 'assistants.user.delete',
      method: 'DELETE',
      path: '/users/{userId}/assistant',
      params: { userId },
      summary: "Delete a user's own assistant",
      resultKey: 'assistant',
      result: deletedResult,
    }),
    endpoint({
      id: 'assistants.list',
      method: 'GET',
      path: '/assistants',
      summary: 'List the assistants visible to you',
      query: obj({ email: email({ description: 'the assistant with this e-mail' }) }),
      resultKey: 'assistants',
      result: arr(assistant),
      paging: 'page',
      pageParams: false,
      resource: 'assistant',
    }),
    endpoint({
      id: 'assistants.create',
      method: 'POST',
      path: '/assistants',
      summary: 'Create an assistant',
      body: obj(createFields, { required: ['name', 'email'] }),
      status: [201],
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
      errors: [{ status: 400, code: 'AGNT_E_DUPLICATE', when: 'an assistant with this e-mail already exists', hint: 'ask for free addresses with the generate endpoint' }],
    }),
    endpoint({
      id: 'assistants.get',
      method: 'GET',
      path: '/assistants/{assistantId}',
      params: { assistantId },
      summary: 'Show an assistant',
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
    }),
    endpoint({
      id: 'assistants.update',
      method: 'PUT',
      path: '/assistants/{assistantId}',
      params: { assistantId },
      summary: 'Change an assistant',
      body: updateBody,
      resultKey: 'assistant',
      result: assistant,
      resource: 'assistant',
    }),
    endpoint({ id: 'assistants.delete', method: 'DELETE', path: '/assistants/{assistantId}', params: { assistantId }, summary: 'Delete an assistant', resultKey: 'assistant', result: deletedResult }),
    endpoint({
      id: 'assistants.all',
      method: 'GET',
      path: '/assistants/all',
      summary: 'List all assistants',
      resultKey: 'assistants',
      result: arr(assistant),
      paging: 'page',
      pageParams: false,
      resource: 'assistant',
    }),
    endpoint({
      id: 'assistants.generate',
      method: 'GET',
      path: '/assistants/generate',
      summary: 'Suggest free e-mail addresses for an assistant name',
      query: obj({ name: str() }),
      envelope: 'none',
      result: obj({ name: str(), emails: strs() }, { required: ['name', 'emails'] }),
    }),
    endpoint({
      id: 'assistants.hire',
      method: 'POST',
      path: '/users/{userId}/hire',
      params: { userId },
      summary: 'Assign an assistant to a user',
      // The response is "not shown"; the sandbox answers {ok, user}.
      body: obj({ assistantId: nul(idOf('assistants', { description: "assistant id, or 'null'" })) }, { required: ['assistantId'] }),
      resultKey: 'user',
      result: user,
    }),
  ],
});
