// Help is wrapped to the terminal's width, however narrow: a long option's description wraps
// beside it rather than running past the edge (commander alone gives up below 40 free columns).
import { describe, expect, it } from 'vitest';
import { plain, runInPty } from '../support/pty.ts';

describe('help on a narrow terminal', () => {
  it.each([50, 64])('wraps every option line at %i columns', async (width) => {
    const r = await runInPty(['batch', '--help'], [], { COLUMNS: String(width) });
    expect(r.exitCode).toBe(0);
    const text = plain(r.output).replace(/\r/g, '');
    const options = text.slice(text.indexOf('Options:'), text.indexOf('Examples:'));
    expect(options).toContain('--input-format <format>');
    // A line may pass the edge only when one word alone does not fit.
    const over = options.split('\n').filter(
      (l) =>
        l.length > width &&
        Math.max(
          ...l
            .trim()
            .split(/\s+/)
            .map((w) => w.length),
        ) < 20,
    );
    expect(over).toEqual([]);
  });
});
