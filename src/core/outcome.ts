// What performing a command yields, before anything is printed. The executor (builder.ts
// perform) and every workflow handler return one; the presenter (present.ts) alone turns it into
// bytes on stdout and stderr and into an exit code. Batch calls the same perform and keeps the
// values. Nothing here knows the output format.
import type { AgntError } from './errors.ts';
import { EXIT } from './errors.ts';
import type { Column, Format } from './output.ts';
import type { OnPage, PageResult } from './paginate.ts';

/** A list walk not yet run: the presenter runs it, printing each page as it arrives. */
export interface PageStream {
  /** Hands every page to onPage in order; resolves with the count and the server's total. */
  walk(onPage: OnPage): Promise<PageResult>;
}

/** One id of a command run once per id. */
export type IdResult = { id: string; ok: true; data: unknown } | { id: string; ok: false; error: AgntError };

export interface PerId {
  results: IdResult[];
  /** The ids came from stdin ('-'): the value is a list whatever the number of ids. */
  fromStdin: boolean;
}

export interface Outcome {
  /** A whole value: a record, a list, a scalar. */
  data?: unknown;
  /** A list that streams: pages with the server's total. */
  pages?: PageStream;
  /** Results of a per-id loop, failures included. */
  perId?: PerId;
  /** A document in a format of its own (an iCalendar file), written to stdout byte for byte; its escaping is its maker's. */
  raw?: string;
  /** Table columns for the records; default: the command's. */
  columns?: Column[];
  /** A terminal rendering that replaces the table (summaries, grids, timelines). */
  text?: string;
  /**
   * What a person sees in a table, when it needs more than the records (coverage list adds each
   * span's principals, in the user's zone): called by the presenter with the data (a list's
   * records, all of them) only when it draws a table; json, yaml, jsonl, csv and id get the API's records.
   */
  view?: (data: unknown) => Promise<Outcome>;
  /** What jsonl, csv and id print when `data` is a document that holds records (coordinator schedule: its events). */
  lines?: unknown[];
  /** Show the API's times in this zone (table: a wall time; csv: ISO with an offset). */
  zone?: string;
  /** Warnings for stderr after the data (shown with --quiet too). */
  warnings?: string[];
  /** Lines for stderr after the data (quiet hides them). */
  notes?: string[];
  /** The exit code, when not 0: 6 partial, 7 changes found, 8 timed out, or a failure's. */
  exitCode?: number;
  /** What the exit code means, for stderr (or the JSON error object of a failure). */
  message?: string;
  /**
   * A failure to end with once the data is printed (`auth status` shows what it found, then why the
   * token cannot be used): thrown as it was made, its hint and exit code with it.
   */
  error?: AgntError;
  /** The command's own format when no flag names one (`agnt api`: json, as `gh api` prints). */
  format?: Format;
  /** The outcome as markdown, for -o markdown (a command whose record says it writes it: `org plan`). */
  markdown?: () => string;
  /** A comment heading a yaml document (`org export` says how to use the file). */
  comment?: string;
  /** What an empty list says on a terminal ('no results'). */
  empty?: string;
  /** Records a producer hands over as it goes (a tail, batch rows, a follow): present-stream.ts prints them. */
  stream?: RecordStream;
}

/**
 * Bytes about to be written to stdout, and the descriptor they go straight to (1 when the run is
 * the process; undefined inside a test). A producer notes what it is about to write (the audit
 * tail's cursor, across kill -9).
 */
export type BeforeWrite = (bytes: Buffer, fd: number | undefined) => void;

/** What the presenter hands a stream's producer. */
export interface StreamSink {
  /** Each emit is written when it is made; false: the format prints one document when the stream ends (json, yaml, --query). */
  readonly streaming: boolean;
  /** Formats the records in the chosen format and writes them; resolves once the bytes are handed to stdout. */
  emit(records: unknown[], before?: BeforeWrite): Promise<void>;
  /** Writes what was held for the end (a document); the presenter ends a stream its producer did not end. */
  end(before?: BeforeWrite): Promise<void>;
  /** On a terminal, a stream of frames (RecordStream.frames): replaces what the screen shows with this text. */
  frame(text: string): Promise<void>;
  /** Whether the producer draws frames (frame) rather than emitting records. */
  readonly framing: boolean;
  /** The table and csv columns, when the producer learns them only once it runs (batch: from the input's header); before its first emit. */
  setColumns(columns: Column[]): void;
}

export interface RecordStream {
  /** The producer: hands records to the sink in order; resolves when there are no more. */
  run(sink: StreamSink): Promise<void>;
  /**
   * How a table is drawn: 'end' (one table when the stream ends; the default), 'batch' (each
   * emit printed whole, as its own table or document), or rows in fixed widths as they come (a
   * stream with no end to measure them at): the first column this many characters, the others
   * sharing the rest by these weights.
   */
  table?: 'end' | 'batch' | { first: number; weights: number[] };
  /** The stream has no end (this flag, e.g. --follow): formats that print only at the end are refused before it starts. */
  endless?: string;
  /** The format in a pipe when neither a flag nor the profile names one (a tail: jsonl). */
  pipeFormat?: Format;
  /** On a terminal the stream is a screen drawn whole at each turn (sink.frame), whatever the format (`inbox --watch`). */
  frames?: boolean;
  /** Off a terminal, the formats the stream takes and what each prints as (inbox --watch: table, json and jsonl print JSON lines, id ids); another is refused. */
  lineFormats?: Partial<Record<Format, Format>>;
}

/** A document (a man page, a script, a JSON file to keep) written byte for byte, its last line ended. */
export function document(text: string): Outcome {
  return { raw: text.endsWith('\n') ? text : `${text}\n` };
}

export type ExitClass = 'ok' | 'partial' | 'changes-found' | 'timed-out' | 'failed';

/** Exit 7 and 8 are findings, not failures: the document is printed and no error object. */
export function exitClass(o: Pick<Outcome, 'exitCode'>): ExitClass {
  switch (o.exitCode ?? 0) {
    case 0:
      return 'ok';
    case EXIT.partial:
      return 'partial';
    case EXIT.changes:
      return 'changes-found';
    case EXIT.waitTimeout:
      return 'timed-out';
    default:
      return 'failed';
  }
}
