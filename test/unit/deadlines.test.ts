// Request deadlines share one timer (src/core/deadlines.ts): each still fires once, in the
// order the requests were sent, never after it was stopped, and nothing holds the process
// open once no request runs.
import { describe, expect, it } from 'vitest';
import { Deadlines } from '../../src/core/deadlines.ts';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('Deadlines', () => {
  it('fires each running deadline once, in order; a stopped one never fires', async () => {
    const d = new Deadlines(20);
    const fired: string[] = [];
    let last!: () => void;
    const done = new Promise<void>((r) => {
      last = r;
    });
    d.add(() => fired.push('a'));
    const stopB = d.add(() => fired.push('b'));
    d.add(() => {
      fired.push('c');
      last();
    });
    stopB();
    await done;
    expect(fired).toEqual(['a', 'c']);
  });

  it('one timer for many deadlines, and none once every one is stopped', () => {
    const before = timers();
    const d = new Deadlines(60_000);
    const stops = Array.from({ length: 100 }, () => d.add(() => undefined));
    expect(timers()).toBe(before + 1);
    for (const stop of stops.reverse()) stop();
    expect(timers()).toBe(before);
  });

  it('a deadline added while others fire is kept, and fires; then no timer is left', async () => {
    const before = timers();
    const d = new Deadlines(10);
    const fired: string[] = [];
    const done = new Promise<void>((resolve) => {
      d.add(() => {
        fired.push('first');
        d.add(() => {
          fired.push('second');
          resolve();
        });
      });
    });
    await done;
    expect(fired).toEqual(['first', 'second']);
    expect(timers()).toBe(before);
  });
});
