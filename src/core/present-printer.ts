// The presenter's decisions about how an outcome is shown, made once per outcome: the format
// (a flag, the command's own, the profile's, else a table), --fields, --query, table or stream,
// and the printer that holds a list's state while its pages arrive. output.ts shapes the text
// (functions of the options and the data); the context only holds the run's options.
// Part of the presenter (present.ts, present-stream.ts).
import type { Context } from './context.ts';
import { UsageError } from './errors.ts';
import { hostEnv } from './host.ts';
import { type Column, MARKDOWN, csvColumnsOf, csvHeader, documentText, type Format, loadQuery, type OutputOptions, parseFormat, project, recordLines } from './output.ts';
import { escapeForTerminal, escapeStderr } from './term.ts';

/** The format: --json/--yaml/--jsonl/-o, else the command's own (`agnt api`: json), else the profile's, else a table. */
export function outputFormatOf(ctx: Context, commandDefault?: Format): Format {
  const g = ctx.global;
  if (g.json) return 'json';
  if (g.yaml) return 'yaml';
  if (g.jsonl) return 'jsonl';
  if (g.output) return parseFormat(g.output);
  if (commandDefault) return commandDefault;
  const fromSettings = ctx.settings().output.value;
  if (fromSettings) return parseFormat(fromSettings);
  return 'table';
}

/** --csv-raw changes csv only: with another format it would do nothing, and is refused. */
export function checkCsvRaw(ctx: Context, format: Format): void {
  if (ctx.global.csvRaw && format !== 'csv') throw new UsageError(`--csv-raw applies to -o csv, not -o ${format}`);
}

/** Everything output.ts needs to shape a result in `format` for this run's stdout. */
export function outputOptionsOf(ctx: Context, format: Format = outputFormatOf(ctx)): OutputOptions {
  checkCsvRaw(ctx, format);
  if (format === MARKDOWN) throw new UsageError(NO_MARKDOWN, MARKDOWN_HINT);
  const fields = ctx.global.fields
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return {
    format,
    fields: fields?.length ? fields : undefined,
    query: ctx.global.query,
    csvRaw: ctx.global.csvRaw,
    tty: ctx.io.stdoutIsTTY,
    color: ctx.io.color,
    chalk: ctx.io.chalk,
    // COLUMNS (as a shell sets it) wins over the terminal's own width.
    width: Number.parseInt(hostEnv().COLUMNS ?? '', 10) || ctx.io.columns(),
  };
}

/** How a command's own rendering draws a table (the run's width, colour and -o wide), as the presenter's tables are drawn. */
export function tableLayout(ctx: Context): Pick<OutputOptions, 'format' | 'tty' | 'color' | 'chalk' | 'width'> {
  return outputOptionsOf(ctx);
}

/**
 * The presenter's printer for stdout. `zone`: show the API's times in this zone in table and csv
 * output (--tz); `idKeys`: where -o id finds a nested id.
 */
export async function makePrinter(ctx: Context, columns?: Column[], how: { zone?: string; idKeys?: string[]; format?: Format; comment?: string } = {}): Promise<Printer> {
  const opts = { ...outputOptionsOf(ctx, outputFormatOf(ctx, how.format)), zone: how.zone, idKeys: how.idKeys, comment: how.comment };
  return new Printer(opts, (text) => ctx.io.out(text), await loadQuery(opts.query), columns);
}

/** Nothing: null, a list holding only nulls (or none), an object whose every key is null. */
function isNothing(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.every((x) => x === null || x === undefined);
  // An empty object is an answer (no warnings); one whose every key is null is a miss ({mail: email} on a list).
  if (typeof v === 'object') return Object.keys(v).length > 0 && Object.values(v).every((x) => x === null || x === undefined);
  return false;
}

export const NO_MARKDOWN = '-o markdown: this command writes no markdown';
export const MARKDOWN_HINT = 'org plan and org drift write their plan as a pull-request comment with -o markdown';

export const NO_ID = '-o id: the result has no id';
export const ID_HINT = 'print a field with --fields NAME -o id, or choose the values with --query';

