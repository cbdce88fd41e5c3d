import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, sandboxForFile } from '../support/helpers.ts';
import { chats } from '../../commands/chats.ts';
import { expectHelpForEvery, requestsTo } from './shared.ts';

const sb = sandboxForFile();

const sent = (method: string, path: RegExp) => requestsTo(sb, method, path);

async function newChat(title = 'Test chat', extra: string[] = []): Promise<string> {
  const r = await agnt(['chats', 'create', '--assistant-id', 'ast_ava', '--title', title, ...extra, '-o', 'id'], { sb });
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return r.stdout.trim();
}

describe('chats process flow', () => {
  it('processes a message piped on stdin, then lists messages and reads the usage as a table and as JSON', async () => {
    const created = await agntJson(['chats', 'create', '--assistant-id', 'ast_ava', '--title', 'Trip'], { sb });
    expect(created).toMatchObject({ title: 'Trip', status: 'active', messageCount: 0, lastMessageAt: null, assistantInfo: { id: 'ast_ava', name: 'Ava' }, owner: { id: 'usr_admin', type: 'user' } });
    const id = created.id as string;

    const p = await agnt(['chats', 'process', id, '--content', '-'], { sb, input: 'Book a table for two\n' });
    expect(p.stderr).toBe('');
    expect(p.exitCode).toBe(0);
    expect(p.stdout).toMatch(/^ava@assistants\.acme\.test: Ava here\. I have your message \("Book a table for two"\)/);
    expect(p.stdout).toMatch(/^tasks: tsk_\w+$/m);
    // The API's body: the content without the trailing newline, nested under `message`.
    expect(sent('POST', new RegExp(`^/chats/${id}/process$`)).at(-1)?.body).toEqual({ message: { content: 'Book a table for two' } });

    const msgs = await agnt(['chats', 'messages', 'list', id], { sb });
    expect(msgs.exitCode).toBe(0);
    const lines = msgs.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+ROLE\s+FROM\s+TIMESTAMP\s+CONTENT$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^msg_\w+\s+user\s+admin@acme\.test\s+\S+\s+Book a table for two$/);
    expect(lines[2]).toMatch(/^msg_\w+\s+assistant\s+ava@assistants\.acme\.test\s/);

    const chat = await agntJson(['chats', 'get', id], { sb });
    expect(chat.messageCount).toBe(2);
    expect(chat.lastMessageAt).toEqual(expect.any(String));
    expect(chat.taskIds).toHaveLength(1);
    expect(chat.usage).toMatchObject({ runs: 1, turns: 1 });
    expect(chat.usage.inputTokens).toBeGreaterThan(0);

    await agnt(['chats', 'process', id, '--content', 'And a taxi at 7'], { sb });
    const usage = await agntJson(['chats', 'usage', id], { sb });
    expect(usage).not.toHaveProperty('ok');
    expect(usage.rows).toHaveLength(2);
    for (const k of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens', 'totalTokens']) {
      expect(usage.total[k]).toBe(usage.rows[0][k] + usage.rows[1][k]);
    }
    expect(usage.total.costUsd).toBeCloseTo(usage.rows[0].costUsd + usage.rows[1].costUsd, 6);
    expect(usage.total).toMatchObject({ runs: 2, turns: 2 });
    expect(usage.credits.total).toBe(usage.credits.runs.reduce((s: number, r: { chargedCredits: number }) => s + r.chargedCredits, 0));
    expect(usage.runShape.runs).toBe(2);

    const table = await agnt(['chats', 'usage', id], { sb });
    expect(table.exitCode).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^Runs\s+2 \(2 turns\)$/m);
    expect(table.stdout).toMatch(new RegExp(`^Tokens\\s+${usage.total.totalTokens.toLocaleString('en-US')} total: ${usage.total.inputTokens} in, ${usage.total.outputTokens} out`, 'm'));
    expect(table.stdout).toMatch(/^Credits\s+\d+ \(llm \d+\)$/m);
    expect(table.stdout).toMatch(/^SEQ\s+RUN\s+TYPE\s+MODEL\s+TIER\s+IN\s+OUT\s+CACHE_READ\s+CACHE_WRITE\s+TOTAL\s+COST\s+TURNS\s+STARTED$/m);
    expect(table.stdout).toMatch(/^1\s+reply\s+chat\s+model-medium\s+medium\s/m);
    expect(table.stdout).toMatch(/^2\s+reply\s/m);
    expect(table.stdout).toMatch(/^Run shape$/m);

    const yaml = await agnt(['chats', 'usage', id, '-o', 'yaml'], { sb });
    expect(yaml.exitCode).toBe(0);
    expect(yaml.stdout).toMatch(/^total:\n {2}runs: 2$/m);
  });

  it('takes the content from a file, and a body in the API shape from --file', async () => {
    const id = await newChat();
    const dir = tempDir();
    writeFileSync(join(dir, 'brief.txt'), 'Line one\nLine two\n');
    const r = await agntJson(
      ['chats', 'process', id, '--content-file', join(dir, 'brief.txt'), '--to', 'ops@acme.test', '--to', 'cfo@acme.test', '--cc', 'x@acme.test', '--triggering-activity-id', 'act_1'],
      { sb },
    );
    expect(r.taskIds).toHaveLength(1);
    expect(r.message.role).toBe('assistant');
    expect(sent('POST', new RegExp(`^/chats/${id}/process$`)).at(-1)?.body).toEqual({
      triggeringActivityId: 'act_1',
      message: { content: 'Line one\nLine two', to: ['ops@acme.test', 'cfo@acme.test'], cc: ['x@acme.test'] },
    });

    writeFileSync(join(dir, 'body.yaml'), 'message:\n  content: From a file\n  subject: Hello\n');
    const f = await agntJson(['chats', 'process', id, '--file', join(dir, 'body.yaml')], { sb });
    expect(f.message.content).toContain('From a file');
    const msgs = await agntJson(['chats', 'messages', 'list', id], { sb });
    expect(msgs.find((m: { subject?: string }) => m.subject === 'Hello')).toMatchObject({ role: 'user', content: 'From a file' });
  });

  it('refuses a message without content before sending anything', async () => {
    const id = await newChat();
    const before = sb.requests.length;
    const r = await agnt(['chats', 'process', id], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: the message has no content/);
    const empty = await agnt(['chats', 'process', id, '--content', '-'], { sb, input: '\n' });
    expect(empty.exitCode).toBe(2);
    const bad = await agnt(['chats', 'process', id, '--content', 'x', '--platform', 'fax'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/invalid value 'fax' \(allowed: chat, email/);
    expect(sb.requests.length).toBe(before);
  });
});

