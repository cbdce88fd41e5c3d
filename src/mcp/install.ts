// `agnt mcp install`: the client's configuration entry that starts `agnt mcp --profile NAME`.
// No token goes in it (agnt reads the profile's, from the keyring or its own file). The file is
// edited in place: the entry is added or updated, everything else kept byte for byte.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Context } from '../core/context.ts';
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
export function targetOf(client: Client, env = process.env, platform = process.platform, cwd = process.cwd()): Target {
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

export function entryFor(client: Client, profile: string): Record<string, unknown> {
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

/**
 * The file's text with the entry in place: the key of an existing entry for this profile (under
 * whatever name), else `name`. Only that value's text changes.
 */
export async function withEntry(text: string | undefined, target: Target, name: string, entry: Record<string, unknown>, profile: string): Promise<string> {
  const { applyEdits, modify, parse, printParseErrorCode, parseTree } = await import('jsonc-parser');
  const indent = text ? /\n([ \t]+)"/.exec(text)?.[1] : undefined;
  const formattingOptions = { insertSpaces: !indent?.includes('\t'), tabSize: indent && !indent.includes('\t') ? indent.length : 2, eol: text?.includes('\r\n') ? '\r\n' : '\n' };
  if (text === undefined || !text.trim()) return `${JSON.stringify({ [target.key]: { [name]: entry } }, null, 2)}\n`;
  const errors: import('jsonc-parser').ParseError[] = [];
  const data = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length || !parseTree(text) || !data || typeof data !== 'object' || Array.isArray(data))
    throw new AgntError(`${target.file} is not a JSON object${errors[0] ? ` (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset})` : ''}; not changed`, 2);
  const servers = (data as Record<string, unknown>)[target.key];
  if (servers !== undefined && (servers === null || typeof servers !== 'object' || Array.isArray(servers))) throw new AgntError(`${target.file}: '${target.key}' is not an object; not changed`, 2);
  const existing = servers ? Object.keys(servers).find((k) => isAgntEntry((servers as Record<string, unknown>)[k], profile)) : undefined;
  const key = existing ?? name;
  const edits = modify(text, [target.key, key], entry, { formattingOptions });
  return applyEdits(text, edits);
}

export interface InstallFlags {
  client?: string;
  print?: boolean;
  config?: string;
  name?: string;
}

export async function install(ctx: Context, given: unknown): Promise<void> {
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
  const entry = entryFor(client, profile.name);
  if (flags.print) {
    ctx.io.out(JSON.stringify({ [target.key]: { [name]: entry } }, null, 2));
    ctx.io.info(`(${client} reads it from ${target.file})`);
    return;
  }
  const before = existsSync(target.file) ? readFileSync(target.file, 'utf8') : undefined;
  const after = await withEntry(before, target, name, entry, profile.name);
  if (after === before) {
    ctx.io.info(`${target.file}: already runs agnt mcp --profile ${profile.name}; not changed`);
    return;
  }
  mkdirSync(dirname(target.file), { recursive: true });
  // Written beside it and renamed: a crash leaves the old file or the new, never half of one.
  const tmp = `${target.file}.agnt-${process.pid}.tmp`;
  writeFileSync(tmp, after, { mode: 0o600 });
  renameSync(tmp, target.file);
  ctx.io.info(`${target.file}: ${before === undefined ? 'created with' : 'updated'} the '${name}' server (agnt mcp --profile ${profile.name}); restart ${client} to load it`);
}
