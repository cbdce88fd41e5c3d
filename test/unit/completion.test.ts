// The completion model, line analysis and id-list lookup against a made-up tree shaped like the
// areas other branches add (nested ids, ids behind a flag with a default, a resource without a
// list at its own path), so that they are covered before those areas exist.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArea, type ContextFactory } from '../../src/core/builder.ts';
import type { AreaSpec, CommandRecord, FieldOverride } from '../../src/core/spec.ts';
import { endpoint } from '../../src/api/endpoint.ts';
import type { EndpointId } from '../../src/api/ids.ts';
import type { Method } from '../../src/core/http.ts';
import { type FakeServer, fakeServer, json, type Responder } from '../support/fake-server.ts';
import { analyze } from '../../src/completion/engine.ts';
import { candidates, complete } from '../../src/completion/complete.ts';
import { findChild, listCommandFor, modelOf, type Node } from '../../src/completion/model.ts';
import { completionScript } from '../../src/completion/scripts.ts';
import { commandReference } from '../../src/completion/reference.ts';
import { shellAvailable } from '../support/helpers.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

const noContext: ContextFactory = () => {
  throw new Error('not run');
};

const base = { summary: 'summary', examples: ['agnt example'] };
type Made = Partial<Omit<CommandRecord, 'endpoint' | 'list'>> & { command: string; method: Method; path: string; list?: boolean; fields?: FieldOverride[] };
/** A record for a made-up endpoint; its fields are flags of their own (typed here). */
const cmd = ({ method, path, list, ...c }: Made): CommandRecord => ({
  ...base,
  ...c,
  endpoint: endpoint({ id: `test.${c.command.replace(/ /g, '.')}` as EndpointId, method, path, summary: 'summary', paging: list ? 'page' : undefined }),
});

const chats: AreaSpec = {
  name: 'chats',
  aliases: ['chat'],
  summary: 'Chats',
  commands: [
    cmd({ command: 'chats list', aliases: ['ls'], method: 'GET', path: '/chats', list: true, columns: [{ path: 'id' }, { path: 'title' }] }),
    cmd({ command: 'chats get', method: 'GET', path: '/chats/{chatId}', args: [{ name: 'chatId', resource: 'chats' }] }),
    cmd({
      command: 'chats process',
      method: 'POST',
      path: '/chats/{id}/process',
      args: [{ name: 'id', resource: 'chats', multi: true }],
      fields: [{ name: 'mode', type: 'string', enum: ['fast', 'full'] }],
    }),
    cmd({
      command: 'chats archive',
      method: 'POST',
      path: '/chats/{chatId}/archive',
      args: [{ name: 'chatId' }],
      fields: [
        { name: 'folderId', type: 'string' },
        { name: 'userId', type: 'string' },
        { name: 'teamId', type: 'string' },
      ],
    }),
    cmd({
      command: 'chats export',
      method: 'GET',
      path: '/chats/export/{format}',
      args: [{ name: 'format', enum: ['pdf', 'txt'] }],
      options: [{ flags: '-o, --offline', description: 'a boolean -o' }],
    }),
    cmd({
      command: 'chats messages list',
      method: 'GET',
      path: '/chats/{chatId}/messages',
      args: [{ name: 'chatId', resource: 'chats' }],
      list: true,
      resultKey: 'messages',
      columns: [{ path: 'id' }, { path: 'text' }],
    }),
    cmd({
      command: 'chats messages get',
      method: 'GET',
      path: '/chats/{chatId}/messages/{messageId}',
      args: [
        { name: 'chatId', resource: 'chats' },
        { name: 'messageId', resource: 'messages' },
      ],
    }),
  ],
};
const drive: AreaSpec = {
  name: 'drive',
  summary: 'Drive',
  commands: [
    cmd({ command: 'drive list', method: 'GET', path: '/users/{userId}/drive/files', args: [{ name: 'userId', flag: 'user', default: 'me', resource: 'users' }], list: true }),
    cmd({
      command: 'drive get',
      method: 'GET',
      path: '/users/{userId}/drive/files/{fileId}',
      args: [
        { name: 'userId', flag: 'user', default: 'me', resource: 'users' },
        { name: 'fileId', resource: 'drive' },
      ],
    }),
    cmd({
      command: 'drive download',
      method: 'GET',
      path: '/users/{userId}/drive/files/{fileId}/content',
      args: [
        { name: 'userId', flag: 'user', default: 'me' },
        { name: 'fileId', resource: 'drive' },
      ],
      options: [{ flags: '-o, --output <path>', description: 'where to save' }],
    }),
    cmd({
      command: 'drive upload',
      method: 'POST',
      path: '/users/{userId}/drive/files',
      args: [{ name: 'userId', flag: 'user', default: 'me', resource: 'users' }],
      options: [{ flags: '--source <path>', description: 'file to upload', file: true }],
    }),
  ],
};
const people: AreaSpec = {
  name: 'users',
  summary: 'Users',
  commands: [cmd({ command: 'users list', method: 'GET', path: '/users', list: true })],
};
const teams: AreaSpec = {
  name: 'teams',
  summary: 'Teams',
  groups: { 'teams members': 'Team members' },
  commands: [
    cmd({ command: 'teams list', method: 'GET', path: '/teams', list: true, fields: [{ name: 'org', type: 'string', required: true }] }),
    cmd({
      command: 'teams members remove',
      method: 'DELETE',
      path: '/teams/{teamId}/members/{userId}',
      args: [
        { name: 'teamId', resource: 'teams' },
        { name: 'userId', resource: 'users' },
      ],
    }),
  ],
};

