// Reads a partial command line the way commander will parse it, and says what the last word can
// be: a command, a flag, a flag's value or a positional. `agnt __complete` uses it; the shell
// scripts walk the line with the same rules.
import { findChild, findFlag, type FlagInfo, type Node, type PositionalInfo, type ValueKind } from './model.ts';

export interface LineState {
  node: Node;
  /** The word being completed (after `--flag=` when the value is completed in that form). */
  current: string;
  /** Values of the flags given so far, by long name ('--profile'). */
  flagValues: Map<string, string>;
  /** Positional words given so far at this command. */
  positionals: string[];
  target: { kind: 'commands' } | { kind: 'flags' } | { kind: 'flag-value'; flag: FlagInfo } | { kind: 'positional'; index: number; positional: PositionalInfo } | { kind: 'nothing' };
}

export function globalFlags(root: Node): FlagInfo[] {
  return root.flags.filter((f) => f.long !== '--version' && f.long !== '--help');
}

/** Global flags a command redefines under the same name (e.g. its own `-o, --output <path>`). */
export function shadowedGlobals(root: Node, node: Node): FlagInfo[] {
  if (node === root) return [];
  const own = new Set(node.flags.flatMap((f) => [f.long, f.short]).filter(Boolean));
  return globalFlags(root).filter((f) => own.has(f.long) || (f.short !== undefined && own.has(f.short)));
}

/** The flags a command takes: its own, then the global ones it does not redefine. */
export function offeredFlags(root: Node, node: Node): FlagInfo[] {
  if (node === root) return root.flags;
  const shadowed = new Set(shadowedGlobals(root, node));
  return [...node.flags, ...globalFlags(root).filter((f) => !shadowed.has(f))];
}

function record(map: Map<string, string>, flag: FlagInfo | undefined, value: string): void {
  if (flag?.long) map.set(flag.long, value);
}

export function analyze(root: Node, words: string[]): LineState {
  const before = words.slice(0, -1);
  let current = words.length ? words[words.length - 1]! : '';
  let node = root;
  const flagValues = new Map<string, string>();
  const positionals: string[] = [];
  let afterDashes = false;
  let pending: FlagInfo | undefined;

  for (let i = 0; i < before.length; i++) {
    const w = before[i]!;
    if (pending) {
      record(flagValues, pending, w);
      pending = undefined;
      continue;
    }
    if (afterDashes || w === '-' || !w.startsWith('-')) {
      const child = !afterDashes && positionals.length === 0 ? findChild(node, w) : undefined;
      if (child) node = child;
      else positionals.push(w);
      continue;
    }
    if (w === '--') {
      afterDashes = true;
      continue;
    }
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq > 0) {
      record(flagValues, findFlag(node, root, w.slice(0, eq)), w.slice(eq + 1));
      continue;
    }
    const flag = findFlag(node, root, w.startsWith('--') ? w : w.slice(0, 2));
    // -ojson: a short flag with its value attached.
    if (flag && !w.startsWith('--') && w.length > 2) {
      if (flag.takesValue) record(flagValues, flag, w.slice(2));
      continue;
    }
    if (flag?.takesValue && !flag.optionalValue) pending = flag;
  }

  const state = (target: LineState['target']): LineState => ({ node, current, flagValues, positionals, target });
  if (pending) return state({ kind: 'flag-value', flag: pending });
  if (!afterDashes && current.startsWith('--') && current.includes('=')) {
    const eq = current.indexOf('=');
    const flag = findFlag(node, root, current.slice(0, eq));
    current = current.slice(eq + 1);
    return flag?.takesValue ? state({ kind: 'flag-value', flag }) : state({ kind: 'nothing' });
  }
  if (!afterDashes && current.startsWith('-')) return state({ kind: 'flags' });
  if (node.children.length && positionals.length === 0) return state({ kind: 'commands' });
  const list = node.positionals;
  if (!list.length) return state({ kind: 'nothing' });
  let index = positionals.length;
  if (index >= list.length) {
    if (!list[list.length - 1]!.variadic) return state({ kind: 'nothing' });
    index = list.length - 1;
  }
  return state({ kind: 'positional', index, positional: list[index]! });
}

/** The value kind of the word being completed, when it is a value. */
export function valueKind(state: LineState): ValueKind | undefined {
  if (state.target.kind === 'flag-value') return state.target.flag.value;
  if (state.target.kind === 'positional') return state.target.positional.value;
  return undefined;
}
