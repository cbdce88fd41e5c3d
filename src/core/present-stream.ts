// The presenter's streaming sink: a producer that hands records over as it goes (the audit tail,
// batch rows, `sandbox requests --follow`) gets `emit(records)`; each batch is formatted here in
// the chosen format (jsonl, csv, id, table rows; json and yaml as one document at the end) and
// emit resolves once its bytes are handed to stdout, so that a producer may then save a cursor.
// Part of the presenter (present.ts loads it when an Outcome carries a stream).
import type { Context } from './context.ts';
import { UsageError } from './errors.ts';
import { currentHost, theProcessHost } from './host.ts';
import type { BeforeWrite, Outcome, RecordStream, StreamSink } from './outcome.ts';
import { cellText, type Column, escapeControls, escapeForTerminal, type Format, getPath, headerFor, loadQuery } from './output.ts';
import { outputFormatOf, outputOptionsOf, Printer } from './present-printer.ts';
import { idKeysOf, type PresentSpec } from './present-spec.ts';
import { aroundProgress } from './progress-lines.ts';
import { maskSecrets } from './redact.ts';
import { stdoutFailed, writeAll } from './stdio.ts';
import { padEndWidth, truncateWidth } from './width.ts';
import { CLEAR_SCREEN } from './term.ts';

/** The format of a stream: a flag, else the profile's, else (in a pipe) the stream's own, else the command's. */
function streamFormat(ctx: Context, o: Outcome, stream: RecordStream): Format {
  const g = ctx.global;
  const named = g.output !== undefined || g.json || g.yaml || g.jsonl;
  if (stream.pipeFormat && !named && !ctx.io.stdoutIsTTY && !ctx.settings().output.value) return stream.pipeFormat;
  return outputFormatOf(ctx, o.format);
}

/**
 * Hands bytes to stdout. When the run is the process they go straight to descriptor 1 and are
 * with the system when this returns (what the audit tail's cursor relies on); a run inside a test
 * writes to its own stdout and waits for the write to be taken.
 */
async function handOver(ctx: Context, text: string, before?: BeforeWrite): Promise<void> {
  // A secret agnt sent never comes back onto the screen (as io.out does it).
  const bytes = Buffer.from(maskSecrets(text));
  if (currentHost() === theProcessHost()) {
    before?.(bytes, 1);
    aroundProgress(() => {
      try {
        writeAll(1, bytes);
      } catch (e) {
        stdoutFailed(e as NodeJS.ErrnoException);
      }
    });
    return;
  }
  before?.(bytes, undefined);
  await new Promise<void>((resolve, reject) => aroundProgress(() => void ctx.io.stdout.write(bytes, (e) => (e ? reject(e) : resolve()))));
}

/** Table rows in fixed widths, for a stream with no end at which to measure the columns; fitted to the terminal's own width. */
export class FixedRows {
  private headerDone = false;
  private widths: number[];
  constructor(
    private columns: Column[],
    width: number,
    layout: { first: number; weights: number[] },
  ) {
    const room = Math.max(40, width - layout.first - 3 * (columns.length - 1));
    const weights = [0, ...layout.weights];
    const sum = weights.slice(1, columns.length).reduce((a, b) => a + b, 0) || 1;
    this.widths = columns.map((_, i) => (i === 0 ? layout.first : Math.max(6, Math.floor((room * (weights[i] ?? 3)) / sum))));
  }

  private line(cells: string[]): string {
    return cells
      .map((c, i) => {
        const w = this.widths[i]!;
        // In terminal cells, as every table: wide characters count two, a cut keeps graphemes whole.
        const t = truncateWidth(c, w);
        return i < cells.length - 1 ? padEndWidth(t, w) : t;
      })
      .join('   ')
      .trimEnd();
  }

