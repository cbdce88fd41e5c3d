// How a usage report looks: on a terminal a table with a bar for each row's share of the cost
// (and, grouped by day or week, a bar chart over time), fitted to the terminal's width; with
// --chart a standalone SVG of the same bars. Drawn with Unicode block characters; colour only
// through the IO's chalk, which is plain text where colour is off.
import type { ChalkInstance } from 'chalk';
import { escapeControls } from '../../core/output.ts';
import { displayWidth, padEndWidth, truncateWidth } from '../../core/width.ts';
import { TIME_KEYS } from './keys.ts';
import type { Report } from './types.ts';

type Rec = Record<string, any>;

const EIGHTHS = ['', '\u258f', '\u258e', '\u258d', '\u258c', '\u258b', '\u258a', '\u2589'];
const FULL = '\u2588';
const COLUMN_EIGHTHS = [' ', '\u2581', '\u2582', '\u2583', '\u2584', '\u2585', '\u2586', '\u2587', '\u2588'];

const money = (n: number) => `$${n.toFixed(2)}`;
const count = (n: number) => n.toLocaleString('en-US');

/** A horizontal bar of `fraction` of `width` cells, in eighths of a cell. */
export function hbar(fraction: number, width: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * width * 8);
  return FULL.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

interface Col {
  header: string;
  cells: string[];
  right?: boolean;
  /** Dropped first when the terminal is narrow (higher goes first). */
  drop: number;
}

export function terminalReport(report: Report, width: number, chalk?: ChalkInstance): string {
  const { keys, rows, total } = report;
  const totalUsd = total.costMicros / 1_000_000;
  const keyCols: Col[] = keys.map((k) => ({ header: k.toUpperCase(), cells: [...rows.map((r) => truncateWidth(escapeControls(String(r[k])), 32)), 'TOTAL'], drop: 0 }));
  if (keyCols.length > 1) keyCols[1]!.cells[rows.length] = '';
  const num = (header: string, f: (r: Rec) => string, t: string, drop: number): Col => ({ header, cells: [...rows.map(f), t], right: true, drop });
  const cols: Col[] = [
    ...keyCols,
    num('COST', (r) => money(r.costUsd), money(totalUsd), 0),
    num('RUNS', (r) => count(r.runs), count(total.runs), 3),
    num('TURNS', (r) => count(r.turns), count(total.turns), 4),
    num('INPUT', (r) => count(r.inputTokens), count(total.inputTokens), 5),
    num('OUTPUT', (r) => count(r.outputTokens), count(total.outputTokens), 6),
    num('CACHE_READ', (r) => count(r.cacheReadTokens), count(total.cacheReadTokens), 7),
    num('CACHE_WRITE', (r) => count(r.cacheCreationTokens), count(total.cacheCreationTokens), 8),
  ];
  // Measured, padded and cut in terminal cells, as every table is (core/width.ts): a team's name in
  // CJK takes two cells a character, and a cut never splits a grapheme.
  const widthOf = (c: Col) => Math.max(displayWidth(c.header), ...c.cells.map(displayWidth));
  const SEP = 3;
  // The share column: a bar of at least 10 cells and the percentage.
  const shareMin = 10 + 7;
  const used = () => cols.reduce((s, c) => s + widthOf(c) + SEP, 0) + shareMin;
  while (used() > width) {
    const i = cols.reduce((best, c, j) => (c.drop > (cols[best]?.drop ?? 0) ? j : best), -1);
    if (i < 0) break;
    cols.splice(i, 1);
  }
  // Key cells cut further if the keys alone are too wide.
  while (used() > width && keyCols.some((c) => widthOf(c) > 8)) {
    for (const c of keyCols) c.cells = c.cells.map((s) => truncateWidth(s, Math.max(8, widthOf(c) - 4)));
  }
  const barWidth = Math.max(4, Math.min(40, width - (used() - shareMin) - 7));
  const widths = cols.map(widthOf);
  const costAt = keys.length;
  const lines: string[] = [];
  const line = (cells: string[], share: string) => {
    const parts = cells.map((s, i) => (cols[i]!.right ? s.padStart(widths[i]!) : padEndWidth(s, widths[i]!)));
    // The share bar sits after the cost.
    parts.splice(costAt + 1, 0, share);
    return parts.join(' '.repeat(SEP)).trimEnd();
  };
  const bold = (s: string) => (chalk ? chalk.bold(s) : s);
  lines.push(
    bold(
      line(
        cols.map((c) => c.header),
        'SHARE'.padEnd(barWidth + 7),
      ),
    ),
  );
  rows.forEach((r, i) => {
    const pct = `${(r.share * 100).toFixed(1)}%`.padStart(6);
    const bar = hbar(r.share, barWidth).padEnd(barWidth);
    lines.push(
      line(
        cols.map((c) => c.cells[i]!),
        `${chalk ? chalk.cyan(bar) : bar} ${pct}`,
      ),
    );
  });
  lines.push(
    bold(
      line(
        cols.map((c) => c.cells[rows.length]!),
        `${' '.repeat(barWidth)} ${'100.0%'.padStart(6)}`,
      ),
    ),
  );
  if (TIME_KEYS.has(keys[0]!) && rows.length) lines.push('', ...timeChart(report, width, chalk));
  return lines.join('\n');
}