function program(): Command {
  const p = new Command('agnt');
  p.addOption(new Option('-o, --output <format>').choices(['json', 'table']));
  p.option('--profile <name>');
  for (const a of [chats, drive, people, teams]) buildArea(p, a, noContext, true);
  return p;
}

const at = (root: Node, words: string) => words.split(' ').reduce<Node>((n, w) => findChild(n, w)!, root);

describe('analyze', () => {
  const root = modelOf(program());
  it('follows commands and aliases, skipping flags and their values', () => {
    const s = analyze(root, ['chat', '-o', 'json', 'messages', 'get', 'c1', '']);
    expect(s.node.path).toEqual(['chats', 'messages', 'get']);
    expect(s.target).toMatchObject({ kind: 'positional', index: 1 });
    expect(s.positionals).toEqual(['c1']);
    expect(s.flagValues.get('--output')).toBe('json');
  });
  it('knows a flag value from the flag before it and from --flag=', () => {
    expect(analyze(root, ['chats', 'process', '--mode', '']).target).toMatchObject({ kind: 'flag-value', flag: { long: '--mode' } });
    const eq = analyze(root, ['chats', 'process', '--mode=f']);
    expect(eq.target).toMatchObject({ kind: 'flag-value', flag: { long: '--mode' } });
    expect(eq.current).toBe('f');
  });
  it('keeps offering a variadic positional', () => {
    expect(analyze(root, ['chats', 'process', 'a', 'b', '']).target).toMatchObject({ kind: 'positional', index: 0 });
    expect(analyze(root, ['chats', 'get', 'a', '']).target.kind).toBe('nothing');
  });
  it('records enum values the builder checks itself, and file options', () => {
    expect(at(root, 'chats process').flags.find((f) => f.long === '--mode')?.value).toEqual({ kind: 'enum', values: ['fast', 'full'] });
    expect(at(root, 'drive upload').flags.find((f) => f.long === '--source')?.value).toEqual({ kind: 'file' });
    expect(at(root, 'drive get').flags.find((f) => f.long === '--user')?.value).toEqual({ kind: 'dynamic', resource: 'users' });
  });
});

describe('ids nobody marked', () => {
  const root = modelOf(program());
  it('complete when a list sits at the path up to them, or a --<thing>-id flag has <thing>s list', () => {
    const n = at(root, 'chats archive');
    expect(n.positionals[0]!.value).toEqual({ kind: 'dynamic', resource: 'chats' });
    const flag = (long: string) => n.flags.find((f) => f.long === long)!.value;
    expect(flag('--user-id')).toEqual({ kind: 'dynamic', resource: 'users' });
    // No folders list, and teams list needs a filter.
    expect(flag('--folder-id')).toEqual({ kind: 'none' });
    expect(flag('--team-id')).toEqual({ kind: 'none' });
  });
});

