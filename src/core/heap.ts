// V8 grows the young generation (where short-lived objects are made) whenever enough has
// survived its collections since it last grew, and agnt's start-up (command tables, the HTTP
// client) survives a few MB of them. A long walk that prints pages as they come keeps almost
// nothing, but that count still reaches the next step: at 10k records the young generation had
// grown to 16 MB (the minimal page walk stays at 8), most of the peak RSS above the walk's.
// Capping it costs nothing measurable, since a collection's cost is what survives it, which
// stays one page. The flag is read by V8 at each collection, so it applies at once; the process
// ends with the command. (The import caps its own at 16 MB: workflows/import/memory.ts.)
// node:v8 is taken when first needed, not imported: start-up need not load it. The flag goes
// through setV8Flags, as every mid-run flag does (V8 keys the compile cache by its flags).
import { setV8Flags } from './compile-cache.ts';

export class YoungCap {
  private capped = false;
  constructor(private readonly bytes: number) {}

  /** Called once a page: once the young generation reached the cap, it stops growing. */
  check(): void {
    if (this.capped) return;
    const v8 = process.getBuiltinModule('node:v8');
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young && young.space_size >= this.bytes) {
      setV8Flags('--semi-space-growth-factor=1');
      this.capped = true;
    }
  }
}
