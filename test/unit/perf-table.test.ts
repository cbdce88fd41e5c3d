// docs/performance.md's table is generated from docs/performance.json (scripts/perf-table.mjs), as
// docs/commands.md is from the command tree: the committed page must hold the table the records make.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { BEGIN, merge, readRows, renderTable, withTable } from '../../scripts/perf-table.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The committed copy where there is a git index, else the working copy. */
function committed(file: string): string {
  try {
    return execFileSync('git', ['show', `:${file}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return readFileSync(join(ROOT, file), 'utf8');
  }
}

describe('the performance table', () => {
  it('in docs/performance.md is what docs/performance.json makes (npm run build writes it)', () => {
    const rows = JSON.parse(committed('docs/performance.json'));
    for (const file of ['docs/performance.md']) {
      const doc = committed(file);
      expect(doc.indexOf(BEGIN)).toBeGreaterThan(0);
      expect(withTable(doc, rows) === doc, `${file} is stale: run \`npm run build\` and commit it`).toBe(true);
    }
    expect(renderTable(readRows())).toContain('| executable size (‡‡) |');
  });

  it('renders one row per record, an empty cell for what a record leaves out', () => {
    expect(renderTable([{ line: 'a', baseline: 'b', target: '<= 1x', median: '0.9x', verdict: 'ok' }]).split('\n')).toEqual([
      '| line | baseline | target | median ratio | peak RSS | |',
      '|---|---|---|---|---|---|',
      '| a | b | <= 1x | 0.9x | | ok |',
    ]);
    expect(() => withTable('no markers', [])).toThrow(/markers/);
  });

  it('takes a bench run: a measured line replaces the figures of its record, a new line is appended, info lines are not kept', () => {
    const rows = [{ line: '`agnt --version` (x)', baseline: '`node -e 0`', target: '<= 1.15x', median: '1.0x', rss: '40 MB', verdict: 'ok', bench: 'agnt --version' }];
    const lines = [
      { name: 'agnt --version', vs: 'node -e 0', value: '1.20x (60 vs 50 ms)', target: '<= 1.15x', pass: false, rss: '41 MB' },
      { name: 'executable --help', vs: 'node bin/agnt.js', value: '1.05x', target: '<= 1.1x', pass: true },
      { name: '  sandbox page at 10k (median)', vs: '', value: '3 ms', target: 'info' },
    ];
    expect(merge(rows, lines, '2026-11-29, load 1.0')).toEqual([
      { ...rows[0], median: '1.20x (60 vs 50 ms) (2026-11-29, load 1.0)', rss: '41 MB', verdict: 'over' },
      { line: 'executable --help', baseline: 'node bin/agnt.js', target: '<= 1.1x', median: '1.05x (2026-11-29, load 1.0)', rss: '', verdict: 'ok', bench: 'executable --help' },
    ]);
  });
});
