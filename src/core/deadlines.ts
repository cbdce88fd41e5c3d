// Request deadlines without a timer each. Every request of a client has the same limit
// (--timeout), so deadlines fall due in the order the requests were sent: they wait in a queue,
// and one timer is set for the oldest still running. A timer per request (made, inserted in
// Node's timer list, cleared) was about 15 ms of a 1,000-request inbox's CPU. Times are read
// from the monotonic clock, as Node's timers are: a change of the wall clock neither fires nor
// delays a deadline. process.hrtime rather than performance.now(): the global `performance` is
// made on first use, which cost every API call over a millisecond of its start.

/** Milliseconds on the monotonic clock. */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

interface Entry {
  at: number;
  fire: () => void;
  done: boolean;
}

export class Deadlines {
  private queue: Entry[] = [];
  private head = 0;
  private live = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** In sweep(), which sets the next timer itself once the due entries have fired. */
  private sweeping = false;

  constructor(private readonly ms: number) {}

  /** Calls `fire` once `ms` have passed, unless the returned function is called first. */
  add(fire: () => void): () => void {
    const entry: Entry = { at: now() + this.ms, fire, done: false };
    this.queue.push(entry);
    this.live++;
    if (!this.timer && !this.sweeping) this.arm();
    return () => {
      if (entry.done) return;
      entry.done = true;
      if (--this.live === 0 && !this.sweeping) this.reset();
    };
  }

  /** Nothing is running: no timer holds the process open, and the queue starts again. */
  private reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.head = 0;
  }

  private arm(): void {
    while (this.head < this.queue.length && this.queue[this.head]!.done) this.head++;
    if (this.head === this.queue.length) {
      this.reset();
      return;
    }
    // Finished entries ahead of the running ones are dropped once they are most of the queue.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    const wait = Math.max(1, Math.ceil(this.queue[this.head]!.at - now()));
    this.timer = setTimeout(() => this.sweep(), wait);
  }

  private sweep(): void {
    this.timer = undefined;
    this.sweeping = true;
    try {
      const t = now();
      while (this.head < this.queue.length) {
        const e = this.queue[this.head]!;
        if (!e.done && e.at > t) break;
        this.head++;
        if (e.done) continue;
        e.done = true;
        this.live--;
        e.fire();
      }
    } finally {
      this.sweeping = false;
    }
    if (this.live === 0) this.reset();
    else this.arm();
  }
}
