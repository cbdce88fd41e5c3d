// The command tree as plain data, read from the commander program (never from the area
// tables directly), so that every command anyone adds, built-in or generated, gets shell
// completion and a reference entry without further work.
import type { Argument, Command, Option } from 'commander';
import { argHintsOf } from '../builtin/declare.ts';
import { hintsOf, specOf } from '../core/builder.ts';
import type { ArgSpec, CommandSpec } from '../core/spec.ts';

/** How a value is completed: a fixed list, local paths, or ids asked from `agnt __complete`. */
export type ValueKind = { kind: 'none' } | { kind: 'enum'; values: string[] } | { kind: 'file' } | { kind: 'dir' } | { kind: 'dynamic'; resource: string };

export interface FlagInfo {
  long?: string;
  short?: string;
  /** commander's flag syntax ('-o, --output <format>'). */
  flags: string;
  description: string;
  takesValue: boolean;
  /** The value may be omitted ('[value]'); such a flag never consumes the next word. */
  optionalValue: boolean;
  /** The placeholder of the value ('format'), for the reference. */
  placeholder?: string;
  value: ValueKind;
  type?: string;
  defaultValue?: unknown;
  hidden: boolean;
}

export interface PositionalInfo {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  value: ValueKind;
}

export interface Node {
  /** Canonical words after `agnt` ([] for the root). */
  path: string[];
  name: string;
  aliases: string[];
  summary: string;
  description: string;
  hidden: boolean;
  children: Node[];
  /** This command's own flags; the root's are the global flags, accepted everywhere. */
  flags: FlagInfo[];
  positionals: PositionalInfo[];
  spec?: CommandSpec;
  command: Command;
}

/** Profile names, from the config file; named so that no server resource can take the name. */
export const LOCAL_PROFILES = 'local:profiles';
/** Resources listed from local state rather than the server. */
export const LOCAL_RESOURCES = new Set([LOCAL_PROFILES]);

function placeholderOf(flags: string): string | undefined {
  return /[<[]([^>\]]+)[>\]]/.exec(flags)?.[1]?.replace(/\.\.\.$/, '');
}

// Built-in commands are not generated from specs, so their value kinds follow their placeholders
// and names: `--data <file>` and `--file <path>` take files, `<dir>` folders, and anything named
// profile takes a profile name.
function valueOfOption(o: Option, placeholder: string | undefined): ValueKind {
  const hints = hintsOf(o);
  const values = hints?.values ?? o.argChoices;
  if (values?.length) return { kind: 'enum', values: [...values] };
  if (hints?.resource) return { kind: 'dynamic', resource: hints.resource };
  if (hints?.file) return { kind: 'file' };
  if (o.attributeName() === 'profile') return { kind: 'dynamic', resource: LOCAL_PROFILES };
  if (placeholder === 'file' || placeholder === 'path') return { kind: 'file' };
  if (placeholder === 'dir' || placeholder === 'folder' || placeholder === 'directory') return { kind: 'dir' };
  return { kind: 'none' };
}

function flagInfo(o: Option): FlagInfo {
  const placeholder = placeholderOf(o.flags);
  const takesValue = Boolean(o.required || o.optional);
  return {
    long: o.long,
    short: o.short,
    flags: o.flags,
    description: firstLine(o.description ?? ''),
    takesValue,
    optionalValue: Boolean(o.optional),
    placeholder,
    value: takesValue ? valueOfOption(o, placeholder) : { kind: 'none' },
    type: hintsOf(o)?.type,
    defaultValue: o.defaultValue,
    hidden: Boolean(o.hidden),
  };
}

const HELP_FLAG: FlagInfo = {
  long: '--help',
  short: '-h',
  flags: '-h, --help',
  description: 'show help for a command',
  takesValue: false,
  optionalValue: false,
  value: { kind: 'none' },
  hidden: false,
};

function firstLine(s: string): string {
  return (s.split('\n')[0] ?? '').trim();
}

