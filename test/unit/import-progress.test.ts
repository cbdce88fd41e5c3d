import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Progress } from '../../src/workflows/import/progress.ts';
import type { IO } from '../../src/core/io.ts';

function fakeIO(): { io: IO; text: () => string } {
  let buf = '';
  const stderr = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      cb();
    },
  });
  const io = { stderr } as unknown as IO;
  return { io, text: () => buf };
}

describe('progress', () => {
  it('writes nothing when not on a terminal', () => {
    const { io, text } = fakeIO();
    const p = new Progress(io, false, 1000, () => 500);
    p.update(10, true);
    p.end();
    expect(text()).toBe('');
  });

  it('redraws one line with rows, rate, percentage and eta, and clears it at the end', () => {
    const { io, text } = fakeIO();
    const p = new Progress(io, true, 1000, () => 500);
    p.update(12_500, true);
    expect(text()).toMatch(/^\r\x1b\[K12,500 rows {2}[\d,]+ rows\/s {2}50% {2}eta (\d+s|\?)$/);
    p.end();
    expect(text().endsWith('\r\x1b[K')).toBe(true);
  });
});
