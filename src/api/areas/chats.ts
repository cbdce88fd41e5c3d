// Part 1, 4.1: chats, their messages, processing and the usage rollup.
import { MODEL_TIERS, message, recipients } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, int, map, nul, num, obj, recordId, ro, stamp, str, strs, timestamp, url } from '../shape.ts';

export const PLATFORMS = ['chat', 'email', 'appchatA', 'teams', 'sms', 'appmsgA', 'appmsgB', 'phone', 'appmsgC', 'appmsgD', 'task_activity'] as const;
const chatId = idOf('chats', { description: 'chat id' });
const messageId = idOf('messages', { description: 'message id' });
const metadata = map(any());
const orNull = nul(str());

const usageTotals = { inputTokens: num(), outputTokens: num(), cacheReadTokens: num(), cacheCreationTokens: num(), costUsd: num(), runs: num(), turns: num() };

const chat = obj(
  {
    id: recordId('chats'),
    account: ro(str()),
    user: idOf('users'),
    owner: ro(obj({ id: idOf('users'), type: enumOf(['user']), email: email(), firstName: orNull, lastName: orNull, avatar: nul(url()) }, { required: ['id', 'type', 'email'] })),
    assistant: idOf('assistants'),
    assistantInfo: ro(obj({ id: idOf('assistants'), name: str(), email: email() }, { required: ['id', 'name', 'email'] })),
    platform: enumOf(PLATFORMS),
    title: nul(str()),
    status: str(),
    messageCount: ro(num()),
    lastMessageAt: stamp({ nullable: true }),
    taskIds: strs(),
    fileIds: strs(),
    pendingHandoff: ro(nul(obj({ from: str(), at: nul(str()) }, { required: ['from', 'at'] }))),
    pendingTaskWait: ro(nul(obj({ taskId: orNull, wakeAt: orNull, reason: orNull, tickerSubscriptionId: orNull, createdAt: orNull }))),
    alarm: ro(nul(obj({ status: nul(enumOf(['set', 'cancelled'])), wakeAt: orNull, reason: orNull, headline: orNull, tickerSubscriptionId: orNull, createdAt: orNull }))),
    abuseFlag: ro(nul(obj({ flagged: bool(), flaggedAt: orNull, reason: orNull, notifiedAt: orNull }))),
    todos: ro(arr(obj({ id: str(), taskId: orNull, note: orNull, requestMessageId: orNull, status: enumOf(['open', 'closed']), createdAt: timestamp(), closedAt: timestamp({ nullable: true }) }))),
    tags: strs(),
    metadata,
    participants: arr(obj({ type: enumOf(['phone', 'email']), value: str() }, { required: ['type', 'value'] })),
    audienceKey: nul(str()),
    modelTier: enumOf(MODEL_TIERS),
    effort: enumOf(['low', 'medium', 'high', 'xhigh', 'max']),
    usage: ro(obj(usageTotals)),
    creditUsage: ro(nul(obj({ consumed: num() }))),
    blockedAt: stamp({ nullable: true }),
    lastPauseNotifiedAt: stamp({ nullable: true }),
    createdAt: stamp(),
    updatedAt: stamp(),
    messages: ro(arr(message)),
    releasedRR: ro(arr(obj({ id: str(), note: str(), at: str() }, { required: ['id'] }))),
  },
  { required: ['id', 'account', 'platform', 'status', 'messageCount', 'createdAt', 'updatedAt'] },
);

const tokenNumbers = { inputTokens: num(), outputTokens: num(), cacheReadTokens: num(), cacheCreationTokens: num(), totalTokens: num(), costUsd: num() };
// Placement of credits and runShape relative to rows: "not shown"; both are top-level keys here.
const usageRollup = obj(
  {
    total: obj({ ...tokenNumbers, runs: int(), turns: int() }, { required: [...Object.keys(tokenNumbers), 'runs', 'turns'] }),
    rows: arr(
      obj(
        {
          runId: orNull,
          runType: orNull,
          runLabel: orNull,
          seq: int(),
          model: orNull,
          provider: orNull,
          ...tokenNumbers,
          turns: int(),
          startedAt: timestamp({ nullable: true }),
          modelTier: orNull,
          northStarProduct: num(),
        },
        { required: ['runId', 'runType', 'runLabel', 'seq', 'model', 'provider', ...Object.keys(tokenNumbers), 'turns', 'startedAt'] },
      ),
    ),
    credits: obj(
      {
        total: num(),
        costsByType: map(any()),
        runs: arr(obj({ runKind: orNull, multiplier: num(), chargedCredits: num(), hardCogsUsd: num(), isBillable: bool(), createdAt: timestamp(), costsByType: any() })),
      },
      { required: ['total', 'costsByType', 'runs'] },
    ),
    runShape: obj({}, { open: true, description: 'run statistics: runs, turnsPerRun, toolCallsPerTurn, tierMix, ...' }),
  },
  { required: ['total', 'rows'] },
);

