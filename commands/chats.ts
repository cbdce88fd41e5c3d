// Part 1, section 4.1: chats, their messages, processing and the usage rollup.
import type { AreaSpec, ArgSpec, Column, FieldSpec } from '../src/core/spec.ts';

const PLATFORMS = ['chat', 'email', 'appchatA', 'teams', 'sms', 'appmsgA', 'appmsgB', 'phone', 'appmsgC', 'appmsgD', 'task_activity'] as const;

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
const messageFields: FieldSpec[] = [
  { name: 'content', type: 'string', description: "message text; '-' reads it from stdin" },
  { name: 'from', type: 'string', description: 'sender address' },
  { name: 'to', type: 'string[]', description: 'recipients' },
  { name: 'cc', type: 'string[]', description: 'copied recipients' },
  { name: 'subject', type: 'string' },
  { name: 'platform', type: 'string', enum: PLATFORMS },
  { name: 'referenceId', type: 'string', description: 'id of the message on its platform' },
  { name: 'files', type: 'array', description: 'attached files' },
  { name: 'metadata', type: 'object' },
];

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
      method: 'GET',
      path: '/chats',
      list: true,
      resultKey: 'chats',
      columns: chatColumns,
      fields: [
        { name: 'status', type: 'string' },
        { name: 'assistantId', type: 'string' },
        { name: 'contextId', type: 'string' },
        { name: 'q', type: 'string', description: 'free text, matched in the title and the messages' },
      ],
      examples: ['agnt chats list', 'agnt chats list --assistant-id ast_ava --all -o jsonl', 'agnt chats list --q invoice -o id'],
    },
    {
      command: 'chats create',
      summary: 'Start a chat with an assistant',
      method: 'POST',
      path: '/chats',
      resultKey: 'chat',
      columns: chatColumns,
      fields: [
        { name: 'assistantId', type: 'string', required: true },
        { name: 'userId', type: 'string', description: 'whose chat it is (default: yours)' },
        { name: 'title', type: 'string' },
        { name: 'contextId', type: 'string', description: 'groups chats of one context' },
        { name: 'metadata', type: 'object' },
      ],
      examples: ['agnt chats create --assistant-id ast_ava --title "Travel plans"', 'chat=$(agnt chats create --assistant-id ast_ava -o id)'],
    },
    {
      command: 'chats get',
      aliases: ['show'],
      summary: 'Show a chat with its messages',
      method: 'GET',
      path: '/chats/{chatId}',
      args: [chat],
      resultKey: 'chat',
      examples: ['agnt chats get cht_welcome', "agnt chats get cht_welcome --query 'messages[].content'"],
    },
    {
      command: 'chats send',
      summary: 'Add a message to a chat (the assistant is not triggered; see `chats process`)',
      method: 'POST',
      path: '/chats/{chatId}',
      args: [chat],
      resultKey: 'message',
      fields: [...messageFields, { name: 'role', type: 'string', description: 'author role (default: user)' }],
      options: [contentFile],
      handler: async () => (await import('../src/workflows/chat-message.ts')).sendMessage,
      examples: ['agnt chats send cht_welcome --content "Note: the budget is approved"', 'agnt chats send cht_welcome --content - < examples/notes.txt'],
    },
    {
      command: 'chats process',
      summary: 'Send a message and trigger the assistant',
      description: 'The message text comes from --content, --content-file, or stdin with --content -. The result holds the reply, the task ids started and the processing state.',
      method: 'POST',
      path: '/chats/{chatId}/process',
      args: [chat],
      fields: [...messageFields, { name: 'triggeringActivityId', type: 'string', description: 'activity that caused this run' }, { name: 'message', type: 'object', hidden: true }],
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
      method: 'DELETE',
      path: '/chats/{chatId}',
      args: [{ ...chat, multi: true }],
      resultKey: 'chat',
      confirm: 'Delete chat {id}?',
      examples: ['agnt chats delete cht_welcome --yes', 'agnt chats list --q test -o id | agnt chats delete - --yes'],
    },
    {
      command: 'chats usage',
      summary: "Show a chat's token, cost and credit usage",
      description: 'On a terminal: totals, one row per run, credits and the run shape. With -o json or yaml: the API object.',
      method: 'GET',
      path: '/chats/{chatId}/usage',
      args: [chat],
      envelope: 'none',
      render: async () => (await import('../src/render/chat-usage.ts')).default,
      examples: ['agnt chats usage cht_welcome', "agnt chats usage cht_welcome --json --query 'total.costUsd'"],
    },
    {
      command: 'chats messages list',
      aliases: ['ls'],
      summary: 'List the messages of a chat, oldest first',
      method: 'GET',
      path: '/chats/{chatId}/messages',
      args: [chat],
      list: true,
      resultKey: 'messages',
      columns: messageColumns,
      examples: ['agnt chats messages list cht_welcome', 'agnt chats messages list cht_welcome --all -o jsonl'],
    },
    {
      command: 'chats messages get',
      aliases: ['show'],
      summary: 'Show a message',
      method: 'GET',
      path: '/chats/{chatId}/messages/{messageId}',
      args: [chat, message],
      resultKey: 'message',
      examples: ['agnt chats messages get cht_welcome msg_welcome_1', 'agnt chats messages get cht_welcome msg_welcome_1 --query content'],
    },
    {
      command: 'chats messages update',
      summary: 'Change a message',
      method: 'PUT',
      path: '/chats/{chatId}/messages/{messageId}',
      args: [chat, message],
      resultKey: 'message',
      fields: [
        { name: 'content', type: 'string' },
        { name: 'files', type: 'array' },
        { name: 'metadata', type: 'object' },
      ],
      examples: ['agnt chats messages update cht_welcome msg_welcome_1 --content "Corrected text"', 'agnt chats messages update cht_welcome msg_welcome_1 --metadata \'{"pinned":true}\''],
    },
    {
      command: 'chats messages delete',
      aliases: ['rm'],
      summary: 'Delete one message',
      method: 'DELETE',
      path: '/chats/{chatId}/messages/{messageId}',
      args: [chat, message],
      resultKey: 'message',
      confirm: 'Delete message {id}?',
      examples: ['agnt chats messages delete cht_welcome msg_welcome_1 --yes'],
    },
    {
      command: 'chats messages clear',
      summary: 'Delete every message of a chat',
      method: 'DELETE',
      path: '/chats/{chatId}/messages',
      args: [chat],
      resultKey: 'clearMessages',
      confirm: 'Delete every message of chat {id}?',
      examples: ['agnt chats messages clear cht_welcome --yes'],
    },
  ],
};
