// An import allocates fast and keeps little: about 15 MB live whatever the file's size (rows in
// flight, the e-mail table). V8's defaults favour throughput: the old generation may grow to four
// times the live size between collections and the young one to 32 MB, which took a 1M-row
// import to about 180 MB. Two V8 settings, made when the import starts (the process ends with
// the command), keep it near 130 MB for about a tenth more CPU (measured with
// scripts/bench-import.mjs). Both are read by V8 at each collection, so they apply at once.
import v8 from 'node:v8';

const YOUNG_CAP_BYTES = 8 * 1024 * 1024;

export class MemoryGuard {
  private capped = false;

  constructor() {
    v8.setFlagsFromString('--heap-growing-percent=20');
  }

  /** Called for each chunk of records: once the young generation reached the cap, it stops growing. */
  check(): void {
    if (this.capped) return;
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young && young.space_size >= YOUNG_CAP_BYTES) {
      v8.setFlagsFromString('--semi-space-growth-factor=1');
      this.capped = true;
    }
  }
}
