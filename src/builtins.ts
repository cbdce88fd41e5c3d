// The commands that are not API endpoints (auth, config, sandbox, api, inbox, wait, batch,
// commands, completion), declared from their records (src/builtin/records.ts).
import type { Command } from 'commander';
import type { ContextFactory } from './core/builder.ts';
import { declareBuiltins } from './builtin/declare.ts';
import { BUILTIN_GROUPS, BUILTINS } from './builtin/records.ts';

/** `word`: the command line's first word ('' for none), whose records alone are declared in full; undefined declares all. */
export function addBuiltins(program: Command, makeContext: ContextFactory, word?: string): void {
  declareBuiltins(program, makeContext, BUILTIN_GROUPS, BUILTINS, word);
}

/** The first words of the built-in commands, and `help`, which main() answers itself. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set(['help', ...BUILTINS.map((r) => r.command.split(' ')[0]!)]);
