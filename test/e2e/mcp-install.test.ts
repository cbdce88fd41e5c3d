// `agnt mcp install`: each client's entry runs `agnt mcp --profile NAME` with no token in it; an
// existing file keeps every other byte, and an existing entry is updated, never duplicated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

describe('agnt mcp install', () => {
  let sb: Awaited<ReturnType<typeof withSandbox>>;
  let dir: string;
  let cwd: string;
  const run = (args: string[]) => agnt(args, { configDir: dir, cwd, env: { HOME: cwd, XDG_CONFIG_HOME: join(cwd, '.config') } });
  beforeAll(async () => {
    sb = await withSandbox();
    dir = tempDir();
    cwd = tempDir();
    const r = await agnt(['auth', 'login', '--profile', 'work', '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: `${sb.tokens.admin}\n` });
    expect(r.exitCode, r.stderr).toBe(0);
  });
  afterAll(async () => {
    await sb.dispose();
    removeDir(dir);
    removeDir(cwd);
  });

  it.each([
    ['claude-code', 'mcpServers', { type: 'stdio' }],
    ['claude-desktop', 'mcpServers', {}],
    ['cursor', 'mcpServers', {}],
    ['vscode', 'servers', { type: 'stdio' }],
  ])('--print for %s shows the entry and changes nothing', async (client, key, extra) => {
    const r = await run(['mcp', 'install', '--client', client, '--profile', 'work', '--print']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ [key]: { agnt: { ...extra, command: 'agnt', args: ['mcp', '--profile', 'work'] } } });
    expect(r.stdout + r.stderr).not.toContain(sb.tokens.admin!);
    expect(existsSync(join(cwd, '.mcp.json'))).toBe(false);
  });

  it('refuses an unknown client or profile before writing anything', async () => {
    const bad = await run(['mcp', 'install', '--client', 'notepad']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--client must be one of: claude-code, claude-desktop, cursor, vscode/);
    const noProfile = await run(['mcp', 'install', '--client', 'cursor', '--profile', 'nope']);
    expect(noProfile.exitCode).toBe(2);
    expect(noProfile.stderr).toMatch(/no profile named 'nope'/);
  });

  it('creates the project file of Claude Code, with no token in it', async () => {
    const r = await run(['mcp', 'install', '--client', 'claude-code', '--profile', 'work']);
    expect(r.exitCode, r.stderr).toBe(0);
    const text = readFileSync(join(cwd, '.mcp.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({ mcpServers: { agnt: { type: 'stdio', command: 'agnt', args: ['mcp', '--profile', 'work'] } } });
    expect(text).not.toContain(sb.tokens.admin!);
  });

  it('adds the entry to an existing file keeping every other byte, and updates rather than duplicates', async () => {
    mkdirSync(join(cwd, '.vscode'), { recursive: true });
    const file = join(cwd, '.vscode', 'mcp.json');
    const head = '{\n    // my servers, hand-written\n    "inputs": [ {"id": "x",   "type": "promptString"} ],\n    "servers": {\n        "github": { "url": "https://api.example.test/mcp" }';
    const tail = '\n    }\n}\n';
    writeFileSync(file, head + tail);
    const r = await run(['mcp', 'install', '--client', 'vscode', '--profile', 'work']);
    expect(r.exitCode, r.stderr).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(head)).toBe(true);
    expect(after.endsWith(tail)).toBe(true);
    expect(after.slice(head.length, -tail.length)).toMatch(/^,\n {8}"agnt": \{/);
    expect(after).not.toContain(sb.tokens.admin!);

    // Again: nothing to change.
    const again = await run(['mcp', 'install', '--client', 'vscode', '--profile', 'work']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/not changed/);
    expect(readFileSync(file, 'utf8')).toBe(after);

    // An entry under another name for the same profile, with flags the user added: updated in
    // place (its flags kept), no second entry.
    const own = '{\n  "servers": {\n    "acme-admin": { "command": "agnt", "args": ["mcp", "--allow-writes", "--profile", "work"] }\n  }\n}\n';
    writeFileSync(file, own);
    const upd = await run(['mcp', 'install', '--client', 'vscode', '--profile', 'work']);
    expect(upd.exitCode, upd.stderr).toBe(0);
    const servers = JSON.parse(readFileSync(file, 'utf8')).servers;
    expect(Object.keys(servers)).toEqual(['acme-admin']);
    expect(servers['acme-admin']).toEqual({ type: 'stdio', command: 'agnt', args: ['mcp', '--profile', 'work', '--allow-writes'] });
  });

  it('refuses a file that is not a JSON object, and leaves it alone', async () => {
    const file = join(cwd, 'broken.json');
    writeFileSync(file, '{ "mcpServers": ');
    const r = await run(['mcp', 'install', '--client', 'cursor', '--profile', 'work', '--config', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/is not a JSON object.*not changed/);
    expect(readFileSync(file, 'utf8')).toBe('{ "mcpServers": ');
  });
  it('--http: an entry with the URL and the bearer token agnt mcp --http serves with', async () => {
    const none = await run(['mcp', 'install', '--client', 'cursor', '--profile', 'work', '--url', 'http://127.0.0.1:8765/mcp', '--print']);
    expect(none.exitCode, none.stdout + none.stderr).toBe(2);
    expect(none.stderr).toMatch(/--url: no token for profile 'work' yet/);
    const tokenFile = join(cwd, 'mcp.token');
    const token = `agnt_mcp_${'x'.repeat(43)}`;
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    const r = await run(['mcp', 'install', '--client', 'vscode', '--profile', 'work', '--url', 'http://127.0.0.1:9123/mcp', '--token-from', tokenFile, '--print']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ servers: { agnt: { type: 'http', url: 'http://127.0.0.1:9123/mcp', headers: { Authorization: `Bearer ${token}` } } } });
    const desktop = await run(['mcp', 'install', '--client', 'claude-desktop', '--profile', 'work', '--url', 'http://127.0.0.1:9123/mcp', '--token-from', tokenFile]);
    expect(desktop.exitCode).toBe(2);
    expect(desktop.stderr).toMatch(/Claude Desktop starts its servers itself/);
    const short = join(cwd, 'short.token');
    writeFileSync(short, 'abc\n');
    const weak = await run(['mcp', 'install', '--client', 'cursor', '--profile', 'work', '--url', 'http://127.0.0.1:9123/mcp', '--token-from', short, '--print']);
    expect(weak.exitCode).toBe(2);
    expect(weak.stderr).toMatch(/--token-from .*at least 32 characters/);
    const remote = await run(['mcp', 'install', '--client', 'cursor', '--profile', 'work', '--url', 'https://mcp.example.test/mcp', '--token-from', tokenFile, '--print']);
    expect(remote.exitCode).toBe(2);
    expect(remote.stderr).toMatch(/--url must be where agnt mcp --http serves/);
  });
});
