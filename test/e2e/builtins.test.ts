// Built-in commands are declared as records, like endpoint commands: `agnt commands --json`
// lists every command, built-ins included, each with its endpoints, and their help comes from
// the same records.
import { describe, expect, it } from 'vitest';
import { agnt, agntJson } from '../support/helpers.ts';

interface Row {
  command: string;
  summary: string;
  method: string | null;
  path: string | null;
  endpoints: string[];
  endpointsNote?: string;
  builtin: boolean;
}

describe('built-in commands as records', () => {
  it('agnt commands --json lists every command, built-ins included, each with its endpoints', async () => {
    const rows = await agntJson<Row[]>(['commands']);
    // One object per endpoint (the contract's catalogue), each with its command's whole list.
    const by = new Map(rows.map((r) => [r.command, r]));
    for (const r of rows) expect(r.endpoints, r.command).toEqual(by.get(r.command)!.endpoints);
    expect(rows.filter((r) => r.command === 'inbox').map((r) => `${r.method} ${r.path}`)).toEqual(by.get('inbox')!.endpoints);
    expect(rows).toContainEqual(expect.objectContaining({ command: 'chats process', method: 'POST', path: '/chats/{chatId}/process' }));
    expect(rows.filter((r) => r.command === 'config set')).toEqual([expect.objectContaining({ method: null, path: null, endpoints: [] })]);
    for (const c of ['auth login', 'auth status', 'auth logout', 'config set', 'sandbox start', 'api', 'api spec', 'batch', 'commands', 'completion', 'wait coverage']) {
      expect(by.get(c)?.builtin, c).toBe(true);
    }
    expect(by.get('auth status')?.endpoints).toEqual(['GET /users/me']);
    expect(by.get('inbox')).toMatchObject({
      builtin: true,
      endpoints: expect.arrayContaining(['GET /users/me', 'GET /coverage-spans', 'GET /delegations', 'GET /team-invitations', 'GET /organization-requests']),
    });
    expect(by.get('wait drive-file')?.endpoints).toEqual(['GET /users/{userId}/drive-files/{fileId}']);
    expect(by.get('config set')?.endpoints).toEqual([]);
    expect(by.get('api')?.endpointsNote).toBe('any: the method and path given');
    expect(by.get('users list')).toMatchObject({ builtin: false, endpoints: ['GET /users'] });
    // The hidden completion helper is no command a user types.
    expect(by.has('__complete')).toBe(false);
  });

  it('on screen, a command with several endpoints takes one line per endpoint', async () => {
    const r = await agnt(['commands']);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('inbox '));
    expect(lines[at]).toMatch(/^inbox +GET \/users\/me +what waits for you/);
    expect(lines[at + 1]).toMatch(/^ +GET \/coverage-spans$/);
  });

  it('agnt config set --help lists every setting, timezone included', async () => {
    const r = await agnt(['config', 'set', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'key setting: base-url, output, timeout, retries, timezone, guardrails, ca-file, cert-file, key-file, http2, key-passphrase (kept in the OS keyring) value',
    );
    expect(r.stdout).toContain('$ agnt config set timezone Europe/Paris');
  });

  it("a built-in's help shows the endpoints and examples of its record", async () => {
    const r = await agnt(['wait', 'delegation', '--help']);
    expect(r.stdout).toContain('Endpoint:\n  GET /delegations/{id}\n');
    expect(r.stdout).toContain('Examples:\n  $ agnt wait delegation del_principal');
    const inbox = await agnt(['inbox', '--help']);
    expect(inbox.stdout).toContain('Endpoints:\n  GET /users/me\n  GET /coverage-spans (role backup, manager, primary)\n');
  });
});
