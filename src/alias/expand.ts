// Turning `agnt NAME ARGS...` into the command line an alias stands for. Only a first word that
// names no command is looked up, so an alias can never shadow a command (alias set refuses such
// names too).
import { UsageError } from '../core/errors.ts';
import type { Alias } from './store.ts';

export const ALIAS_NAME = /^[a-z][a-z0-9_-]*$/i;

/** Words of an expansion, split as a shell would at blanks, with '...' and "..." quoting. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && (text[i + 1] === '"' || text[i + 1] === '\\')) word = (word ?? '') + text[++i];
      else word = (word ?? '') + ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + ch;
  }
  if (quote) throw new UsageError(`unterminated ${quote} in alias expansion: ${text}`);
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * The agnt arguments an alias stands for: $1..$9 are the arguments given, $@ all the ones no $N
 * took (as separate words); without $@ those are appended at the end, as gh does.
 */
export function expandArgs(name: string, alias: Alias, args: string[]): string[] {
  const words = splitWords(alias.expansion);
  const used = new Set<number>();
  let rest = false;
  const out: string[] = [];
  for (const w of words) {
    if (w === '$@') {
      rest = true;
      out.push('\0rest');
      continue;
    }
    out.push(
      w.replace(/\$(\d)/g, (_, d: string) => {
        const n = Number(d);
        if (n < 1 || n > args.length) throw new UsageError(`alias '${name}' needs an argument for $${n} (${alias.expansion})`);
        used.add(n - 1);
        return args[n - 1]!;
      }),
    );
  }
  const remaining = args.filter((_, i) => !used.has(i));
  return rest ? out.flatMap((w) => (w === '\0rest' ? remaining : [w])) : [...out, ...remaining];
}
