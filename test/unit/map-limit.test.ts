// The two ways a workflow bounds its own fan-out: mapLimit over a list it has, lane over records
// that arrive page by page. Both keep the order, hold the limit, and start nothing after a failure.
import { describe, expect, it } from 'vitest';
import { lane, mapLimit } from '../../src/core/map-limit.ts';

/** A task that finishes when told to, recording how many ran at once. */
function tasks() {
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const finish = new Map<number, () => void>();
  const task = (i: number) => async () => {
    started.push(i);
    running++;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => finish.set(i, resolve));
    running--;
    return i * 10;
  };
  return { task, started, finish, peak: () => peak };
}

describe('lane', () => {
  it('runs at most `limit` at once, in the order handed, and each caller gets its own result', async () => {
    const t = tasks();
    const run = lane(2);
    const results = [0, 1, 2, 3, 4].map((i) => run(t.task(i)));
    await expect.poll(() => t.started.length).toBe(2);
    expect(t.started).toEqual([0, 1]);
    // Finishing out of order frees places in turn; waiters start in the order they came.
    t.finish.get(1)!();
    await expect.poll(() => t.started.length).toBe(3);
    expect(t.started).toEqual([0, 1, 2]);
    for (const i of [0, 2]) t.finish.get(i)!();
    await expect.poll(() => t.started.length).toBe(5);
    for (const i of [3, 4]) t.finish.get(i)!();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(t.peak()).toBe(2);
  });

  it('after a failure, nothing waiting is started: each waiter rejects with that failure', async () => {
    const started: number[] = [];
    const run = lane(1);
    const boom = new Error('boom');
    const first = run(async () => {
      started.push(0);
      throw boom;
    });
    const rest = [1, 2].map((i) =>
      run(async () => {
        started.push(i);
        return i;
      }),
    );
    await expect(first).rejects.toBe(boom);
    for (const r of rest) await expect(r).rejects.toBe(boom);
    expect(started).toEqual([0]);
  });
});

describe('mapLimit', () => {
  it('keeps the input order and the limit', async () => {
    const t = tasks();
    const out = mapLimit([0, 1, 2, 3], 3, (i) => t.task(i)());
    await expect.poll(() => t.started.length).toBe(3);
    for (const i of [2, 0, 1]) t.finish.get(i)!();
    await expect.poll(() => t.started.length).toBe(4);
    t.finish.get(3)!();
    expect(await out).toEqual([0, 10, 20, 30]);
    expect(t.peak()).toBe(3);
  });
});
