// The one presenter: turns an Outcome into stdout, stderr and an exit code. Every output promise
// of the README is kept here once, for endpoint commands, workflows and batch alike: the format,
// --fields, --query, -o id, tables, times, escaping, per-id lines, the completeness check of
// --all, and exit 6/7/8. Performing (builder.ts perform, the handlers) prints nothing.
// An outcome enters here once: the decisions (format, fields, query, table or stream) are made
// by the presenter's printer (present-printer.ts) from the run's options, which the context only
// holds; output.ts's functions shape text from them and return it.
import type { Context } from './context.ts';
import { AgntError, Interrupted, OutcomeExit, PartialFailure, UsageError } from './errors.ts';
import { YoungCap } from './heap.ts';
import { type Outcome, exitClass } from './outcome.ts';
import { type Column, ID_KEYS, MARKDOWN } from './output.ts';
import { checkCsvRaw, outputFormatOf, ID_HINT, MARKDOWN_HINT, makePrinter, NO_ID, NO_MARKDOWN, outputOptionsOf, type Printer } from './present-printer.ts';
import type { Shape } from '../api/shape.ts';
import { incompleteError, type PageResult } from './paginate.ts';
import type { CommandSpec } from './spec.ts';
import { idKeysOf, type PresentSpec } from './present-spec.ts';

export type { PresentSpec } from './present-spec.ts';

