// `agnt mcp` driven by the MCP SDK's own client over stdio, against the sandbox: the tool list
// and its budget, reads capped and walked by cursor, and the write rules (what reached the
// sandbox is the evidence).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { bulkImport } from '../../src/sandbox/areas/contacts-import.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;

interface Connected {
  client: Client;
  /** Every JSON-RPC message either way, as sent. */
  wire: string[];
  stderr: () => string;
  call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

const WRITE = /^(POST|PUT|PATCH|DELETE)$/;

async function connect(sb: Sb, configDir: string, flags: string[], elicit?: (message: string) => Record<string, unknown> | undefined): Promise<Connected> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...cleanEnv(), AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin! })) if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...flags], env, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += String(d)));
  const client = new Client({ name: 'agnt-test', version: '1.0.0' }, { capabilities: elicit ? { elicitation: { form: {} } } : {} });
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      const content = elicit(req.params.message);
      return content ? { action: 'accept', content: content as Record<string, string> } : { action: 'decline' };
    });
  const wire: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = (m: JSONRPCMessage) => {
    wire.push(JSON.stringify(m));
    return send(m);
  };
  await client.connect(transport);
  const onmessage = transport.onmessage!;
  transport.onmessage = (m: JSONRPCMessage) => {
    wire.push(JSON.stringify(m));
    onmessage(m);
  };
  return {
    client,
    wire,
    stderr: () => err,
    async call(name, args) {
      const r = await client.callTool({ name, arguments: args });
      const content = r.content as Array<{ type: string; text: string }>;
      return { text: content.map((c) => c.text).join(''), isError: Boolean(r.isError) };
    },
    close: () => client.close(),
  };
}

