// Built-ins return Outcomes and the presenter prints them, as for every command: the records'
// output honours -o, --json and --query, and what is a document (an alias file, a client entry,
// the sandbox's start-up lines) is written as it was, byte for byte, whatever the format.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = join(tempDir(), 'cfg');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A profile whose own output is json: commands that print a value for scripts still print it bare.
  const config = { currentProfile: 'work', profiles: { work: { baseUrl: sb.baseUrl, token: sb.tokens.admin!, output: 'json', timeout: 45 }, spare: { baseUrl: sb.baseUrl } } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('config', () => {
  it('config get prints the value alone whatever the profile output; -o json and --query when asked', async () => {
    expect(await agnt(['config', 'get', 'base-url'], { configDir: dir })).toEqual({ stdout: `${sb.baseUrl}\n`, stderr: '', exitCode: 0 });
    expect((await agnt(['config', 'get', 'timeout'], { configDir: dir })).stdout).toBe('45\n');
    expect((await agnt(['config', 'get', 'output', '-o', 'json'], { configDir: dir })).stdout).toBe('"json"\n');
    expect((await agnt(['config', 'get', 'timeout', '--json'], { configDir: dir })).stdout).toBe('45\n');
    // A setting not set prints nothing, exit 0.
    expect(await agnt(['config', 'get', 'retries'], { configDir: dir })).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('config list and config profiles follow -o, --query and --fields', async () => {
    const listed = await agnt(['config', 'list', '--query', "[?key=='timeout'].value | [0]", '-o', 'json'], { configDir: dir, env: { AGNT_PROFILE: 'work' } });
    expect(listed).toMatchObject({ stdout: '45\n', exitCode: 0 });
    const yaml = await agnt(['config', 'list', '-o', 'yaml'], { configDir: dir });
    expect(parseYaml(yaml.stdout)).toContainEqual({ key: 'output', value: 'json', source: 'profile' });
    const csv = await agnt(['config', 'profiles', '-o', 'csv', '--fields', 'name,active'], { configDir: dir });
    expect(csv.stdout).toBe('name,active\nspare,false\nwork,true\n');
    // The profile's own output (json) applies to a list, as to any command's.
    expect(JSON.parse((await agnt(['config', 'profiles'], { configDir: dir })).stdout).map((p: { name: string }) => p.name)).toEqual(['spare', 'work']);
  });
});

describe('auth', () => {
  it('auth token prints the token alone whatever the profile output; --json gives a JSON string', async () => {
    expect(await agnt(['auth', 'token'], { configDir: dir })).toEqual({ stdout: `${sb.tokens.admin}\n`, stderr: '', exitCode: 0 });
    expect((await agnt(['auth', 'token', '--json'], { configDir: dir })).stdout).toBe(`${JSON.stringify(sb.tokens.admin)}\n`);
  });

  it('auth status follows --query and -o yaml; a failure still prints what was found, then its error', async () => {
    const user = await agnt(['auth', 'status', '--query', 'user', '-o', 'json'], { configDir: dir });
    expect(user).toEqual({ stdout: '"admin@acme.test (Ada Admin)"\n', stderr: '', exitCode: 0 });
    const yaml = await agnt(['auth', 'status', '-o', 'yaml'], { configDir: dir });
    expect(parseYaml(yaml.stdout)).toMatchObject({ profile: 'work', tokenCheck: 'accepted', output: 'json', outputSource: 'profile' });
    const spare = await agnt(['auth', 'status', '--profile', 'spare', '--query', '[profile, tokenCheck]', '-o', 'jsonl'], { configDir: dir });
    expect(spare).toMatchObject({ stdout: '"spare"\nnull\n', exitCode: 4 });
    expect(JSON.parse(spare.stderr)).toEqual({ error: { message: 'not logged in', exitCode: 4, hint: 'run `agnt auth login` or set AGNT_TOKEN' } });
    const all = await agnt(['auth', 'status', '--all', '-o', 'csv', '--fields', 'profile,tokenCheck'], { configDir: dir });
    expect(all.stdout).toBe('profile,tokenCheck\nspare,not logged in\nwork,accepted\n');
    expect(all.exitCode).toBe(4);
    expect(all.stderr).toBe('error: 1 of 2 profiles cannot be used: spare (not logged in)\n');
  });
});

describe('agnt commands', () => {
  it('the catalogue follows --query and -o csv like any list', async () => {
    const paths = await agnt(['commands', '--query', "[?command=='auth status'].path", '-o', 'json']);
    expect(paths.stdout).toBe('["/users/me"]\n');
    const csv = await agnt(['commands', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('command,method,path,summary');
    expect(csv.stdout).toContain('\nchats process,POST,/chats/{chatId}/process,');
  });
});

describe('documents, written as they are', () => {
  it('alias export is the same JSON document whatever -o says', async () => {
    const aliases = join(tempDir(), 'cfg');
    mkdirSync(aliases, { recursive: true, mode: 0o700 });
    expect((await agnt(['alias', 'set', 'mine', 'users list --status active'], { configDir: aliases })).exitCode).toBe(0);
    const doc = `{\n  "aliases": {\n    "mine": {\n      "expansion": "users list --status active"\n    }\n  }\n}\n`;
    for (const extra of [[], ['-o', 'yaml'], ['--json'], ['-o', 'csv']]) {
      expect(await agnt(['alias', 'export', ...extra], { configDir: aliases }), extra.join(' ')).toEqual({ stdout: doc, stderr: '', exitCode: 0 });
    }
    removeDir(aliases);
  });

  it('mcp install --print writes the entry as the file holds it, and says where on stderr', async () => {
    const home = tempDir();
    const r = await agnt(['mcp', 'install', '--client', 'cursor', '--print', '-o', 'yaml'], { configDir: dir, cwd: home });
    expect(r.stdout).toBe('{\n  "mcpServers": {\n    "agnt": {\n      "command": "agnt",\n      "args": [\n        "mcp",\n        "--profile",\n        "work"\n      ]\n    }\n  }\n}\n');
    expect(r.stderr).toMatch(/^\(cursor reads it from .*mcp\.json\)\n$/);
    expect((await agnt(['mcp', 'install', '--client', 'cursor', '--print', '--quiet'], { configDir: dir, cwd: home })).stderr).toBe('');
    removeDir(home);
  });

  it('api spec writes yaml or json only: -o table is refused before anything is made', async () => {
    expect(await agnt(['api', 'spec', '-o', 'table'])).toEqual({ stdout: '', stderr: 'error: api spec writes yaml or json, not table\n', exitCode: 2 });
    // In a pipe its JSON is compact, as every command's is.
    const json = await agnt(['api', 'spec', '--json', '--fields', 'openapi,info.title']);
    expect(json.stdout).toBe('{"openapi":"3.1.0","info":{"title":"Assistant Platform API"}}\n');
  });

  it('sandbox start: its start-up lines, then it serves until it is stopped', async () => {
    const home = tempDir();
    const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--no-profile'], {
      env: { ...cleanEnv(), AGNT_CONFIG_DIR: home },
      extendEnv: true,
      reject: false,
      // Its stop is what is tested: on a loaded machine saving the data may take longer than
      // execa's default grace before SIGKILL.
      forceKillAfterDelay: false,
    });
    let out = '';
    let err = '';
    // Up once it says how to stop it (its stop handlers are in place then), its lines printed before.
    await new Promise<void>((ok, fail) => {
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString('utf8');
      });
      child.stderr!.on('data', (b: Buffer) => {
        err += b.toString('utf8');
        if (err.includes('Press Ctrl-C to stop.')) ok();
      });
      void child.then((r) => fail(new Error(`agnt sandbox start exited ${r.exitCode}: ${r.stderr}`)));
    });
    expect(out).toMatch(/\nClock: [^\n]*\n$/);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^Sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toBe('Tokens (one per seeded user):');
    expect(lines[2]).toMatch(/^ {2}admin {8}\S+$/);
    expect(lines.at(-3)).toMatch(/^Control token \(agnt sandbox clock\|snapshot\|fault\|requests\|status\|stop\): \S+$/);
    child.kill('SIGTERM');
    const ended = await child;
    expect({ code: ended.exitCode, signal: ended.signal, stderr: ended.stderr }).toEqual({ code: 0, signal: undefined, stderr: expect.any(String) });
    removeDir(home);
  });
});