describe('chats', () => {
  it('lists chats with filters', async () => {
    const id = await newChat('Quarterly filing', ['--context-id', 'ctx_tax']);
    await agnt(['chats', 'send', id, '--content', 'the invoice is attached'], { sb });
    const byContext = await agntJson(['chats', 'list', '--context-id', 'ctx_tax'], { sb });
    expect(byContext.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(byContext[0].contextId).toBe('ctx_tax');
    const byText = await agnt(['chats', 'list', '--q', 'INVOICE', '-o', 'id'], { sb });
    expect(byText.stdout).toBe(`${id}\n`);
    const byAssistant = await agntJson(['chats', 'list', '--assistant-id', 'ast_private'], { sb });
    expect(byAssistant).toEqual([]);
    const byStatus = await agntJson(['chats', 'list', '--status', 'active', '--all'], { sb });
    expect(byStatus.length).toBeGreaterThan(1);
    const table = await agnt(['chats', 'list', '--q', 'invoice'], { sb });
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+ASSISTANT\s+PLATFORM\s+STATUS\s+MESSAGES\s+LAST_MESSAGE$/m);
    expect(table.stdout).toMatch(new RegExp(`^${id}\\s+Quarterly filing\\s+Ava\\s+chat\\s+active\\s+1\\s+\\S+$`, 'm'));
  });

  it('gets the seeded chat with its messages', async () => {
    const chat = await agntJson(['chats', 'get', 'cht_welcome'], { sb });
    expect(chat).toMatchObject({ id: 'cht_welcome', title: 'Welcome', platform: 'chat' });
    expect(chat.messages.length).toBe(chat.messageCount);
  });

  it('sends a message (string or many recipients) without triggering the assistant', async () => {
    const id = await newChat();
    const m = await agntJson(['chats', 'send', id, '--content', '-', '--to', 'a@x.test,b@x.test', '--role', 'user', '--subject', 'Hi'], { sb, input: 'note to self' });
    expect(m).toMatchObject({ content: 'note to self', to: ['a@x.test', 'b@x.test'], subject: 'Hi', role: 'user' });
    const chat = await agntJson(['chats', 'get', id], { sb });
    expect(chat.messageCount).toBe(1);
    expect(chat.taskIds).toEqual([]);
  });

  it('gets, updates and deletes one message, and clears all', async () => {
    const id = await newChat();
    await agnt(['chats', 'process', id, '--content', 'first'], { sb });
    const [userMsg, reply] = await agntJson(['chats', 'messages', 'list', id], { sb });
    const got = await agntJson(['chats', 'messages', 'get', id, userMsg.id], { sb });
    expect(got).toMatchObject({ id: userMsg.id, content: 'first', role: 'user' });

    const upd = await agntJson(['chats', 'messages', 'update', id, userMsg.id, '--content', 'first (edited)', '--metadata', '{"pinned":true}'], { sb });
    expect(upd).toMatchObject({ content: 'first (edited)', metadata: { pinned: true } });
    const order = await agnt(['chats', 'messages', 'list', id, '-o', 'id'], { sb });
    expect(order.stdout).toBe(`${userMsg.id}\n${reply.id}\n`);

    const refused = await agnt(['chats', 'messages', 'delete', id, reply.id], { sb });
    expect(refused.exitCode).toBe(2);
    const del = await agntJson(['chats', 'messages', 'delete', id, reply.id, '--yes'], { sb });
    expect(del).toEqual({ id: reply.id, deleted: true, message: expect.any(String) });
    expect((await agntJson(['chats', 'get', id], { sb })).messageCount).toBe(1);
    const gone = await agnt(['chats', 'messages', 'get', id, reply.id], { sb });
    expect(gone.exitCode).toBe(3);

    const clear = await agntJson(['chats', 'messages', 'clear', id, '--yes'], { sb });
    expect(clear).toEqual({ success: true, cleared: true, chatId: id });
    const after = await agntJson(['chats', 'get', id], { sb });
    expect(after).toMatchObject({ messageCount: 0, lastMessageAt: null, messages: [] });
  });

  it('delete refuses to run without --yes when stdin is not a terminal, and sends nothing', async () => {
    const id = await newChat();
    const r = await agnt(['chats', 'delete', id], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/refusing without --yes when not on a terminal/);
    expect(sent('DELETE', new RegExp(`^/chats/${id}$`))).toHaveLength(0);
    expect((await agntJson(['chats', 'get', id], { sb })).id).toBe(id);
  });

  it('deletes chats given on stdin', async () => {
    const a = await newChat('tmp a');
    const b = await newChat('tmp b');
    const r = await agnt(['chats', 'delete', '-', '--yes', '-o', 'id'], { sb, input: `${a}\n${b}\n` });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${a}\n${b}\n`);
    const gone = await agnt(['chats', 'get', a], { sb });
    expect(gone.exitCode).toBe(3);
    expect(gone.stderr).toMatch(/^error: chat '.+' not found \(HTTP 404/);
  });

  it("keeps a user's chats from other users", async () => {
    const r = await agnt(['chats', 'get', 'cht_welcome'], { sb, as: 'member' });
    expect(r.exitCode).toBe(3);
    const list = await agntJson(['chats', 'list'], { sb, as: 'member' });
    expect(list).toEqual([]);
    const notVisible = await agnt(['chats', 'create', '--assistant-id', 'ast_private'], { sb });
    expect(notVisible.exitCode).toBe(4);
    expect(notVisible.stderr).toMatch(/AGNT_E_ASSISTANT_NOT_VISIBLE/);
  });

  it('names the endpoint and an example in every --help', async () => {
    await expectHelpForEvery(chats);
  });
});