describe('listCommandFor', () => {
  const root = modelOf(program());
  const arg = (n: Node, name: string) => n.spec!.args!.find((a) => a.name === name)!;
  it('uses the list at the path up to the id', () => {
    const n = at(root, 'chats get');
    expect(listCommandFor(root, n, arg(n, 'chatId'), {})).toMatchObject({ list: { path: ['chats', 'list'] }, params: {} });
  });
  it('scopes a nested id to the parent id on the line, even under another parameter name', () => {
    const n = at(root, 'chats messages get');
    expect(listCommandFor(root, n, arg(n, 'messageId'), { chatId: 'c1' })).toMatchObject({ list: { path: ['chats', 'messages', 'list'] }, params: { chatId: 'c1' } });
    expect(listCommandFor(root, n, arg(n, 'messageId'), {})).toBeUndefined();
    const p = at(root, 'chats process');
    expect(listCommandFor(root, p, arg(p, 'id'), {})).toMatchObject({ list: { path: ['chats', 'list'] } });
  });
  it("fills a list's flag parameters from the line or their defaults", () => {
    const n = at(root, 'drive get');
    expect(listCommandFor(root, n, arg(n, 'fileId'), { userId: 'usr_x' })).toMatchObject({ params: { userId: 'usr_x' } });
    expect(listCommandFor(root, n, arg(n, 'fileId'), { userId: 'me' })).toMatchObject({ list: { path: ['drive', 'list'] }, params: { userId: 'me' } });
  });
  it("falls back to '<resource> list', and skips lists that need a filter", () => {
    const n = at(root, 'teams members remove');
    expect(listCommandFor(root, n, arg(n, 'userId'), { teamId: 't1' })).toMatchObject({ list: { path: ['users', 'list'] } });
    expect(listCommandFor(root, n, arg(n, 'teamId'), {})).toBeUndefined();
  });
});

describe('candidates without a server', () => {
  it('offers commands, flags and values by prefix, and never hidden commands', async () => {
    const p = program();
    p.command('__hidden', { hidden: true });
    expect(await candidates(p, ['ch'])).toEqual([['chats', 'Chats']]);
    expect(await candidates(p, ['_'])).toEqual([]);
    expect(await candidates(p, ['chats', 'process', '--mode', 'f'])).toEqual([
      ['fast', ''],
      ['full', ''],
    ]);
    expect((await candidates(p, ['chats', 'list', '--'])).map(([v]) => v)).toEqual(['--all', '--limit', '--page', '--per-page', '--tz', '--help', '--output', '--profile']);
  });
});

