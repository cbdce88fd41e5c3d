// `agnt contacts import FILE|-`: option checks, then src/workflows/import/run.ts; the summary is the result.
import { LedgerWriteError } from './import/ledger.ts';
import { escapeControls } from '../core/output.ts';
import type { Handler } from '../core/spec.ts';
import { ApiError, EXIT, namedFailures, UsageError, apiTag } from '../core/errors.ts';
import { parseDelimiterOption, parseEncodingOption } from './import/detect.ts';
import { ChangedInput, DEFAULT_BATCH, DEFAULT_CONCURRENCY, MAX_BATCH, runImport, type Summary } from './import/run.ts';

function positive(flag: string, raw: unknown, fallback: number, max?: number): number {
  if (raw === undefined) return fallback;
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a positive integer, got '${text}'`);
  const n = Number(text);
  if (max !== undefined && n > max) throw new UsageError(`${flag} must be at most ${max} (the API's limit per request), got ${n}`);
  return n;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(String);

/** The importer's flags, as commander parses them (repeatable ones are lists). */
type ImportOptions = {
  map?: string[];
  propertiesFrom?: string[];
  tags?: string[];
  batchSize?: string;
  concurrency?: string;
  errorsOut?: string;
  ledger?: string;
  resume?: boolean;
  delimiter?: string;
  encoding?: string;
  /** false with --no-header. */
  header?: boolean;
};

const handler: Handler<ImportOptions> = async (ctx, inv) => {
  const o = inv.opts;
  const file = inv.args.file!;
  const opts = {
    file,
    map: list(o.map),
    propertiesFrom: list(o.propertiesFrom)
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
    tags: list(o.tags),
    batchSize: positive('--batch-size', o.batchSize, DEFAULT_BATCH, MAX_BATCH),
    concurrency: positive('--concurrency', o.concurrency, DEFAULT_CONCURRENCY, 32),
    errorsOut: o.errorsOut,
    ledger: o.ledger,
    resume: Boolean(o.resume),
    dryRun: ctx.dryRun,
    delimiter: o.delimiter === undefined ? undefined : parseDelimiterOption(String(o.delimiter)),
    encoding: o.encoding === undefined ? undefined : parseEncodingOption(o.encoding),
    // commander's --no-header sets header: false.
    noHeader: o.header === false,
  };
  if (opts.errorsOut && opts.errorsOut === file) throw new UsageError('--errors-out must not be the input file');
  const { summary, status, error, failures } = await runImport(ctx, opts);
  const s = summary as Summary;
  if (status === 'interrupted') {
    return {
      data: summary,
      exitCode: EXIT.interrupted,
      message: `interrupted: ${s.pending ?? 0} rows not finished${s.ledger ? `; run the same command with --resume to finish (ledger: ${s.ledger})` : ''}`,
    };
  }
  if (status === 'stopped') {
    // Only when --resume can help: rows are left, and the stop was not the file itself.
    const hint =
      s.ledger && (s.pending ?? 0) > 0 && !(error && (error.exitCode === EXIT.usage || error instanceof ChangedInput))
        ? `; ${s.pending} rows not finished: run the same command with --resume to finish`
        : '';
    if (error instanceof LedgerWriteError) {
      // The ledger holds every record up to the failed write; --resume sends again only rows it does not show finished.
      return { data: summary, exitCode: EXIT.failure, message: `${error.message}; free space there, then run the same command with --resume to finish` };
    }
    const tags = error instanceof ApiError ? apiTag(error) : '';
    return { data: summary, exitCode: error?.exitCode ?? EXIT.failure, message: `${error?.message ?? 'import stopped'}${tags}${hint}` };
  }
  if (summary.failed > 0) {
    const where = summary.errorsOut ? ` (written to ${summary.errorsOut})` : s.ledger ? ` (see ${s.ledger}, or add --errors-out FILE)` : '';
    // The JSON error form is one object: it names the failed rows (the first few, then a count).
    const named = ctx.jsonErrors ? namedFailures(failures, summary.failed) : '';
    // A dry run keeps no ledger: the rows that would fail are named here, one a line.
    if (ctx.dryRun && !ctx.jsonErrors && !summary.errorsOut) {
      for (const f of failures) ctx.io.err(escapeControls(f));
      const more = summary.failed > failures.length ? `; the first ${failures.length} are named above: --errors-out FILE writes all of them` : '';
      return { data: summary, exitCode: EXIT.partial, message: `${summary.failed} of ${summary.total} rows failed${more}` };
    }
    return { data: summary, exitCode: EXIT.partial, message: `${summary.failed} of ${summary.total} rows failed${where}${named}` };
  }
  return { data: summary };
};

export default handler;