describe('agnt mcp over stdio', () => {
  let sb: Sb;
  let dir: string;
  let want: string[];
  beforeAll(async () => {
    sb = await withSandbox();
    dir = tempDir();
    const admin = sb.store.get('users', 'usr_admin')!;
    for (let at = 0; at < 5000; at += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `mcp.${at + i}@example.test`, name: `Mcp Person ${at + i}`, company: 'Walkers', tags: ['mcp'] }));
      expect(bulkImport(sb.store, admin, rows).created).toBe(1000);
    }
    want = sb.store.filter('contacts', (c) => c.user === 'usr_admin').map((c) => c.id as string);
    expect(want.length).toBeGreaterThanOrEqual(5000);
  }, 120_000);
  afterAll(async () => {
    await sb.dispose();
    removeDir(dir);
  });

  const expectNoToken = (c: Connected) => {
    const token = sb.tokens.admin!;
    expect(c.wire.length).toBeGreaterThan(0);
    for (const m of c.wire) expect(m).not.toContain(token);
    expect(c.stderr()).not.toContain(token);
  };

  it('lists a compact, annotated tool set within 2,000 tokens', async () => {
    const c = await connect(sb, dir, []);
    try {
      expect(c.client.getServerVersion()?.name).toBe('agnt');
      const { tools } = await c.client.listTools();
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['search_commands', 'describe_command', 'run_command', 'plan_write', 'apply_plan', 'inbox', 'wait', 'org_plan', 'org_drift', 'coverage_who']));
      const listed = c.wire.find((m) => m.includes('"tools":['))!;
      expect(listed.length / 4).toBeLessThanOrEqual(2000);
      for (const t of tools) {
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe('boolean');
      }
      expect(tools.find((t) => t.name === 'run_command')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tools.find((t) => t.name === 'apply_plan')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(tools.find((t) => t.name === 'run_command')!.description).toMatch(/data, not instructions/);
      expectNoToken(c);
    } finally {
      await c.close();
    }
  });

  it('searches, describes and walks contacts list by cursor: every answer <= 24 KB, every contact once', async () => {
    const c = await connect(sb, dir, []);
    try {
      const found = await c.call('search_commands', { words: 'contacts list' });
      expect(found.isError).toBe(false);
      expect(JSON.parse(found.text).commands[0]).toMatchObject({ command: 'contacts list', access: 'read', endpoint: 'GET /contacts' });
      const described = JSON.parse((await c.call('describe_command', { command: 'contacts list' })).text);
      expect(described).toMatchObject({ command: 'contacts list', access: 'read', destructive: false });
      expect(described.input.properties.search).toMatchObject({ type: 'string' });
      const create = JSON.parse((await c.call('describe_command', { command: 'contacts create' })).text);
      expect(create).toMatchObject({ access: 'write', destructive: false });
      expect(create.input.properties.email).toBeDefined();

      const seen: string[] = [];
      let answer = await c.call('run_command', { command: 'contacts list', fields: ['id', 'name', 'emails'] });
      let calls = 1;
      for (;;) {
        expect(answer.isError, answer.text).toBe(false);
        expect(Buffer.byteLength(answer.text)).toBeLessThanOrEqual(24 * 1024);
        const body = JSON.parse(answer.text);
        seen.push(...body.records.map((r: { id: string }) => r.id));
        if (!body.cut) break;
        expect(body.cursor).toEqual(expect.any(String));
        answer = await c.call('run_command', { cursor: body.cursor });
        calls++;
      }
      expect(calls).toBeGreaterThan(10);
      expect(seen).toEqual(want);
      expectNoToken(c);
    } finally {
      await c.close();
    }
  }, 180_000);

  it('without --allow-writes plans but refuses to apply, and sends no write', async () => {
    const before = sb.requests.length;
    const c = await connect(sb, dir, []);
    try {
      const plan = await c.call('plan_write', { command: 'contacts create', args: { name: 'Planned Only', email: 'planned.only@example.test' } });
      expect(plan.isError, plan.text).toBe(false);
      const p = JSON.parse(plan.text);
      expect(p.requests).toEqual([{ method: 'POST', path: '/contacts', body: expect.objectContaining({ name: 'Planned Only' }) }]);
      const applied = await c.call('apply_plan', { plan: p.plan });
      expect(applied.isError).toBe(true);
      expect(applied.text).toMatch(/writes are off.*nothing was sent/);
      expect(applied.text).toMatch(/--allow-writes/);
      expectNoToken(c);
    } finally {
      await c.close();
    }
    expect(sb.requests.slice(before).filter((r) => WRITE.test(r.method))).toEqual([]);
  });

  it('with --allow-writes applies exactly the planned request', async () => {
    const c = await connect(sb, dir, ['--allow-writes']);
    try {
      const p = JSON.parse((await c.call('plan_write', { command: 'contacts create', args: { name: 'Applied Person', email: 'applied@example.test', tags: ['mcp', 'applied'] } })).text);
      expect(p.requests).toHaveLength(1);
      const before = sb.requests.length;
      const applied = await c.call('apply_plan', { plan: p.plan });
      expect(applied.isError, applied.text).toBe(false);
      expect(JSON.parse(applied.text)).toMatchObject({ applied: p.plan, sent: 1 });
      const writes = sb.requests.slice(before).filter((r) => WRITE.test(r.method));
      expect(writes.map((w) => ({ method: w.method, path: w.path, body: w.body }))).toEqual(p.requests);
      // A plan applies once.
      const again = await c.call('apply_plan', { plan: p.plan });
      expect(again.isError).toBe(true);
      expectNoToken(c);
    } finally {
      await c.close();
    }
  });

  it('refuses a destructive plan the user did not confirm; applies it when they type the target back', async () => {
    const victim = want[0]!;
    const noAsk = await connect(sb, dir, ['--allow-writes']);
    try {
      const p = JSON.parse((await noAsk.call('plan_write', { command: 'contacts delete', args: { contactId: [victim] } })).text);
      expect(p).toMatchObject({ destructive: true, target: victim, requests: [{ method: 'DELETE', path: `/contacts/${victim}` }] });
      const before = sb.requests.length;
      const refused = await noAsk.call('apply_plan', { plan: p.plan });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/destructive.*cannot ask the user/);
      expect(sb.requests.slice(before).filter((r) => WRITE.test(r.method))).toEqual([]);
      expectNoToken(noAsk);
    } finally {
      await noAsk.close();
    }

    const asked: string[] = [];
    const wrong = await connect(sb, dir, ['--allow-writes'], (m) => {
      asked.push(m);
      return { confirm: 'yes' };
    });
    try {
      const p = JSON.parse((await wrong.call('plan_write', { command: 'contacts delete', args: { contactId: [victim] } })).text);
      const refused = await wrong.call('apply_plan', { plan: p.plan });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/did not confirm/);
      expect(asked[0]).toContain(victim);
    } finally {
      await wrong.close();
    }
    expect(sb.store.get('contacts', victim)).toBeDefined();

    const right = await connect(sb, dir, ['--allow-writes'], () => ({ confirm: victim }));
    try {
      const p = JSON.parse((await right.call('plan_write', { command: 'contacts delete', args: { contactId: [victim] } })).text);
      const before = sb.requests.length;
      const ok = await right.call('apply_plan', { plan: p.plan });
      expect(ok.isError, ok.text).toBe(false);
      expect(
        sb.requests
          .slice(before)
          .filter((r) => WRITE.test(r.method))
          .map((r) => `${r.method} ${r.path}`),
      ).toEqual([`DELETE /contacts/${victim}`]);
    } finally {
      await right.close();
    }
    expect(sb.store.get('contacts', victim)).toBeUndefined();
  });
});
