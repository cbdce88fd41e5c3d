// One output layer: handlers return data (and column definitions); this module decides how it
// looks in each format. Server strings are escaped here so that no escape sequence from the
// server reaches a terminal.
import { UsageError } from './errors.ts';
import { loadYaml } from './yaml.ts';
import type { ChalkInstance } from 'chalk';
import { isApiTime, isoInZone, zoned } from './wall-clock.ts';

/** A table column: a dotted path into the record, and its header (default: the last key, in SNAKE_CASE). */
export interface Column {
  /** Dotted path into the record. */
  path: string;
  header?: string;
  /** Lower is more important on a narrow terminal; the highest is dropped first. Default: its position. */
  priority?: number;
}

export const FORMATS = ['table', 'wide', 'json', 'yaml', 'jsonl', 'csv', 'id'] as const;
/**
 * A format only some commands write, where their Outcome carries it (CommandSpec.markdown): a
 * pull-request comment of `org plan` and `org drift`. Any other command refuses it.
 */
export const MARKDOWN = 'markdown';
export type Format = (typeof FORMATS)[number] | typeof MARKDOWN;

export interface OutputOptions {
  format: Format;
  fields?: string[];
  query?: string;
  /** stdout is a terminal: pretty JSON, escaped csv/id, truncated table cells. */
  tty: boolean;
  color: boolean;
  /** The IO's chalk instance (level 0 when colour is off); none: plain text. */
  chalk?: ChalkInstance;
  width: number;
  /** Show the API's times in this zone: '2026-12-01 09:00 EST' in a table, ISO with an offset in csv. */
  zone?: string;
  /** Keys a record's id may be nested under (from the command's path and resource), for -o id. */
  idKeys?: string[];
  /** A comment heading a yaml document. */
  comment?: string;
  /** --csv-raw: csv cells as the server sent them (no escaping, no formula guard). */
  csvRaw?: boolean;
}

// What must not reach a terminal raw, and its escaping, live with the terminal's other rules
// (term.ts, the one module that writes escape sequences); every format here uses them.
import { escapeControls, NON_C0, uEscape, hasControls } from './term.ts';

export { escapeControls, escapeForTerminal, escapeStderr, hasControls } from './term.ts';
/** JSON text that round-trips and carries no raw C1 or bidi characters either. */
export function safeJson(value: unknown, pretty: boolean): string {
  const s = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
  return s.replace(NON_C0, uEscape);
}

// A plain scalar that a YAML 1.1 reader (PyYAML, Ansible) resolves to another type than a string,
// or fails on: booleans (yes/no/on/off/y/n), null (~), ints with _ or in base 60 (1:20), octal,
// hex and binary, floats (.inf, .5), timestamps (2026-01-01, with a time), value (=) and merge (<<).
// yaml writes for YAML 1.2, which takes all of these as strings; quoted, every reader does.
const YAML11_IMPLICIT =
  /^(?:[yYnN~]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|=|<<|[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?::[0-5]?[0-9])*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|\.(?:inf|Inf|INF))|\.(?:nan|NaN|NAN)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?)$/;

/**
 * YAML that round-trips and carries no raw control, C1 or bidi character: strings holding one
 * are written double-quoted, where YAML escapes C0 itself and \uXXXX stands for the rest. A
 * string that a YAML 1.1 or 1.2 reader would take as another type is quoted, keys too: every
 * string is read as a string, times included.
 */
export async function safeYaml(value: unknown, comment?: string): Promise<string> {
  const Y = await loadYaml();
  // A record repeated in the answer is written again, not as an anchor and alias.
  const doc = new Y.Document(value ?? null, { aliasDuplicateObjects: false });
  if (comment) doc.commentBefore = comment;
  Y.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && (hasControls(node.value.replaceAll('\n', '')) || YAML11_IMPLICIT.test(node.value))) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 }).replace(/\n$/, '').replace(NON_C0, uEscape);
}

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur) && !/^\d+$/.test(key)) {
      cur = cur.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[key] : undefined));
      continue;
    }
    if (typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]!] = value;
}

