// A counting gate: at most `size` holders at once, the rest wait in arrival order. The HTTP
// client sends through one, so that a workflow's fan-out (3 requests per team of a 1,000-team
// export, a span's principals for 1,000 spans) waits here, in agnt, rather than in the socket
// pool: a request's timer starts when it is sent, not while it queues, and no more than `size`
// retry pauses listen on the command's abort signal at once.
export class Gate {
  private held = 0;
  private waiting: Array<() => void> = [];
  /** Waiters that go first: the next pages of a walk, on which queued work often depends. */
  private first: Array<() => void> = [];

  constructor(private size: number) {}

  /** A new size; with more places, waiters go at once (the HTTP client learns the protocol late). */
  resize(size: number): void {
    this.size = size;
    while (this.held < this.size) {
      const next = this.first.shift() ?? this.waiting.shift();
      if (!next) break;
      this.held++;
      next();
    }
  }

  /** Takes a place if one is free now, with no wait (then release() it exactly once). */
  tryAcquire(): boolean {
    if (this.held >= this.size) return false;
    this.held++;
    return true;
  }

  /** Resolves when a place is free; the caller must release() it exactly once. */
  acquire(priority = false): Promise<void> {
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise((resolve) => (priority ? this.first : this.waiting).push(resolve));
  }

  release(): void {
    const next = this.first.shift() ?? this.waiting.shift();
    // The place passes straight to the next waiter: `held` stays the same.
    if (next) next();
    else this.held--;
  }

  /** Requests holding a place or waiting for one. */
  get busy(): number {
    return this.held + this.first.length + this.waiting.length;
  }
}
