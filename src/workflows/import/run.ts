// `agnt contacts import`: reads the CSV as a stream, maps and checks each row, sends the good
// ones to POST /contacts/bulk-import in batches with a few in flight, and records every row's
// outcome in the ledger (and the failed ones in --errors-out) in input order.
import { acquireLock, LEDGER_LOCK_WAIT_MS } from '../../core/file-lock.ts';
import { YoungCap } from '../../core/heap.ts';
import { endpointRequest } from '../../core/endpoint-request.ts';
import type { Context } from '../../core/context.ts';
import { AgntError, ApiError, EXIT, Interrupted, NAMED_FAILURES, NetworkError, UsageError, failureText } from '../../core/errors.ts';
import { escapeControls } from '../../core/output.ts';
import type { Encoding } from './detect.ts';
import { FailedRowsWriter } from './failed.ts';
import { isUnfinished, LedgerWriter, OUTCOME_CODES, OUTCOMES, resumeLedger, type DoneRecord, type LedgerState, type Outcome, type StoredOptions } from './ledger.ts';
import { buildMapping, contactFingerprint, describeRole, type ImportContact, type Mapping } from './mapping.ts';
import { Progress } from '../../core/progress.ts';
import { hashLower32, SeenEmails } from './seen.ts';
import { openSource, type Source } from './source.ts';

/** The sandbox's limit (and the CLI's ceiling); a server asking for less is obeyed. */
export const MAX_BATCH = 1000;
export const DEFAULT_BATCH = 500;
export const DEFAULT_CONCURRENCY = 4;

export interface ImportOptions {
  file: string;
  map: string[];
  propertiesFrom: string[];
  tags: string[];
  batchSize: number;
  concurrency: number;
  errorsOut?: string;
  /** Ledger path; default FILE.ledger.jsonl (none for stdin unless given). */
  ledger?: string;
  resume: boolean;
  dryRun: boolean;
  delimiter?: string;
  encoding?: Encoding;
  /** --no-header: the first line is data. */
  noHeader?: boolean;
}

export interface Summary {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Rows sent again after a failure that left unclear whether the server had them. */
  resent: number;
  /** Rows not finished (an interrupted or stopped import); --resume sends them. */
  pending: number;
  ledger: string | null;
  errorsOut: string | null;
}

export interface DryRunSummary {
  dryRun: true;
  total: number;
  /** Rows that would be sent: the server creates or updates by e-mail. */
  toImport: number;
  skipped: number;
  failed: number;
  mapping: Record<string, string>;
  errorsOut: string | null;
}

export interface ImportResult {
  summary: Summary | DryRunSummary;
  status: 'complete' | 'interrupted' | 'stopped';
  error?: AgntError;
  /** The first failed rows of this run, in input order (the JSON error form names them). */
  failures: string[];
}

/**
 * Rows sent together, held as parallel lists rather than an object a row (a million rows made
 * a million short-lived objects, and garbage collection was a sixth of the import's time).
 */
interface Batch {
  rows: number[];
  emails: string[];
  /** The input cells of each row, kept only for --errors-out. */
  cells?: string[][];
  /** Each row's bulk-import item while the batch fills. */
  items: ImportContact[];
  /** Then the items as one JSON array (one string to keep in flight, one stringify a batch). */
  text?: string;
  /** Rows already in the write queue (rows [0, queued) are covered by ranges there). */
  queued: number;
  /** Per row once known: OUTCOME_CODES, 0 while undecided. */
  outcome?: Uint8Array;
  /** Per row: the id of the request that finished it (a batch split after a refusal has several). */
  sentIn?: Int32Array;
  /** Per row: 1 when sent again after a failure that may have been handled. */
  resent?: Uint8Array;
  errors?: Map<number, string>;
}

/** Rows [from, to) of a batch, sent in one request. */
interface Part {
  batch: Batch;
  from: number;
  to: number;
  id: number;
  /** The items of the part as a JSON array. */
  text: string;
}

