// `agnt batch FILE -- <command>`: one command per row, a few at a time, through the same command
// tree, builder and HTTP client as a typed command. Rows are recorded in a ledger before their
// request leaves, results come out as one stream in input order, failed rows go to --errors-out.
import type { Option } from 'commander';
import type { Context } from '../../core/context.ts';
import { isGuardrailRefusal } from '../../core/guardrails/hook.ts';
import { AgntError, EXIT, ApiError, Interrupted, NAMED_FAILURES, namedFailures, NetworkError, PartialFailure, UsageError, failureText } from '../../core/errors.ts';
import { type HttpClient, NEVER_SENT } from '../../core/http.ts';
import type { IO } from '../../core/io.ts';
import { escapeControls, idOf } from '../../core/output.ts';
import type { StreamSink } from '../../core/outcome.ts';
import type { Column } from '../../core/spec.ts';
import type { Encoding } from '../import/detect.ts';
import type { LedgerWriter } from '../import/ledger.ts';
import { Progress } from '../../core/progress.ts';
import { idKeysOf } from '../../core/present-spec.ts';
import { CommandAdapter, RowContext, TemplateError, type Prepared } from './adapter.ts';
import { openInput, type BatchInput, type BatchRow, type FailedWriter, type InputFormat } from './input.ts';
import { isUnfinished, resumeBatchLedger, rowHash, type BatchLedgerState, type RowOutcome, type StoredOptions } from './ledger.ts';
import { settleBy } from './lookups.ts';
import { compileTemplate, markedArgv, placeholders, rowValues, type Template } from './template.ts';

export interface BatchOptions {
  /** The root program's global options, for parsing each row's command line. */
  globalOptions: readonly Option[];
  file: string;
  command: string[];
  concurrency: number;
  match: string[];
  skipRows: number;
  maxRows?: number;
  keys?: string[];
  errorsOut?: string;
  ledger?: string;
  resume: boolean;
  dryRun: boolean;
  yes: boolean;
  format?: InputFormat;
  delimiter?: string;
  encoding?: Encoding;
}

interface Slot {
  row: BatchRow;
  keys: Record<string, string>;
  h: number;
  outcome?: RowOutcome | 'dry-run';
  data?: unknown;
  error?: string;
}

export interface BatchSummary {
  rows: number;
  ok: number;
  found: number;
  failed: number;
  unknown: number;
  /** Rows finished by an earlier run (--resume). */
  earlier: number;
  ledger: string | null;
  errorsOut: string | null;
}

function parseMatch(list: string[], header: string[]): Array<{ col: number; re: RegExp; text: string }> {
  return list.map((m) => {
    const eq = m.indexOf('=');
    if (eq <= 0) throw new UsageError(`--match must be COLUMN=REGEX, got '${m}'`);
    const name = m.slice(0, eq);
    let col = header.indexOf(name);
    if (col < 0) col = header.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase());
    if (col < 0) throw new UsageError(`--match: unknown column '${name}' (the columns are ${header.filter(Boolean).join(', ')})`);
    let re: RegExp;
    try {
      re = new RegExp(m.slice(eq + 1));
    } catch (e) {
      throw new UsageError(`--match: ${(e as Error).message}`);
    }
    return { col, re, text: m };
  });
}

export class BatchRun {
  private input!: BatchInput;
  private template!: Template;
  private adapter!: CommandAdapter;
  private client?: HttpClient;
  private ledger?: LedgerWriter;
  private state?: BatchLedgerState;
  private failedOut?: FailedWriter;
  /** Printed in input order through the presenter's stream; a failure to print stops the run. */
  private printed: Promise<void> = Promise.resolve();
  private printFailed = false;
  /** Where a row's result nests its id (users provision: under user). */
  private idKeys: string[] = [];
  private progress?: Progress;
  private keyCols: Array<[string, number]> = [];
  private queue: Slot[] = [];
  private head = 0;
  private inflight = new Set<Promise<void>>();
  private counts = { rows: 0, ok: 0, found: 0, failed: 0, unknown: 0, earlier: 0 };
  private decided = 0;
  /** Rows the guardrails refused (the exit is then 7). */
  private refused = 0;
  /** Under the JSON error form: the first failed rows, named in the one error object. */
  private failedLines: string[] = [];
  private stop?: AgntError;
  /** The row that stopped the run. */
  private stopAt?: string;
  private ledgerPath?: string;

  constructor(
    private ctx: Context,
    private opts: BatchOptions,
    private sink: StreamSink,
  ) {}

