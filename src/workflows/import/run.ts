// `agnt contacts import`: reads the CSV as a stream, maps and checks each row, sends the good
// ones to POST /contacts/bulk-import in batches with a few in flight, and records every row's
// outcome in the ledger (and the failed ones in --errors-out) in input order.
import type { Context } from '../../core/context.ts';
import { AgntError, ApiError, EXIT, Interrupted, NetworkError, UsageError } from '../../core/errors.ts';
import { backoffDelay, retryBudget } from '../../core/http.ts';
import { escapeControls } from '../../core/output.ts';
import type { Encoding } from './detect.ts';
import { FailedRowsWriter } from './failed.ts';
import { isUnfinished, LedgerWriter, OUTCOMES, resumeLedger, type DoneRecord, type LedgerState, type Outcome, type StoredOptions } from './ledger.ts';
import { buildMapping, describeRole, type Mapping } from './mapping.ts';
import { MemoryGuard } from './memory.ts';
import { Progress } from '../../core/progress.ts';
import { hash32, SeenEmails } from './seen.ts';
import { openSource, type Source } from './source.ts';
import { sleep } from '../../core/sleep.ts';

export const BULK_PATH = '/contacts/bulk-import';
/** The sandbox's limit (and the CLI's ceiling); a server asking for less is obeyed. */
export const MAX_BATCH = 1000;
export const DEFAULT_BATCH = 500;
export const DEFAULT_CONCURRENCY = 4;
const MAX_ATTEMPTS = 8;
const BACKOFF_CAP_MS = 15_000;

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
}

interface Slot {
  row: number;
  cells: string[] | undefined;
  email: string;
  outcome?: Outcome;
  error?: string;
  batch?: number;
  resent?: boolean;
}

interface Batch {
  id: number;
  slots: Slot[];
  /** Each row's bulk-import item as JSON text while the batch fills. */
  items: string[];
  /** Then the items joined (one string to keep in flight), and where each item ends in it. */
  text?: string;
  ends?: Uint32Array;
}

function seal(b: Batch): Batch {
  if (b.text !== undefined) return b;
  b.ends = new Uint32Array(b.items.length);
  let at = 0;
  b.items.forEach((item, i) => {
    at += item.length;
    b.ends![i] = at;
    at += 1;
  });
  b.text = b.items.join(',');
  b.items = [];
  return b;
}

