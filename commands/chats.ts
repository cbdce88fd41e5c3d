// Part 1, section 4.1: chats, their messages, processing and the usage rollup.
import type { AreaSpec, ArgSpec, Column, FieldOverride } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/chats.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const chat: ArgSpec = { name: 'chatId', resource: 'chats', description: 'chat id' };
const message: ArgSpec = { name: 'messageId', resource: 'messages', description: 'message id' };

export const chatColumns: Column[] = [
  { path: 'id' },
  { path: 'title' },
  { path: 'assistantInfo.name', header: 'ASSISTANT' },
  { path: 'platform' },
  { path: 'status' },
  { path: 'messageCount', header: 'MESSAGES' },
  { path: 'lastMessageAt', header: 'LAST_MESSAGE' },
];

export const messageColumns: Column[] = [{ path: 'id' }, { path: 'role' }, { path: 'from' }, { path: 'timestamp' }, { path: 'content' }];

/** The fields of a message, as POST /chats/{chatId} and the `message` of process take them. */
const messageFields: FieldOverride[] = [
  // Not required as a flag: --content-file or stdin may give it (the handler checks).
  { name: 'content', description: "message text; '-' reads it from stdin", required: false },
];
const MESSAGE_KEYS = ['content', 'from', 'to', 'cc', 'subject', 'platform', 'referenceId', 'files', 'metadata'];
/** process takes the message inside `message`: the same flags (--content, --to, ...) fill it. */
const processFields: FieldOverride[] = MESSAGE_KEYS.map((k) => ({ ...messageFields.find((f) => f.name === k), name: `message.${k}`, flag: k.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase() }));

const contentFile = { flags: '--content-file <path>', description: 'read the message text from a file', file: true };

export const chats: AreaSpec = {
  name: 'chats',
  aliases: ['chat'],
  summary: 'Chats: conversations with an assistant, their messages and usage',
  groups: { 'chats messages': 'Messages of a chat' },
  commands: [
    {
      command: 'chats list',
      aliases: ['ls'],
      summary: 'List chats',
      endpoint: E('chats.list'),
      columns: chatColumns,
      examples: ['agnt chats list', 'agnt chats list --assistant-id ast_ava --all -o jsonl', 'agnt chats list --q invoice -o id'],
    },
    {
      command: 'chats create',
      summary: 'Start a chat with an assistant',
      endpoint: E('chats.create'),
      columns: chatColumns,
      examples: ['agnt chats create --assistant-id ast_ava --title "Travel plans"', 'chat=$(agnt chats create --assistant-id ast_ava -o id)'],
    },
    {
      command: 'chats get',
      aliases: ['show'],
      summary: 'Show a chat with its messages',
      endpoint: E('chats.get'),
      args: [chat],
      examples: ['agnt chats get cht_welcome', "agnt chats get cht_welcome --query 'messages[].content'"],
    },
    {
      command: 'chats send',
      summary: 'Add a message to a chat (the assistant is not triggered; see `chats process`)',
      endpoint: E('chats.messages.create'),
      args: [chat],
      fields: [...messageFields],
      options: [contentFile],
      handler: async () => (await import('../src/workflows/chat-message.ts')).sendMessage,
      examples: ['agnt chats send cht_welcome --content "Note: the budget is approved"', 'agnt chats send cht_welcome --content - < examples/notes.txt'],
    },
    {
      command: 'chats process',
      summary: 'Send a message and trigger the assistant',
      description: 'The message text comes from --content, --content-file, or stdin with --content -. The result holds the reply, the task ids started and the processing state.',
      endpoint: E('chats.process'),
      args: [chat],
      fields: [...processFields, { name: 'message', hidden: true, required: false }],
      options: [contentFile],
      handler: async () => (await import('../src/workflows/chat-message.ts')).processMessage,
      examples: [
        'agnt chats process cht_welcome --content "Book a table for two tomorrow at 8pm"',
        'echo "hi" | agnt chats process cht_welcome --content -',
        'agnt chats process cht_welcome --content-file examples/brief.txt --to ops@acme.test,cfo@acme.test --json',
      ],
    },
    {
      command: 'chats delete',
      aliases: ['rm'],
      summary: 'Delete chats and their messages',
      endpoint: E('chats.delete'),
      args: [{ ...chat, multi: true }],
      confirm: 'Delete chat {id}?',
      examples: ['agnt chats delete cht_welcome --yes', 'agnt chats list --q test -o id | agnt chats delete - --yes'],
    },
    {
      command: 'chats usage',
      summary: "Show a chat's token, cost and credit usage",
      description: 'On a terminal: totals, one row per run, credits and the run shape. With -o json or yaml: the API object.',
      endpoint: E('chats.usage'),
      args: [chat],
      render: async () => (await import('../src/render/chat-usage.ts')).default,
      examples: ['agnt chats usage cht_welcome', "agnt chats usage cht_welcome --json --query 'total.costUsd'"],
    },
    {
      command: 'chats messages list',
      aliases: ['ls'],
      summary: 'List the messages of a chat, oldest first',
      endpoint: E('chats.messages.list'),
      args: [chat],
      columns: messageColumns,
      examples: ['agnt chats messages list cht_welcome', 'agnt chats messages list cht_welcome --all -o jsonl'],
    },
    {
      command: 'chats messages get',
      aliases: ['show'],
      summary: 'Show a message',
      endpoint: E('chats.messages.get'),
      args: [chat, message],
      examples: ['agnt chats messages get cht_welcome msg_welcome_1', 'agnt chats messages get cht_welcome msg_welcome_1 --query content'],
    },
    {
      command: 'chats messages update',
      summary: 'Change a message',
      endpoint: E('chats.messages.update'),
      args: [chat, message],
      examples: ['agnt chats messages update cht_welcome msg_welcome_1 --content "Corrected text"', 'agnt chats messages update cht_welcome msg_welcome_1 --metadata \'{"pinned":true}\''],
    },
    {
      command: 'chats messages delete',
      aliases: ['rm'],
      summary: 'Delete one message',
      endpoint: E('chats.messages.delete'),
      args: [chat, message],
      confirm: 'Delete message {id}?',
      examples: ['agnt chats messages delete cht_welcome msg_welcome_1 --yes'],
    },
    {
      command: 'chats messages clear',
      summary: 'Delete every message of a chat',
      endpoint: E('chats.messages.clear'),
      args: [chat],
      confirm: 'Delete every message of chat {id}?',
      examples: ['agnt chats messages clear cht_welcome --yes'],
    },
  ],
};