/** Keeps only the given dotted fields of a record (or of each record of an array). */
export function project(data: unknown, fields: string[]): unknown {
  if (Array.isArray(data)) return data.map((d) => project(d, fields));
  if (!data || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = getPath(data, f);
    if (v !== undefined) setPath(out, f, v);
  }
  return out;
}

type Search = (data: unknown, expr: string) => unknown;
let jmes: { search: Search; compile: (expr: string) => unknown } | undefined;

export async function loadQuery(expr: string | undefined): Promise<((data: unknown) => unknown) | undefined> {
  if (!expr) return undefined;
  if (!jmes) {
    const mod = (await import('@jmespath-community/jmespath')) as unknown as { search?: Search; compile?: (e: string) => unknown; default: { search: Search; compile: (e: string) => unknown } };
    jmes = { search: mod.search ?? mod.default.search, compile: mod.compile ?? mod.default.compile };
  }
  const { search, compile } = jmes;
  // Parsed before anything is sent; evaluated on the answer (a function may only then find the
  // wrong type: keys(paths) is fine on a document that has paths, not on an empty one).
  try {
    compile(expr);
  } catch (e) {
    throw new UsageError(`invalid --query expression: ${(e as Error).message}`);
  }
  const run = (data: unknown) => {
    try {
      return search(data as never, expr);
    } catch (e) {
      throw new UsageError(`--query ${JSON.stringify(expr)} failed on the answer: ${(e as Error).message}`);
    }
  };
  // The expression travels with it, for the error that names it.
  return Object.assign(run, { expr });
}

/** A cell's text: scalars as they are, references by name or id, the rest as compact JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? refText(x as Record<string, unknown>) : cellText(x))).join(', ');
  return refText(v as Record<string, unknown>);
}

function refText(o: Record<string, unknown>): string {
  for (const k of ['name', 'email', 'title', 'address', 'number', 'value', 'id']) {
    if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  }
  return JSON.stringify(o);
}

export function headerFor(col: Column): string {
  if (col.header) return col.header;
  const last = col.path.split('.').pop() ?? col.path;
  return last.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

function columnsFor(records: unknown[], fields?: string[], defaults?: Column[]): Column[] {
  if (fields?.length) return fields.map((path) => ({ path }));
  if (defaults?.length) return defaults;
  const keys: string[] = [];
  for (const r of records.slice(0, 20)) {
    if (!r || typeof r !== 'object') continue;
    for (const [k, v] of Object.entries(r)) {
      if (!keys.includes(k) && (v === null || typeof v !== 'object' || Array.isArray(v))) keys.push(k);
    }
  }
  // A record of nested objects only (make-primary's {user, identifier}) still gets columns.
  if (!keys.length) for (const r of records.slice(0, 1)) if (r && typeof r === 'object') keys.push(...Object.keys(r));
  return keys.slice(0, 8).map((path) => ({ path }));
}

// string-width compiles large Unicode regular expressions when it loads (~25 ms): loaded when a
// table is drawn, not on every run that imports the output layer (`--help`, json output).
type WidthModule = typeof import('./width.ts');
let widthModule: WidthModule | undefined;
async function loadWidth(): Promise<WidthModule> {
  widthModule ??= await import('./width.ts');
  return widthModule;
}

// cli-table3 and the fitting (table.ts) load when a table is drawn, not on every run.
type TableModule = typeof import('./table.ts');
let tableModule: TableModule | undefined;

/** A column holds record ids (never cut, never dropped): 'id', or a path ending in 'Id' or '.id'. */
function isIdPath(path: string): boolean {
  return path === 'id' || /(?:Id|\.id)$/.test(path);
}

/**
 * Borderless, kubectl-style aligned columns, three spaces apart, wide characters measured by
 * terminal cells, fitted to the terminal (table.ts); a pipe (and -o wide) gets every column whole.
 */
