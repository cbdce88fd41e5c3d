// `agnt batch FILE [options] -- <command with {column} placeholders>`: option checks, then run.ts.
import type { Option } from 'commander';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { CHANGES_AT_ONCE, CONNECTIONS } from '../../core/http.ts';
import { parseDelimiterOption, parseEncodingOption } from '../import/detect.ts';
import { INPUT_FORMATS, type InputFormat } from './input.ts';
import { type BatchOptions, runBatch } from './run.ts';
import type { Outcome } from '../../core/outcome.ts';
import type { PlannedRequest } from './plan.ts';

// Rows change records: as many at once as the HTTP core lets a workflow's changes run. With a
// 20 ms round trip, 4 rows at a time held 1,000 rows to about 100 a second, 16 to 460, 64 to
// about 1,000. At most as many as the core sends at once (more would only queue in its gate).
export const DEFAULT_CONCURRENCY = CHANGES_AT_ONCE;
const MAX_CONCURRENCY = CONNECTIONS;

function count(flag: string, raw: unknown, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`${flag} must be ${min ? 'a positive' : 'a non-negative'} integer, got '${text}'`);
  return Number(text);
}

export interface BatchFlags {
  concurrency?: string;
  serial?: boolean;
  match?: string[];
  skipRows?: string;
  maxRows?: string;
  key?: string[];
  errorsOut?: string;
  ledger?: string;
  resume?: boolean;
  inputFormat?: string;
  delimiter?: string;
  encoding?: string;
  planOut?: string;
  plan?: string;
}

/** The rows' records stream through the presenter in input order, as they finish. */
export async function batch(ctx: Context, file: unknown, command: unknown, flags: unknown, globalOptions: readonly Option[]): Promise<Outcome> {
  const o = flags as BatchFlags;
  const argv = (command as string[] | undefined) ?? [];
  if (o.plan !== undefined) {
    // The saved requests alone: no input file, no command line to run again.
    if (file !== undefined || argv.length || o.planOut !== undefined) throw new UsageError('--plan sends the saved plan alone: give no FILE, command or --plan-out');
    return (await import('./plan.ts')).applyBatchPlan(ctx, String(o.plan));
  }
  if (file === undefined) throw new UsageError('FILE is required: the rows (CSV, TSV, JSONL or YAML), or --plan PLAN to send a saved plan');
  let planned: { into: PlannedRequest[]; author: string; out: string } | undefined;
  if (o.planOut !== undefined) {
    if (o.resume) throw new UsageError('--plan-out and --resume cannot be combined');
    // Who makes the plan, asked before the run turns into a dry run (which sends nothing).
    planned = { into: [], author: await (await import('./plan.ts')).planAuthor(ctx), out: String(o.planOut) };
    // A plan is what a dry run shows: every row's request, none sent.
    ctx.global.dryRun = true;
  }
  if (o.serial && o.concurrency !== undefined) throw new UsageError('--serial and --concurrency cannot be combined');
  const concurrency = o.serial ? 1 : (count('--concurrency', o.concurrency, 1) ?? DEFAULT_CONCURRENCY);
  if (concurrency > MAX_CONCURRENCY) throw new UsageError(`--concurrency must be at most ${MAX_CONCURRENCY}, got ${concurrency}`);
  if (o.inputFormat !== undefined && !(INPUT_FORMATS as readonly string[]).includes(o.inputFormat))
    throw new UsageError(`--input-format must be one of ${INPUT_FORMATS.join(', ')}, got '${o.inputFormat}'`);
  // Any WHATWG label, checked before anything is read (the import's rule).
  const encoding = o.encoding === undefined ? undefined : parseEncodingOption(String(o.encoding));
  const opts: BatchOptions = {
    globalOptions,
    file: String(file),
    command: argv,
    concurrency,
    match: o.match ?? [],
    skipRows: count('--skip-rows', o.skipRows, 0) ?? 0,
    maxRows: count('--max-rows', o.maxRows, 1),
    keys: o.key
      ?.flatMap((k) => k.split(','))
      .map((k) => k.trim())
      .filter(Boolean),
    errorsOut: o.errorsOut,
    ledger: o.ledger,
    resume: Boolean(o.resume),
    dryRun: ctx.dryRun,
    yes: Boolean(ctx.global.yes),
    format: o.inputFormat as InputFormat | undefined,
    delimiter: o.delimiter === undefined ? undefined : parseDelimiterOption(o.delimiter),
    encoding,
  };
  if (planned) {
    const p = planned;
    const baseUrl = ctx.settings().baseUrl.value ?? '';
    const { tapRequests, writeBatchPlan } = await import('./plan.ts');
    return {
      stream: {
        run: async (sink) => {
          await runBatch(ctx, opts, tapRequests(sink, p.into, baseUrl));
          writeBatchPlan(p.out, { baseUrl, author: p.author, command: argv, input: String(file), requests: p.into.sort((a, b) => a.row - b.row) });
          ctx.io.info(`plan saved to ${p.out} (${p.into.length} request(s)); send it with: agnt batch --plan ${p.out}`);
        },
      },
    };
  }
  return { stream: { run: async (sink) => void (await runBatch(ctx, opts, sink)) } };
}