const messageBody = {
  referenceId: str({ description: 'id of the message on its platform' }),
  role: str({ description: 'author role (default: user)' }),
  from: str({ description: 'sender address' }),
  subject: str(),
  platform: enumOf(PLATFORMS),
  to: { ...recipients, description: 'recipients' },
  cc: { ...recipients, description: 'copied recipients' },
  content: str({ description: 'message text' }),
  files: arr(any(), { description: 'attached files' }),
  metadata,
};

export const area: ApiArea = defineArea({
  name: 'chats',
  section: 'part 1, 4.1',
  resources: { chat, message, usage: usageRollup },
  endpoints: [
    endpoint({
      id: 'chats.list',
      method: 'GET',
      path: '/chats',
      summary: 'List chats',
      query: obj({ status: str(), assistantId: idOf('assistants'), contextId: str(), q: str({ description: 'free text, matched in the title and the messages' }) }),
      resultKey: 'chats',
      result: arr(chat),
      paging: 'page',
      takesLimit: true,
      resource: 'chat',
    }),
    endpoint({
      id: 'chats.create',
      method: 'POST',
      path: '/chats',
      summary: 'Start a chat with an assistant',
      body: obj(
        {
          assistantId: idOf('assistants'),
          userId: idOf('users', { description: 'whose chat it is (default: yours)' }),
          title: str(),
          contextId: str({ description: 'groups chats of one context' }),
          metadata,
        },
        { required: ['assistantId'] },
      ),
      status: [201],
      resultKey: 'chat',
      result: chat,
      resource: 'chat',
      errors: [{ status: 403, code: 'AGNT_E_ASSISTANT_NOT_VISIBLE', when: 'the assistant is not visible to you' }],
    }),
    endpoint({ id: 'chats.get', method: 'GET', path: '/chats/{chatId}', params: { chatId }, summary: 'Show a chat', resultKey: 'chat', result: chat, resource: 'chat' }),
    endpoint({
      id: 'chats.messages.create',
      method: 'POST',
      path: '/chats/{chatId}',
      params: { chatId },
      summary: 'Add a message to a chat',
      body: obj(messageBody, { required: ['content'] }),
      resultKey: 'message',
      result: message,
    }),
    endpoint({
      id: 'chats.delete',
      method: 'DELETE',
      path: '/chats/{chatId}',
      params: { chatId },
      summary: 'Delete a chat',
      resultKey: 'chat',
      result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }),
    }),
    endpoint({ id: 'chats.usage', method: 'GET', path: '/chats/{chatId}/usage', params: { chatId }, summary: "Show a chat's token and cost rollup", envelope: 'none', result: usageRollup }),
    endpoint({
      id: 'chats.messages.list',
      method: 'GET',
      path: '/chats/{chatId}/messages',
      params: { chatId },
      summary: "List a chat's messages",
      resultKey: 'messages',
      result: arr(message),
      paging: 'page',
      takesLimit: true,
      resource: 'message',
    }),
    endpoint({
      id: 'chats.messages.clear',
      method: 'DELETE',
      path: '/chats/{chatId}/messages',
      params: { chatId },
      summary: 'Delete every message of a chat',
      resultKey: 'clearMessages',
      result: obj({ success: bool(), cleared: bool(), chatId: idOf('chats') }),
    }),
    endpoint({
      id: 'chats.messages.get',
      method: 'GET',
      path: '/chats/{chatId}/messages/{messageId}',
      params: { chatId, messageId },
      summary: 'Show a message',
      resultKey: 'message',
      result: message,
      resource: 'message',
    }),
    endpoint({
      id: 'chats.messages.update',
      method: 'PUT',
      path: '/chats/{chatId}/messages/{messageId}',
      params: { chatId, messageId },
      summary: 'Change a message',
      body: obj({ content: str(), files: arr(any()), metadata }),
      resultKey: 'message',
      result: message,
      resource: 'message',
    }),
    endpoint({
      id: 'chats.messages.delete',
      method: 'DELETE',
      path: '/chats/{chatId}/messages/{messageId}',
      params: { chatId, messageId },
      summary: 'Delete a message',
      resultKey: 'message',
      result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }),
    }),
    endpoint({
      id: 'chats.process',
      method: 'POST',
      path: '/chats/{chatId}/process',
      params: { chatId },
      summary: 'Add a message and trigger the assistant',
      body: obj({ triggeringActivityId: str({ description: 'activity that caused this run' }), message: obj(messageBody, { required: ['content'] }) }, { required: ['message'] }),
      result: obj({ message, taskIds: strs(), processing: any() }),
    }),
  ],
});