export async function renderTable(
  rows: string[][],
  headers: string[],
  opts: Pick<OutputOptions, 'color' | 'width' | 'tty'> & { format?: Format; chalk?: ChalkInstance },
  columns?: Column[],
): Promise<string> {
  tableModule ??= await import('./table.ts');
  const width = opts.tty && opts.format !== 'wide' ? opts.width : Infinity;
  const meta = headers.map((header, i) => ({ header, priority: columns?.[i]?.priority, id: columns?.[i] ? isIdPath(columns[i]!.path) : false }));
  const bold = opts.color && opts.chalk ? opts.chalk.bold : undefined;
  return tableModule.drawTable(
    meta,
    rows.map((r) => headers.map((_, i) => escapeControls(r[i] ?? ''))),
    { width, bold },
  );
}

function renderKeyValue(obj: Record<string, unknown>, fields: string[] | undefined, opts: OutputOptions, { displayWidth, padEndWidth, truncateWidth }: WidthModule): string {
  const keys = fields?.length ? fields : Object.keys(obj);
  const width = Math.max(...keys.map((k) => displayWidth(k)), 1);
  const maxVal = opts.tty && opts.format !== 'wide' ? Math.max(10, opts.width - width - 3) : Infinity;
  return keys
    .map((k) => {
      const raw = fields?.length ? getPath(obj, k) : obj[k];
      const v = opts.zone ? inZone(raw, opts.zone, zoned) : raw;
      const text = v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : cellText(v);
      const label = opts.chalk?.bold(padEndWidth(k, width)) ?? padEndWidth(k, width);
      return `${label}   ${truncateWidth(escapeControls(text), maxVal)}`;
    })
    .join('\n');
}

// What a spreadsheet evaluates when a cell starts with it (OWASP's CSV injection list).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One csv cell (docs/usage.md#csv states these rules): a scalar as it is, a list of scalars joined
 * by ', ', an object or a list holding objects as compact JSON (a phone keeps its type and
 * primary flag). Unless raw: control and bidi characters escaped as in a table, in a file or a
 * pipe too, and a text that a spreadsheet would evaluate as a formula led by ' (a number from
 * the server is a number, not a formula). Quoted per RFC 4180.
 */
function csvCell(v: unknown, raw?: boolean): string {
  const json = v !== null && typeof v === 'object' && (!Array.isArray(v) || v.some((x) => x !== null && typeof x === 'object'));
  let s = json ? JSON.stringify(v) : cellText(v);
  if (!raw) {
    s = escapeControls(s);
    if (typeof v !== 'number' && FORMULA_START.test(s)) s = `'${s}`;
  }
  if (/[",\n\r]/.test(s) || /^\s|\s$/.test(s)) s = `"${s.replaceAll('"', '""')}"`;
  return s;
}

/** The keys a record's id is under, in order. */
export const ID_KEYS = ['id', 'sessionId', 'fileId', 'spanId', 'delegationId', 'key'];

function ownId(o: Record<string, unknown>): string | undefined {
  for (const k of ID_KEYS) if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k]);
  return undefined;
}

/**
 * A record's id: its own id key; else the id of the record nested under one of `nestedUnder`
 * (the command's path parameters and resource: make-primary's {user, identifier} gives the
 * identifier's); else of the one nested record that has an id (provision's {user, created}).
 */
export function idOf(record: unknown, nestedUnder: string[] = []): string | undefined {
  if (typeof record === 'string' || typeof record === 'number') return String(record);
  if (!record || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const o = record as Record<string, unknown>;
  const own = ownId(o);
  if (own !== undefined) return own;
  const nested = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? ownId(v as Record<string, unknown>) : undefined);
  for (const k of nestedUnder) {
    const id = nested(o[k]);
    if (id !== undefined) return id;
  }
  const ids = Object.values(o)
    .map(nested)
    .filter((id) => id !== undefined);
  return ids.length === 1 ? ids[0] : undefined;
}

/**
 * The text of a page of records in a format that prints one line per record (jsonl, csv, id).
 * `csv`: the columns (the header line is the caller's, csvHeader). -o id: `missing` is the
 * index of the first record that holds no id (the lines before it are its text).
 */
