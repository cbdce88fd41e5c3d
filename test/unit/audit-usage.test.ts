import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advance, CursorFile, isNew } from '../../src/workflows/audit/cursor.ts';
import { keyValue, parseBy } from '../../src/workflows/usage/keys.ts';
import { displayWidth } from '../../src/core/width.ts';
import { hbar, svgChart, terminalReport, timeChart } from '../../src/workflows/usage/render.ts';
import type { Report } from '../../src/workflows/usage/report.ts';

describe('the audit tail cursor', () => {
  it('is the last time written and the ids written at that time', () => {
    let c = advance({ time: null, ids: new Set() }, [
      { time: 1, id: 'a' },
      { time: 2, id: 'b' },
      { time: 2, id: 'c' },
    ]);
    expect(c).toEqual({ time: 2, ids: new Set(['b', 'c']) });
    // Later in the same millisecond (the rest of a page boundary): the ids add up.
    c = advance(c, [{ time: 2, id: 'd' }]);
    expect(c.ids).toEqual(new Set(['b', 'c', 'd']));
    expect([isNew(c, 1, 'x'), isNew(c, 2, 'c'), isNew(c, 2, 'e'), isNew(c, 3, 'b')]).toEqual([false, false, true, true]);
    c = advance(c, [{ time: 3, id: 'e' }]);
    expect(c).toEqual({ time: 3, ids: new Set(['e']) });
  });

  it("refuses a file that is not agnt's or is another source's, and saves atomically", () => {
    const dir = mkdtempSync(join(tmpdir(), 'agnt-cursor-'));
    try {
      const file = join(dir, 'c.json');
      const { file: f, cursor } = CursorFile.open(file, 'organization org_a');
      expect(cursor.time).toBeNull();
      f.save({ time: Date.parse('2026-11-25T10:00:00.000Z'), ids: new Set(['e1', 'e2']) });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ source: 'organization org_a', time: '2026-11-25T10:00:00.000Z', ids: ['e1', 'e2'] });
      expect(CursorFile.open(file, 'organization org_a').cursor.ids).toEqual(new Set(['e1', 'e2']));
      expect(() => CursorFile.open(file, 'organization org_b')).toThrow(/cursor of organization org_a/);
      writeFileSync(file, '{"time": "2026-11-25T10:00:00Z"}');
      expect(() => CursorFile.open(file, 'organization org_a')).toThrow(/not an agnt cursor file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('usage report keys and drawings', () => {
  it('parses --by: one or two known keys', () => {
    expect(parseBy(undefined)).toEqual(['user']);
    expect(parseBy('team,model')).toEqual(['team', 'model']);
    expect(() => parseBy('colour')).toThrow(/unknown key 'colour'/);
    expect(() => parseBy('user,team,day')).toThrow(/one or two/);
    expect(() => parseBy('day,day')).toThrow(/twice/);
  });

  it('puts runs in days and ISO weeks of the time zone', () => {
    const kc = { teams: new Map(), tz: 'America/New_York' };
    const chat = { createdAt: '2026-01-01T00:00:00Z' };
    // 03:00 UTC on Jan 1st is Dec 31st in New York; ISO week 1 of 2026 starts on Monday Dec 29th.
    expect(keyValue('day', chat, { startedAt: '2026-01-01T03:00:00Z' }, kc)).toBe('2025-12-31');
    expect(keyValue('week', chat, { startedAt: '2026-01-01T03:00:00Z' }, kc)).toBe('2026-W01');
    expect(keyValue('week', chat, { startedAt: '2026-11-26T12:00:00Z' }, kc)).toBe('2026-W48');
  });

  it('draws bars in eighths, and charts that fit the width', () => {
    expect(hbar(0.5, 4)).toBe('\u2588\u2588');
    expect(hbar(1 / 8, 4)).toBe('\u258c');
    expect(hbar(1 / 16, 4)).toBe('\u258e');
    const rows = Array.from({ length: 200 }, (_, i) => ({
      day: `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      costUsd: (i % 7) + 1,
      share: 1 / 200,
      runs: 1,
      turns: 1,
      inputTokens: 1,
      outputTokens: 1,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    }));
    const report: Report = {
      keys: ['day'],
      rows,
      total: { inputTokens: 200, outputTokens: 200, cacheReadTokens: 0, cacheCreationTokens: 0, costMicros: rows.reduce((s, r) => s + r.costUsd * 1e6, 0), runs: 200, turns: 200 },
    };
    for (const width of [40, 80, 120]) {
      for (const line of timeChart(report, width)) expect([...line].length, line).toBeLessThanOrEqual(width);
      for (const line of terminalReport(report, width).split('\n')) expect([...line].length, `${width}: ${line}`).toBeLessThanOrEqual(Math.max(width, 60));
    }
    expect(timeChart(report, 80).at(-1)).toMatch(/the last \d+ of 200/);
    // Keys in wide characters are measured in terminal cells, and cut between graphemes.
    const wide: Report = { ...report, keys: ['team'], rows: rows.slice(0, 3).map((r, i) => ({ ...r, team: `${'営業チーム'.repeat(i + 4)}👨‍👩‍👧` })) };
    for (const width of [60, 80]) for (const line of terminalReport(wide, width).split('\n')) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
    expect(terminalReport(wide, 60)).not.toMatch(/\u200d…|\ud83d…/);
    const svg = svgChart({ ...report, rows: rows.slice(0, 3).map((r) => ({ ...r, day: '<b>&' })) });
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(3);
    expect(svg).toContain('&lt;b&gt;&amp;');
  });
});