  async run(): Promise<BatchSummary> {
    const { ctx, opts } = this;
    if (opts.resume && opts.dryRun) throw new UsageError('--resume and --dry-run cannot be combined');
    if (opts.errorsOut && opts.errorsOut === opts.file) throw new UsageError('--errors-out must not be the input file');
    // No server or token: say so before reading anything.
    if (!opts.dryRun) this.client = ctx.client();
    const known = opts.command.flatMap(placeholders);
    this.input = await openInput(opts.file, ctx.io.stdin, { format: opts.format, delimiter: opts.delimiter, encoding: opts.encoding, knownHeaders: known });
    try {
      return await this.runOpen();
    } finally {
      this.input.close();
    }
  }

  private async runOpen(): Promise<BatchSummary> {
    const { ctx, opts, input } = this;
    this.template = compileTemplate(opts.command, input.header, input.name);
    const matches = parseMatch(opts.match, input.header);
    for (const k of opts.keys ?? []) {
      let i = input.header.indexOf(k);
      if (i < 0) i = input.header.findIndex((h) => h.trim().toLowerCase() === k.trim().toLowerCase());
      if (i < 0) throw new UsageError(`--key: unknown column '${k}' (the columns are ${input.header.filter(Boolean).join(', ')})`);
      this.keyCols.push([input.header[i]!, i]);
    }
    if (!this.keyCols.length) for (const i of this.template.columns.values()) this.keyCols.push([input.header[i]!, i]);

    this.adapter = await CommandAdapter.create(opts.command, opts.globalOptions);
    // The command line without the cells' values: an unknown flag or command fails here, once.
    const spec = this.adapter.check(markedArgv(this.template), opts.yes, opts.dryRun);
    this.idKeys = idKeysOf(spec);

    this.ledgerPath = opts.dryRun ? undefined : (opts.ledger ?? (opts.file === '-' ? undefined : `${opts.file}.batch-ledger.jsonl`));
    let stored: StoredOptions = { match: opts.match, skipRows: opts.skipRows, maxRows: opts.maxRows ?? null };
    if (opts.resume) {
      if (!this.ledgerPath) throw new UsageError('--resume needs the ledger of the earlier run: give it with --ledger (stdin has no default ledger)');
      const { state, writer } = resumeBatchLedger(this.ledgerPath);
      if (JSON.stringify(state.start.command) !== JSON.stringify(opts.command)) {
        writer.close();
        throw new UsageError(`--resume: the ledger was written for another command (${state.start.command.join(' ')})`, 'run the same command line with --resume, or start over without it');
      }
      if (JSON.stringify(state.start.header) !== JSON.stringify(input.header)) {
        writer.close();
        throw new UsageError(`--resume: the header of ${input.name} is not the one the ledger was written for`);
      }
      const given = opts.match.length || opts.skipRows || opts.maxRows !== undefined;
      if (given && JSON.stringify(stored) !== JSON.stringify(state.start.options)) {
        writer.close();
        throw new UsageError('--resume continues with the --match, --skip-rows and --max-rows of the earlier run; leave them out, or start over without --resume');
      }
      stored = state.start.options;
      this.state = state;
      this.ledger = writer;
      writer.write({ type: 'resume', at: new Date().toISOString() });
      writer.flush();
    } else if (this.ledgerPath) {
      if (isUnfinished(this.ledgerPath))
        throw new UsageError(`an earlier run did not finish (ledger: ${this.ledgerPath})`, 'run the same command with --resume to finish it, or delete the ledger to start over');
      const { LedgerWriter } = await import('../import/ledger.ts');
      try {
        this.ledger = new LedgerWriter(this.ledgerPath, false);
      } catch (e) {
        throw new UsageError(`cannot write ${this.ledgerPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'choose another place with --ledger');
      }
      this.ledger.write({
        type: 'start',
        version: 1,
        kind: 'batch',
        input: input.name,
        format: input.format,
        header: input.header,
        command: opts.command,
        options: stored,
        startedAt: new Date().toISOString(),
      });
      this.ledger.flush();
    }
    if (opts.errorsOut) {
      try {
        this.failedOut = input.failedWriter(opts.errorsOut);
      } catch (e) {
        throw new UsageError(`cannot write ${opts.errorsOut}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'choose another place with --errors-out');
      }
    }

    const columns: Column[] = [{ path: 'row' }, ...this.keyCols.map(([name]) => ({ path: name, header: name })), { path: 'status' }];
    if (opts.dryRun) columns.push({ path: 'request.method', header: 'METHOD' }, { path: 'request.url', header: 'URL' });
    else columns.push({ path: 'id' }, { path: 'error' });
    this.sink.setColumns(columns);
    this.progress = new Progress(ctx.io, { unit: 'rows', ...(input.size ? { fraction: () => input.bytesRead() / input.size! } : {}) });

    let skip = stored.skipRows;
    let taken = 0;
    const re = stored.match.length ? parseMatch(stored.match, input.header) : matches;
    try {
      outer: for await (const chunk of input.rows()) {
        for (const row of chunk) {
          if (row.cells.every((c) => c === '')) continue;
          if (skip > 0) {
            skip--;
            continue;
          }
          if (re.length && !re.every((m) => m.re.test(row.cells[m.col] ?? ''))) continue;
          if (stored.maxRows !== null && taken >= stored.maxRows) break outer;
          taken++;
          if (this.stop || ctx.signal.aborted) break outer;
          await this.take(row);
          if (this.stop || ctx.signal.aborted) break outer;
        }
      }
    } catch (e) {
      if (!(e instanceof AgntError)) throw e;
      this.stop ??= e;
    }
    await Promise.all([...this.inflight]);
    return await this.finish();
  }