function positionals(cmd: Command, spec: CommandSpec | undefined): PositionalInfo[] {
  const specArgs = (spec?.args ?? []).filter((a) => !a.flag);
  return cmd.registeredArguments.map((a: Argument, i) => {
    let value: ValueKind = { kind: 'none' };
    const resource = specArgs[i]?.resource;
    // The builder checks ArgSpec.enum itself rather than through commander's choices().
    const choices = a.argChoices ?? specArgs[i]?.enum;
    const hints = argHintsOf(a);
    if (choices?.length) value = { kind: 'enum', values: [...choices] };
    else if (hints?.values?.length) value = { kind: 'enum', values: [...hints.values] };
    else if (hints?.file || specArgs[i]?.file) value = { kind: 'file' };
    else if (resource) value = { kind: 'dynamic', resource };
    else if (a.name() === 'profile') value = { kind: 'dynamic', resource: LOCAL_PROFILES };
    return { name: a.name(), description: firstLine(a.description ?? ''), required: a.required, variadic: a.variadic, value };
  });
}

function nodeOf(cmd: Command, path: string[]): Node {
  const spec = specOf(cmd);
  const root = path.length === 0;
  const flags = cmd.options.map(flagInfo);
  flags.push(HELP_FLAG);
  return {
    path,
    name: cmd.name(),
    aliases: [...cmd.aliases()],
    summary: firstLine(cmd.summary() || cmd.description()),
    description: cmd.description(),
    hidden: Boolean((cmd as Command & { _hidden?: boolean })._hidden),
    children: cmd.commands.map((c) => nodeOf(c, root ? [c.name()] : [...path, c.name()])),
    flags,
    positionals: positionals(cmd, spec),
    spec,
    command: cmd,
  };
}

export function modelOf(program: Command): Node {
  const root = nodeOf(program, []);
  discoverIds(root);
  return root;
}

/**
 * Ids nobody marked with a `resource` still complete when a list for them can be found: a
 * positional or id flag whose list sits at the command's path up to it (`chats get <chatId>`
 * with `chats list` at /chats), and a field flag named `--<thing>-id` when `<thing>s list`
 * exists (`--user-id`, `--team-id`).
 */
function discoverIds(root: Node): void {
  walk(root, (n) => {
    const spec = n.spec;
    if (!spec) return;
    const positionalArgs = (spec.args ?? []).filter((a) => !a.flag);
    // The resource is named after its list ('chats' for `chats list`) when the spec names none.
    const named = (arg: ArgSpec, found: FoundList | undefined): ValueKind | undefined =>
      found ? { kind: 'dynamic', resource: arg.resource ?? found.list.path.filter((w, i, all) => !(i === all.length - 1 && w === 'list')).join(' ') } : undefined;
    n.positionals.forEach((p, i) => {
      const arg = positionalArgs[i];
      if (p.value.kind === 'none' && arg) p.value = named(arg, findList(root, n, arg)) ?? p.value;
    });
    for (const f of n.flags) {
      if (!f.takesValue || f.value.kind !== 'none' || !f.long) continue;
      const arg = (spec.args ?? []).find((a) => a.flag && `--${a.flag}` === f.long);
      if (arg) {
        f.value = named(arg, findList(root, n, arg)) ?? f.value;
        continue;
      }
      const stem = /^--([a-z][a-z0-9-]*)-id$/.exec(f.long)?.[1];
      if (!stem || (f.type !== undefined && f.type !== 'string')) continue;
      const resource = `${stem.replace(/-/g, ' ')}s`;
      if (findList(root, n, { name: '', resource })) f.value = { kind: 'dynamic', resource };
    }
  });
}

/** Every node below the root, depth first, in the tree's own order. */
export function walk(node: Node, visit: (n: Node) => void): void {
  for (const c of node.children) {
    visit(c);
    walk(c, visit);
  }
}

export function findChild(node: Node, word: string): Node | undefined {
  return node.children.find((c) => c.name === word) ?? node.children.find((c) => c.aliases.includes(word));
}

