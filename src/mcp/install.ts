// `agnt mcp install`: the client's configuration entry that starts `agnt mcp --profile NAME`.
// No token goes in it (agnt reads the profile's, from the keyring or its own file). The file is
// edited in place: the entry is added or updated, everything else kept byte for byte.
import { writeFileAtomic } from '../core/atomic-file.ts';
import { hostEnv } from '../core/host.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Context } from '../core/context.ts';
import { document, type Outcome } from '../core/outcome.ts';
import { AgntError, UsageError } from '../core/errors.ts';
import { activeProfileName, profileNames, readConfig } from '../core/config.ts';

export const CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const;
type Client = (typeof CLIENTS)[number];

interface Target {
  /** The key holding the servers. */
  key: 'mcpServers' | 'servers';
  file: string;
}

/** Where each client reads its MCP servers (project files for the two that edit a workspace). */
export function targetOf(client: Client, env: NodeJS.ProcessEnv = hostEnv(), platform = process.platform, cwd = process.cwd()): Target {
  const home = homedir();
  switch (client) {
    case 'claude-code':
      return { key: 'mcpServers', file: join(cwd, '.mcp.json') };
    case 'vscode':
      return { key: 'servers', file: join(cwd, '.vscode', 'mcp.json') };
    case 'cursor':
      return { key: 'mcpServers', file: join(home, '.cursor', 'mcp.json') };
    case 'claude-desktop': {
      const base =
        platform === 'darwin'
          ? join(home, 'Library', 'Application Support')
          : platform === 'win32'
            ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
            : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
      return { key: 'mcpServers', file: join(base, 'Claude', 'claude_desktop_config.json') };
    }
  }
}

/** How a client reaches `agnt mcp --http`: its URL, and the bearer token it must send. */
export interface HttpTarget {
  url: string;
  token: string;
}

export function entryFor(client: Client, profile: string, http?: HttpTarget): Record<string, unknown> {
  if (http) {
    if (client === 'claude-desktop') throw new UsageError('--url: Claude Desktop starts its servers itself (stdio); install it without --url');
    const remote = { url: http.url, headers: { Authorization: `Bearer ${http.token}` } };
    return client === 'cursor' ? remote : { type: 'http', ...remote };
  }
  const run = { command: 'agnt', args: ['mcp', '--profile', profile] };
  // VS Code's and Claude Code's files name the transport; the others take the command alone.
  return client === 'vscode' || client === 'claude-code' ? { type: 'stdio', ...run } : run;
}

function isAgntEntry(v: unknown, profile: string): boolean {
  if (!v || typeof v !== 'object') return false;
  const e = v as { command?: unknown; args?: unknown };
  if (typeof e.command !== 'string' || !/(^|[\\/])agnt(\.cmd|\.exe)?$/.test(e.command) || !Array.isArray(e.args) || e.args[0] !== 'mcp') return false;
  const i = e.args.indexOf('--profile');
  return (i >= 0 ? e.args[i + 1] : undefined) === profile;
}

function extraArgs(e: { args: string[] }): string[] {
  const out: string[] = [];
  for (let i = 1; i < e.args.length; i++) {
    if (e.args[i] === '--profile') i++;
    else out.push(String(e.args[i]));
  }
  return out;
}

/**
 * The file's text with the entry in place: the key of an existing entry for this profile (under
 * whatever name), else `name`. Only that value's text changes.
 */
