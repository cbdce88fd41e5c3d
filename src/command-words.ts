// Whether a first word names a command (an area, one of its aliases, a built-in): such a word is
// never an alias and never an extension.
import { AREA_INDEX } from '../commands/index.ts';
import { BUILTIN_NAMES } from './builtins.ts';

export function isCommandWord(word: string): boolean {
  return BUILTIN_NAMES.has(word) || AREA_INDEX.some((e) => e.name === word || Boolean(e.aliases?.includes(word)));
}
