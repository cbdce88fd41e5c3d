// The progress lines drawn on stderr in this run, so that output to a terminal goes around them:
// a line ora is redrawing sits where stdout's next line would be written, and without clearing it
// first the data would be glued to a stale frame of the spinner.
import { runLocal } from './host.ts';

export interface DrawnLine {
  clear(): void;
  render(): void;
}

const KEY = {};

/** The lines drawn now (ora's spinners and progress counters of this run). */
export function drawnLines(): Set<DrawnLine> {
  return runLocal(KEY, () => new Set<DrawnLine>());
}

/** Writes with every progress line cleared, then draws them again below what was written. */
export function aroundProgress(write: () => void): void {
  const lines = drawnLines();
  if (!lines.size) {
    write();
    return;
  }
  for (const l of lines) l.clear();
  write();
  for (const l of lines) l.render();
}
