// The performance table of docs/performance.md, generated from docs/performance.json: one record
// per line (what is measured, the baseline, the target, the median ratio, the peak RSS, the
// verdict, and `bench`, the name `npm run bench` reports it under). `npm run bench -- --record`
// writes what it measured into the records (merge() below); `npm run build` writes the table
// (writePerformanceTable()); test/unit/perf-table.test.ts fails while the committed table differs
// from the records.
import { readFileSync, writeFileSync } from 'node:fs';

const DOC = new URL('../docs/performance.md', import.meta.url);
const DATA = new URL('../docs/performance.json', import.meta.url);
export const BEGIN = '<!-- The table is generated from docs/performance.json by `npm run build` (scripts/perf-table.mjs); do not edit it here. -->';
export const END = '<!-- end of the generated table -->';

const COLUMNS = [
  ['line', 'line'],
  ['baseline', 'baseline'],
  ['target', 'target'],
  ['median', 'median ratio'],
  ['rss', 'peak RSS'],
  ['verdict', ''],
];

export const readRows = () => JSON.parse(readFileSync(DATA, 'utf8'));

/** The table as Markdown, one line per record. */
export function renderTable(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`.replace(/ {2,}\|/g, ' |');
  return [line(COLUMNS.map(([, head]) => head)), `|${COLUMNS.map(() => '---|').join('')}`, ...rows.map((r) => line(COLUMNS.map(([key]) => r[key] ?? '')))].join('\n');
}

/** docs/performance.md with its table made from the records. */
export function withTable(doc, rows) {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error('docs/performance.md: the markers around the generated table are missing');
  return `${doc.slice(0, a + BEGIN.length)}\n\n${renderTable(rows)}\n\n${doc.slice(b)}`;
}

export function writePerformanceTable() {
  const doc = readFileSync(DOC, 'utf8');
  const next = withTable(doc, readRows());
  if (next !== doc) writeFileSync(DOC, next);
}

/** The records with the bench's measured lines (its report() records) written in, by their bench name; new lines are appended. */
export function merge(rows, lines, note) {
  const out = [...rows];
  for (const l of lines) {
    if (l.target === 'info' || l.value.startsWith('skipped')) continue;
    const at = out.findIndex((r) => r.bench === l.name.trim());
    const measured = { median: `${l.value} (${note})`, rss: l.rss ?? '', verdict: l.pass === undefined ? '' : l.pass ? 'ok' : 'over' };
    if (at >= 0) out[at] = { ...out[at], ...measured };
    else out.push({ line: l.name.trim(), baseline: l.vs ?? '', target: l.target, ...measured, bench: l.name.trim() });
  }
  return out;
}

/** `npm run bench -- --record`: the measured lines into docs/performance.json, and the table again. */
export function record(lines, note) {
  writeFileSync(DATA, `${JSON.stringify(merge(readRows(), lines, note), null, 1)}\n`);
  writePerformanceTable();
}
