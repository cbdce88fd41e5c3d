// An import allocates fast and keeps little: the rows in flight and the e-mail table (16 bytes
// a distinct address). V8's young generation may grow to 32 MB, which took a 1M-row import to
// about 132 MB; it stops growing at 16 MB here, which keeps that import near 117 MB for no
// measurable CPU (scripts/bench.mjs --only import). A cap of 8 MB and a heap growing by 20% a
// step, as before, saved another 7 MB for about a fifth more CPU, most of it spent collecting.
// The setting is read by V8 at each collection, so it applies at once; the process ends with
// the command.
import v8 from 'node:v8';
import { setV8Flags } from '../../core/compile-cache.ts';

const YOUNG_CAP_BYTES = 16 * 1024 * 1024;

export class MemoryGuard {
  private capped = false;

  /** Called for each chunk of records: once the young generation reached the cap, it stops growing. */
  check(): void {
    if (this.capped) return;
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young && young.space_size >= YOUNG_CAP_BYTES) {
      setV8Flags('--semi-space-growth-factor=1');
      this.capped = true;
    }
  }
}
