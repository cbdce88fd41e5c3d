// The commands that are not API endpoints (auth, config, sandbox, api, inbox, wait, batch,
// commands, completion), declared from their records (src/builtin/records.ts).
import type { Command } from 'commander';
import type { ContextFactory } from './core/builder.ts';
import { declareBuiltins } from './builtin/declare.ts';
import { BUILTIN_GROUPS, BUILTINS } from './builtin/records.ts';

export function addBuiltins(program: Command, makeContext: ContextFactory): void {
  declareBuiltins(program, makeContext, BUILTIN_GROUPS, BUILTINS);
}

/** The first words of the built-in commands, and `help`, which main() answers itself. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set(['help', ...BUILTINS.map((r) => r.command.split(' ')[0]!)]);
