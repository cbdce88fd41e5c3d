// Part 1, section 4.1: chats, their messages, processing and the usage rollup.
import type { SandboxArea } from '../types.ts';
import { deleted, forbidden, list, matchesSearch, notFound, ok, okMany, pick, bodyOf, listViews } from '../http.ts';
import { assistantVisible, isOrgAdmin, sameOrg } from '../model.ts';
import type { Rec, Store } from '../store.ts';

const zeroUsage = () => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0, costUsd: 0, runs: 0, turns: 0 });

/** A chat is its user's; organization admins also see the chats of their organization's users. */
function chatVisible(store: Store, caller: Rec, c: Rec): boolean {
  if (c.account !== caller.account) return false;
  if (c.user === caller.id) return true;
  return isOrgAdmin(caller) && sameOrg(caller, store.get('users', c.user));
}

function findChat(store: Store, caller: Rec, id: string): Rec {
  const c = store.get('chats', id);
  if (!c || !chatVisible(store, caller, c)) notFound('chat', id);
  return c!;
}

/** A chat's messages in the order they were added (through the store's index: lists call it per chat). */
function messagesOf(store: Store, chatId: string): Rec[] {
  return store.lookup('messages', 'chat', chatId);
}

function messageView(m: Rec): Rec {
  const { chat: _c, account: _a, createdAt: _cr, updatedAt: _u, ...rest } = m;
  return rest;
}

// Chosen: `contextId` (given on create, filterable on list) is returned on the chat too; the spec
// lists it only as a request field.
function chatView(store: Store, c: Rec): Rec {
  const { runs: _r, ...rest } = c;
  return { ...rest, messages: messagesOf(store, c.id).map(messageView) };
}

const asArray = (v: unknown): string[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v as string]);

function addMessage(store: Store, chat: Rec, fields: Rec): Rec {
  const m = store.insert('messages', 'msg', {
    ...(fields.id ? { id: fields.id } : {}),
    chat: chat.id,
    account: chat.account,
    ...pick(fields, ['referenceId', 'from', 'subject', 'files', 'metadata']),
    role: fields.role ?? 'user',
    to: asArray(fields.to),
    cc: asArray(fields.cc),
    platform: fields.platform ?? chat.platform,
    content: fields.content,
    timestamp: store.now(),
  });
  store.update('chats', chat.id, { messageCount: messagesOf(store, chat.id).length, lastMessageAt: m.timestamp });
  return m;
}

/** One assistant run: token counts follow the text lengths so that the numbers move visibly. */
function recordRun(store: Store, chat: Rec, prompt: string, reply: string): Rec {
  const seq = (chat.runs?.length ?? 0) + 1;
  const inputTokens = 200 + Math.ceil(prompt.length / 4) * 3;
  const outputTokens = 40 + Math.ceil(reply.length / 4);
  const cacheReadTokens = seq > 1 ? 150 : 0;
  const cacheCreationTokens = seq === 1 ? 150 : 0;
  const costUsd = Number(((inputTokens * 3 + outputTokens * 15 + cacheReadTokens * 0.3 + cacheCreationTokens * 3.75) / 1_000_000).toFixed(6));
  const run = {
    runId: store.newId('run'),
    runType: 'chat',
    runLabel: 'reply',
    seq,
    // Chosen: the model follows the chat's tier at the time of the run (model names are not shown).
    model: `model-${chat.modelTier ?? 'medium'}`,
    provider: 'provider-a',
    inputTokens,
    outputTokens,
    cacheReadTokens,
    cacheCreationTokens,
    totalTokens: inputTokens + outputTokens + cacheReadTokens + cacheCreationTokens,
    costUsd,
    turns: 1,
    startedAt: store.now(),
    modelTier: chat.modelTier ?? 'medium',
    northStarProduct: 1,
    chargedCredits: Math.max(1, Math.round(costUsd * 1000)),
  };
  const runs = [...(chat.runs ?? []), run];
  const u = chat.usage ?? zeroUsage();
  const usage = {
    inputTokens: u.inputTokens + inputTokens,
    outputTokens: u.outputTokens + outputTokens,
    cacheReadTokens: u.cacheReadTokens + cacheReadTokens,
    cacheCreationTokens: u.cacheCreationTokens + cacheCreationTokens,
    costUsd: Number((u.costUsd + costUsd).toFixed(6)),
    runs: u.runs + 1,
    turns: u.turns + 1,
  };
  store.update('chats', chat.id, { runs, usage, creditUsage: { consumed: runs.reduce((s, r) => s + r.chargedCredits, 0) } });
  return run;
}

const TOKEN_KEYS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens', 'totalTokens', 'costUsd'] as const;

