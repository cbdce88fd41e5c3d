// `agnt alias set|list|delete|export|import`.
import { document, type Outcome } from '../core/outcome.ts';
import { AgntError, EXIT, UsageError } from '../core/errors.ts';
import type { Context } from '../core/context.ts';
import { readStructured } from '../core/input.ts';
import { ALIAS_NAME, splitWords } from '../alias/expand.ts';
import { type Aliases, changeAliases, checkAliases, readAliases } from '../alias/store.ts';

/** Whether a word is taken by a command (area, area alias, built-in): an alias never shadows one. */
export type CommandWord = (word: string) => boolean;

async function checkName(name: string, what: string, commandWord: CommandWord): Promise<void> {
  if (!ALIAS_NAME.test(name)) throw new UsageError(`${what}: invalid alias name '${name}' (letters, digits, - and _, starting with a letter)`);
  if (commandWord(name)) throw new UsageError(`${what}: '${name}' is a command; an alias cannot shadow it`);
}

async function checkExpansion(name: string, expansion: string, shell: boolean, commandWord: CommandWord): Promise<void> {
  if (shell) return;
  const first = splitWords(expansion)[0];
  if (!first || !commandWord(first)) throw new UsageError(`alias '${name}': the expansion must start with an agnt command, got '${first ?? ''}'`, 'use --shell for a shell command');
}

export async function set(ctx: Context, name: unknown, expansion: unknown, opts: { shell?: boolean }, commandWord: CommandWord): Promise<void> {
  const n = String(name);
  const text = String(expansion);
  await checkName(n, 'alias set', commandWord);
  await checkExpansion(n, text, Boolean(opts.shell), commandWord);
  const had = await changeAliases((aliases) => {
    const before = aliases[n];
    aliases[n] = { expansion: text, ...(opts.shell ? { shell: true } : {}) };
    return before;
  });
  ctx.io.info(`${had ? 'changed' : 'added'} alias ${n}: ${opts.shell ? '(shell) ' : ''}${text}`);
}

export function list(): Outcome {
  const rows = Object.entries(readAliases()).map(([name, a]) => ({ name, expansion: a.expansion, shell: Boolean(a.shell) }));
  return { data: rows, columns: [{ path: 'name' }, { path: 'expansion' }, { path: 'shell' }] };
}

export async function remove(ctx: Context, name: unknown): Promise<void> {
  const n = String(name);
  await changeAliases((aliases) => {
    if (!aliases[n]) throw new AgntError(`no alias named '${n}'`, EXIT.notFound, 'agnt alias list shows them');
    delete aliases[n];
  });
  ctx.io.info(`deleted alias ${n}`);
}

/** A JSON document for `alias import`, whatever the output format: a file to keep, written as it was. */
export function exportAliases(): Outcome {
  return document(JSON.stringify({ aliases: readAliases() }, null, 2));
}

export async function importAliases(ctx: Context, file: unknown, opts: { clobber?: boolean }, commandWord: CommandWord): Promise<void> {
  const incoming: Aliases = checkAliases(await readStructured(String(file), () => ctx.io.readStdin()), String(file));
  for (const [name, a] of Object.entries(incoming)) {
    await checkName(name, `alias import ${file}`, commandWord);
    await checkExpansion(name, a.expansion, Boolean(a.shell), commandWord);
  }
  await changeAliases((aliases) => {
    for (const [name, a] of Object.entries(incoming)) {
      if (aliases[name] && aliases[name].expansion !== a.expansion && !opts.clobber)
        throw new UsageError(`alias '${name}' exists with another expansion; nothing was imported`, 'pass --clobber to replace it');
    }
    Object.assign(aliases, incoming);
  });
  ctx.io.info(`imported ${Object.keys(incoming).length} alias(es)`);
}
