// The sandbox's clock: every time the sandbox reads ("now" for timestamps, span states, expiries,
// audit events, onboarding runs) comes from here, so that a rehearsal can start on any date and
// move through days in seconds. Wall time by default; from --clock, frozen unless given a rate.
export class Clock {
  /** The sandbox time at the moment `wallAt` of the wall clock. */
  private at: number;
  private wallAt: number;
  /** Sandbox milliseconds per wall millisecond: 0 is frozen, 1 runs like the wall clock. */
  rate: number;

  constructor(start?: number, rate?: number) {
    this.wallAt = Date.now();
    this.at = start ?? this.wallAt;
    this.rate = rate ?? (start === undefined ? 1 : 0);
  }

  now(): number {
    if (this.rate === 0) return this.at;
    return Math.floor(this.at + (Date.now() - this.wallAt) * this.rate);
  }

  set(ms: number, rate = this.rate): void {
    this.wallAt = Date.now();
    this.at = ms;
    this.rate = rate;
  }

  view(): { now: string; rate: number; frozen: boolean } {
    return { now: new Date(this.now()).toISOString(), rate: this.rate, frozen: this.rate === 0 };
  }
}