// Chosen: `credits` and `runShape` sit at the top level next to `total` and `rows` (the spec
// leaves their placement open); the total is the sum of the rows.
function rollup(chat: Rec): Rec {
  const runs: Rec[] = chat.runs ?? [];
  const rows = runs.map(({ chargedCredits: _c, ...row }) => row);
  const total: Rec = { runs: rows.length, turns: rows.reduce((s, r) => s + r.turns, 0) };
  for (const k of TOKEN_KEYS) total[k] = Number(rows.reduce((s, r) => s + r[k], 0).toFixed(6));
  const creditRuns = runs.map((r) => ({
    runKind: r.runType,
    multiplier: 1,
    chargedCredits: r.chargedCredits,
    hardCogsUsd: r.costUsd,
    isBillable: true,
    createdAt: r.startedAt,
    costsByType: { llm: r.chargedCredits },
  }));
  const creditTotal = creditRuns.reduce((s, r) => s + r.chargedCredits, 0);
  const n = rows.length;
  return {
    total,
    rows,
    credits: { total: creditTotal, costsByType: { llm: creditTotal }, runs: creditRuns },
    runShape: {
      runs: n,
      turnsPerRun: n ? total.turns / n : 0,
      toolCallsPerTurn: 0,
      toolCallSum: 0,
      toolTurnCount: 0,
      subtaskSpawnsByProfile: { research: 0, worker: 0, custom: 0 },
      tierMix: { low: rows.filter((r) => r.modelTier === 'low').length, medium: rows.filter((r) => r.modelTier === 'medium').length, high: rows.filter((r) => r.modelTier === 'high').length },
      continueCount: 0,
      subtaskDepth: 0,
      researchNoteCount: 0,
      researchNoteChars: 0,
      releasedBigResults: 0,
      unreleasedBigResults: 0,
      autoManagedBigResults: 0,
      releaseRatio: null,
      status: n ? 'completed' : null,
      wallClockMs: n ? n * 1800 : null,
      costUsd: total.costUsd,
      northStarProduct: n,
    },
  };
}

function makeChat(store: Store, owner: Rec, assistant: Rec, fields: Rec): Rec {
  return store.insert('chats', 'cht', {
    account: owner.account,
    user: owner.id,
    owner: { id: owner.id, type: 'user', email: owner.email, firstName: owner.firstName ?? null, lastName: owner.lastName ?? null, avatar: owner.avatarUrl ?? null },
    assistant: assistant.id,
    assistantInfo: { id: assistant.id, name: assistant.name, email: assistant.email },
    platform: 'chat',
    title: null,
    // Chat status values are not shown; chats here are 'active' from creation on.
    status: 'active',
    messageCount: 0,
    lastMessageAt: null,
    taskIds: [],
    fileIds: [],
    pendingHandoff: null,
    pendingTaskWait: null,
    alarm: null,
    abuseFlag: null,
    todos: [],
    tags: [],
    metadata: {},
    participants: [{ type: 'email', value: owner.email }],
    audienceKey: null,
    modelTier: 'medium',
    effort: 'medium',
    usage: zeroUsage(),
    creditUsage: null,
    blockedAt: null,
    lastPauseNotifiedAt: null,
    releasedRR: [],
    runs: [],
    ...fields,
  });
}

function reply(assistant: Rec | undefined, content: string): string {
  const first = content.trim().split('\n')[0]!.slice(0, 120);
  return `${assistant?.name ?? 'Your assistant'} here. I have your message ("${first}") and I am on it.`;
}

function findMessage(store: Store, chat: Rec, id: string): Rec {
  const m = store.get('messages', id);
  if (!m || m.chat !== chat.id) notFound('message', id);
  return m!;
}