/** A promise when the stream's buffer is full (settled when it drains or ends), else undefined. */
function stdoutDrained(out: NodeJS.WritableStream): Promise<void> | undefined {
  if (!(out as NodeJS.WritableStream & { writableNeedDrain?: boolean }).writableNeedDrain) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

/**
 * Whether a result of this shape may hold an id where -o id looks for one (as idOf does at run
 * time): its own id key, the record nested under one of `nestedUnder`, or the one nested record
 * with an id. A shape that leaves room (open, any, oneOf) may.
 */
function mayHaveId(shape: Shape, nestedUnder: string[]): boolean {
  switch (shape.kind) {
    case 'array':
      return mayHaveId(shape.items, nestedUnder);
    case 'object': {
      if (shape.open || ID_KEYS.some((k) => k in shape.fields)) return true;
      const own = (s: Shape | undefined) => s?.kind === 'object' && (Boolean(s.open) || ID_KEYS.some((k) => k in s.fields));
      if (nestedUnder.some((k) => own(shape.fields[k]))) return true;
      return Object.values(shape.fields).filter(own).length === 1;
    }
    case 'boolean':
    case 'enum':
      return false;
    default:
      return true;
  }
}

/**
 * Output checks that need no answer, made before anything is sent: a command that writes only
 * some formats (`org export`: yaml, json) refuses the others; -o id on an endpoint whose result
 * (by the model) holds no id is exit 2 rather than a change made and then an error.
 */
export function checkFormats(ctx: Context, spec: PresentSpec & Partial<Pick<CommandSpec, 'handler' | 'select' | 'options'>>): void {
  // A command whose own -o means something else (drive download's path, the ics commands') says
  // what it accepts itself.
  if (spec.options?.some((o) => /(^|[\s,])--output\b/.test(o.flags))) return;
  const format = outputFormatOf(ctx, spec.formats?.[0]);
  checkCsvRaw(ctx, format);
  if (format === MARKDOWN && !spec.markdown) throw new UsageError(NO_MARKDOWN, MARKDOWN_HINT);
  if (spec.formats && !spec.formats.includes(format)) throw new UsageError(`${spec.command} writes ${spec.formats.join(' or ')}, not ${format}`);
  if (format !== 'id' || spec.handler || ctx.global.query || ctx.global.fields) return;
  let shape = spec.endpoint?.result;
  if (shape && spec.select) shape = shape.kind === 'object' ? shape.fields[spec.select] : undefined;
  if (shape && !mayHaveId(shape, idKeysOf(spec))) throw new UsageError(NO_ID, ID_HINT);
}

/**
 * Whether what this run prints can show `field` of a command's records, whose columns are
 * `columns`: a workflow that reads a field with a request per record (a span's principals)
 * asks before reading it. -o id prints ids; csv its columns (or --fields); a table a command's
 * own text, or --fields; json, yaml and jsonl whole records; --query may pick anything.
 */
export function showsField(ctx: Context, columns: Column[], field: string): boolean {
  const o = outputOptionsOf(ctx);
  if (o.query) return true;
  if (o.format === 'id') return false;
  if (o.format === 'csv') return (o.fields ?? columns.map((c) => c.path)).includes(field);
  if ((o.format === 'table' || o.format === 'wide') && o.fields) return o.fields.includes(field);
  return true;
}

/** Prints an Outcome (nothing for a handler that printed by itself and returned none). */
export async function present(ctx: Context, spec: PresentSpec, outcome: Outcome | undefined | void): Promise<void> {
  if (!outcome) return;
  let shown = outcome;
  if (outcome.raw !== undefined) ctx.io.write(outcome.raw);
  else if (outcome.markdown && outputFormatOf(ctx, outcome.format ?? spec.formats?.[0]) === MARKDOWN) ctx.io.out(outcome.markdown());
  else if (outcome.stream) await (await import('./present-stream.ts')).presentStream(ctx, spec, outcome);
  else if (outcome.pages) await presentPages(ctx, spec, outcome);
  else if (outcome.perId) await presentPerId(ctx, spec, outcome);
  else shown = await presentValue(ctx, spec, outcome);
  const failed = outcome.error !== undefined || exitClass(outcome) === 'failed' || exitClass(outcome) === 'partial';
  // A failure's notes are its reasons (shown even with --quiet); the JSON error form is its one object.
  if (!ctx.dryRun && !(failed && ctx.jsonErrors)) {
    for (const warning of shown.warnings ?? outcome.warnings ?? []) ctx.io.warn(warning);
    for (const note of shown.notes ?? []) failed ? ctx.io.err(note) : ctx.io.info(note);
  }
  finish(ctx, outcome);
}

/** The exit code an Outcome carries: a failure throws (error line or JSON object); 7 and 8 are findings. */
function finish(ctx: Context, outcome: Outcome): void {
  if (outcome.error) throw outcome.error;
  const cls = exitClass(outcome);
  if (cls === 'ok') {
    if (outcome.message) ctx.io.info(outcome.message);
    return;
  }
  const message = outcome.message ?? 'failed';
  if (cls === 'changes-found' || cls === 'timed-out') throw new OutcomeExit(message, outcome.exitCode!);
  if (cls === 'partial') throw new PartialFailure(message);
  throw new AgntError(message, outcome.exitCode!);
}

function printerFor(ctx: Context, spec: PresentSpec, o: Outcome): Promise<Printer> {
  return makePrinter(ctx, o.columns ?? spec.columns, { zone: o.zone, idKeys: idKeysOf(spec), format: o.format ?? spec.formats?.[0], comment: o.comment });
}

/** Prints a value; returns the Outcome printed (a command's table view replaces the outcome, notes included). */
async function presentValue(ctx: Context, spec: PresentSpec, o: Outcome): Promise<Outcome> {
  if (o.data === undefined && o.text === undefined) return o;
  let printer = await printerFor(ctx, spec, o);
  if (o.lines && printer.recordFormat) o = { ...o, data: o.lines };
  if (o.view && printer.rendersText) {
    o = { ...(await o.view(o.data)), format: o.format };
    printer = await printerFor(ctx, spec, o);
  }
  let text = o.text;
  if (text === undefined && spec.render && printer.rendersText) {
    const render = await spec.render();
    text = await render(o.data, ctx);
  }
  await printer.value(o.data, Array.isArray(o.data), text);
  return o;
}

async function presentPages(ctx: Context, spec: PresentSpec, o: Outcome): Promise<void> {
  let printer = await printerFor(ctx, spec, o);
  // A table with its own view: every record first (the completeness check too), then the view.
  let collected: unknown[] | undefined;
  if (o.view && printer.rendersText) {
    const list: unknown[] = [];
    collected = list;
    printer = { streaming: false, rendersText: true, records: (items: unknown[]) => list.push(...items), endList: async () => undefined } as unknown as Printer;
  }
  let records = 0;
  let pages = 0;
  let walked: PageResult;
  // Printed as they come, the pages leave nothing behind: the young heap need not grow past
  // the size a minimal walk uses (8 MB).
  const young = printer.streaming ? new YoungCap(8 * 1024 * 1024) : undefined;
  try {
    walked = await o.pages!.walk((items) => {
      records += items.length;
      pages++;
      printer.records(items);
      young?.check();
      // The reader is slower than the server: the next page waits, rather than the whole
      // output piling up in memory.
      return stdoutDrained(ctx.io.stdout);
    });
  } catch (e) {
    // Ctrl-C in a long --all: say how far it got, and whether those records were printed.
    if (ctx.signal.aborted && !ctx.dryRun)
      throw new Interrupted(
        `interrupted after ${records} records (${pages} page${pages === 1 ? '' : 's'})${printer.streaming || !records ? '' : '; none printed: use -o jsonl, csv or id to print records as they arrive'}`,
      );
    throw e;
  }
  if (ctx.dryRun) return;
  await printer.endList();
  // An incomplete list is printed, then said to be incomplete (exit 1).
  if (collected?.length) await presentValue(ctx, spec, { ...o, pages: undefined, data: collected });
  const incomplete = incompleteError(walked, spec.command);
  if (incomplete) throw incomplete;
  if (walked.count === 0 && ctx.io.stderrIsTTY && printer.rendersText) ctx.io.info(pastLastPage(walked) ?? o.empty ?? 'no results');
}

/** A page asked for past the last one: which it was and how many there are (`users list --page 99`). */
function pastLastPage(walked: PageResult): string | undefined {
  const { page, perPage, total } = walked;
  if (page === undefined || page <= 1 || !total) return undefined;
  const per = perPage && perPage > 0 ? perPage : undefined;
  if (!per) return `no records on page ${page} (${total} record${total === 1 ? '' : 's'} in all)`;
  const pages = Math.ceil(total / per);
  return `no records on page ${page}: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of ${per} (${total} record${total === 1 ? '' : 's'})`;
}

async function presentPerId(ctx: Context, spec: PresentSpec, o: Outcome): Promise<void> {
  const { results, fromStdin } = o.perId!;
  if (fromStdin && !results.length) {
    ctx.io.err('no ids on standard input; nothing to do');
    // An empty list where a list is printed whole; the streaming formats and the table print nothing.
    if (!ctx.dryRun && ['json', 'yaml'].includes(outputFormatOf(ctx))) await presentValue(ctx, spec, { data: [] });
    return;
  }
  const done: unknown[] = [];
  const failed: string[] = [];
  const reasons: string[] = [];
  for (const r of results) {
    if (r.ok) {
      done.push(r.data);
      if (!ctx.io.quiet && !ctx.jsonErrors && results.length > 1) ctx.io.err(`${r.id}: ok`);
    } else {
      failed.push(r.id);
      reasons.push(`${r.id}: ${r.error.message}`);
      // In the JSON error form the one object at the end carries every reason.
      if (!ctx.jsonErrors) ctx.io.err(`${r.id}: error: ${r.error.message}`);
    }
  }
  if (ctx.dryRun) return;
  // Ids from stdin always give a list, however many there were and however many failed.
  await presentValue(ctx, spec, { ...o, perId: undefined, data: results.length === 1 && !failed.length && !fromStdin ? done[0] : done });
  if (failed.length) {
    throw new PartialFailure(ctx.jsonErrors ? `${failed.length} of ${results.length} failed: ${reasons.join('; ')}` : `${failed.length} of ${results.length} failed: ${failed.join(', ')}`);
  }
}
