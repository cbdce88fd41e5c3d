// The ledger of `agnt batch`: JSON lines, written with the import's LedgerWriter (synchronous
// whole lines, so a killed process leaves complete records, at worst a torn last line).
//
//   {"type":"start","version":1,"kind":"batch","input","format","header","command":[...],"options":{...},"startedAt"}
//   {"type":"send","row":12,"h":123}        handed to the OS before the row's request is sent
//   {"type":"row","row":12,"h":123,"outcome":"ok|found|failed|unknown","error"?,"id"?}
//   {"type":"resume","at"}   {"type":"stopped","reason","at"}   {"type":"end","at",...summary}
//
// A row with a `row` record is finished and never sent again. A row with only its `send` record
// may or may not have reached the server: --resume looks it up where the API allows (lookups.ts)
// and reports it as unknown where it does not. `h` is a hash of the row's cells, so that a resume
// against an edited file is refused instead of skipping the wrong rows.
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';
import { LedgerWriter } from '../import/ledger.ts';

export type RowOutcome = 'ok' | 'found' | 'failed' | 'unknown';

export interface StartRecord {
  type: 'start';
  version: 1;
  kind: 'batch';
  input: string;
  format: string;
  header: string[];
  command: string[];
  options: StoredOptions;
  startedAt: string;
}

export interface StoredOptions {
  match: string[];
  skipRows: number;
  maxRows: number | null;
}

export interface DoneRow {
  outcome: RowOutcome;
  h: number;
  error?: string;
}

export interface BatchLedgerState {
  start: StartRecord;
  done: Map<number, DoneRow>;
  /** Rows sent without an outcome: they may have reached the server. */
  uncertain: Map<number, number>;
  ended: boolean;
}

/** FNV-1a over the cells: enough to notice an edited row, cheap for 10k rows a second. */
export function rowHash(cells: readonly string[]): number {
  let h = 0x811c9dc5;
  for (const c of cells) {
    for (let i = 0; i < c.length; i++) {
      h ^= c.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function isUnfinished(path: string): boolean {
  if (!existsSync(path)) return false;
  const text = readTail(path);
  if (!text.trim()) return false;
  const lines = text.trimEnd().split('\n');
  return !/^\{"type":"end"/.test(lines[lines.length - 1] ?? '');
}

function readTail(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const n = Math.min(size, 64 * 1024);
    const buf = Buffer.alloc(n);
    readSync(fd, buf, 0, n, size - n);
    return buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Reads a ledger for --resume, cuts a torn last line, and opens it for appending. */
export function resumeBatchLedger(path: string): { state: BatchLedgerState; writer: LedgerWriter } {
  if (!existsSync(path)) throw new UsageError(`--resume: no ledger at ${path}`, 'give the ledger of the interrupted run with --ledger');
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  // Text after the last newline is a line the killed process did not finish writing.
  const torn = lines.pop() ?? '';
  let start: StartRecord | undefined;
  const done = new Map<number, DoneRow>();
  const uncertain = new Map<number, number>();
  let ended = false;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new UsageError(`${path}: line ${i + 1} is not JSON: this is not an agnt batch ledger, or it was edited`);
    }
    switch (rec.type) {
      case 'start':
        if (i !== 0 || rec.kind !== 'batch' || rec.version !== 1) throw new UsageError(`${path}: not an agnt batch ledger`);
        start = rec as unknown as StartRecord;
        break;
      case 'send':
        if (!done.has(rec.row as number)) uncertain.set(rec.row as number, rec.h as number);
        break;
      case 'row':
        uncertain.delete(rec.row as number);
        done.set(rec.row as number, { outcome: rec.outcome as RowOutcome, h: rec.h as number, ...(rec.error ? { error: String(rec.error) } : {}) });
        break;
      case 'end':
        ended = true;
        break;
      case 'resume':
        ended = false;
        break;
      default:
        break;
    }
  });
  if (!start) throw new UsageError(`${path}: not an agnt batch ledger (no start record)`);
  if (torn) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, Buffer.byteLength(text) - Buffer.byteLength(torn));
    } finally {
      closeSync(fd);
    }
  }
  return { state: { start, done, uncertain, ended }, writer: new LedgerWriter(path, true) };
}