/** Cost per period (the first key), as columns of block characters, at most `width` cells wide. */
export function timeChart(report: Report, width: number, chalk?: ChalkInstance, height = 8): string[] {
  const per = new Map<string, number>();
  for (const r of report.rows) per.set(r[report.keys[0]!], (per.get(r[report.keys[0]!]) ?? 0) + Math.round(r.costUsd * 1_000_000));
  let periods = [...per.keys()].sort();
  const max = Math.max(...per.values(), 1);
  const top = money(max / 1_000_000);
  const labelW = top.length + 1;
  const room = Math.max(4, width - labelW - 1);
  let note = '';
  if (periods.length > room) {
    note = ` (the last ${room} of ${periods.length})`;
    periods = periods.slice(-room);
  }
  const colW = Math.max(1, Math.min(6, Math.floor(room / periods.length)));
  const barW = colW > 2 ? colW - 1 : colW;
  const out: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const label = row === height - 1 ? top : row === 0 ? '$0' : '';
    let text = '';
    for (const p of periods) {
      const level = (per.get(p)! / max) * height * 8;
      const fill = Math.max(0, Math.min(8, Math.round(level - row * 8)));
      text += COLUMN_EIGHTHS[fill]!.repeat(barW) + ' '.repeat(colW - barW);
    }
    out.push(`${label.padStart(labelW - 1)} \u2502${chalk ? chalk.cyan(text.trimEnd()) : text.trimEnd()}`);
  }
  const axis = `${' '.repeat(labelW)}\u2514${'\u2500'.repeat(Math.min(room, periods.length * colW))}`;
  out.push(axis);
  const first = periods[0]!;
  const last = periods[periods.length - 1]!;
  const span = periods.length * colW;
  const labels = first === last || span < first.length + last.length + 1 ? first : first + ' '.repeat(span - first.length - last.length) + last;
  out.push(`${' '.repeat(labelW + 1)}${labels}`.slice(0, width));
  out.push(`cost per ${report.keys[0]}${note}`.slice(0, width));
  return out;
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');

/** The report's cost per row as a standalone SVG: one bar per row, its label and its amount. */
/** A bar's cost: cents from a dollar up; below, two significant digits ($0.0032), so that small bars differ. */
function barMoney(n: number): string {
  if (n === 0 || Math.abs(n) >= 1) return money(n);
  return `$${Number(n.toPrecision(2))}`;
}

/** A period's end in a title: the date, with the time (UTC) when it is not midnight. */
function when(iso: string | undefined, otherwise: string): string {
  if (!iso) return otherwise;
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 16)];
  return time === '00:00' ? date : `${date} ${time} UTC`;
}

/** About this many characters of 13px sans-serif fit the label column. */
const LABEL_CHARS = 38;

export function svgChart(report: Report): string {
  const { keys, rows } = report;
  const rowH = 24;
  const labelW = 280;
  const barMax = 420;
  const width = labelW + barMax + 120;
  const top = 48;
  const height = top + rows.length * rowH + 24;
  const max = Math.max(...rows.map((r) => r.costUsd), 0) || 1;
  const title = `Cost by ${keys.join(' and ')}${report.from || report.to ? `, ${when(report.from, 'start')} to ${when(report.to, 'now')}` : ''}: ${money(report.total.costMicros / 1_000_000)}`;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">`,
    `<title>${xml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="28" font-size="16" font-weight="bold">${xml(title)}</text>`,
  ];
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const label = keys.map((k) => String(r[k])).join(' / ');
    const w = Math.max(1, Math.round((r.costUsd / max) * barMax));
    // Drawn from the left edge and shortened to the column: anchored at its end, a long label ran off the image's left.
    const shown = [...label].length > LABEL_CHARS ? `${[...label].slice(0, LABEL_CHARS - 1).join('')}…` : label;
    parts.push(
      `<text x="12" y="${y + 16}">${xml(shown)}</text>`,
      `<rect class="bar" x="${labelW}" y="${y + 4}" width="${w}" height="${rowH - 8}" fill="#3b82f6"><title>${xml(`${label}: ${barMoney(r.costUsd)}`)}</title></rect>`,
      `<text x="${labelW + w + 6}" y="${y + 16}">${xml(barMoney(r.costUsd))} (${(r.share * 100).toFixed(1)}%)</text>`,
    );
  });
  parts.push('</svg>', '');
  return parts.join('\n');
}
