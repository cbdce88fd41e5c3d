// Tables, drawn by cli-table3 and fitted to the terminal first. Loaded only when a table is
// drawn (cli-table3 and string-width's Unicode tables cost start-up time every other run would
// pay). Borderless, kubectl-style: columns three spaces apart, headers in bold when colour is on.
//
// Fitting, on a terminal only (a pipe gets every column whole): while the columns would not all
// keep a readable width, the least important column is dropped (the last, unless a column
// says otherwise; an id column never); then the widest cells are cut with an ellipsis, never
// inside a grapheme cluster. Record ids are never cut.
import Table from 'cli-table3';
import { displayWidth, truncateWidth } from './width.ts';

export interface TableColumn {
  header: string;
  /** Lower is more important; the highest is dropped first. Default: the column's position. */
  priority?: number;
  /** Holds record ids: never cut, never dropped. */
  id?: boolean;
}

export interface TableOptions {
  /** The terminal's columns; Infinity: a pipe, nothing is cut. */
  width: number;
  /** Bold headers (agnt's own styling, the only escape sequence a table carries). */
  bold?: (s: string) => string;
}

const GAP = 3;
// A cut column keeps at least this many cells (or its header, if wider): narrower is noise.
const MIN_CELLS = 8;
// Columns are dropped while they would not all keep this many cells: a few readable columns
// say more than every column cut to a stub.
const COMFORT_CELLS = 16;

/** The columns kept and the width of each, so that the table fits `width`. */
export function fitColumns(columns: TableColumn[], natural: number[], width: number): { keep: number[]; widths: number[] } {
  let keep = columns.map((_, i) => i);
  if (!Number.isFinite(width)) return { keep, widths: natural };
  const floor = (cells: number) => columns.map((c, i) => (c.id ? natural[i]! : Math.min(natural[i]!, Math.max(cells, displayWidth(c.header)))));
  const min = floor(MIN_CELLS);
  const comfort = floor(COMFORT_CELLS);
  const total = (cols: number[], w: (i: number) => number) => cols.reduce((s, i) => s + w(i), 0) + GAP * Math.max(0, cols.length - 1);
  const rank = (i: number) => columns[i]!.priority ?? i;
  while (keep.length > 1 && total(keep, (i) => comfort[i]!) > width) {
    const droppable = keep.filter((i) => !columns[i]!.id);
    if (!droppable.length) break;
    const least = droppable.reduce((a, b) => (rank(b) >= rank(a) ? b : a));
    keep = keep.filter((i) => i !== least);
  }
  const widths = [...natural];
  let excess = total(keep, (i) => widths[i]!) - width;
  while (excess > 0) {
    // Cut the widest column that may still give, down to the next widest (or its minimum).
    const cuttable = keep.filter((i) => widths[i]! > min[i]!);
    if (!cuttable.length) break;
    cuttable.sort((a, b) => widths[b]! - widths[a]!);
    const top = cuttable[0]!;
    const next = cuttable.length > 1 ? widths[cuttable[1]!]! : 0;
    const give = Math.max(1, Math.min(excess, widths[top]! - Math.max(next, min[top]!)));
    widths[top] = widths[top]! - give;
    excess -= give;
  }
  return { keep, widths };
}

// cli-table3 takes about half a millisecond a row: a screenful is nothing, a 50,000-row listing
// in a pipe would take half a minute. Past this many rows the same layout is drawn line by line
// (the unit tests hold the two to the same bytes).
const CLI_TABLE_ROWS = 500;

/** Rows of escaped cell text under the columns' headers, fitted and drawn. */
export function drawTable(columns: TableColumn[], rows: string[][], opts: TableOptions & { direct?: boolean }): string {
  const natural = columns.map((c) => displayWidth(c.header));
  const measured = rows.map((r) => columns.map((_, i) => displayWidth(r[i] ?? '')));
  for (const w of measured) for (let i = 0; i < columns.length; i++) if (w[i]! > natural[i]!) natural[i] = w[i]!;
  const { keep, widths } = fitColumns(columns, natural, opts.width);
  const cut = (s: string, i: number, w: number) => (w > widths[i]! ? truncateWidth(s, widths[i]!) : s);
  if (opts.direct ?? rows.length > CLI_TABLE_ROWS) return drawDirect(columns, rows, measured, keep, widths, cut, opts);
  const table = new Table({
    head: keep.map((i) => {
      const h = cut(columns[i]!.header, i, displayWidth(columns[i]!.header));
      return opts.bold ? opts.bold(h) : h;
    }),
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: ' '.repeat(GAP),
    },
    // The cells are already cut to fit (grapheme-safe): cli-table3 lays out, never cuts.
    colWidths: keep.map((i) => widths[i]!),
    wordWrap: false,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  for (let r = 0; r < rows.length; r++) table.push(keep.map((i) => cut(rows[r]![i] ?? '', i, measured[r]![i]!)));
  // The last column's padding goes: no line ends in spaces.
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** The same layout as cli-table3's, one line at a time (linear in the cells). */
function drawDirect(columns: TableColumn[], rows: string[][], measured: number[][], keep: number[], widths: number[], cut: (s: string, i: number, w: number) => string, opts: TableOptions): string {
  const gap = ' '.repeat(GAP);
  const line = (cells: string[], cellWidths: number[]) => {
    let out = '';
    for (let k = 0; k < keep.length; k++) {
      const i = keep[k]!;
      if (k) out += gap;
      const text = cut(cells[i] ?? '', i, cellWidths[i]!);
      // Measured once already; a cut cell is measured again (it may end short of the width).
      const w = cellWidths[i]! > widths[i]! ? displayWidth(text) : cellWidths[i]!;
      out += text + ' '.repeat(Math.max(0, widths[i]! - w));
    }
    return out.trimEnd();
  };
  const headers = columns.map((c) => c.header);
  const headerWidths = headers.map(displayWidth);
  let head = line(headers, headerWidths);
  if (opts.bold) {
    // Bold headers, padded as plain text: the escape sequences take no cells.
    head = keep
      .map((i, k) => {
        const text = cut(headers[i]!, i, headerWidths[i]!);
        const pad = k < keep.length - 1 ? ' '.repeat(Math.max(0, widths[i]! - displayWidth(text))) + gap : '';
        return opts.bold!(text) + pad;
      })
      .join('')
      .trimEnd();
  }
  const out = [head];
  for (let r = 0; r < rows.length; r++) out.push(line(rows[r]!, measured[r]!));
  return out.join('\n');
}
