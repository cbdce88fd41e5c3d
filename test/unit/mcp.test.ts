// The pieces of `agnt mcp` that are plain data: what each command is as a tool (annotations and
// input schema, from the model), and the in-place edit of a client's configuration file.
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { annotationsOf, catalogue, inputSchema } from '../../src/mcp/catalogue.ts';
import { withEntry } from '../../src/mcp/install.ts';

describe('commands as tools', () => {
  it('annotate every command from its endpoints', async () => {
    const all = await catalogue();
    expect(all.length).toBeGreaterThan(150);
    for (const e of all) {
      const a = annotationsOf(e);
      const methods = [e.spec.endpoint, ...(e.spec.also ?? [])].map((x) => x.method);
      expect(a.readOnlyHint, e.spec.command).toBe(methods.every((m) => m === 'GET') && e.spec.command !== 'drive download');
      if (methods.includes('DELETE') && !a.readOnlyHint) expect(a.destructiveHint, e.spec.command).toBe(true);
      if (a.readOnlyHint) expect(a.destructiveHint, e.spec.command).toBe(false);
      expect(a.idempotentHint, e.spec.command).toBe(methods.every((m) => m === 'GET' || m === 'PUT' || m === 'DELETE'));
    }
    const by = (c: string) => annotationsOf(all.find((e) => e.spec.command === c)!);
    expect(by('org scim-token rotate').destructiveHint).toBe(true);
    expect(by('delegations revoke').destructiveHint).toBe(true);
    expect(by('contacts create')).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
  });

  it('give every command an input schema that is JSON Schema, with the model’s required fields and enums', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addKeyword('x-secret');
    ajv.addKeyword('x-id-of');
    for (const e of await catalogue()) {
      const schema = inputSchema(e.spec);
      expect(() => ajv.compile(schema), e.spec.command).not.toThrow();
    }
    const create = inputSchema((await catalogue()).find((e) => e.spec.command === 'coverage create')!.spec) as { properties: Record<string, { enum?: string[] }> };
    expect(create.properties.reason!.enum).toEqual(['pto', 'sick', 'emergency', 'manual']);
    const del = inputSchema((await catalogue()).find((e) => e.spec.command === 'contacts delete')!.spec);
    expect(del).toMatchObject({ properties: { contactId: { type: 'array', minItems: 1 } }, required: ['contactId'], additionalProperties: false });
  });
});

describe('a client configuration edited in place', () => {
  const target = { key: 'mcpServers' as const, file: 'mcp.json' };
  const entry = { command: 'agnt', args: ['mcp', '--profile', 'work'] };

  it('keeps CRLF line ends, tabs, comments and trailing commas', async () => {
    const text = '{\r\n\t// keep me\r\n\t"theme": "dark",\r\n\t"mcpServers": {\r\n\t\t"other": {"command": "x"},\r\n\t},\r\n}\r\n';
    const out = await withEntry(text, target, 'agnt', entry, 'work');
    expect(out.startsWith('{\r\n\t// keep me\r\n\t"theme": "dark",\r\n\t"mcpServers": {\r\n\t\t"other": {"command": "x"},\r\n\t\t"agnt": {\r\n\t\t\t"command": "agnt",')).toBe(true);
    // The trailing comma after the last entry stays where it was: after the entry added last.
    expect(out.endsWith('\r\n\t\t},\r\n\t},\r\n}\r\n')).toBe(true);
    expect(out).not.toMatch(/[^\r]\n/);
  });

  it('adds the servers object when there is none, and fills an empty one', async () => {
    expect(await withEntry('{\n  "a": 1\n}\n', target, 'agnt', entry, 'work')).toBe(
      '{\n  "a": 1,\n  "mcpServers": {\n    "agnt": {\n      "command": "agnt",\n      "args": [\n        "mcp",\n        "--profile",\n        "work"\n      ]\n    }\n  }\n}\n',
    );
    expect(JSON.parse(await withEntry('{ "mcpServers": {} }', target, 'agnt', entry, 'work'))).toEqual({ mcpServers: { agnt: entry } });
    expect(JSON.parse(await withEntry('{}', target, 'agnt', entry, 'work'))).toEqual({ mcpServers: { agnt: entry } });
  });

  it('changes nothing when the entry is already there, and refuses what is not an object', async () => {
    const text = `{"mcpServers": {"mine": ${JSON.stringify(entry)}}}`;
    expect(await withEntry(text, target, 'agnt', entry, 'work')).toBe(text);
    await expect(withEntry('[1, 2]', target, 'agnt', entry, 'work')).rejects.toThrow(/is not a JSON object/);
    await expect(withEntry('{"mcpServers": []}', target, 'agnt', entry, 'work')).rejects.toThrow(/'mcpServers' is not an object/);
  });
});

describe('describe_command shares what repeats', () => {
  it("writes the supervision matrix's cell schema once, and the schema still validates what it did", async () => {
    const { describe: describeCommand, findEntry } = await import('../../src/mcp/catalogue.ts');
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const d = (await describeCommand((await findEntry('preferences matrix patch'))!)) as Record<string, any>;
    const text = JSON.stringify(d);
    expect(text.length).toBeLessThan(8000); // 12,311 characters when each cell had its own copy
    expect(text.split('"timeBoxedWindowMin"').length - 1).toBeLessThanOrEqual(4);
    const validate = new Ajv2020({ strict: false }).compile(d.result);
    expect(validate({ email_as_user: { mode: 'auto', timeBoxedWindowMin: null, timeBoxedExpiry: null, undoDelaySec: null } })).toBe(true);
    expect(validate({ email_as_user: { mode: 'sometimes' } })).toBe(false);
  });
});

describe('search_commands', () => {
  it('ranks the read that finds a user by e-mail first, not a write that mentions e-mail', async () => {
    const { search } = await import('../../src/mcp/catalogue.ts');
    const found = (await search('find user by email', 5)).map((r) => r.command);
    expect(found[0]).toBe('users list');
    expect((await search('delete team', 1))[0]!.command).toBe('teams delete');
    expect((await search('who covers for a principal', 1))[0]!.command).toBe('coverage who');
  });
});
