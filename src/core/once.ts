// A flag that takes one value, given twice (`--email a@x --email b@x`), is a usage error
// naming the flag, instead of silently keeping the last value.
import type { Option } from 'commander';
import { UsageError } from './errors.ts';
import { runLocal } from './host.ts';

// `agnt batch` parses one command tree once per row: a value counts as a repeat only within
// the same parse, so each parse of a reused tree starts a new generation. The count is the
// run's (host.ts), like the tree it numbers.
const GENERATION = {};
const parses = () => runLocal(GENERATION, () => ({ n: 0 }));

/** Call before parsing a command line again with the same command tree. */
export function newParse(): void {
  parses().n++;
}

/** Makes `option` refuse a second value; keeps any parser it already has (choices()). */
export function oneValue<T extends Option>(option: T): T {
  const inner = option.parseArg;
  let seen = 0;
  let seenIn = parses().n;
  option.argParser((value: string, previous: unknown) => {
    const generation = parses().n;
    if (seenIn !== generation) {
      seenIn = generation;
      seen = 0;
    }
    if (++seen > 1) {
      const e = new UsageError(`${option.long ?? option.short} was given more than once; it takes one value`, 'give it once (lists are comma-separated or use a repeatable flag)');
      e.field = (option.long ?? option.short ?? '').replace(/^-+/, '');
      throw e;
    }
    return inner ? inner.call(option, value, previous) : value;
  });
  return option;
}
