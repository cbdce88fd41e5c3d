// The CSV reader (src/workflows/import/records.ts) is linear in a record's length however the
// text arrives, and holds the per-cell limit for quoted and unquoted cells alike, whatever the
// chunk sizes.
import { describe, expect, it } from 'vitest';
import { CsvRecords } from '../../src/workflows/import/records.ts';

const LIMIT = 1024 * 1024;

/** Feeds `text` in chunks of `size` and returns the records and the characters the reader scanned. */
function read(text: string, size: number) {
  const r = new CsvRecords(',', LIMIT);
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(...r.push(text.slice(i, i + size)));
  out.push(...r.push('', true));
  return { records: out, scanned: r.scanned };
}

describe('CsvRecords', () => {
  it('scans a long record a bounded number of times, not once per chunk', () => {
    const long = 'x'.repeat(900 * 1024);
    const text = `a,b\n${long},"${long.slice(0, 100_000)}"\nc,d\n`;
    const { records, scanned } = read(text, 4096);
    expect(records.map((x) => x.cells.map((c) => c.length))).toEqual([
      [1, 1],
      [900 * 1024, 100_000],
      [1, 1],
    ]);
    expect(scanned).toBeLessThan(4 * text.length);
  });

  it('an unquoted cell past 1 MB is malformed, and so is a quoted one, in small chunks or in one', () => {
    for (const cell of ['y'.repeat(LIMIT + 10), `"${'z'.repeat(LIMIT + 10)}"`]) {
      for (const size of [65_536, 16 * LIMIT]) {
        const { records, scanned } = read(`email,notes\na@x.test,${cell}\nb@x.test,ok\n`, size);
        expect(records.map((x) => [x.line, x.malformed === undefined])).toEqual([
          [1, true],
          [2, false],
          [3, true],
        ]);
        expect(records[1]!.malformed).toMatch(/^line 2: a cell runs on past 1 MB/);
        expect(records[2]!.cells).toEqual(['b@x.test', 'ok']);
        expect(scanned).toBeLessThan(6 * LIMIT);
      }
    }
  });

  it('an endless unquoted line is dropped as it comes, keeping no more than the limit of it', () => {
    const r = new CsvRecords(',', LIMIT);
    const out = [...r.push('a,b\n')];
    const chunk = 'q'.repeat(1 << 20);
    for (let i = 0; i < 64; i++) out.push(...r.push(chunk));
    out.push(...r.push('\nc,d\n', true));
    expect(out.map((x) => x.cells.length === 2 && !x.malformed)).toEqual([true, false, true]);
    expect(out[1]!.cells[0]!.length).toBeLessThanOrEqual(LIMIT);
    expect(r.scanned).toBeLessThan(200 * LIMIT);
  });
});
