// The import's ledger: a JSON-lines file that says what happened to every row, and what --resume
// needs to carry on without sending a finished batch twice.
//
//   {"type":"start", ...}                        input, dialect and mapping options
//   {"type":"batch","batch":7,"rows":[..],"emails":[..]}   written (and flushed) before the POST
//   {"type":"done","batch":7,"created":..,"updated":..,"skipped":..,"outcome":..,"errors":[{row,error}]}
//   {"type":"row","row":12,"email":..,"outcome":"created","batch":7}   one per input row, in order
//   {"type":"end", ...summary}  or  {"type":"stopped","reason":..}
//
// A batch with a `done` record is finished: --resume never sends its rows again. A batch with
// only its `batch` record may or may not have reached the server; its rows are sent again, which
// is harmless because bulk-import upserts by e-mail and every e-mail is in one batch only, and
// the rows are marked `resent` so that their created/updated split is not over-trusted.
// Writes are synchronous and whole lines, so a killed process leaves a ledger that ends on a
// complete record (at worst a torn last line, which the reader skips).
import { closeSync, createReadStream, existsSync, fsyncSync, openSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { AgntError, UsageError } from '../../core/errors.ts';
import type { Dialect } from './detect.ts';
import { hashLower32 } from './seen.ts';

export type Outcome = 'created' | 'updated' | 'skipped' | 'imported' | 'failed';
export const OUTCOME_CODES: Record<Outcome, number> = { created: 1, updated: 2, skipped: 3, imported: 4, failed: 5 };
export const OUTCOMES: Outcome[] = ['created', 'updated', 'skipped', 'imported', 'failed'];

export interface StoredOptions {
  map: string[];
  propertiesFrom: string[];
  tags: string[];
}

export interface StartRecord {
  type: 'start';
  version: 1;
  input: string;
  header: string[];
  dialect: Dialect;
  options: StoredOptions;
  startedAt: string;
  resumedAt?: string[];
}

export interface BatchRecord {
  type: 'batch';
  batch: number;
  rows: number[];
  emails: string[];
}

export interface DoneRecord {
  type: 'done';
  batch: number;
  created: number;
  updated: number;
  skipped: number;
  /** What the rows without an error became; 'imported' when the counts do not say. */
  outcome: Outcome;
  errors: Array<{ row: number; error: string }>;
  resent?: number;
}

/** The ledger could not be written: the run stops; what the ledger holds up to there is whole. */
export class LedgerWriteError extends AgntError {}

export class LedgerWriter {
  private fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;

  constructor(
    readonly path: string,
    append: boolean,
  ) {
    this.fd = openSync(path, append ? 'a' : 'w', 0o600);
  }

  write(rec: object): void {
    this.append(`${JSON.stringify(rec)}\n`);
  }

  /** Whole JSON lines, already written out (the import's row records, a batch at a time). */
  append(lines: string): void {
    this.pending.push(lines);
    this.pendingBytes += lines.length;
    if (this.pendingBytes > 256 * 1024) this.flush();
  }

  /** Hands everything written so far to the operating system (survives a killed process). */
  flush(): void {
    if (!this.pending.length) return;
    try {
      writeSync(this.fd, this.pending.join(''));
    } catch (e) {
      throw this.failed(e);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  close(): void {
    try {
      this.flush();
    } finally {
      try {
        fsyncSync(this.fd);
      } catch {
        /* not every file system can */
      }
      closeSync(this.fd);
    }
  }

  /** A write that failed (a full disk): the error names the ledger, whose records up to here stand. */
  private failed(e: unknown): AgntError {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOSPC' ? 'no space left on the device' : (code ?? (e as Error).message);
    return new LedgerWriteError(`cannot write the ledger ${this.path}: ${why}`);
  }
}

/** What an earlier run left, for --resume. Arrays are indexed by row number. */
export class LedgerState {
  start!: StartRecord;
  /** Outcome code per finished row (0: not finished). */
  outcome = new Uint8Array(1024);
  /** Batch of each finished row (0: decided locally or not finished). */
  batchOf = new Int32Array(1024);
  /** hashLower32 of the e-mail of each row sent in a finished batch. */
  emailHash = new Uint32Array(1024);
  errors = new Map<number, string>();
  /** Rows sent in batches that never finished: they may have reached the server. */
  uncertain = new Set<number>();
  counts = { created: 0, updated: 0, skipped: 0, failed: 0, resent: 0 };
  lastBatch = 0;
  ended = false;

  ensure(row: number): void {
    if (row < this.outcome.length) return;
    let n = this.outcome.length;
    while (n <= row) n *= 2;
    const grow = <T extends Uint8Array | Int32Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.outcome = grow(this.outcome, (k) => new Uint8Array(k));
    this.batchOf = grow(this.batchOf, (k) => new Int32Array(k));
    this.emailHash = grow(this.emailHash, (k) => new Uint32Array(k));
  }

  finished(row: number): boolean {
    return row < this.outcome.length && this.outcome[row] !== 0;
  }
}

/** True when the file holds a ledger that did not reach its end (an interrupted import). */
export function isUnfinished(path: string): boolean {
  if (!existsSync(path)) return false;
  const size = statSync(path).size;
  if (size === 0) return false;
  const fd = openSync(path, 'r');
  try {
    const n = Math.min(size, 64 * 1024);
    const buf = Buffer.alloc(n);
    readSync(fd, buf, 0, n, size - n);
    const lines = buf.toString('utf8').trimEnd().split('\n');
    return !/^\{"type":"end"/.test(lines[lines.length - 1] ?? '');
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads an earlier run's ledger and writes its start, batch and done records to a fresh ledger
 * that replaces it (row lines are written again, in order, as the input is read once more).
 */
export async function resumeLedger(path: string, resumedAt: string): Promise<{ state: LedgerState; writer: LedgerWriter }> {
  if (!existsSync(path)) throw new UsageError(`--resume: no ledger at ${path}`, 'give the ledger of the interrupted import with --ledger');
  const state = new LedgerState();
  const tmp = `${path}.${process.pid}.tmp`;
  const out = new LedgerWriter(tmp, false);
  const open = new Map<number, BatchRecord>();
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  let pendingBad: number | undefined;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    let rec: { type?: string } & Record<string, unknown>;
    try {
      rec = JSON.parse(line);
    } catch {
      // Only the last line may be torn (the process was killed while writing it).
      pendingBad = lineNo;
      continue;
    }
    if (pendingBad !== undefined) throw new UsageError(`${path}: line ${pendingBad} is not JSON: this is not an agnt import ledger, or it was edited`);
    switch (rec.type) {
      case 'start': {
        if (lineNo !== 1 || rec.version !== 1) throw new UsageError(`${path}: not an agnt import ledger (version ${String(rec.version)})`);
        state.start = rec as unknown as StartRecord;
        out.write({ ...state.start, resumedAt: [...(state.start.resumedAt ?? []), resumedAt] });
        break;
      }
      case 'batch': {
        const b = rec as unknown as BatchRecord;
        open.set(b.batch, b);
        for (const r of b.rows) state.uncertain.add(r);
        state.lastBatch = Math.max(state.lastBatch, b.batch);
        out.write(b);
        break;
      }
      case 'done': {
        const d = rec as unknown as DoneRecord;
        const b = open.get(d.batch);
        if (!b) continue;
        open.delete(d.batch);
        const failed = new Map(d.errors.map((e) => [e.row, e.error]));
        const code = OUTCOME_CODES[d.outcome] ?? OUTCOME_CODES.imported;
        b.rows.forEach((row, i) => {
          state.ensure(row);
          state.uncertain.delete(row);
          const err = failed.get(row);
          state.outcome[row] = err === undefined ? code : OUTCOME_CODES.failed;
          if (err !== undefined) state.errors.set(row, err);
          state.batchOf[row] = d.batch;
          state.emailHash[row] = hashLower32(b.emails[i] ?? '');
        });
        state.counts.created += d.created;
        state.counts.updated += d.updated;
        state.counts.skipped += d.skipped;
        state.counts.failed += d.errors.length;
        state.counts.resent += d.resent ?? 0;
        out.write(d);
        break;
      }
      case 'end':
        state.ended = true;
        break;
      default:
        break;
    }
  }
  if (!state.start) throw new UsageError(`${path}: not an agnt import ledger (no start record)`);
  out.flush();
  out.close();
  renameSync(tmp, path);
  return { state, writer: new LedgerWriter(path, true) };
}
