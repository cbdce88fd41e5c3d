// The commands that are not API endpoints (auth, config, sandbox, api, inbox, wait, batch,
// commands, completion), declared from their records (src/builtin/records.ts). The records, and
// the routes their help names, load only when a built-in's words are on the command line (or the
// whole tree is wanted): an area command's start never reads them.
import type { Command } from 'commander';
import type { ContextFactory } from './core/builder.ts';

/** `word`: the command line's first word ('' for none), whose records alone are declared in full; undefined declares all. */
export async function addBuiltins(program: Command, makeContext: ContextFactory, word?: string): Promise<void> {
  const [{ declareBuiltins }, { BUILTIN_GROUPS, BUILTINS }] = await Promise.all([import('./builtin/declare.ts'), import('./builtin/records.ts')]);
  declareBuiltins(program, makeContext, BUILTIN_GROUPS, BUILTINS, word);
}

/**
 * The first words of the built-in commands, and `help`, which main() answers itself: known at
 * start, before the records load (test/unit/builtin-records.test.ts holds it to the records).
 */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([
  'help',
  '__complete',
  '__man',
  '__reference',
  'alias',
  'api',
  'approve',
  'auth',
  'batch',
  'changes',
  'commands',
  'completion',
  'config',
  'console',
  'extension',
  'inbox',
  'keys',
  'mcp',
  'sandbox',
  'undo',
  'version',
  'wait',
]);
