// The MCP server's writes are bound by the same guardrails: its session clients are made from the
// run's Context.clientOptions, where the guardrails' hook is installed. A refused apply_plan is a
// tool error naming the rule, and nothing reaches the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, cleanEnv, removeDir, sandboxForFile, tempDir, type withSandbox } from '../support/helpers.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;

async function connect(sb: Sb, configDir: string, flags: string[]) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...cleanEnv(), AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin! })) if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...flags], env, stderr: 'pipe' });
  const client = new Client({ name: 'agnt-test', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    return { text: (r.content as Array<{ text: string }>).map((c) => c.text).join(''), isError: Boolean(r.isError) };
  };
  return { call, close: () => client.close() };
}

describe('agnt mcp under guardrails', () => {
  const sb = sandboxForFile();
  const dir = tempDir();
  afterAll(() => removeDir(dir));

  const rules = (members: string[]) => {
    const f = join(dir, `rules-${members.length}.yaml`);
    writeFileSync(f, `apiVersion: agnt/v1\nkind: Organization\nguardrails:\n  protected:\n    members: [${members.join(', ')}]\n`);
    return f;
  };
  const writes = () => sb.requests.filter((r) => r.method !== 'GET');

  it('apply_plan of a removal of a protected member is a tool error naming the rule; nothing is sent', async () => {
    for (const [file, refused] of [
      [rules(['member@acme.test']), true],
      [rules([]), false],
    ] as const) {
      const c = await connect(sb, dir, ['--allow-writes', '--allow-destructive', '--guardrails', file]);
      try {
        const p = JSON.parse((await c.call('plan_write', { command: 'org members remove', args: { orgId: 'org_acme', userId: 'usr_member' } })).text);
        const before = writes().length;
        const applied = await c.call('apply_plan', { plan: p.plan });
        if (refused) {
          expect(applied.isError).toBe(true);
          expect(applied.text).toContain('guardrails.protected.members');
          expect(applied.text).toContain('member@acme.test');
          expect(writes().slice(before)).toEqual([]);
        } else {
          expect(applied.isError, applied.text).toBe(false);
          expect(
            writes()
              .slice(before)
              .map((w) => `${w.method} ${w.path}`),
          ).toEqual(['DELETE /organizations/org_acme/members/usr_member']);
        }
      } finally {
        await c.close();
      }
    }
  }, 60_000);

  // Every other kind of rule, on the same path (the refusal only: passing is shown above).
  const key = 'MCowBQYDK2VwAyEAQgpCGOyypblHfTDtc3lUpebd6P6Nu9rG2dcJMxEFmqc=';
  const later = new Date(Date.now() + 2 * 3600_000).toISOString().slice(11, 16);
  const latest = new Date(Date.now() + 3 * 3600_000).toISOString().slice(11, 16);
  const REMOVE = { command: 'org members remove', args: { orgId: 'org_acme', userId: 'usr_member' } };
  const AUTO = { command: 'preferences matrix patch', args: { user: 'usr_member', set: ['email_as_user.mode=auto'] } };
  for (const [rule, section, write] of [
    ['guardrails.limits.deletesPerRun', '  limits:\n    deletesPerRun: 0\n', REMOVE],
    ['guardrails.protected.teams', '  protected:\n    teams: [Acme Executive Team]\n', REMOVE],
    ['guardrails.neverAuto[0]', '  neverAuto:\n    - cells: [email_as_user]\n', AUTO],
    ['guardrails.approval', `  approval:\n    changes: [delete]\n  approvers:\n    - email: a@acme.test\n      key: ${key}\n`, REMOVE],
    ['guardrails.writeHours', `  writeHours:\n    from: "${later}"\n    to: "${latest}"\n    zone: UTC\n`, REMOVE],
  ] as const) {
    it(`apply_plan refused by ${rule}`, async () => {
      const f = join(dir, `${rule.replace(/\W/g, '_')}.yaml`);
      writeFileSync(f, `apiVersion: agnt/v1\nkind: Organization\nguardrails:\n${section}`);
      const c = await connect(sb, dir, ['--allow-writes', '--allow-destructive', '--guardrails', f]);
      try {
        const p = JSON.parse((await c.call('plan_write', write)).text);
        const before = writes().length;
        const applied = await c.call('apply_plan', { plan: p.plan });
        expect(applied.isError).toBe(true);
        expect(applied.text).toContain(rule);
        expect(writes().slice(before)).toEqual([]);
      } finally {
        await c.close();
      }
    }, 60_000);
  }
});