const area: SandboxArea = {
  name: 'chats',
  seed(store) {
    const admin = store.get('users', 'usr_admin')!;
    const ava = store.get('assistants', 'ast_ava')!;
    const chat = makeChat(store, admin, ava, { id: 'cht_welcome', title: 'Welcome' });
    addMessage(store, chat, { id: 'msg_welcome_1', role: 'user', from: admin.email, content: 'Hello Ava, what can you do?' });
    const text = 'I can schedule meetings, answer e-mail and keep your contacts up to date.';
    addMessage(store, chat, { id: 'msg_welcome_2', role: 'assistant', from: ava.email, content: text });
    recordRun(store, store.get('chats', chat.id)!, 'Hello Ava, what can you do?', text);
  },
  register(r, sb) {
    const store = sb.store;

    r.get('/chats', (req) => {
      const q = req.query;
      const items = store
        .filter(
          'chats',
          (c) =>
            chatVisible(store, req.user, c) &&
            (!q.status || c.status === q.status) &&
            (!q.assistantId || c.assistant === q.assistantId) &&
            (!q.contextId || c.contextId === q.contextId) &&
            (!q.q || matchesSearch([c.title, ...messagesOf(store, c.id).map((m) => m.content)], q.q)),
        )
        // Chosen: most recently active first.
        .sort((a, b) => String(b.lastMessageAt ?? b.createdAt).localeCompare(String(a.lastMessageAt ?? a.createdAt)));
      // Only the page's chats are shaped (with their messages), not every visible chat.
      return listViews('chats', items, (c) => chatView(store, c), q);
    });

    r.post('/chats', (req) => {
      const b = bodyOf(req.body);
      const assistant = store.get('assistants', b.assistantId);
      if (!assistant || !assistantVisible(req.user, assistant)) forbidden(`assistant ${b.assistantId} is not visible to you`, 'AGNT_E_ASSISTANT_NOT_VISIBLE');
      let owner = req.user;
      if (b.userId && b.userId !== req.user.id) {
        const u = store.get('users', b.userId);
        if (!u || u.account !== req.user.account) notFound('user', b.userId);
        // Chosen: only an organization admin opens a chat on behalf of another user of the organization.
        if (!isOrgAdmin(req.user) || !sameOrg(req.user, u)) forbidden(`you may not open a chat for user ${b.userId}`);
        owner = u!;
      }
      const chat = makeChat(store, owner, assistant!, { ...pick(b, ['title', 'contextId', 'metadata']) });
      return ok('chat', chatView(store, chat), 201);
    });

    r.get('/chats/{chatId}', (req) => ok('chat', chatView(store, findChat(store, req.user, req.params.chatId!))));

    r.post('/chats/{chatId}', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      const b = bodyOf(req.body);
      return ok('message', messageView(addMessage(store, chat, { from: req.user.email, ...b })));
    });

    r.delete('/chats/{chatId}', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      for (const m of messagesOf(store, chat.id)) store.remove('messages', m.id);
      store.remove('chats', chat.id);
      return deleted('chat', chat.id);
    });

    r.get('/chats/{chatId}/usage', (req) => ({ status: 200, body: rollup(findChat(store, req.user, req.params.chatId!)) }));

    r.get('/chats/{chatId}/messages', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      return list('messages', messagesOf(store, chat.id).map(messageView), req.query);
    });

    r.delete('/chats/{chatId}/messages', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      const all = messagesOf(store, chat.id);
      for (const m of all) store.remove('messages', m.id);
      store.update('chats', chat.id, { messageCount: 0, lastMessageAt: null });
      return ok('clearMessages', { success: true, cleared: all.length > 0, chatId: chat.id });
    });

    r.get('/chats/{chatId}/messages/{messageId}', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      return ok('message', messageView(findMessage(store, chat, req.params.messageId!)));
    });

    r.put('/chats/{chatId}/messages/{messageId}', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      const m = findMessage(store, chat, req.params.messageId!);
      const b = bodyOf(req.body);
      return ok('message', messageView(store.update('messages', m.id, pick(b, ['content', 'files', 'metadata']))!));
    });

    r.delete('/chats/{chatId}/messages/{messageId}', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      const m = findMessage(store, chat, req.params.messageId!);
      store.remove('messages', m.id);
      const rest = messagesOf(store, chat.id);
      store.update('chats', chat.id, { messageCount: rest.length, lastMessageAt: rest.length ? rest[rest.length - 1]!.timestamp : null });
      return deleted('message', m.id);
    });

    r.post('/chats/{chatId}/process', (req) => {
      const chat = findChat(store, req.user, req.params.chatId!);
      const b = bodyOf(req.body);
      const assistant = store.get('assistants', chat.assistant);
      addMessage(store, chat, { from: req.user.email, ...b.message, role: 'user' });
      const text = reply(assistant, b.message.content);
      const answer = addMessage(store, chat, { role: 'assistant', from: assistant?.email, to: [req.user.email], platform: b.message.platform, content: text });
      const taskId = store.newId('tsk');
      const run = recordRun(store, store.get('chats', chat.id)!, b.message.content, text);
      store.update('chats', chat.id, { taskIds: [...chat.taskIds, taskId] });
      // Chosen: the message returned is the assistant's reply (the user's message is in the chat);
      // processing completes synchronously here, so `processing` reports it done.
      return okMany({ message: messageView(answer), taskIds: [taskId], processing: { status: 'completed', runId: run.runId, triggeringActivityId: b.triggeringActivityId ?? null } });
    });
  },
};

export default area;
