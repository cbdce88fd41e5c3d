// Output to a terminal goes around the progress lines on stderr: each is cleared before the
// write and drawn again after it, so no data line is glued to a stale spinner frame.
import { describe, expect, it } from 'vitest';
import { aroundProgress, drawnLines } from '../../src/core/progress-lines.ts';

describe('aroundProgress', () => {
  it('clears every drawn line before the write and draws it again after', () => {
    const log: string[] = [];
    const line = { clear: () => log.push('clear'), render: () => log.push('render') };
    drawnLines().add(line);
    try {
      aroundProgress(() => log.push('write'));
    } finally {
      drawnLines().delete(line);
    }
    expect(log).toEqual(['clear', 'write', 'render']);
  });

  it('only writes when nothing is drawn', () => {
    const log: string[] = [];
    aroundProgress(() => log.push('write'));
    expect(log).toEqual(['write']);
  });
});
