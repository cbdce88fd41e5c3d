// The HTTP core's gate: at most `size` requests on the wire, the rest wait in arrival order,
// except the next pages of a walk, which wait ahead of the others (they bring the records that
// start the others).
import { describe, expect, it } from 'vitest';
import { Gate } from '../../src/core/gate.ts';

describe('gate', () => {
  it('holds its size, lets waiters in by arrival, and a priority waiter before them', async () => {
    const gate = new Gate(1);
    const order: string[] = [];
    await gate.acquire();
    const wait = (name: string, priority = false) =>
      gate.acquire(priority).then(() => {
        order.push(name);
      });
    const all = [wait('a'), wait('b'), wait('page 2', true), wait('c'), wait('page 3', true)];
    expect(gate.busy).toBe(6);
    for (let i = 0; i < 5; i++) {
      gate.release();
      // Each release lets exactly one in.
      await expect.poll(() => order.length).toBe(i + 1);
    }
    await Promise.all(all);
    expect(order).toEqual(['page 2', 'page 3', 'a', 'b', 'c']);
    gate.release();
    expect(gate.busy).toBe(0);
  });
});