export async function withEntry(text: string | undefined, target: Target, name: string, entry: Record<string, unknown>, profile: string): Promise<string> {
  if (text === undefined || !text.trim()) return `${JSON.stringify({ [target.key]: { [name]: entry } }, null, 2)}\n`;
  // The ES module build: the package's default (UMD) one requires its parts by computed names,
  // which a bundle cannot follow.
  const { findNodeAtLocation, parse, parseTree, printParseErrorCode } = await import('jsonc-parser/lib/esm/main.js');
  const errors: import('jsonc-parser/lib/esm/main.js').ParseError[] = [];
  const data = parse(text, errors, { allowTrailingComma: true }) as unknown;
  const root = parseTree(text);
  if (errors.length || !root || root.type !== 'object' || !data || typeof data !== 'object' || Array.isArray(data))
    throw new AgntError(`${target.file} is not a JSON object${errors[0] ? ` (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset})` : ''}; not changed`, 2);
  const servers = (data as Record<string, unknown>)[target.key];
  if (servers !== undefined && (servers === null || typeof servers !== 'object' || Array.isArray(servers))) throw new AgntError(`${target.file}: '${target.key}' is not an object; not changed`, 2);
  // An HTTP entry names no profile: the one of this name is replaced.
  const existing = !servers ? undefined : 'url' in entry ? (name in servers ? name : undefined) : Object.keys(servers).find((k) => isAgntEntry((servers as Record<string, unknown>)[k], profile));
  // Flags the user added to an existing entry (--allow-writes, --toolsets ...) stay.
  const kept = existing && !('url' in entry) ? extraArgs((servers as Record<string, unknown>)[existing] as { args: string[] }) : [];
  const value = kept.length ? { ...entry, args: [...(entry.args as string[]), ...kept] } : entry;
  if (existing && JSON.stringify((servers as Record<string, unknown>)[existing]) === JSON.stringify(value)) return text;

  // The file's own indentation unit and line ends, for the text written into it.
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lineIndent = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
  const render = (v: unknown, indent: string) => JSON.stringify(v, null, unit).split('\n').join(`${eol}${indent}`);
  const splice = (at: number, end: number, insert: string) => text.slice(0, at) + insert + text.slice(end);

  if (existing) {
    const node = findNodeAtLocation(root, [target.key, existing])!;
    return splice(node.offset, node.offset + node.length, render(value, lineIndent(node.offset)));
  }
  // A new property at the end of an object: after its last one, or inside an empty one.
  const addTo = (obj: import('jsonc-parser/lib/esm/main.js').Node, key: string, v: unknown): string => {
    const outer = lineIndent(obj.offset);
    const props = obj.children ?? [];
    const last = props[props.length - 1];
    const inner = last ? lineIndent(last.offset) : outer + unit;
    const prop = `${JSON.stringify(key)}: ${render(v, inner)}`;
    if (last) return splice(last.offset + last.length, last.offset + last.length, `,${eol}${inner}${prop}`);
    const close = obj.offset + obj.length - 1;
    return splice(obj.offset + 1, close, `${eol}${inner}${prop}${eol}${outer}`);
  };
  const serversNode = findNodeAtLocation(root, [target.key]);
  return serversNode ? addTo(serversNode, name, value) : addTo(root, target.key, { [name]: value });
}

export interface InstallFlags {
  client?: string;
  print?: boolean;
  config?: string;
  name?: string;
  url?: string;
  tokenFrom?: string;
}

export async function install(ctx: Context, given: unknown): Promise<Outcome | undefined> {
  const flags = given as InstallFlags;
  const client = flags.client as Client;
  if (!CLIENTS.includes(client)) throw new UsageError(`--client must be one of: ${CLIENTS.join(', ')}${flags.client ? `, got '${flags.client}'` : ''}`);
  const name = flags.name ?? 'agnt';
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new UsageError(`--name: letters, digits, '.', '_' and '-' only, got '${name}'`);
  const data = readConfig();
  const profile = activeProfileName(data, ctx.global.profile);
  if (!data.profiles?.[profile.name]) {
    const known = profileNames(data);
    throw new UsageError(`no profile named '${profile.name}'${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, 'run `agnt auth login --profile NAME` first, or name one with --profile');
  }
  const target = targetOf(client);
  if (flags.config) target.file = resolve(flags.config);
  const entry = entryFor(client, profile.name, flags.url !== undefined ? await httpTarget(flags, profile.name) : undefined);
  // The entry to paste into the client's file, as that file would hold it, whatever the output format.
  if (flags.print) return { ...document(JSON.stringify({ [target.key]: { [name]: entry } }, null, 2)), notes: [`(${client} reads it from ${target.file})`] };
  const before = existsSync(target.file) ? readFileSync(target.file, 'utf8') : undefined;
  // The file will hold a credential: a new one is private to the user, as it is anyway.
  if (flags.url !== undefined) ctx.io.warn(`${target.file} holds the bearer token of agnt mcp --http: keep it out of version control`);
  const after = await withEntry(before, target, name, entry, profile.name);
  if (after === before) {
    ctx.io.info(`${target.file}: already runs agnt mcp --profile ${profile.name}; not changed`);
    return;
  }
  // A client's own file keeps its mode; a new one holds a profile name, private to the user.
  writeFileAtomic(target.file, after, { mode: before === undefined ? 0o600 : statSync(target.file).mode & 0o777, dirMode: 0o777 });
  ctx.io.info(`${target.file}: ${before === undefined ? 'created with' : 'updated'} the '${name}' server (agnt mcp --profile ${profile.name}); restart ${client} to load it`);
}

async function httpTarget(flags: InstallFlags, profile: string): Promise<HttpTarget> {
  const url = flags.url!;
  // agnt mcp --http serves loopback only, at /mcp.
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}\/mcp$/.test(url)) throw new UsageError(`--url must be where agnt mcp --http serves: http://127.0.0.1:PORT/mcp, got '${url}'`);
  const { readTokenFile, storedToken, storedTokenPath } = await import('./http-auth.ts');
  const token = flags.tokenFrom ? readTokenFile(flags.tokenFrom, '--token-from') : storedToken(profile);
  if (!token)
    throw new UsageError(
      `--url: no token for profile '${profile}' yet (${storedTokenPath(profile)})`,
      'start `agnt mcp --http` once (it makes one), or name the file it serves with: --token-from FILE',
    );
  return { url, token };
}
