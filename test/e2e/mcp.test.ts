// `agnt mcp` driven by the MCP SDK's own client over stdio, against the sandbox: the tool list
// and its budget, reads capped and walked by cursor, and the write rules (what reached the
// sandbox is the evidence).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execa } from 'execa';
import { request } from 'node:http';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ElicitRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
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

async function connect(sb: Sb, configDir: string, flags: string[], elicit?: (message: string) => Record<string, unknown> | undefined, role = 'admin'): Promise<Connected> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...cleanEnv(), AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[role]! })) if (v !== undefined) env[k] = v;
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

  it('walks a list paged by a time cursor (manager audit events) exactly once', async () => {
    const cli = await agnt(['coordinator', 'audit-events', '--all', '-o', 'id'], { sb, as: 'manager' });
    expect(cli.exitCode, cli.stderr).toBe(0);
    const ids = cli.stdout.trim().split('\n');
    expect(ids.length).toBeGreaterThan(2);
    const c = await connect(sb, dir, [], undefined, 'manager');
    try {
      const seen: string[] = [];
      let answer = await c.call('run_command', { command: 'coordinator audit-events', limit: 1, fields: ['id'] });
      for (let calls = 0; calls <= ids.length; calls++) {
        expect(answer.isError, answer.text).toBe(false);
        const body = JSON.parse(answer.text);
        seen.push(...body.records.map((r: { id: string }) => r.id));
        if (!body.cut) break;
        answer = await c.call('run_command', { cursor: body.cursor });
      }
      expect(seen).toEqual(ids);
    } finally {
      await c.close();
    }
  });

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

  it("a plan names the caller's id where the command's --user defaults to me, as the request will be sent", async () => {
    const c = await connect(sb, dir, []);
    try {
      const plan = await c.call('plan_write', { command: 'preferences scheduling set', args: { sync: true } });
      expect(plan.isError, plan.text).toBe(false);
      expect(JSON.parse(plan.text).requests).toEqual([expect.objectContaining({ method: 'PUT', path: '/users/usr_admin/preferences/scheduling' })]);
    } finally {
      await c.close();
    }
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

      // A nested --set on a PUT: the plan carries the merged object, and that is what is sent.
      const id = want[3]!;
      sb.store.update('contacts', id, { address: { line1: '1 Main St', city: 'Old Town', country: 'DK' } });
      const merged = JSON.parse((await c.call('plan_write', { command: 'contacts update', args: { contactId: id, set: ['address.city=Aarhus'] } })).text);
      expect(merged.requests).toEqual([{ method: 'PUT', path: `/contacts/${id}`, body: { address: { line1: '1 Main St', city: 'Aarhus', country: 'DK' } } }]);
      const at = sb.requests.length;
      expect((await c.call('apply_plan', { plan: merged.plan })).isError).toBe(false);
      expect(
        sb.requests
          .slice(at)
          .filter((r) => WRITE.test(r.method))
          .map((w) => ({ method: w.method, path: w.path, body: w.body })),
      ).toEqual(merged.requests);

      // The record changed between plan and apply: the request a run would send now differs
      // from the plan, so nothing is sent.
      const stale = JSON.parse((await c.call('plan_write', { command: 'contacts update', args: { contactId: id, set: ['address.city=Odense'] } })).text);
      sb.store.update('contacts', id, { address: { line1: '2 Other Rd', city: 'Aarhus', country: 'DK' } });
      const from = sb.requests.length;
      const refused = await c.call('apply_plan', { plan: stale.plan });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/is not in the plan, so it was not sent/);
      expect(sb.requests.slice(from).filter((r) => WRITE.test(r.method))).toEqual([]);
      expectNoToken(c);
    } finally {
      await c.close();
    }
  });

  it("carries the session's id in its plans and on every request; a grant bounds its areas, records and writes", async () => {
    const grantFile = join(dir, 'grant.yaml');
    const [first, second, third] = [want[10]!, want[11]!, want[12]!];
    writeFileSync(grantFile, `toolsets: [contacts]\nrecords: ['${first}', '${second}', '${third.slice(0, -2)}*']\nwrites: 2\n`);
    const c = await connect(sb, dir, ['--allow-writes', '--grant', grantFile]);
    try {
      const before = sb.requests.length;
      const plan = JSON.parse((await c.call('plan_write', { command: 'contacts update', args: { contactId: first, company: 'Granted' } })).text);
      expect(plan.session).toMatch(/^mcp_[0-9a-f-]{36}$/);
      const applied = await c.call('apply_plan', { plan: plan.plan });
      expect(applied.isError, applied.text).toBe(false);
      expect(JSON.parse(applied.text)).toMatchObject({ session: plan.session, sent: 1 });
      const sent = sb.requests.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((r) => r.session === plan.session)).toBe(true);

      // Outside the toolsets, outside the records, past the budget: refused, nothing sent.
      const from = sb.requests.length;
      const users = await c.call('run_command', { command: 'users me' });
      expect(users.isError).toBe(true);
      expect(users.text).toMatch(/'users me' is outside its toolsets \(contacts\)/);
      const other = await c.call('plan_write', { command: 'contacts update', args: { contactId: want[20]!, company: 'No' } });
      expect(other.isError).toBe(true);
      expect(other.text).toContain(`touches '${want[20]}', outside its records`);
      const ok = JSON.parse((await c.call('plan_write', { command: 'contacts update', args: { contactId: second, company: 'Granted' } })).text);
      expect((await c.call('apply_plan', { plan: ok.plan })).isError).toBe(false);
      const over = await c.call('plan_write', { command: 'contacts update', args: { contactId: third, company: 'Granted' } });
      expect(over.isError).toBe(true);
      expect(over.text).toMatch(/write budget is 2 request\(s\) a session; 2 sent, this plan sends 1/);
      expect(
        sb.requests
          .slice(from)
          .filter((r) => WRITE.test(r.method))
          .map((r) => r.path),
      ).toEqual([`/contacts/${second}`]);
      const search = JSON.parse((await c.call('search_commands', { words: 'list' })).text);
      expect(search.commands.every((x: { command: string }) => x.command.startsWith('contacts '))).toBe(true);
    } finally {
      await c.close();
    }
    const bad = await agnt(['mcp', '--grant', grantFile.replace('grant', 'none')], { sb });
    expect(bad.exitCode).toBe(2);
    writeFileSync(grantFile, 'toolsets: [contacts, nope]\n');
    const badArea = await agnt(['mcp', '--grant', grantFile], { sb });
    expect(badArea.exitCode).toBe(2);
    expect(badArea.stderr).toMatch(/toolsets: unknown area 'nope'/);
  });

  it('offers the rules that bind it as resources, and every answer as structured content its output schema describes', async () => {
    const c = await connect(sb, dir, []);
    try {
      const { resources } = await c.client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['agnt://session', 'agnt://organization/document', 'agnt://organization/document-schema']);
      const text = async (uri: string) => ((await c.client.readResource({ uri })).contents[0] as { text: string }).text;
      expect(JSON.parse(await text('agnt://session'))).toMatchObject({ id: expect.stringMatching(/^mcp_/), allowWrites: false, writesSent: 0, grant: null });
      const doc = JSON.parse(await text('agnt://organization/document'));
      expect(doc).toMatchObject({ apiVersion: 'agnt/v1', kind: 'Organization' });
      const cli = await agnt(['org', 'export', sb.store.get('users', 'usr_admin')!.organization as string, '-o', 'json'], { sb });
      expect(doc).toEqual(JSON.parse(cli.stdout));
      expect(JSON.parse(await text('agnt://organization/document-schema'))).toMatchObject({ type: 'object' });
      await expect(c.client.readResource({ uri: 'agnt://nope' })).rejects.toThrow(/unknown resource 'agnt:\/\/nope'/);

      const { tools } = await c.client.listTools();
      for (const t of tools) expect(t.outputSchema, t.name).toMatchObject({ type: 'object' });
      const r = await c.client.callTool({ name: 'run_command', arguments: { command: 'users me', fields: ['email'] } });
      expect(r.structuredContent).toEqual({ result: { email: 'admin@acme.test' } });
      expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(r.structuredContent);
      expectNoToken(c);
    } finally {
      await c.close();
    }
  });

  it('an apply_plan is a change set of its own carrying the session id, and agnt undo reverts it', async () => {
    const id = want[30]!;
    const before = sb.store.get('contacts', id)!.company;
    const c = await connect(sb, dir, ['--allow-writes']);
    let applied: Record<string, string>;
    try {
      const plan = JSON.parse((await c.call('plan_write', { command: 'contacts update', args: { contactId: id, company: 'Agent Co' } })).text);
      applied = JSON.parse((await c.call('apply_plan', { plan: plan.plan })).text);
    } finally {
      await c.close();
    }
    expect(applied.changeSet).toMatch(/^chg_/);
    expect(sb.store.get('contacts', id)!.company).toMatchObject({ name: 'Agent Co' });
    const env = { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin! };
    const shown = JSON.parse((await agnt(['changes', 'show', applied.changeSet!, '-o', 'json'], { configDir: dir, env })).stdout);
    expect(JSON.stringify(shown)).toContain(applied.session!);
    expect(JSON.stringify(shown)).toContain(`mcp apply_plan ${applied.applied}`);
    const undone = await agnt(['undo', applied.changeSet!, '--yes'], { configDir: dir, env });
    expect(undone.exitCode, undone.stderr).toBe(0);
    expect(sb.store.get('contacts', id)!.company).toEqual(before);
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

    // --allow-destructive: no question asked.
    const next = want[4]!;
    const trusted = await connect(sb, dir, ['--allow-writes', '--allow-destructive']);
    try {
      const p = JSON.parse((await trusted.call('plan_write', { command: 'contacts delete', args: { contactId: [next] } })).text);
      const ok = await trusted.call('apply_plan', { plan: p.plan });
      expect(ok.isError, ok.text).toBe(false);
    } finally {
      await trusted.close();
    }
    expect(sb.store.get('contacts', next)).toBeUndefined();
  });

  it('escapes control and bidi characters from the API, as the terminal does', async () => {
    const id = want[1]!;
    sb.store.update('contacts', id, { company: 'Evil\u202eCorp\u0007' });
    const c = await connect(sb, dir, []);
    try {
      const r = await c.call('run_command', { command: 'contacts get', args: { contactId: id }, fields: ['id', 'company'] });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).not.toMatch(/[\u202e\u0007]/);
      expect(r.text).toContain('Evil\\u202eCorp\\u0007');
      expect(JSON.parse(r.text).result).toEqual({ id, company: 'Evil\u202eCorp\u0007' });
    } finally {
      await c.close();
    }
  });

  it('serves the workflows: inbox, wait (bounded) and coverage who', async () => {
    const c = await connect(sb, dir, []);
    try {
      const inbox = JSON.parse((await c.call('inbox', {})).text);
      expect(inbox.records.map((r: { id: string }) => r.id)).toContain('cov_approval');
      const met = await c.call('wait', { kind: 'coverage', id: 'cov_approval', for: 'status=pending_manager_approval', seconds: 5 });
      expect(met.isError, met.text).toBe(false);
      expect(JSON.parse(met.text)).toMatchObject({ met: true, record: { id: 'cov_approval' } });
      const gaveUp = await c.call('wait', { kind: 'coverage', id: 'cov_approval', for: 'status=active', seconds: 1 });
      expect(gaveUp.isError).toBe(true);
      // The hint names the tool's own parameter, not the command line's --timeout.
      expect(gaveUp.text).toMatch(/call wait again with a larger seconds \(at most 300\), e\.g\. seconds 2/);
      expect(gaveUp.text).not.toContain('--timeout');
      // A query that yields nothing from records is refused, as the command line refuses it (exit 2).
      const nulls = await c.call('run_command', { command: 'contacts list', query: 'nosuchfield', limit: 3 });
      expect(nulls.isError).toBe(true);
      expect(nulls.text).toMatch(/query "nosuchfield" yields nothing from the \d+ records/);
      const filtered = await c.call('run_command', { command: 'contacts list', query: 'name', limit: 2 });
      expect(JSON.parse(filtered.text).records).toHaveLength(2);
      const tooLong = await c.call('wait', { kind: 'coverage', id: 'cov_approval', seconds: 3600 });
      expect(tooLong.text).toMatch(/seconds must be an integer from 1 to 300/);
      const who = await c.call('coverage_who', { principalId: 'usr_principal' });
      expect(who.isError, who.text).toBe(false);
      expect(JSON.parse(who.text).result).toBeDefined();
    } finally {
      await c.close();
    }
  });

  it('per-command mode: one annotated tool per command of the toolsets, writes still only planned', async () => {
    const before = sb.requests.length;
    const c = await connect(sb, dir, ['--toolsets', 'contacts']);
    try {
      const { tools } = await c.client.listTools();
      expect(tools.every((t) => t.name.startsWith('contacts_'))).toBe(true);
      for (const t of tools)
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe('boolean');
      expect(tools.find((t) => t.name === 'contacts_list')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(tools.find((t) => t.name === 'contacts_delete')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(tools.find((t) => t.name === 'contacts_create')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
      const page = JSON.parse((await c.call('contacts_list', { limit: 5, fields: ['id'] })).text);
      expect(page.records).toEqual([...want.slice(1, 4), ...want.slice(5, 7)].map((id) => ({ id })));
      const next = JSON.parse((await c.call('contacts_list', { cursor: page.cursor })).text);
      expect(next.records[0]).toEqual({ id: want[7] });
      const planned = JSON.parse((await c.call('contacts_create', { name: 'Tool Person', email: 'tool@example.test' })).text);
      expect(planned.requests).toEqual([{ method: 'POST', path: '/contacts', body: expect.objectContaining({ name: 'Tool Person' }) }]);
      expect(planned.next).toMatch(/writes are off/);
    } finally {
      await c.close();
    }
    expect(sb.requests.slice(before).filter((r) => WRITE.test(r.method))).toEqual([]);

    const all = await connect(sb, dir, ['--tools', 'all']);
    try {
      const { tools } = await all.client.listTools();
      expect(tools.length).toBeGreaterThan(150);
      expect(tools.filter((t) => typeof t.annotations?.readOnlyHint !== 'boolean')).toEqual([]);
    } finally {
      await all.close();
    }
  });

  it('refuses bad flags and a missing login before serving', async () => {
    const bad = await agnt(['mcp', '--toolsets', 'contacts,nope'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: --toolsets: unknown area 'nope'/);
    const destructive = await agnt(['mcp', '--allow-destructive'], { sb });
    expect(destructive.exitCode).toBe(2);
    expect(destructive.stderr).toMatch(/--allow-destructive needs --allow-writes/);
    const noLogin = await agnt(['mcp'], { sb, as: null });
    expect(noLogin.exitCode).toBe(4);
    expect(noLogin.stderr).toMatch(/not logged in/);
    expect(noLogin.stdout).toBe('');
  });

  it('--http serves Streamable HTTP on 127.0.0.1 and refuses other hosts', async () => {
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin };
    const child = execa(process.execPath, [BIN, 'mcp', '--http', '--port', '0'], { env, extendEnv: true, reject: false });
    let bearer = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stderr! }).on('line', (l) => {
          const t = /'Authorization: Bearer (\S+)'/.exec(l);
          if (t) bearer = t[1]!;
          const m = /serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(l);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`agnt mcp --http exited ${code}`)));
      });
      expect(bearer).toMatch(/^agnt_mcp_[A-Za-z0-9_-]{43}$/);
      const stored = join(dir, 'mcp', 'default.http-token');
      expect(readFileSync(stored, 'utf8').trim()).toBe(bearer);
      expect(statSync(stored).mode & 0o777).toBe(0o600);
      const client = new Client({ name: 'agnt-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('run_command');
      const me = await client.callTool({ name: 'run_command', arguments: { command: 'users me', fields: ['email'] } });
      expect(JSON.parse((me.content as Array<{ text: string }>)[0]!.text)).toEqual({ result: { email: 'admin@acme.test' } });
      await client.close();

      const port = Number(new URL(url).port);
      const answerTo = (headers: Record<string, string>, protocolVersion = '2025-06-18') =>
        new Promise<{ status: number; text: string; auth?: string }>((resolve, reject) => {
          const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
          const req = request(
            { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
            (res) => {
              let text = '';
              res.on('data', (d) => (text += String(d)));
              res.on('end', () => resolve({ status: res.statusCode!, text, auth: res.headers['www-authenticate'] }));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const statusFor = async (headers: Record<string, string>) => (await answerTo(headers)).status;
      const withToken = { authorization: `Bearer ${bearer}` };
      expect(await statusFor({ host: `evil.example:${port}`, ...withToken })).toBe(403);
      expect(await statusFor({ host: `127.0.0.1:${port}`, origin: 'https://evil.example', ...withToken })).toBe(403);
      // No credential, or a wrong one, from a local origin: 401, whatever else is right.
      const bare = await answerTo({ host: `127.0.0.1:${port}`, origin: 'http://127.0.0.1:9999' });
      expect(bare.status).toBe(401);
      expect(bare.auth).toMatch(/^Bearer /);
      expect(await statusFor({ host: `localhost:${port}`, authorization: `Bearer ${bearer.slice(0, -1)}x` })).toBe(401);
      expect(await statusFor({ host: `localhost:${port}`, authorization: bearer })).toBe(401);
      expect(await statusFor({ host: `localhost:${port}`, ...withToken })).toBe(200);
      // A stream opens with a priming event: an id to resume from, and how long to wait first.
      const primed = await answerTo({ host: `localhost:${port}`, ...withToken }, '2025-11-25');
      expect(primed.status).toBe(200);
      expect(primed.text).toMatch(/^id: \S+\nretry: \d+\ndata: \n\n/);
    } finally {
      child.kill('SIGINT');
      const done = await child;
      expect(done.exitCode).toBe(0);
      expect(String(done.stderr)).not.toContain(sb.tokens.admin!);
      expect(String(done.stderr).split(bearer).length - 1).toBe(1);
    }
  });
});
