// Tables through cli-table3, fitted to the terminal: no line wider than its columns, the least
// important columns dropped first, then long cells cut (never inside a grapheme), ids never cut;
// a pipe and -o wide get every column whole.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/core/output.ts';
import { Printer } from '../../src/core/present-printer.ts';
import { drawTable } from '../../src/core/table.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const HEADERS = ['ID', 'NAME', 'EMAIL', 'STATUS', 'CREATED_AT', 'TAGS'];
const ROWS = [
  ['con_0123456789abcdef', `Zoë 山田太郎 ${FAMILY} and family`, 'zoe.yamada@a-rather-long-domain.example.com', 'active', '2026-12-01T10:00:00Z', 'vip, travel, board'],
  ['con_2', 'Bob', 'bob@example.com', 'archived', '2026-12-02T10:00:00Z', ''],
];
const columns = HEADERS.map((h, i) => ({ header: h, id: i === 0 }));
const widest = (t: string) => Math.max(...t.split('\n').map((l) => stringWidth(l)));

describe('tables fit the terminal', () => {
  it('no line is wider than the terminal, at any width', () => {
    for (let width = 30; width <= 160; width += 7) {
      const t = drawTable(columns, ROWS, { width });
      expect(widest(t), `width ${width}:\n${t}`).toBeLessThanOrEqual(width);
      // The ids are whole, whatever the width.
      expect(t).toContain('con_0123456789abcdef');
      // A cut cell ends with an ellipsis and keeps whole graphemes (no lone surrogate, no broken ZWJ family).
      expect(t).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      expect(t).not.toMatch(/\u200D(?![\ud800-\udbff])/);
    }
  });

  it('drops the least important columns first, then cuts cells', () => {
    const t = drawTable(columns, ROWS, { width: 80 });
    const header = t.split('\n')[0]!.split(/\s{3,}/);
    expect(header[0]).toBe('ID');
    expect(header).not.toContain('TAGS');
    // A column may say it matters more than its position.
    const kept = drawTable(
      columns.map((c) => (c.header === 'TAGS' ? { ...c, priority: 0 } : c)),
      ROWS,
      { width: 80 },
    );
    expect(kept.split('\n')[0]).toMatch(/TAGS/);
    const narrow = drawTable(columns, ROWS, { width: 60 });
    expect(narrow).toMatch(/…/);
  });

  it('a pipe is not cut; -o wide shows every column whole', async () => {
    const full = drawTable(columns, ROWS, { width: Infinity });
    for (const cell of ROWS.flat().filter(Boolean)) expect(full).toContain(cell);
    const wide = await renderTable(ROWS, HEADERS, { tty: true, width: 40, color: false, format: 'wide' });
    expect(wide).toBe(full);
    const piped = await renderTable(ROWS, HEADERS, { tty: false, width: 40, color: false });
    expect(piped).toBe(full);
  });

  it('a list printed as a table on an 80-column terminal stays within 80', async () => {
    const out: string[] = [];
    const p = new Printer({ format: 'table', tty: true, color: false, width: 80 }, (t) => out.push(t), undefined, [
      { path: 'id' },
      { path: 'name' },
      { path: 'email' },
      { path: 'status' },
      { path: 'createdAt' },
      { path: 'tags' },
    ]);
    p.records(ROWS.map(([id, name, email, status, createdAt, tags]) => ({ id, name, email, status, createdAt, tags: tags!.split(', ') })));
    await p.endList();
    expect(widest(out.join('\n'))).toBeLessThanOrEqual(80);
    expect(out.join('\n')).toContain('con_0123456789abcdef');
  });
});

describe('a long table is drawn line by line, to the same bytes', () => {
  it('cli-table3 and the direct drawing agree, cut or whole, bold or plain', () => {
    const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
    for (const width of [Infinity, 120, 80, 50, 30]) {
      for (const b of [undefined, bold]) {
        const viaTable = drawTable(columns, ROWS, { width, bold: b, direct: false });
        expect(drawTable(columns, ROWS, { width, bold: b, direct: true }), `width ${width}${b ? ', bold' : ''}`).toBe(viaTable);
      }
    }
  });
});
