import { Interrupted } from './errors.ts';

/** Waits, unless Ctrl-C comes first: then it rejects with Interrupted (exit 130). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Interrupted());
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new Interrupted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