/** The flag a word names, among the node's own flags and the global ones. */
export function findFlag(node: Node, root: Node, name: string): FlagInfo | undefined {
  const match = (f: FlagInfo) => f.long === name || f.short === name;
  return node.flags.find(match) ?? root.flags.find(match);
}

// ---------------------------------------------------------------------------------------------
// Which list command lists the ids of an argument

/**
 * Resources whose list command the rules of findList() cannot find, by resource name: the words
 * of the list command. Empty while every resource follows the rules.
 */
export const RESOURCE_LISTS: Record<string, string> = {};

const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

function usable(n: Node | undefined): n is Node & { spec: CommandSpec } {
  const spec = n?.spec;
  if (!spec?.list || spec.method !== 'GET') return false;
  // A list that needs a filter nobody has typed cannot be asked.
  return !(spec.fields ?? []).some((f) => f.required && f.default === undefined);
}

const indexes = new WeakMap<Node, Map<string, Node & { spec: CommandSpec }>>();

/** The list command at each path shape, `list` itself before other lists there (search, export). */
function listsByShape(root: Node): Map<string, Node & { spec: CommandSpec }> {
  let index = indexes.get(root);
  if (!index) {
    index = new Map();
    const map = index;
    walk(root, (n) => {
      if (!usable(n)) return;
      const k = shape(n.spec.path);
      const prev = map.get(k);
      if (!prev || (prev.name !== 'list' && n.name === 'list')) map.set(k, n);
    });
    indexes.set(root, index);
  }
  return index;
}

/** Follows command words (aliases too) from the root. */
function nodeAt(root: Node, words: string[]): Node | undefined {
  let n: Node | undefined = root;
  for (const w of words) n = n && findChild(n, w);
  return n;
}

export interface FoundList {
  list: Node & { spec: CommandSpec };
  /** For each path parameter of the list, the parameter of the command that supplies it. */
  from: Array<string | undefined>;
}

/**
 * The list command for an id argument: an entry of RESOURCE_LISTS; else the list whose path is
 * the command's path up to that id (`/users` for `/users/{userId}`, `/chats/{chatId}/messages`
 * for `/chats/{chatId}/messages/{messageId}`), which also scopes nested ids to their parent;
 * else `<resource> list`.
 */
export function findList(root: Node, leaf: Node, arg: ArgSpec): FoundList | undefined {
  const pinned = arg.resource && RESOURCE_LISTS[arg.resource];
  if (pinned) {
    const list = nodeAt(root, pinned.split(' '));
    if (usable(list)) return { list, from: [] };
  }
  const path = leaf.spec?.path ?? '';
  const at = arg.name ? path.indexOf(`/{${arg.name}}`) : -1;
  if (at > 0) {
    const prefix = path.slice(0, at);
    const list = listsByShape(root).get(shape(prefix));
    if (list) return { list, from: paramNames(prefix) };
  }
  if (arg.resource) {
    const list = nodeAt(root, [...arg.resource.split(' '), 'list']);
    if (usable(list)) return { list, from: [] };
  }
  return undefined;
}

export interface ListTarget {
  list: Node & { spec: CommandSpec };
  /** Path parameter values of the list command. */
  params: Record<string, string>;
}

/** The list with its path parameters filled from the values known on the line, or undefined. */
export function listCommandFor(root: Node, leaf: Node, arg: ArgSpec, known: Record<string, string>): ListTarget | undefined {
  const found = findList(root, leaf, arg);
  if (!found) return undefined;
  const params: Record<string, string> = {};
  paramNames(found.list.spec.path).forEach((name, i) => {
    const own = (found.list.spec.args ?? []).find((a) => a.name === name);
    const supplier = found.from[i];
    const value = (supplier !== undefined ? known[supplier] : undefined) ?? known[name] ?? own?.default;
    if (value !== undefined) params[name] = value;
  });
  return paramNames(found.list.spec.path).every((n) => n in params) ? { list: found.list, params } : undefined;
}