/** Items [from, to) of a sealed batch, as JSON text. */
function itemsText(b: Batch, from: number, to: number): string {
  const start = from === 0 ? 0 : b.ends![from - 1]! + 1;
  return b.text!.slice(start, b.ends![to - 1]);
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

function sameOptions(a: StoredOptions, b: StoredOptions): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Importer {
  private queue: Slot[] = [];
  private head = 0;
  private counts = { created: 0, updated: 0, skipped: 0, failed: 0, resent: 0, toImport: 0 };
  private total = 0;
  private finished = 0;
  private seen = new SeenEmails();
  private batch: Batch | undefined;
  private nextBatch = 1;
  private maxBatch: number;
  private inflight = new Set<Promise<void>>();
  private waiters: Array<() => void> = [];
  private cooldownUntil = 0;
  private stop: { status: 'interrupted' | 'stopped'; error: AgntError } | undefined;
  private ledger?: LedgerWriter;
  private failedOut?: FailedRowsWriter;
  private state?: LedgerState;
  private progress?: Progress;
  private backoffBase: number;

  constructor(
    private ctx: Context,
    private opts: ImportOptions,
  ) {
    this.maxBatch = opts.batchSize;
    const env = Number(process.env.AGNT_BACKOFF_MS);
    this.backoffBase = Number.isFinite(env) && env > 0 ? env : 500;
  }

  private ledgerPath(): string | undefined {
    if (this.opts.dryRun) return undefined;
    return this.opts.ledger ?? (this.opts.file === '-' ? undefined : `${this.opts.file}.ledger.jsonl`);
  }

  async run(): Promise<ImportResult> {
    const { ctx, opts } = this;
    const ledgerPath = this.ledgerPath();
    // No server or token: fail now, before any file is written.
    if (!opts.dryRun) ctx.client();
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
      source = await openSource(opts.file, ctx.io.stdin, { ...dialectHint, knownHeaders });
    } catch (e) {
      this.ledger?.close();
      throw e;
    }
    try {
      if (this.state && JSON.stringify(source.header) !== JSON.stringify(this.state.start.header)) {
        throw new UsageError(`${source.name}: the header row differs from the one of the import in ${ledgerPath}`, 'resume with the same file, or start over without --resume');
      }
      const mapping = buildMapping(source.header, { ...stored, where: `${source.name}:${source.headerRow}` });
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
    try {
      const memory = new MemoryGuard();
      for await (const chunk of source.records()) {
        memory.check();
        for (const { row, cells } of chunk) {
          if (signal.aborted) throw new Interrupted();
          if (this.stop) break;
          this.total++;
          const r = mapping.row(cells);
          const email = r.kind === 'blank' ? '' : r.email;
          const slot: Slot = { row, cells: this.failedOut ? cells : undefined, email };
          this.queue.push(slot);

          if (state?.finished(row)) {
            // Finished by an earlier run: never sent again, only checked against what was sent.
            if (state.batchOf[row]! > 0 && (r.kind !== 'ok' || hash32(r.email.toLowerCase()) !== state.emailHash[row])) {
              throw new AgntError(`${source.name}: row ${row} is not the row the earlier import sent (the file changed); resume with the same file, or start over without --resume`, EXIT.failure);
            }
            if (r.kind === 'ok') this.seen.add(r.email.toLowerCase(), row, hash32(JSON.stringify(r.contact).toLowerCase()));
            this.decide(slot, OUTCOMES[state.outcome[row]! - 1]!, state.errors.get(row), state.batchOf[row] || undefined);
            continue;
          }
          if (r.kind === 'blank') {
            this.counts.skipped++;
            this.decide(slot, 'skipped', 'blank row');
            continue;
          }
          if (r.kind === 'invalid') {
            this.counts.failed++;
            this.decide(slot, 'failed', r.error);
            continue;
          }
          const json = JSON.stringify(r.contact);
          // Letter case is ignored (e-mails differ in case more often than anything else).
          const content = hash32(json.toLowerCase());
          const prev = this.seen.add(r.email.toLowerCase(), row, content);
          if (prev) {
            if (prev.content === content) {
              this.counts.skipped++;
              this.decide(slot, 'skipped', `duplicate of row ${prev.row}`);
            } else {
              this.counts.failed++;
              this.decide(slot, 'failed', `${r.email} is also on row ${prev.row}, with other values: keep one of the two rows`);
            }
            continue;
          }
          if (this.opts.dryRun) {
            this.counts.toImport++;
            this.decide(slot, 'imported');
            continue;
          }
          if (state?.uncertain.has(row)) slot.resent = true;
          this.batch ??= { id: 0, slots: [], items: [] };
          this.batch.slots.push(slot);
          this.batch.items.push(json);
          if (this.batch.slots.length >= this.maxBatch) {
            const b = this.batch;
            this.batch = undefined;
            await this.dispatch(seal(b));
          }
        }
        this.progress?.update(this.finished);
        if (this.stop) break;
      }
      if (this.batch && !this.stop) {
        const b = this.batch;
        this.batch = undefined;
        await this.dispatch(seal(b));
      }
    } catch (e) {
      this.halt(e);
    }
    await Promise.allSettled([...this.inflight]);
  }

  private halt(e: unknown): void {
    if (this.stop) return;
    const err = e instanceof AgntError ? e : new AgntError((e as Error)?.message ?? String(e));
    this.stop = { status: err instanceof Interrupted || this.ctx.signal.aborted ? 'interrupted' : 'stopped', error: err };
    for (const w of this.waiters.splice(0)) w();
  }

  private async dispatch(batch: Batch): Promise<void> {
    while (this.inflight.size >= this.opts.concurrency && !this.stop) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (this.stop) return;
    const p: Promise<void> = this.send(batch)
      .catch((e) => this.halt(e))
      .finally(() => {
        this.inflight.delete(p);
        this.waiters.shift()?.();
      });
    this.inflight.add(p);
  }

  private async send(batch: Batch): Promise<void> {
    const client = this.ctx.client();
    const signal = this.ctx.signal;
    let attempt = 0;
    let uncertain = false;
    for (;;) {
      const wait = this.cooldownUntil - Date.now();
      if (wait > 0) await sleep(wait, signal);
      if (this.stop) return;
      if (attempt === 0) {
        batch.id = this.nextBatch++;
        // The intent reaches the file before the request can reach the server.
        this.ledger?.write({ type: 'batch', batch: batch.id, rows: batch.slots.map((s) => s.row), emails: batch.slots.map((s) => s.email) });
        this.ledger?.flush();
      }
      attempt++;
      try {
        const res = await client.request<BulkResult>({ method: 'POST', path: BULK_PATH, json: `{"contacts":[${batch.text}]}`, resultKey: 'bulkImport', signal });
        this.apply(batch, res.data ?? {}, uncertain);
        return;
      } catch (e) {
        if (e instanceof Interrupted || signal.aborted) throw e instanceof Interrupted ? e : new Interrupted();
        // Sending a batch again is safe even when the first attempt may have been handled:
        // bulk-import upserts by e-mail and each e-mail is in one batch only, so the worst case
        // is an update instead of a create; such rows are marked `resent` in the ledger.
        if (e instanceof ApiError) {
          const tooLarge = e.status === 413 || (e.status === 400 && e.code === 'AGNT_E_BATCH_TOO_LARGE');
          if (tooLarge && batch.slots.length > 1) {
            // The server's limit is lower than ours: obey it from now on and split this batch.
            const max = num(e.body.maxBatchSize);
            this.maxBatch = Math.max(1, Math.min(this.maxBatch, max > 0 ? max : Math.ceil(batch.slots.length / 2)));
            return await this.resplit(batch, this.maxBatch, uncertain);
          }
          if (e.status === 400 || e.status === 409 || e.status === 422) {
            // The whole batch refused for one bad row: halve until the row is alone, so that
            // only it fails, with the server's own message.
            if (batch.slots.length > 1) return await this.resplit(batch, Math.ceil(batch.slots.length / 2), uncertain);
            this.apply(batch, { created: 0, updated: 0, skipped: 0, errors: [{ index: 0, error: `${e.message} (HTTP ${e.status}${e.code ? `, ${e.code}` : ''})` }] }, uncertain);
            return;
          }
          if (e.status !== 408 && e.status !== 429 && e.status < 500) throw e;
          // 503 and 429 say the request was not handled; after other failures it may have been.
          if (e.status !== 503 && e.status !== 429) uncertain = true;
        } else if (e instanceof NetworkError) {
          uncertain = true;
        } else throw e;
        if (attempt >= MAX_ATTEMPTS || !retryBudget.take()) {
          // The last answer and how often it was tried, whatever the message says.
          const last = e instanceof ApiError ? `last answer: HTTP ${e.status}${e.code ? `, ${e.code}` : ''}` : `last error: ${(e as NetworkError).code ?? 'no answer'}`;
          const stopped = new AgntError(
            `import stopped: ${(e as Error).message} (${last}; ${attempt} attempt${attempt > 1 ? 's' : ''}; batch of rows ${batch.slots[0]!.row}-${batch.slots[batch.slots.length - 1]!.row})`,
            e instanceof AgntError ? e.exitCode : EXIT.failure,
          );
          throw stopped;
        }
        const delay = backoffDelay(attempt, this.backoffBase, BACKOFF_CAP_MS);
        this.cooldownUntil = Math.max(this.cooldownUntil, Date.now() + delay);
        if (this.ctx.global.debug) this.ctx.io.err(`* batch ${batch.id}: ${(e as Error).message}; sending again in ${delay} ms`);
      }
    }
  }

  private async resplit(batch: Batch, size: number, uncertain: boolean): Promise<void> {
    for (let i = 0; i < batch.slots.length; i += size) {
      const to = Math.min(batch.slots.length, i + size);
      const start = i === 0 ? 0 : batch.ends![i - 1]! + 1;
      const part: Batch = { id: 0, slots: batch.slots.slice(i, to), items: [], text: itemsText(batch, i, to), ends: Uint32Array.from(batch.ends!.subarray(i, to), (e) => e - start) };
      if (uncertain) for (const s of part.slots) s.resent = true;
      await this.send(part);
      if (this.stop) return;
    }
  }

  private apply(batch: Batch, data: BulkResult, uncertain: boolean): void {
    const n = batch.slots.length;
    const failed = new Map<number, string>();
    for (const e of Array.isArray(data.errors) ? data.errors : []) {
      let i = typeof e.index === 'number' && Number.isInteger(e.index) && e.index >= 0 && e.index < n ? e.index : -1;
      if (i < 0 && typeof e.email === 'string') {
        const want = e.email.toLowerCase();
        i = batch.slots.findIndex((s, k) => !failed.has(k) && s.email.toLowerCase() === want);
      }
      if (i < 0) {
        this.ctx.io.warn(`the server reported an error it did not tie to a row: ${String(e.error)}`);
        continue;
      }
      failed.set(i, typeof e.error === 'string' && e.error ? e.error : 'refused by the server');
    }
    const ok = n - failed.size;
    const created = num(data.created);
    const updated = num(data.updated);
    const skipped = num(data.skipped);
    let outcome: Outcome = 'imported';
    if (ok > 0 && created === ok && !updated && !skipped) outcome = 'created';
    else if (ok > 0 && updated === ok && !created && !skipped) outcome = 'updated';
    else if (ok > 0 && skipped === ok && !created && !updated) outcome = 'skipped';
    if (uncertain) for (const s of batch.slots) s.resent = true;
    const resent = batch.slots.filter((s) => s.resent).length;
    const done: DoneRecord = { type: 'done', batch: batch.id, created, updated, skipped, outcome, errors: [...failed].map(([i, error]) => ({ row: batch.slots[i]!.row, error })) };
    if (resent) done.resent = resent;
    this.ledger?.write(done);
    this.ledger?.flush();
    this.counts.created += created;
    this.counts.updated += updated;
    this.counts.skipped += skipped;
    this.counts.failed += failed.size;
    this.counts.resent += resent;
    batch.slots.forEach((s, i) => {
      const err = failed.get(i);
      this.decide(s, err === undefined ? outcome : 'failed', err, batch.id);
    });
  }

  private decide(slot: Slot, outcome: Outcome, error?: string, batch?: number): void {
    slot.outcome = outcome;
    slot.error = error;
    slot.batch = batch;
    this.drain(false);
  }

  /** Writes the decided rows at the head of the queue, in input order (all decided ones at the end). */
  private drain(all: boolean): void {
    const q = this.queue;
    let pending = 0;
    while (this.head < q.length) {
      const s = q[this.head]!;
      if (!s.outcome) {
        if (!all) break;
        pending++;
        (q as Array<Slot | undefined>)[this.head] = undefined;
        this.head++;
        continue;
      }
      // Let the slot go now: a decided row must not outlive the next garbage collection.
      (q as Array<Slot | undefined>)[this.head] = undefined;
      this.head++;
      this.finished++;
      if (this.ledger && !this.opts.dryRun) {
        const rec: Record<string, unknown> = { type: 'row', row: s.row, email: s.email, outcome: s.outcome };
        if (s.error) rec.error = s.error;
        if (s.batch) rec.batch = s.batch;
        if (s.resent) rec.resent = true;
        this.ledger.write(rec);
      }
      if (s.outcome === 'failed' && this.failedOut && s.cells) this.failedOut.add(s.cells, s.error ?? 'failed');
      s.cells = undefined;
    }
    if (this.head > 1024 && this.head * 2 > q.length) {
      this.queue = q.slice(this.head);
      this.head = 0;
    }
    this.pendingRows = pending;
  }
  private pendingRows = 0;

  private finish(ledgerPath: string | undefined): ImportResult {
    // Rows still undecided are those of batches that never finished; later rows are written.
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
      };
    }
    const c = this.counts;
    const summary: Summary = { total: this.total, created: c.created, updated: c.updated, skipped: c.skipped, failed: c.failed, resent: c.resent, pending, ledger: ledgerPath ?? null, errorsOut };
    if (this.ledger) {
      if (this.stop) this.ledger.write({ type: 'stopped', reason: this.stop.error.message, at: new Date().toISOString(), pending });
      else this.ledger.write({ type: 'end', at: new Date().toISOString(), ...summary });
      this.ledger.close();
    }
    return { summary, status: this.stop?.status ?? 'complete', error: this.stop?.error };
  }
}

export async function runImport(ctx: Context, opts: ImportOptions): Promise<ImportResult> {
  return await new Importer(ctx, opts).run();
}
