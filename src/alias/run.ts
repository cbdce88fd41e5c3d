// main()'s look-up of an alias: only for a first word that names no command.
import { spawn } from 'node:child_process';
import { expandArgs } from './expand.ts';
import { readAliases } from './store.ts';
import { ALIAS_NAME } from './expand.ts';

export type AliasRun = { argv: string[] } | { exitCode: number };

/** The alias `argv[0]` names, expanded (agnt arguments), or run (a --shell alias); undefined when none. */
export async function runAlias(argv: string[], isCommand: (word: string) => boolean): Promise<AliasRun | undefined> {
  const name = argv[0];
  if (!name || !ALIAS_NAME.test(name) || isCommand(name)) return undefined;
  const alias = readAliases()[name];
  if (!alias) return undefined;
  if (!alias.shell) return { argv: expandArgs(name, alias, argv.slice(1)) };
  // $0 is the alias's name, $1... its arguments, as in `sh -c`.
  const child = spawn('/bin/sh', ['-c', alias.expansion, name, ...argv.slice(1)], { stdio: 'inherit' });
  const exitCode = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
  });
  return { exitCode };
}
