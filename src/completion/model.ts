// The command tree as plain data, read from the commander program (never from the area
// tables directly), so that every command anyone adds, built-in or generated, gets shell
// completion and a reference entry without further work.
import type { Argument, Command, Option } from 'commander';
import { hintsOf, specOf } from '../core/builder.ts';
import type { CommandSpec } from '../core/spec.ts';

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

/** Resources listed from local state rather than the server. */
export const LOCAL_RESOURCES = new Set(['profiles']);

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
  if (o.attributeName() === 'profile') return { kind: 'dynamic', resource: 'profiles' };
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

const HELP_FLAG: FlagInfo = { long: '--help', short: '-h', flags: '-h, --help', description: 'show help for a command', takesValue: false, optionalValue: false, value: { kind: 'none' }, hidden: false };

function firstLine(s: string): string {
  return (s.split('\n')[0] ?? '').trim();
}

function positionals(cmd: Command, spec: CommandSpec | undefined): PositionalInfo[] {
  const specArgs = (spec?.args ?? []).filter((a) => !a.flag);
  return cmd.registeredArguments.map((a: Argument, i) => {
    let value: ValueKind = { kind: 'none' };
    const resource = specArgs[i]?.resource;
    if (a.argChoices?.length) value = { kind: 'enum', values: [...a.argChoices] };
    else if (resource) value = { kind: 'dynamic', resource };
    else if (a.name() === 'profile') value = { kind: 'dynamic', resource: 'profiles' };
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
  return nodeOf(program, []);
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
