// Concurrency for a workflow's independent requests. The HTTP core's gate bounds what is on the
// wire; this bounds what a workflow starts, so that results keep the input's order and an early
// stop (a fatal error, Ctrl-C) leaves the rest unstarted.

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
  let running = 0;
  let failed: { error: unknown } | undefined;
  const waiting: Array<() => void> = [];
  const done = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };
  return <R>(fn: () => Promise<R>): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const start = () => {
        if (failed) {
          reject(failed.error);
          // Let the next waiter see the failure too.
          const next = waiting.shift();
          if (next) next();
          return;
        }
        running++;
        fn().then(
          (v) => {
            done();
            resolve(v);
          },
          (e) => {
            failed ??= { error: e };
            done();
            reject(e);
          },
        );
      };
      if (running < limit) start();
      else waiting.push(start);
    });
}
