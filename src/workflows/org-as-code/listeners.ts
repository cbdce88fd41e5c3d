// Every request in flight listens on the command's abort signal (Ctrl-C cancels it). Node warns
// on stderr past ten listeners, which concurrent reads of a large organization exceed by design:
// a command that sends N at once makes room for N.
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { Context } from '../../core/context.ts';

export function roomForListeners(ctx: Context, inFlight: number): void {
  const want = 10 + inFlight;
  if (ctx.signal && getMaxListeners(ctx.signal) < want) setMaxListeners(want, ctx.signal);
}
