// Turns the built-in records (src/builtin/records.ts) into commander commands, the way the
// builder turns endpoint records into theirs: help text (description, Endpoint(s):, Examples:),
// flags and positionals all come from the record, and the record stays reachable from its
// command for completion, the reference and `agnt commands`.
import { Argument, type Command, Option } from 'commander';
import { type ContextFactory, hinted } from '../core/builder.ts';
import { oneValue } from '../core/once.ts';
import { type BuiltinArg, type BuiltinGroup, type BuiltinRecord, routeOf } from './record.ts';

const records = new WeakMap<Command, BuiltinRecord>();
const argHints = new WeakMap<Argument, { file?: boolean; values?: readonly string[] }>();

/** The record a built-in command was declared from; undefined for every other command. */
export function builtinOf(cmd: Command): BuiltinRecord | undefined {
  return records.get(cmd);
}

/** What completion knows of a positional beyond commander's own (a file, values checked later). */
export function argHintsOf(arg: Argument): { file?: boolean; values?: readonly string[] } | undefined {
  return argHints.get(arg);
}

/** The lines of the help's Endpoint(s): section: method and path, and when it is called. */
export function endpointLines(rec: BuiltinRecord): string[] {
  if (rec.endpointsNote) return [rec.endpointsNote];
  return (rec.endpoints ?? []).map((e) => `${routeOf(e)}${e.note ? ` (${e.note})` : ''}`);
}

function afterHelp(rec: BuiltinRecord): string {
  const endpoints = endpointLines(rec);
  let text = '';
  if (endpoints.length) text += `\nEndpoint${endpoints.length > 1 && !rec.endpointsNote ? 's' : ''}:\n${endpoints.map((l) => `  ${l}`).join('\n')}\n`;
  if (rec.examples.length) text += `\nExamples:\n${rec.examples.map((l) => `  $ ${l}`).join('\n')}`;
  return text;
}

function argument(a: BuiltinArg): Argument {
  const name = `${a.name}${a.variadic ? '...' : ''}`;
  const arg = new Argument(a.required === false ? `[${name}]` : `<${name}>`, a.description);
  if (a.choices) arg.choices([...a.choices]);
  if (a.file || a.values) argHints.set(arg, { file: a.file, values: a.values });
  return arg;
}

const collect = (v: string, previous: string[] = []) => [...previous, v];

/**
 * Declares the groups and the records under `program`, in the records' order. With `word` (the
 * command line's first word, '' for none), the records of a group are declared only when the
 * group is that word; other groups get their name and summary alone, which is all the root help
 * and an unknown-command error show (top-level commands are declared whole: the root help shows
 * their arguments). Building every option of the groups' forty-odd records made `agnt --help`
 * slower than the areas' index had made it.
 */
export function declareBuiltins(program: Command, makeContext: ContextFactory, groups: readonly BuiltinGroup[], list: readonly BuiltinRecord[], word?: string): void {
  const find = (parent: Command, word: string) => parent.commands.find((c) => c.name() === word);
  /** The command for the words before a verb (`sandbox clock`), each made from its group record. */
  const groupOf = (words: string[]): Command => {
    let parent = program;
    for (let i = 0; i < words.length; i++) {
      const existing = find(parent, words[i]!);
      if (existing) {
        parent = existing;
        continue;
      }
      const path = words.slice(0, i + 1).join(' ');
      const g = groups.find((x) => x.command === path);
      if (!g) throw new Error(`built-in ${path}: no group record`);
      parent = parent.command(words[i]!).description(g.description).summary(g.summary);
    }
    return parent;
  };
  for (const rec of list) {
    const words = rec.command.split(' ');
    if (word !== undefined && words.length > 1 && words[0] !== word) {
      groupOf(words.slice(0, 1));
      continue;
    }
    const parent = groupOf(words.slice(0, -1));
    const cmd = parent.command(words[words.length - 1]!, { ...(rec.hidden ? { hidden: true } : {}), ...(rec.isDefault ? { isDefault: true } : {}) });
    records.set(cmd, rec);
    if (rec.aliases?.length) cmd.aliases([...rec.aliases]);
    cmd.description(rec.description ?? rec.summary).summary(rec.summary);
    for (const a of rec.args ?? []) cmd.addArgument(argument(a));
    for (const o of rec.options ?? []) {
      const option = new Option(o.flags, o.description);
      if (o.default !== undefined) option.default(o.default);
      // As an endpoint command's options: a value given twice is refused, not the last one kept.
      if (o.repeatable) option.argParser(collect);
      else if (option.required || option.optional) oneValue(option);
      cmd.addOption(o.file || o.values ? hinted(option, { file: o.file, values: o.values }) : option);
    }
    if (rec.raw) cmd.helpOption(false).allowUnknownOption().allowExcessArguments();
    const help = afterHelp(rec);
    if (help) cmd.addHelpText('after', help);
    cmd.action(async (...params: unknown[]) => {
      const self = params[params.length - 1] as Command;
      const opts = params[params.length - 2] as Record<string, unknown>;
      const ctx = makeContext(self);
      const spec = { command: rec.command, formats: rec.formats };
      if (rec.formats) (await import('../core/present.ts')).checkFormats(ctx, spec);
      const outcome = await rec.run(ctx, { args: params.slice(0, -2), opts, program });
      if (outcome) await (await import('../core/present.ts')).present(ctx, spec, outcome);
    });
  }
}