/** A row decided without a request: blank, refused locally, a duplicate, or finished by an earlier run. */
interface Local {
  kind: 'local';
  row: number;
  email: string;
  outcome: Outcome;
  error?: string;
  batch?: number;
  resent?: boolean;
  cells?: string[];
}

/** Rows [from, to) of a batch, in input order among the local rows around them. */
interface Range {
  kind: 'range';
  batch: Batch;
  from: number;
  to: number;
}

function seal(b: Batch): Batch {
  if (b.text !== undefined) return b;
  b.text = JSON.stringify(b.items);
  b.items = [];
  const n = b.rows.length;
  b.outcome = new Uint8Array(n);
  b.sentIn = new Int32Array(n);
  return b;
}

/** Items [from, to) of a part, as a part of their own (only after a refusal: parsing again is fine). */
function subPart(p: Part, from: number, to: number): Part {
  const items = JSON.parse(p.text) as unknown[];
  return { batch: p.batch, from: p.from + from, to: p.from + to, id: 0, text: JSON.stringify(items.slice(from, to)) };
}

/** A ledger `row` record, as JSON.stringify would write it, without an object to stringify. */
/** --resume with a file that is not the one the ledger was written for: resuming again cannot help. */
export class ChangedInput extends AgntError {}

// An import rides out a longer outage than one command: this many attempts per batch (the
// core's backoff, Retry-After and retry budget apply to each).
const IMPORT_ATTEMPTS = 8;

function rowLine(row: number, email: string, outcome: Outcome, error: string | undefined, batch: number | undefined, resent: boolean): string {
  return `{"type":"row","row":${row},"email":${JSON.stringify(email)},"outcome":"${outcome}"${error ? `,"error":${JSON.stringify(error)}` : ''}${batch ? `,"batch":${batch}` : ''}${resent ? ',"resent":true' : ''}}\n`;
}

interface BulkResult {
  created?: unknown;
  updated?: unknown;
  skipped?: unknown;
  errors?: Array<{ index?: unknown; email?: unknown; error?: unknown }>;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Opens an output file, or says which flag chooses another place. */
function writable<T>(open: () => T, path: string, flag: string): T {
  try {
    return open();
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, `choose another place with ${flag}`);
  }
}

/**
 * The e-mail table's first size for a file of `bytes`: room for a row every 60 bytes (a contact
 * export's rows are longer), so that a large file does not rehash the table as it grows.
 */
function seenCapacity(bytes: number | undefined): number {
  const rows = Math.min(bytes ?? 0, 256 * 1024 * 1024) / 60;
  let n = 1 << 14;
  while (n * 3 < rows * 4) n *= 2;
  return n;
}