/**
 * Prints a command's result in the chosen format. A list streams as its pages arrive (jsonl,
 * csv, id) or is collected for the formats that print it whole. `--query` has one meaning in
 * every format: it applies to the result as `-o json` prints it (a list is one array), and the
 * records it yields are what jsonl, csv and id print (so with --query those print once the list
 * is in). `write` takes a text that ends a line, with or without its last newline (IO.out adds
 * it when missing).
 */
export class Printer {
  private collected: unknown[] = [];
  private csvColumns?: Column[];
  constructor(
    private opts: OutputOptions,
    private write: (text: string) => void,
    private query?: (data: unknown) => unknown,
    private columns?: Column[],
  ) {}

  /** Records are printed as they arrive. */
  get streaming(): boolean {
    return this.recordFormat && !this.query;
  }

  /** The format prints one line per record (jsonl, csv, id). */
  get recordFormat(): boolean {
    return this.opts.format === 'jsonl' || this.opts.format === 'id' || this.opts.format === 'csv';
  }

  /** The format is a table for a person: a command's own rendering may replace it. */
  get rendersText(): boolean {
    return (this.opts.format === 'table' || this.opts.format === 'wide') && !this.query && !this.opts.fields?.length;
  }

  /** One page of list records. */
  records(items: unknown[]): void {
    if (!this.streaming) {
      for (const item of items) this.collected.push(item);
      return;
    }
    this.printRecords(items, false);
  }

  private printRecords(items: unknown[], queried: boolean): void {
    let header: string | undefined;
    if (this.opts.format === 'csv' && !this.csvColumns) {
      this.csvColumns = csvColumnsOf(this.opts, items, this.columns, queried);
      header = csvHeader(this.csvColumns, this.opts.csvRaw);
    }
    const { text, missing } = recordLines(this.opts, items, this.csvColumns);
    const page = header === undefined ? text : text ? `${header}\n${text}` : header;
    if (page) this.write(page);
    if (missing !== undefined) throw new UsageError(NO_ID, ID_HINT);
  }

  /** Ends a list: prints what was collected (json, yaml, table; and anything with --query). */
  async endList(): Promise<void> {
    if (this.streaming) {
      if (this.opts.format === 'csv' && !this.csvColumns && this.columns?.length) {
        this.write(csvHeader(this.opts.fields?.length ? this.opts.fields.map((path) => ({ path })) : this.columns, this.opts.csvRaw));
      }
      return;
    }
    await this.value(this.collected, true);
  }

  /** Applies --query; an expression that yields nothing from a result that holds something is a usage error naming it. */
  private queried(data: unknown): unknown {
    if (!this.query) return data;
    const out = this.query(data);
    const expr = (this.query as { expr?: string }).expr ?? this.opts.query ?? '';
    // A filter ([?...]) may match no record: that is an answer (a lookup finds nothing), not a typo.
    // A list is where a mistyped field shows as blank cells; one record's null field is an answer
    // (`coverage who P --query backupCoordinator.email` when nobody covers).
    if (Array.isArray(data) && data.length > 0 && isNothing(out) && !expr.includes('[?')) {
      throw new UsageError(
        `--query ${JSON.stringify(expr)} yields nothing from the ${data.length} record${data.length === 1 ? '' : 's'}`,
        "it applies to the whole result, where a list is one array: '[].email' picks a field of each record",
      );
    }
    return out;
  }

  /** A whole result (an object, an array or a scalar); `text`: a command's own rendering for a table. */
  async value(data: unknown, isList = Array.isArray(data), text?: string): Promise<void> {
    if (this.recordFormat) {
      const out = this.queried(data);
      const arr = Array.isArray(out) ? out : out === null || out === undefined ? [] : [out];
      this.printRecords(arr, Boolean(this.query));
      if (!this.query) await this.endList();
      return;
    }
    if (text !== undefined && this.rendersText) {
      // A rendering quotes server strings: escaped like any table cell, on a terminal or not.
      // Colour sequences stay only when agnt colours its output; otherwise one can only be the server's.
      if (text) this.write(this.opts.color ? escapeForTerminal(text) : escapeStderr(text));
      return;
    }
    let out = this.queried(data);
    if (this.opts.fields?.length) out = project(out, this.opts.fields);
    const shown = await documentText(this.opts, out, isList && !this.query, this.columns);
    if (shown) this.write(shown);
  }
}
