// Concurrency for a workflow's independent requests. The HTTP core's gate bounds what is on the
// wire; this bounds what a workflow starts, so that results keep the input's order and an early
// stop (a fatal error, Ctrl-C) leaves the rest unstarted.
import { Gate } from './gate.ts';

/**
 * Runs `fn` over `items`, at most `limit` at once, keeping the order. The first failure stops
 * the start of further items; those already under way finish (their requests are not left
 * half-observed), then that failure is thrown.
 */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (e) {
        failed ??= { error: e };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw failed.error;
  return out;
}

/**
 * A lane for work that arrives over time (the records of each page of a walk, as the pages come):
 * runs what it is handed, at most `limit` at once, in the order handed. After a failure nothing
 * waiting is started; it rejects with that failure.
 */
export function lane(limit: number): <R>(fn: () => Promise<R>) => Promise<R> {
  // The HTTP core's counting gate, which hands a place to the next waiter in arrival order.
  const gate = new Gate(limit);
  let failed: { error: unknown } | undefined;
  return async <R>(fn: () => Promise<R>): Promise<R> => {
    await gate.acquire();
    try {
      if (failed) throw failed.error;
      return await fn();
    } catch (e) {
      failed ??= { error: e };
      throw e;
    } finally {
      gate.release();
    }
  };
}