  render(records: unknown[]): string {
    let text = '';
    if (!this.headerDone) {
      text += `${this.line(this.columns.map(headerFor))}\n`;
      this.headerDone = true;
    }
    for (const r of records) text += `${this.line(this.columns.map((c) => escapeControls(cellText(getPath(r, c.path)))))}\n`;
    return text;
  }
}

/** Runs an Outcome's stream: its producer emits, the sink prints. */
export async function presentStream(ctx: Context, spec: PresentSpec, o: Outcome): Promise<void> {
  const stream = o.stream!;
  const framing = Boolean(stream.frames) && ctx.io.stdoutIsTTY;
  let format = streamFormat(ctx, o, stream);
  if (!framing && stream.lineFormats) {
    const as = stream.lineFormats[format];
    const takes = [...new Set(Object.values(stream.lineFormats))];
    if (!as) throw new UsageError(`${stream.endless ?? 'this command'} in a pipe prints ${takes.join(' or ')}, not ${format}`, `use ${takes.map((f) => `-o ${f}`).join(' or ')}`);
    format = as;
  }
  const opts = { ...outputOptionsOf(ctx, format), zone: o.zone, idKeys: idKeysOf(spec) };
  const query = await loadQuery(opts.query);
  let pending = '';
  const make = (columns: Column[]) => {
    const printer = new Printer(opts, (t) => (pending += t.endsWith('\n') ? t : `${t}\n`), query, columns);
    return { printer, rows: typeof layout === 'object' && printer.rendersText ? new FixedRows(columns, ctx.io.columns(), layout) : undefined };
  };
  const layout = stream.table ?? 'end';
  let { printer, rows } = make(o.columns ?? spec.columns ?? []);
  const perBatch = layout === 'batch';
  const streaming = printer.streaming || Boolean(rows) || perBatch;
  if (stream.endless && !streaming && !framing) {
    if (format === 'json' || format === 'yaml') throw new UsageError(`-o ${format} has no end with ${stream.endless}`, `use -o jsonl (one record per line) with ${stream.endless}`);
    // --query applies to the whole result (README), which an endless stream never has.
    const lines = stream.lineFormats ? [...new Set(Object.values(stream.lineFormats))] : ['jsonl', 'csv'];
    const use = lines.map((f) => `-o ${f}`).join(' or ');
    if (query) throw new UsageError(`--query applies to the whole result, which ${stream.endless} never ends`, `choose fields with --fields and ${use}`);
    throw new UsageError(`--fields needs ${use} with ${stream.endless}`);
  }
  let emitted = false;
  const take = () => {
    const text = pending;
    pending = '';
    return text;
  };
  let ended = false;
  const sink: StreamSink = {
    streaming,
    async emit(records, before) {
      if (ended) throw new Error('a stream emitted after its end');
      if (!records.length) return;
      emitted = true;
      if (rows) pending += rows.render(records);
      else if (perBatch && !printer.streaming) await printer.value(records, true);
      // Written into `pending` by a streaming printer; held for the end by the others.
      else printer.records(records);
      if (streaming) await handOver(ctx, take(), before);
    },
    async end(before) {
      if (ended) return;
      ended = true;
      // A stream that prints as it goes adds nothing at its end (no csv header for no rows
      // either: a tail appended to a file would collect them); one told to print at the end does.
      if (!streaming || (layout === 'end' && !rows)) await printer.endList();
      const text = take();
      if (text) await handOver(ctx, text, before);
    },
    framing,
    async frame(text) {
      if (!framing) throw new Error('a stream drew a frame off a terminal');
      // Text for a terminal: server strings in it escaped, agnt's own styling kept.
      await handOver(ctx, `${CLEAR_SCREEN}${escapeForTerminal(text)}\n`);
    },
    setColumns(columns) {
      if (emitted || ended) throw new Error('a stream set its columns after printing');
      ({ printer, rows } = make(columns));
    },
  };
  await stream.run(sink);
  if (!ctx.dryRun) await sink.end();
}