export function recordLines(opts: OutputOptions, records: unknown[], csvColumns?: Column[]): { text: string; missing?: number } {
  let recs = records;
  if (opts.fields?.length && opts.format !== 'id') recs = recs.map((r) => project(r, opts.fields!));
  if (opts.format === 'jsonl') {
    // A page is one string and one pass of the escaping (as safeJson does it, character by
    // character, so the bytes are the same): a replace per record cost more than the scan.
    // It ends with its newline, so that writing it copies no page-sized string again.
    let page = '';
    for (const r of recs) page += `${JSON.stringify(r) ?? 'null'}\n`;
    return { text: page.replace(NON_C0, uEscape) };
  }
  const lines: string[] = [];
  if (opts.format === 'id') {
    for (let i = 0; i < recs.length; i++) {
      const r = recs[i];
      const id = opts.fields?.length ? cellText(getPath(r, opts.fields[0]!)) : idOf(r, opts.idKeys);
      if (id === undefined) return { text: lines.join('\n'), missing: i };
      // Escaped in a pipe too: an id holding a line break would be two ids to the next command.
      lines.push(escapeControls(id));
    }
    return { text: lines.join('\n') };
  }
  const zone = opts.zone;
  const at = (r: unknown, path: string) => (path ? getPath(r, path) : r);
  const value = zone ? (r: unknown, path: string) => inZone(at(r, path), zone, isoInZone) : at;
  for (const r of recs) lines.push(csvColumns!.map((c) => csvCell(value(r, c.path), opts.csvRaw)).join(','));
  return { text: lines.join('\n') };
}

/** The csv columns of a list: --fields, the command's, or the records' own; one 'value' column for a query's scalars. */
export function csvColumnsOf(opts: OutputOptions, records: unknown[], columns: Column[] | undefined, queried: boolean): Column[] {
  if (queried && records.every((r) => r === null || typeof r !== 'object')) return [{ path: '' }];
  return columnsFor(records, opts.fields, queried ? undefined : columns);
}

/** The csv header line of these columns. */
export function csvHeader(columns: Column[], raw?: boolean): string {
  return columns.map((c) => csvCell(c.path || 'value', raw)).join(',');
}

/**
 * A whole result in a document format (json, yaml) or as a table for a person (table, wide):
 * a list as rows under the columns, a record as keys and values, a scalar as itself.
 */
export async function documentText(opts: OutputOptions, data: unknown, isList: boolean, columns?: Column[]): Promise<string> {
  switch (opts.format) {
    case 'json':
      return safeJson(data, opts.tty);
    case 'yaml':
      return await safeYaml(data, opts.comment);
    default:
      return await tableText(opts, data, isList, columns);
  }
}

async function tableText(opts: OutputOptions, data: unknown, isList: boolean, columns?: Column[]): Promise<string> {
  if (data === null || data === undefined) return '';
  if (Array.isArray(data)) {
    if (data.length === 0) return '';
    if (data.every((d) => d === null || typeof d !== 'object')) return data.map((d) => escapeControls(cellText(d))).join('\n');
    const cols = columnsFor(data, opts.fields, isList ? columns : undefined);
    const zone = opts.zone;
    const value = zone ? (r: unknown, path: string) => inZone(getPath(r, path), zone, zoned) : getPath;
    return await renderTable(
      data.map((r) => cols.map((c) => cellText(value(r, c.path)))),
      cols.map(headerFor),
      opts,
      cols,
    );
  }
  if (typeof data === 'object') return renderKeyValue(data as Record<string, unknown>, opts.fields, opts, await loadWidth());
  return escapeControls(String(data));
}

export function parseFormat(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value) || value === MARKDOWN) return value as Format;
  throw new UsageError(`invalid output format '${value}' (allowed: ${FORMATS.join(', ')})`, value === 'ics' ? 'only `agnt coordinator schedule` and `agnt coverage events` write ics' : undefined);
}

/** An API time shown in `zone` (by `show`); any other value as it is. */
function inZone(v: unknown, zone: string, show: (ms: number, tz: string) => string): unknown {
  return isApiTime(v) ? show(Date.parse(v), zone) : v;
}
