// The rows of `agnt batch`: CSV and TSV through the contacts importer's reader (encodings, BOM,
// delimiters, header row, streaming), or a JSONL file or a YAML/JSON list of objects (read whole).
// Every row comes as its cells in header order, with the row number a user would look up: the
// spreadsheet row for CSV (the header is row 1), the line for JSONL, the item (from 1) for a list.
import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';
import { loadYaml } from '../../core/yaml.ts';
import { FailedRowsWriter } from '../import/failed.ts';
import { openSource, type Source } from '../import/source.ts';
import type { Encoding } from '../import/detect.ts';

export const INPUT_FORMATS = ['csv', 'tsv', 'jsonl', 'yaml', 'json'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];
export const BATCH_ERROR_COLUMN = 'batch_error';

export interface BatchRow {
  row: number;
  cells: string[];
  /** The record as read (JSONL, YAML, JSON), for the failed-rows file. */
  raw?: unknown;
  /** Why the CSV reader could not read this record (its cells then hold its first line). */
  malformed?: string;
}

export interface FailedWriter {
  add(row: BatchRow, error: string): void;
  close(): void;
}

export interface BatchInput {
  name: string;
  format: InputFormat;
  header: string[];
  size?: number;
  bytesRead(): number;
  rows(): AsyncGenerator<BatchRow[]>;
  failedWriter(path: string): FailedWriter;
  close(): void;
}

export interface InputOptions {
  format?: InputFormat;
  delimiter?: string;
  encoding?: Encoding;
  /** Columns the command names: a line holding one is the header row. */
  knownHeaders: string[];
}

export function formatOf(file: string, given?: InputFormat): InputFormat {
  if (given) return given;
  const lower = file.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.tsv') || lower.endsWith('.tab')) return 'tsv';
  return 'csv';
}

function cellOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

export async function openInput(file: string, stdin: NodeJS.ReadableStream, opts: InputOptions): Promise<BatchInput> {
  const format = file === '-' && !opts.format ? 'csv' : formatOf(file, opts.format);
  if (format === 'csv' || format === 'tsv') return await csvInput(file, stdin, format, opts);
  return await recordInput(file, stdin, format);
}

async function csvInput(file: string, stdin: NodeJS.ReadableStream, format: 'csv' | 'tsv', opts: InputOptions): Promise<BatchInput> {
  const src: Source = await openSource(file, stdin, { delimiter: opts.delimiter ?? (format === 'tsv' ? '\t' : undefined), encoding: opts.encoding, knownHeaders: opts.knownHeaders });
  return {
    name: src.name,
    format,
    header: src.header,
    size: src.size,
    bytesRead: () => src.bytesRead(),
    async *rows() {
      for await (const chunk of src.records()) yield chunk;
    },
    failedWriter(path) {
      const w = new FailedRowsWriter(path, src.header, src.dialect, BATCH_ERROR_COLUMN);
      return { add: (r, error) => w.add(r.cells, error), close: () => w.close() };
    },
    close: () => src.close(),
  };
}

async function readAll(file: string, stdin: NodeJS.ReadableStream): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const c of stdin as AsyncIterable<Buffer | string>) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\ufeff/, '');
  }
  try {
    if (statSync(file).isDirectory()) throw new UsageError(`${file}: is a folder`);
    return readFileSync(file, 'utf8').replace(/^\ufeff/, '');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`${file}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

async function recordInput(file: string, stdin: NodeJS.ReadableStream, format: 'jsonl' | 'yaml' | 'json'): Promise<BatchInput> {
  const name = file === '-' ? 'stdin' : file;
  const text = await readAll(file, stdin);
  const items: Array<{ row: number; value: unknown }> = [];
  if (format === 'jsonl') {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new UsageError(`${name}:${i + 1}: not JSON: ${(e as Error).message}`);
      }
      items.push({ row: i + 1, value });
    });
  } else {
    let doc: unknown;
    if (format === 'json') {
      try {
        doc = JSON.parse(text);
      } catch (e) {
        throw new UsageError(`${name}: not JSON: ${(e as Error).message}`, 'a JSON file holds a list of objects; use .jsonl for one object a line');
      }
    } else {
      const { parse } = await loadYaml();
      await prepareYaml();
      try {
        doc = parse(text);
      } catch (e) {
        throw new UsageError(`${name}: not YAML: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    if (!Array.isArray(doc)) throw new UsageError(`${name}: expected a list of objects, one per row`);
    doc.forEach((value, i) => {
      items.push({ row: i + 1, value });
    });
  }
  const header: string[] = [];
  const seen = new Set<string>();
  for (const it of items) {
    if (!it.value || typeof it.value !== 'object' || Array.isArray(it.value)) throw new UsageError(`${name}: ${format === 'jsonl' ? 'line' : 'item'} ${it.row} is not an object`);
    for (const k of Object.keys(it.value)) {
      if (seen.has(k)) continue;
      seen.add(k);
      header.push(k);
    }
  }
  const size = text.length;
  let read = 0;
  return {
    name,
    format,
    header,
    size,
    bytesRead: () => read,
    async *rows() {
      const all = items.map((it) => ({ row: it.row, raw: it.value, cells: header.map((h) => cellOf((it.value as Record<string, unknown>)[h])) }));
      for (let i = 0; i < all.length; i += 1000) {
        read = Math.round((size * Math.min(all.length, i + 1000)) / Math.max(1, all.length));
        yield all.slice(i, i + 1000);
      }
    },
    failedWriter(path) {
      const fd = openSync(path, 'w', 0o600);
      const list: unknown[] = [];
      return {
        add(r, error) {
          const rec = { ...(r.raw as Record<string, unknown>), [BATCH_ERROR_COLUMN]: error };
          if (format === 'jsonl') writeSync(fd, `${JSON.stringify(rec)}\n`);
          else list.push(rec);
        },
        close() {
          // A list is written whole at the end (YAML and JSON have no append form).
          if (format === 'json') writeSync(fd, `${JSON.stringify(list, null, 2)}\n`);
          else if (format === 'yaml') {
            // The yaml module was loaded when the input was read; its stringify is synchronous.
            writeSync(fd, yamlText(list));
          }
          closeSync(fd);
        },
      };
    },
    close() {},
  };
}

let yamlStringify: ((v: unknown) => string) | undefined;
function yamlText(list: unknown[]): string {
  return list.length ? (yamlStringify ?? ((v) => JSON.stringify(v, null, 2)))(list) : '[]\n';
}
async function prepareYaml(): Promise<void> {
  const { stringify } = await loadYaml();
  yamlStringify = (v) => stringify(v, { lineWidth: 0 });
}