function sameOptions(a: StoredOptions, b: StoredOptions): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Importer {
  /** Rows not yet written to the ledger, in input order: local rows and ranges of batches. */
  private queue: Array<Local | Range | undefined> = [];
  private head = 0;
  private counts = { created: 0, updated: 0, skipped: 0, failed: 0, resent: 0, toImport: 0 };
  private failures: string[] = [];
  private total = 0;
  private finished = 0;
  private seen!: SeenEmails;
  private batch: Batch | undefined;
  private nextBatch = 1;
  private maxBatch: number;
  private inflight = new Set<Promise<void>>();
  private waiters: Array<() => void> = [];
  private stop: { status: 'interrupted' | 'stopped'; error: AgntError } | undefined;
  private ledger?: LedgerWriter;
  private failedOut?: FailedRowsWriter;
  private state?: LedgerState;
  private progress?: Progress;

  constructor(
    private ctx: Context,
    private opts: ImportOptions,
  ) {
    this.maxBatch = opts.batchSize;
  }

  private ledgerPath(): string | undefined {
    if (this.opts.dryRun) return undefined;
    return this.opts.ledger ?? (this.opts.file === '-' ? undefined : `${this.opts.file}.ledger.jsonl`);
  }

  async run(): Promise<ImportResult> {
    const ledgerPath = this.ledgerPath();
    // No server or token: fail now, before any file is written.
    if (!this.opts.dryRun) this.ctx.client();
    // One import per ledger: a second one refuses, naming the first, rather than interleave lines.
    const lock = ledgerPath ? await acquireLock(ledgerPath, { waitMs: LEDGER_LOCK_WAIT_MS, what: 'the import ledger', signal: this.ctx.signal }) : undefined;
    try {
      return await this.runLocked(ledgerPath);
    } finally {
      lock?.release();
    }
  }

  private async runLocked(ledgerPath: string | undefined): Promise<ImportResult> {
    const { ctx, opts } = this;
    let stored: StoredOptions = { map: opts.map, propertiesFrom: opts.propertiesFrom, tags: opts.tags };
    if (opts.resume) {
      if (opts.dryRun) throw new UsageError('--resume and --dry-run cannot be combined');
      if (!ledgerPath) throw new UsageError('--resume needs the ledger of the earlier import: give it with --ledger (stdin has no default ledger)');
      const given = stored;
      const { state, writer } = await resumeLedger(ledgerPath, new Date().toISOString());
      this.state = state;
      this.ledger = writer;
      const anyGiven = given.map.length || given.propertiesFrom.length || given.tags.length;
      if (anyGiven && !sameOptions(given, state.start.options)) {
        writer.close();
        throw new UsageError('--resume continues with the mapping of the earlier import; leave out --map, --properties-from and --tags, or start over without --resume');
      }
      stored = state.start.options;
      this.nextBatch = state.lastBatch + 1;
      this.counts.created = state.counts.created;
      this.counts.updated = state.counts.updated;
      this.counts.skipped = state.counts.skipped;
      this.counts.failed = state.counts.failed;
      this.counts.resent = state.counts.resent;
    } else if (ledgerPath && isUnfinished(ledgerPath)) {
      throw new UsageError(`${ledgerPath} holds an import that did not finish`, 'add --resume to finish it (nothing finished is sent again), or remove the file to start over');
    }

    const dialectHint = this.state ? { delimiter: this.state.start.dialect.delimiter, encoding: this.state.start.dialect.encoding } : { delimiter: opts.delimiter, encoding: opts.encoding };
    const knownHeaders = stored.map.map((m) => m.slice(0, Math.max(0, m.lastIndexOf('='))));
    let source: Source;
    try {
      source = await openSource(opts.file, ctx.io.stdin, { ...dialectHint, knownHeaders, noHeader: opts.noHeader });
      this.seen = new SeenEmails(seenCapacity(source.size));
    } catch (e) {
      this.ledger?.close();
      throw e;
    }
    try {
      if (this.state && JSON.stringify(source.header) !== JSON.stringify(this.state.start.header)) {
        throw new UsageError(`${source.name}: the header row differs from the one of the import in ${ledgerPath}`, 'resume with the same file, or start over without --resume');
      }
      const mapping = buildMapping(source.header, { ...stored, where: `${source.name}:${source.headerRow}`, sample: source.sample });
      this.showMapping(mapping, source);
      if (opts.errorsOut) this.failedOut = writable(() => new FailedRowsWriter(opts.errorsOut!, mapping.headers, source.dialect), opts.errorsOut, '--errors-out');
      if (ledgerPath && !this.ledger) {
        this.ledger = writable(() => new LedgerWriter(ledgerPath, false), ledgerPath, '--ledger');
        const { bomLength: _b, skipChars: _s, ...dialect } = source.dialect;
        this.ledger.write({ type: 'start', version: 1, input: source.name, header: source.header, dialect, options: stored, startedAt: new Date().toISOString() });
        this.ledger.flush();
      }
      this.progress = new Progress(ctx.io, { unit: 'rows', ...(source.size ? { fraction: () => source.bytesRead() / source.size! } : {}) });
      await this.read(source, mapping);
    } catch (e) {
      // Nothing was sent yet (a bad header, mapping or option): leave the files as they were.
      this.ledger?.close();
      this.failedOut?.close();
      throw e;
    } finally {
      source.close();
      this.progress?.end();
    }
    return this.finish(ledgerPath);
  }

  private showMapping(mapping: Mapping, source: Source): void {
    const io = this.ctx.io;
    if (!io.stderrIsTTY || io.quiet) return;
    const d = source.dialect;
    const delim = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' }[d.delimiter] ?? `'${d.delimiter}'`;
    io.err(`${source.name}: ${d.encoding}${d.bom ? ' with BOM' : ''}, ${delim}-separated, header on row ${source.headerRow}`);
    const width = Math.min(40, Math.max(...mapping.columns.map((c) => c.header.length)));
    // Headers come from the file: no escape sequence of theirs reaches the terminal.
    for (const c of mapping.columns) io.err(escapeControls(`  ${c.header.padEnd(width)}  -> ${describeRole(c, mapping.headers)}${c.how === 'map' ? '  (--map)' : ''}`));
    if (mapping.tags.length) io.err(`  tags on every row: ${mapping.tags.join(', ')}`);
  }

  private mapping?: Mapping;

  private async read(source: Source, mapping: Mapping): Promise<void> {
    this.mapping = mapping;
    const signal = this.ctx.signal;
    const state = this.state;
    const keepCells = this.failedOut !== undefined;
    try {
      const memory = new YoungCap(16 * 1024 * 1024);
      for await (const { first, rows, malformed } of source.chunks()) {
        memory.check();
        for (let k = 0; k < rows.length; k++) {
          if (signal.aborted) throw new Interrupted();
          if (this.stop) break;
          const cells = rows[k]!;
          const row = first + k;
          this.total++;
          const bad = malformed?.get(k);
          // A record the reader could not read: failed, with its line, and never sent.
          const r: ReturnType<Mapping['row']> = bad ? { kind: 'invalid', email: '', error: bad } : mapping.row(cells);

          if (state?.finished(row)) {
            // Finished by an earlier run: never sent again, only checked against what was sent.
            if (state.batchOf[row]! > 0 && (r.kind !== 'ok' || hashLower32(r.email) !== state.emailHash[row])) {
              throw new ChangedInput(`${source.name}: row ${row} is not the row the earlier import sent (the file changed); resume with the same file, or start over without --resume`, EXIT.failure);
            }
            if (r.kind === 'ok') this.seen.add(r.email, row, contactFingerprint(r.contact));
            this.local(row, r.kind === 'blank' ? '' : r.email, OUTCOMES[state.outcome[row]! - 1]!, state.errors.get(row), state.batchOf[row] || undefined, false, cells);
            continue;
          }
          if (r.kind === 'blank') {
            this.counts.skipped++;
            this.local(row, '', 'skipped', 'blank row');
            continue;
          }
          if (r.kind === 'invalid') {
            this.counts.failed++;
            this.local(row, r.email, 'failed', r.error, undefined, false, cells);
            continue;
          }
          // Letter case is ignored (e-mails differ in case more often than anything else).
          const content = contactFingerprint(r.contact);
          const prev = this.seen.add(r.email, row, content);
          if (prev) {
            if (prev.content === content) {
              this.counts.skipped++;
              this.local(row, r.email, 'skipped', `duplicate of row ${prev.row}`);
            } else {
              this.counts.failed++;
              this.local(row, r.email, 'failed', `${r.email} is also on row ${prev.row}, with other values: keep one of the two rows`, undefined, false, cells);
            }
            continue;
          }
          if (this.opts.dryRun) {
            this.counts.toImport++;
            this.local(row, r.email, 'imported');
            continue;
          }
          const b = (this.batch ??= { rows: [], emails: [], items: [], queued: 0, ...(keepCells ? { cells: [] } : {}) });
          if (state?.uncertain.has(row)) (b.resent ??= new Uint8Array(MAX_BATCH))[b.rows.length] = 1;
          b.rows.push(row);
          b.emails.push(r.email);
          b.cells?.push(cells);
          b.items.push(r.contact);
          if (b.rows.length >= this.maxBatch) await this.dispatchFilling();
        }
        this.progress?.update(this.finished);
        if (this.stop) break;
      }
      if (this.batch && !this.stop) await this.dispatchFilling();
    } catch (e) {
      this.halt(e);
    }
    await Promise.allSettled([...this.inflight]);
  }

  /** Queues the rows of the batch being filled that are not queued yet. */
  private queueFilling(): void {
    const b = this.batch;
    if (b && b.queued < b.rows.length) {
      this.queue.push({ kind: 'range', batch: b, from: b.queued, to: b.rows.length });
      b.queued = b.rows.length;
    }
  }

  private async dispatchFilling(): Promise<void> {
    this.queueFilling();
    const b = seal(this.batch!);
    this.batch = undefined;
    await this.dispatch({ batch: b, from: 0, to: b.rows.length, id: 0, text: b.text! });
  }

  /** A row decided here: written at once when no earlier row waits, else queued in its place. */
  private local(row: number, email: string, outcome: Outcome, error?: string, batch?: number, resent = false, cells?: string[]): void {
    this.queueFilling();
    const keep = outcome === 'failed' && this.failedOut ? cells : undefined;
    if (this.head < this.queue.length) {
      this.queue.push({ kind: 'local', row, email, outcome, error, batch, resent, cells: keep });
      return;
    }
    this.finished++;
    if (this.ledger) this.ledger.append(rowLine(row, email, outcome, error, batch, resent));
    if (outcome === 'failed') this.failure(row, email, error);
    if (keep) this.failedOut!.add(keep, error ?? 'failed');
  }

  /** A failed row, as it is written out: the first few are kept for the error message. */
  private failure(row: number, email: string, error: string | undefined): void {
    if (this.failures.length < NAMED_FAILURES) this.failures.push(`row ${row}${email ? ` (${email})` : ''}: ${error ?? 'failed'}`);
  }

  private halt(e: unknown): void {
    if (this.stop) return;
    const err = e instanceof AgntError ? e : new AgntError((e as Error)?.message ?? String(e));
    this.stop = { status: err instanceof Interrupted || this.ctx.signal.aborted ? 'interrupted' : 'stopped', error: err };
    for (const w of this.waiters.splice(0)) w();
  }

  private async dispatch(part: Part): Promise<void> {
    while (this.inflight.size >= this.opts.concurrency && !this.stop) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (this.stop) return;
    const p: Promise<void> = this.send(part)
      .catch((e) => this.halt(e))
      .finally(() => {
        this.inflight.delete(p);
        this.waiters.shift()?.();
      });
    this.inflight.add(p);
  }

  private async send(part: Part): Promise<void> {
    const client = this.ctx.client();
    const signal = this.ctx.signal;
    const { batch, from, to } = part;
    if (this.stop) return;
    part.id = this.nextBatch++;
    // The intent reaches the file before the request can reach the server.
    this.ledger?.write({ type: 'batch', batch: part.id, rows: batch.rows.slice(from, to), emails: batch.emails.slice(from, to) });
    this.ledger?.flush();
    // Retries, Retry-After and the retry budget are the HTTP core's. Sending a batch again is
    // safe even when an earlier attempt may have been handled: bulk-import upserts by e-mail and
    // each e-mail is in one batch only, so the worst case is an update instead of a create; such
    // rows are marked `resent` in the ledger.
    const req = await endpointRequest('contacts.bulk-import', { json: `{"contacts":${part.text}}`, signal });
    try {
      const res = await client.request<BulkResult>({ ...req, resendable: true, attempts: IMPORT_ATTEMPTS });
      this.apply(part, res.data ?? {}, res.resent === true);
    } catch (e) {
      if (e instanceof Interrupted || signal.aborted) throw e instanceof Interrupted ? e : new Interrupted();
      const uncertain = (e instanceof ApiError && e.resent === true) || e instanceof NetworkError;
      if (e instanceof ApiError) {
        const tooLarge = e.status === 413 || (e.status === 400 && e.code === 'AGNT_E_BATCH_TOO_LARGE');
        if (tooLarge && to - from > 1) {
          // The server's limit is lower than ours: obey it from now on and split this batch.
          const max = num(e.body.maxBatchSize);
          this.maxBatch = Math.max(1, Math.min(this.maxBatch, max > 0 ? max : Math.ceil((to - from) / 2)));
          return await this.resplit(part, this.maxBatch, uncertain);
        }
        if (e.status === 400 || e.status === 409 || e.status === 422) {
          // The whole batch refused for one bad row: halve until the row is alone, so that
          // only it fails, with the server's own message.
          if (to - from > 1) return await this.resplit(part, Math.ceil((to - from) / 2), uncertain);
          this.apply(part, { created: 0, updated: 0, skipped: 0, errors: [{ index: 0, error: failureText(e) }] }, uncertain);
          return;
        }
      }
      // Refusals (401, 403, 404...) are the server's answer, not an outage: passed on as they are.
      if (e instanceof ApiError && e.status !== 408 && e.status !== 429 && e.status < 500) throw e;
      if (!(e instanceof ApiError || e instanceof NetworkError)) throw e;
      // The last answer and how often it was tried, whatever the message says.
      const last = e instanceof ApiError ? `last answer: HTTP ${e.status}${e.code ? `, ${e.code}` : ''}` : `last error: ${e.code ?? 'no answer'}`;
      const attempts = e.attempts;
      throw new AgntError(
        `import stopped: ${e.message.replace(/ \(after \d+ attempts\)$/, '')} (${last}; ${attempts} attempt${attempts > 1 ? 's' : ''}; batch of rows ${batch.rows[from]!}-${batch.rows[to - 1]!})`,
        e.exitCode,
      );
    }
  }

  private async resplit(part: Part, size: number, uncertain: boolean): Promise<void> {
    const n = part.to - part.from;
    if (uncertain) this.markResent(part.batch, part.from, part.to);
    for (let i = 0; i < n; i += size) {
      await this.send(subPart(part, i, Math.min(n, i + size)));
      if (this.stop) return;
    }
  }

  private markResent(b: Batch, from: number, to: number): void {
    const flags = (b.resent ??= new Uint8Array(b.rows.length));
    flags.fill(1, from, to);
  }

  private apply(part: Part, data: BulkResult, uncertain: boolean): void {
    const { batch, from, to } = part;
    const n = to - from;
    const failed = new Map<number, string>();
    for (const e of Array.isArray(data.errors) ? data.errors : []) {
      let i = typeof e.index === 'number' && Number.isInteger(e.index) && e.index >= 0 && e.index < n ? e.index : -1;
      if (i < 0 && typeof e.email === 'string') {
        const want = e.email.toLowerCase();
        for (let k = 0; k < n && i < 0; k++) if (!failed.has(k) && batch.emails[from + k]!.toLowerCase() === want) i = k;
      }
      if (i < 0) {
        this.ctx.io.warn(`the server reported an error it did not tie to a row: ${String(e.error)}`);
        continue;
      }
      failed.set(i, typeof e.error === 'string' && e.error ? e.error : 'refused by the server');
    }
    const ok = n - failed.size;
    if (uncertain) this.markResent(batch, from, to);
    let resent = 0;
    if (batch.resent) for (let k = from; k < to; k++) resent += batch.resent[k]!;
    // A resent row the server already holds as sent was created by the run that was cut off:
    // counted as created (and resent), by what the server has, not as skipped.
    const madeEarlier = Math.min(num(data.skipped), resent);
    const created = num(data.created) + madeEarlier;
    const updated = num(data.updated);
    const skipped = num(data.skipped) - madeEarlier;
    let outcome: Outcome = 'imported';
    if (ok > 0 && created === ok && !updated && !skipped) outcome = 'created';
    else if (ok > 0 && updated === ok && !created && !skipped) outcome = 'updated';
    else if (ok > 0 && skipped === ok && !created && !updated) outcome = 'skipped';
    const done: DoneRecord = { type: 'done', batch: part.id, created, updated, skipped, outcome, errors: [...failed].map(([i, error]) => ({ row: batch.rows[from + i]!, error })) };
    if (resent) done.resent = resent;
    this.ledger?.write(done);
    this.ledger?.flush();
    this.counts.created += created;
    this.counts.updated += updated;
    this.counts.skipped += skipped;
    this.counts.failed += failed.size;
    this.counts.resent += resent;
    const code = OUTCOME_CODES[outcome];
    batch.outcome!.fill(code, from, to);
    batch.sentIn!.fill(part.id, from, to);
    for (const [i, error] of failed) {
      batch.outcome![from + i] = OUTCOME_CODES.failed;
      (batch.errors ??= new Map()).set(from + i, error);
    }
    this.drain(false);
  }

  /**
   * Writes the decided rows at the head of the queue, in input order, as one piece of ledger text
   * (with `all`, every decided row, counting the undecided ones as pending).
   */
  private drain(all: boolean): void {
    const q = this.queue;
    const ledger = this.ledger;
    let text = '';
    let pending = 0;
    while (this.head < q.length) {
      const e = q[this.head]!;
      if (e.kind === 'local') {
        this.finished++;
        if (ledger) text += rowLine(e.row, e.email, e.outcome, e.error, e.batch, e.resent === true);
        if (e.outcome === 'failed') this.failure(e.row, e.email, e.error);
        if (e.cells) this.failedOut?.add(e.cells, e.error ?? 'failed');
      } else {
        const b = e.batch;
        const outcome = b.outcome;
        while (e.from < e.to) {
          const i = e.from;
          const code = outcome ? outcome[i]! : 0;
          if (code === 0) {
            if (!all) break;
            pending++;
            e.from++;
            continue;
          }
          e.from++;
          this.finished++;
          const error = code === OUTCOME_CODES.failed ? b.errors?.get(i) : undefined;
          if (ledger) text += rowLine(b.rows[i]!, b.emails[i]!, OUTCOMES[code - 1]!, error, b.sentIn![i], b.resent?.[i] === 1);
          if (code === OUTCOME_CODES.failed) {
            this.failure(b.rows[i]!, b.emails[i]!, error);
            if (b.cells) this.failedOut?.add(b.cells[i]!, error ?? 'failed');
          }
        }
        if (e.from < e.to) break;
      }
      // Let the entry go now: a written row must not outlive the next garbage collection.
      q[this.head] = undefined;
      this.head++;
    }
    if (text) ledger!.append(text);
    if (this.head > 1024 && this.head * 2 > q.length) {
      this.queue = q.slice(this.head);
      this.head = 0;
    }
    this.pendingRows = pending;
  }
  private pendingRows = 0;

  private finish(ledgerPath: string | undefined): ImportResult {
    // Rows still undecided are those of batches that never finished; later rows are written.
    this.queueFilling();
    this.drain(true);
    const pending = this.pendingRows;
    this.failedOut?.close();
    const errorsOut = this.opts.errorsOut ?? null;
    if (this.opts.dryRun) {
      const mapping: Record<string, string> = {};
      for (const c of this.mapping?.columns ?? []) mapping[c.header] = describeRole(c, this.mapping!.headers);
      return {
        summary: { dryRun: true, total: this.total, toImport: this.counts.toImport, skipped: this.counts.skipped, failed: this.counts.failed, mapping, errorsOut },
        status: this.stop?.status ?? 'complete',
        error: this.stop?.error,
        failures: this.failures,
      };
    }
    const c = this.counts;
    const summary: Summary = { total: this.total, created: c.created, updated: c.updated, skipped: c.skipped, failed: c.failed, resent: c.resent, pending, ledger: ledgerPath ?? null, errorsOut };
    if (this.ledger) {
      if (this.stop) this.ledger.write({ type: 'stopped', reason: this.stop.error.message, at: new Date().toISOString(), pending });
      else this.ledger.write({ type: 'end', at: new Date().toISOString(), ...summary });
      this.ledger.close();
    }
    return { summary, status: this.stop?.status ?? 'complete', error: this.stop?.error, failures: this.failures };
  }
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<ImportResult> {
  return await new Importer(ctx, opts).run();
}