  private keysOf(row: BatchRow): Record<string, string> {
    const k: Record<string, string> = {};
    for (const [name, i] of this.keyCols) k[name] = row.cells[i] ?? '';
    return k;
  }

  private label(s: Slot): string {
    const keys = Object.entries(s.keys)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    return `row ${s.row.row}${keys ? ` (${keys})` : ''}`;
  }

  private async take(row: BatchRow): Promise<void> {
    const h = rowHash(row.cells);
    const earlier = this.state?.done.get(row.row);
    if (earlier) {
      if (earlier.h !== h) throw new UsageError(`--resume: row ${row.row} of ${this.input.name} changed since the earlier run; restore the file or start over without --resume`);
      this.counts.rows++;
      this.counts.earlier++;
      this.counts[earlier.outcome]++;
      if ((earlier.outcome === 'failed' || earlier.outcome === 'unknown') && this.failedOut) this.failedOut.add(row, earlier.error ?? earlier.outcome);
      return;
    }
    const uncertainHash = this.state?.uncertain.get(row.row);
    if (uncertainHash !== undefined && uncertainHash !== h)
      throw new UsageError(`--resume: row ${row.row} of ${this.input.name} changed since the earlier run; restore the file or start over without --resume`);
    while (this.inflight.size >= this.opts.concurrency) await Promise.race(this.inflight);
    if (this.stop || this.ctx.signal.aborted) return;
    const slot: Slot = { row, keys: this.keysOf(row), h };
    this.queue.push(slot);
    this.counts.rows++;
    const p = this.process(slot, uncertainHash !== undefined).finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  private rowIO(slot: Slot, out: string[]): IO {
    const base = this.ctx.io;
    const err = (text: string) => base.err(`${this.label(slot)}: ${text}`);
    return {
      ...base,
      out: (text: string) => void out.push(text),
      write: (text: string) => void out.push(text),
      err,
      warn: (text: string) => err(`warning: ${text}`),
      info: (text: string) => (base.quiet ? undefined : err(text)),
      canPrompt: () => false,
      readStdin: () => Promise.reject(new UsageError('a batch row cannot read standard input')),
    };
  }

  private async process(slot: Slot, uncertain: boolean): Promise<void> {
    const out: string[] = [];
    const global = { ...this.ctx.global, yes: this.opts.yes || this.ctx.global.yes };
    const rctx = new RowContext(global, this.ctx.signal, this.rowIO(slot, out), this.ctx, this.client);
    // A record the reader could not read is failed, with its line, and never sent.
    if (slot.row.malformed) return this.decide(slot, 'failed', undefined, slot.row.malformed);
    let prepared: Prepared;
    try {
      prepared = await this.adapter.prepare(rowValues(this.template, slot.row.cells), rctx);
    } catch (e) {
      if (e instanceof TemplateError) return this.decide(slot, 'failed', undefined, failureText(e));
      if (!(e instanceof AgntError)) throw e;
      return this.decide(slot, 'failed', undefined, failureText(e));
    }
    if (this.opts.dryRun) {
      try {
        await CommandAdapter.run(prepared, rctx);
      } catch (e) {
        return this.decide(slot, 'failed', undefined, failureText(e));
      }
      const requests = out.map((t) => {
        try {
          return JSON.parse(t) as unknown;
        } catch {
          return t;
        }
      });
      return this.decide(slot, 'dry-run', requests.length === 1 ? requests[0] : requests);
    }
    const request = CommandAdapter.request(prepared);
    if (uncertain) {
      // The earlier run may have sent this row before it stopped: look before sending again.
      const how = settleBy(request);
      if (!how)
        return this.decide(slot, 'unknown', undefined, 'the earlier run may have sent this row before it stopped, and the API offers no lookup to check: check it, then run the row again if needed');
      if (how !== 'resend') {
        try {
          const r = await how(this.client!, request!);
          if (r.found) return this.decide(slot, 'found', r.data);
        } catch (e) {
          return this.fail(slot, e);
        }
      }
    }
    this.ledger?.write({ type: 'send', row: slot.row.row, h: slot.h });
    this.ledger?.flush();
    try {
      const data = await CommandAdapter.run(prepared, rctx);
      return this.decide(slot, 'ok', data);
    } catch (e) {
      if (uncertain && request?.method === 'DELETE' && e instanceof ApiError && e.status === 404) return this.decide(slot, 'ok', null);
      // A request that may have reached the server before its answer was lost: look it up.
      const mayHaveArrived = (e instanceof NetworkError && !NEVER_SENT.has(e.code ?? '')) || (e instanceof ApiError && (e.status >= 500 || e.status === 408));
      if (mayHaveArrived && request && request.method !== 'GET' && !(e instanceof Interrupted)) {
        const how = settleBy(request);
        if (how && how !== 'resend') {
          try {
            const r = await how(this.client!, request);
            if (r.found) return this.decide(slot, 'found', r.data);
          } catch {
            /* the lookup failed too: report the first error */
          }
        } else if (!how) {
          return this.decide(slot, 'unknown', undefined, `${failureText(e)}; the request may have reached the server, and the API offers no lookup to check`);
        }
      }
      return this.fail(slot, e);
    }
  }

  private fail(slot: Slot, e: unknown): void {
    if (e instanceof Interrupted || this.ctx.signal.aborted) {
      // Leave the row without an outcome: --resume settles it.
      this.stop ??= new Interrupted();
      slot.outcome = undefined;
      this.drain();
      return;
    }
    if (e instanceof ApiError && e.status === 401) {
      // Every later row would be refused alike.
      this.stopAt ??= this.label(slot);
      this.stop ??= e;
      this.drain();
      return;
    }
    if (!(e instanceof AgntError)) throw e;
    if (isGuardrailRefusal(e)) this.refused++;
    this.decide(slot, 'failed', undefined, failureText(e));
  }

  private decide(slot: Slot, outcome: Slot['outcome'], data?: unknown, error?: string): void {
    slot.outcome = outcome;
    slot.data = data;
    slot.error = error;
    if (outcome !== 'dry-run') {
      const rec: Record<string, unknown> = { type: 'row', row: slot.row.row, h: slot.h, outcome };
      if (error) rec.error = error;
      const id = idOf(data, this.idKeys);
      if (id) rec.id = id;
      this.ledger?.write(rec);
      // At once: an outcome lost to a kill would make --resume look the row up again, and call
      // it unknown where the API has no lookup.
      this.ledger?.flush();
      this.counts[outcome as RowOutcome]++;
    }
    if (error) {
      const line = `${this.label(slot)}: ${outcome === 'unknown' ? 'unknown' : 'error'}: ${error}`;
      // The JSON error form is one object on stderr and nothing else: the rows go into its message.
      if (this.ctx.jsonErrors) {
        if (this.failedLines.length < NAMED_FAILURES) this.failedLines.push(line);
      } else {
        this.progress?.end();
        this.ctx.io.err(escapeControls(line));
      }
    }
    if ((outcome === 'failed' || outcome === 'unknown') && this.failedOut) this.failedOut.add(slot.row, error ?? outcome);
    this.decided++;
    this.progress?.update(this.decided);
    this.drain();
  }

  /** Prints the decided rows at the head of the queue, in input order. */
  private drain(all = false): void {
    const recs: unknown[] = [];
    while (this.head < this.queue.length) {
      const s = this.queue[this.head]!;
      if (!s.outcome) {
        if (!all) break;
        this.head++;
        continue;
      }
      (this.queue as Array<Slot | undefined>)[this.head] = undefined;
      this.head++;
      const rec: Record<string, unknown> = { row: s.row.row, ...s.keys, status: s.outcome };
      if (s.outcome === 'dry-run') rec.request = s.data;
      else {
        const id = idOf(s.data, this.idKeys);
        if (id !== undefined) rec.id = id;
        if (s.error) rec.error = s.error;
        else rec.result = s.data ?? null;
      }
      recs.push(rec);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (recs.length) {
      this.printed = this.printed.then(() => this.sink.emit(recs));
      // A record that cannot be printed (-o id and no id) stops the run as a failed row's 401 does.
      this.printed.catch((e: unknown) => {
        this.printFailed = true;
        this.stop ??= e instanceof AgntError ? e : new AgntError((e as Error).message);
      });
    }
  }

  private async finish(): Promise<BatchSummary> {
    this.drain(true);
    this.progress?.end();
    const pending = this.queue.length ? this.queue.filter((s) => s && !s.outcome).length : 0;
    this.failedOut?.close();
    const c = this.counts;
    const summary: BatchSummary = {
      rows: c.rows,
      ok: c.ok,
      found: c.found,
      failed: c.failed,
      unknown: c.unknown,
      earlier: c.earlier,
      ledger: this.ledgerPath ?? null,
      errorsOut: this.opts.errorsOut ?? null,
    };
    if (this.ledger) {
      if (this.stop || this.ctx.signal.aborted) this.ledger.write({ type: 'stopped', reason: this.stop?.message ?? 'interrupted', at: new Date().toISOString() });
      else this.ledger.write({ type: 'end', at: new Date().toISOString(), ...summary });
      this.ledger.close();
    }
    await this.printed.catch(() => undefined);
    if (!this.printFailed) await this.sink.end();
    const io = this.ctx.io;
    if (this.ctx.signal.aborted || this.stop instanceof Interrupted) {
      const said = `interrupted after ${this.decided} rows${pending ? ` (${pending} in flight)` : ''}${this.ledgerPath ? `; run the same command with --resume to finish (ledger: ${this.ledgerPath})` : ''}`;
      if (this.ctx.jsonErrors) throw new Interrupted(said);
      io.err(said);
      throw new Interrupted();
    }
    if (this.stop instanceof UsageError) throw this.stop;
    if (this.stop) {
      const hint = this.ledgerPath ? `; fix that, then run the same command with --resume to go on (ledger: ${this.ledgerPath})` : '';
      throw new AgntError(`batch stopped at ${this.stopAt ?? 'a row'}: ${failureText(this.stop)}${hint}`, this.stop.exitCode);
    }
    if (this.opts.dryRun) {
      const tally = `dry run: ${c.rows} row${c.rows === 1 ? '' : 's'}, nothing sent${c.failed ? `; ${c.failed} would fail locally` : ''}`;
      if (!c.failed || !this.ctx.jsonErrors) io.info(tally);
      if (c.failed) throw new PartialFailure(`${c.failed} of ${c.rows} rows failed local checks${this.ctx.jsonErrors ? namedFailures(this.failedLines, c.failed) : ''}`);
      return summary;
    }
    const bad = c.failed + c.unknown;
    const parts = [
      `${c.ok} ok`,
      c.found ? `${c.found} found already done` : '',
      `${c.failed} failed`,
      c.unknown ? `${c.unknown} unknown` : '',
      c.earlier ? `${c.earlier} finished earlier` : '',
    ].filter(Boolean);
    const tally = `batch: ${c.rows} row${c.rows === 1 ? '' : 's'}: ${parts.join(', ')}`;
    if (!bad || !this.ctx.jsonErrors) io.info(tally);
    if (bad) {
      const where = this.opts.errorsOut ? ` (written to ${this.opts.errorsOut})` : this.ledgerPath ? ` (see ${this.ledgerPath}, or add --errors-out FILE)` : '';
      let message = `${bad} of ${c.rows} rows ${c.unknown ? 'failed or are unknown' : 'failed'}${where}`;
      if (this.ctx.jsonErrors) message += `${namedFailures(this.failedLines, bad)} (${tally})`;
      // Rows the guardrails refused make it a violation (exit 7), as a refused command is.
      if (this.refused) throw new AgntError(`${message}; ${this.refused} refused by the guardrails`, EXIT.changes);
      throw new PartialFailure(message);
    }
    return summary;
  }
}

export async function runBatch(ctx: Context, opts: BatchOptions, sink: StreamSink): Promise<BatchSummary> {
  return await new BatchRun(ctx, opts, sink).run();
}
