// A flag that takes one value, given twice (`--email a@x --email b@x`), is a usage error
// naming the flag, instead of silently keeping the last value.
import type { Option } from 'commander';
import { UsageError } from './errors.ts';

/** Makes `option` refuse a second value; keeps any parser it already has (choices()). */
export function oneValue<T extends Option>(option: T): T {
  const inner = option.parseArg;
  let seen = 0;
  option.argParser((value: string, previous: unknown) => {
    if (++seen > 1) {
      const e = new UsageError(`${option.long ?? option.short} was given more than once; it takes one value`, 'give it once (lists are comma-separated or use a repeatable flag)');
      e.field = (option.long ?? option.short ?? '').replace(/^-+/, '');
      throw e;
    }
    return inner ? inner.call(option, value, previous) : value;
  });
  return option;
}