describe('candidates from a server', () => {
  // Answers the two lists asked below, and 404 for anything else.
  const answer: Responder = (req, res) => {
    if (req.url!.startsWith('/chats/c1/messages?')) {
      json(200, { ok: true, messages: [{ id: 'm1', text: 'hello\tworld\u001b[31m' }, { id: 'bad id' }, { id: 'm2' }], page: 1, perPage: 100, total: 3 })(req, res, '');
    } else if (req.url!.startsWith('/users/usr_x/drive/files?')) {
      json(200, { ok: true, files: [{ id: 'f1', name: 'a.txt' }] })(req, res, '');
    } else {
      json(404, { status: 404, error: 'not found' })(req, res, '');
    }
  };
  let server: FakeServer;
  const saved = { ...process.env };
  let dir: string;
  beforeAll(async () => {
    server = await fakeServer(answer);
    dir = mkdtempSync(join(tmpdir(), 'agnt-unit-'));
    Object.assign(process.env, {
      AGNT_CONFIG_DIR: dir,
      AGNT_BASE_URL: server.url,
      AGNT_TOKEN: 'tok',
      AGNT_COMPLETE_TTL: '0',
      // What is asked and printed, not how fast: the 0.9 s default runs out on a loaded machine.
      AGNT_COMPLETE_TIMEOUT_MS: '60000',
    });
  });
  afterAll(async () => {
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('asks the nested list of the parent id on the line, and cleans what it prints', async () => {
    const got = await candidates(program(), ['chats', 'messages', 'get', 'c1', '']);
    expect(server.seen.pop()?.url).toBe('/chats/c1/messages?page=1&perPage=100');
    // The id with a space is dropped; control characters never reach the shell.
    expect(got).toEqual([
      ['m1', 'hello world [31m'],
      ['m2', ''],
    ]);
  });

  it('fills an id flag of the list from the line', async () => {
    expect(await candidates(program(), ['drive', 'get', '--user', 'usr_x', ''])).toEqual([['f1', 'a.txt']]);
    expect(server.seen.pop()?.url).toBe('/users/usr_x/drive/files?page=1&perPage=100');
  });

  it('prints nothing for an error answer', async () => {
    expect(await complete(program(), ['drive', 'get', ''], Date.now())).toBeUndefined();
    // --user defaults to me, which is asked for first (the API gives `me` to no {userId}): a 404 here.
    expect(server.seen.pop()?.url).toBe('/users/me');
    // The lines go to the presenter as they are, each ended, for the shell to read.
    expect(await complete(program(), ['drive', 'get', '--user', 'usr_x', ''], Date.now())).toEqual({ raw: 'f1\ta.txt\n' });
  });
});

describe('a command that redefines a global flag', () => {
  const shells = { bash: ['bash', '--norc', '--noprofile', join(FIXTURES, 'bash-complete.bash')], fish: ['fish', '--no-config', '-c', 'source $argv[1]; complete -C $argv[2]'] } as const;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'agnt-unit-shadow-'));
    writeFileSync(join(dir, 'agnt.bash'), completionScript(program(), 'bash'));
    writeFileSync(join(dir, 'agnt.fish'), completionScript(program(), 'fish'));
    mkdirSync(join(dir, 'zsh'));
    writeFileSync(join(dir, 'zsh', '_agnt'), completionScript(program(), 'zsh'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (argv: readonly string[], script: string, line: string) =>
    execFileSync(argv[0]!, [...argv.slice(1), script, line], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\t| -- /)[0]);

  it('offers its own flag once, with its own values', async () => {
    expect((await candidates(program(), ['drive', 'download', '--out'])).map(([v, d]) => `${v} ${d}`)).toEqual(['--output where to save']);
    expect(analyze(modelOf(program()), ['drive', 'download', '-o', '']).target).toMatchObject({ kind: 'flag-value', flag: { description: 'where to save', value: { kind: 'file' } } });
    expect(await candidates(program(), ['chats', 'list', '-o', 'j'])).toEqual([['json', '']]);
  });

  it('reads a redefined flag as the command defines it (here -o takes no value)', async () => {
    expect(analyze(modelOf(program()), ['chats', 'export', '-o', '']).target).toMatchObject({ kind: 'positional', index: 0 });
    expect(await candidates(program(), ['chats', 'export', '-o', ''])).toEqual([
      ['pdf', ''],
      ['txt', ''],
    ]);
    expect(run(shells.bash, join(dir, 'agnt.bash'), 'agnt chats export -o ')).toEqual(['pdf', 'txt']);
    if (shellAvailable('zsh')) expect(run(['zsh', '-f', join(FIXTURES, 'zsh-complete.zsh')], join(dir, 'zsh'), 'agnt chats export -o ').sort()).toEqual(['pdf', 'txt']);
  });

  it('in bash', () => {
    writeFileSync(join(dir, 'saved.bin'), '');
    expect(run(shells.bash, join(dir, 'agnt.bash'), 'agnt drive download --out')).toEqual(['--output']);
    expect(run(shells.bash, join(dir, 'agnt.bash'), 'agnt drive download -o sav')).toEqual(['saved.bin']);
    expect(run(shells.bash, join(dir, 'agnt.bash'), 'agnt chats list -o j')).toEqual(['json']);
  });

  it.runIf(shellAvailable('fish'))('in fish', () => {
    expect(run(shells.fish, join(dir, 'agnt.fish'), 'agnt drive download --out')).toEqual(['--output']);
    expect(run(shells.fish, join(dir, 'agnt.fish'), 'agnt drive download -o sav')).toEqual(['saved.bin']);
    expect(run(shells.fish, join(dir, 'agnt.fish'), 'agnt chats list -o j')).toEqual(['json']);
  });

  it.runIf(shellAvailable('zsh'))('in zsh', () => {
    const zsh = ['zsh', '-f', join(FIXTURES, 'zsh-complete.zsh')] as const;
    expect(run(zsh, join(dir, 'zsh'), 'agnt drive download --out')).toEqual(['--output']);
    expect(run(zsh, join(dir, 'zsh'), 'agnt drive download -o sav')).toEqual(['saved.bin']);
  });
});

describe('generated text', () => {
  it('is the same for the same tree', () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) expect(completionScript(program(), shell)).toBe(completionScript(program(), shell));
    expect(commandReference(program())).toBe(commandReference(program()));
  });
  it('covers every command, alias, group and flag of the tree', () => {
    const bash = completionScript(program(), 'bash');
    expect(bash).toContain(`'chats messages|get') _agnt_next='chats messages get'`);
    expect(bash).toContain(`'|chats'|'|chat') _agnt_next='chats'`);
    expect(bash).toContain(`'chats process|--mode') _agnt_v='fast full'`);
    expect(bash).toContain(`'drive upload|--source') _agnt_v='@file'`);
    expect(bash).toContain(`'drive get|--user') _agnt_v='@dyn'`);
    expect(bash).toContain(`'chats messages get|#1') _agnt_v='@dyn'`);
    const fish = completionScript(program(), 'fish');
    expect(fish).toContain(`complete -c agnt -n '__agnt_at \\'chats\\'' -f -a 'messages' -d 'messages commands'`);
    const md = commandReference(program());
    expect(md).toContain('### agnt chats messages get');
    expect(md).toContain('`GET /chats/{chatId}/messages/{messageId}`');
    expect(md).toContain('| `--mode <value>` | string | one of: `fast`, `full` |');
  });
});
