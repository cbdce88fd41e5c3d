// The rows of a stream with no end (an audit tail, sandbox requests --follow) are laid out in
// fixed widths before any record is seen; they are measured in terminal cells like every table.
import { describe, expect, it } from 'vitest';
import { FixedRows } from '../../src/core/present-stream.ts';
import { displayWidth } from '../../src/core/width.ts';

describe('stream rows in fixed widths', () => {
  it('wide characters count two cells, and a cut keeps graphemes whole', () => {
    const rows = new FixedRows(
      [
        { path: 'id', header: 'ID' },
        { path: 'name', header: 'NAME' },
        { path: 'note', header: 'NOTE' },
      ],
      60,
      { first: 10, weights: [3, 3] },
    );
    const text = rows.render([{ id: 'evt_1', name: '営業チーム'.repeat(6), note: `${'👨‍👩‍👧'.repeat(20)}` }]);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(60);
    expect(lines[1]).toMatch(/…/);
    expect(lines[1]).not.toMatch(/\u200d…/);
  });
});
