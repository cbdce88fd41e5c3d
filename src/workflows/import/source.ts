// The input as a stream of records: the first bytes are read to sniff the dialect, then the
// whole input flows through a decoder and csv-parse chunk by chunk, never held in memory.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { AgntError, EXIT, UsageError } from '../../core/errors.ts';
import { decoderLabel, SAMPLE_BYTES, sniff, type Encoding, type Sniffed, decodeSample } from './detect.ts';

export interface SourceOptions {
  delimiter?: string;
  encoding?: Encoding;
  knownHeaders?: string[];
}

export interface SourceRecord {
  /** Spreadsheet row number: the header row counts, notes before it too. */
  row: number;
  cells: string[];
}

export interface Source {
  name: string;
  dialect: Sniffed;
  header: string[];
  headerRow: number;
  /** File size, when the input is a regular file (for the progress estimate). */
  size?: number;
  bytesRead(): number;
  /** Data records, a chunk at a time. */
  records(): AsyncGenerator<SourceRecord[]>;
  /** The same records as plain cell lists: `rows[i]` is on row `first + i` (no object a row). */
  chunks(): AsyncGenerator<{ first: number; rows: string[][] }>;
  close(): void;
}

/** Largest record accepted: a stray quote must not make the parser swallow the rest of the file. */
const MAX_RECORD_BYTES = 1024 * 1024;

export async function openSource(path: string, stdin: NodeJS.ReadableStream, opts: SourceOptions = {}): Promise<Source> {
  const name = path === '-' ? 'stdin' : path;
  let size: number | undefined;
  let stream: NodeJS.ReadableStream;
  if (path === '-') stream = stdin;
  else {
    try {
      const st = statSync(path);
      if (st.isDirectory()) throw new UsageError(`${path}: is a folder`);
      if (st.isFile()) size = st.size;
    } catch (e) {
      if (e instanceof UsageError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(`${path}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  }
  const it = (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  let read = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SAMPLE_BYTES) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    headBytes += chunk.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw new UsageError(`${name}: the file is empty`);
  const dialect = sniff(first, { ...opts, name });
  // An image, an archive or a spreadsheet's native format is not CSV: say so, instead of
  // reporting its first bytes as column names.
  const sample = decodeSample(first, dialect.encoding, dialect.bomLength);
  const binaryAt = sample.search(/[\x00-\x08\x0e-\x1a\x1c-\x1f]/);
  if (binaryAt >= 0) {
    const before = sample.slice(0, binaryAt).split(/\r\n|\r|\n/);
    throw new UsageError(
      `${name}:${before.length}:${before[before.length - 1]!.length + 1}: not a CSV file: it holds binary data`,
      'export the data as CSV (comma, semicolon or tab separated text) and import that',
    );
  }

  async function* raw(): AsyncGenerator<Buffer> {
    read += first.length;
    yield first;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      read += chunk.length;
      yield chunk;
    }
  }

  // UTF-8 bytes for csv-parse, without the BOM and the lines before the header row.
  async function* utf8(): AsyncGenerator<Buffer> {
    let skipBytes = dialect.bomLength;
    if (dialect.encoding === 'utf8') {
      if (dialect.skipChars) {
        const text = first.subarray(dialect.bomLength).toString('utf8');
        skipBytes += Buffer.byteLength(text.slice(0, dialect.skipChars));
      }
      for await (const chunk of raw()) {
        if (skipBytes >= chunk.length) {
          skipBytes -= chunk.length;
          continue;
        }
        yield skipBytes ? chunk.subarray(skipBytes) : chunk;
        skipBytes = 0;
      }
      return;
    }
    const decoder = new TextDecoder(decoderLabel(dialect.encoding));
    let skipChars = dialect.skipChars;
    for await (const chunk of raw()) {
      let bytes: Uint8Array = chunk;
      if (skipBytes) {
        const n = Math.min(skipBytes, bytes.length);
        bytes = bytes.subarray(n);
        skipBytes -= n;
      }
      let text = decoder.decode(bytes, { stream: true });
      if (skipChars) {
        const n = Math.min(skipChars, text.length);
        text = text.slice(n);
        skipChars -= n;
      }
      if (text) yield Buffer.from(text, 'utf8');
    }
    const rest = decoder.decode();
    if (rest) yield Buffer.from(rest, 'utf8');
  }

  const { parse } = await import('csv-parse');
  const parser = parse({
    delimiter: dialect.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines are kept (as blank rows) so that row numbers match what a spreadsheet shows.
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
  });
  const input = Readable.from(utf8(), { objectMode: false });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  let parseError: Error | undefined;
  let parseEnded = false;
  let wake: (() => void) | undefined;
  parser.on('error', (e) => {
    parseError = e;
    wake?.();
  });
  parser.on('end', () => {
    parseEnded = true;
    wake?.();
  });
  parser.on('readable', () => wake?.());
  // Records come in chunks of what the parser holds, so that a million rows cost a few thousand
  // promises rather than a few million.
  const nextChunk = async (max = 2000): Promise<string[][] | null> => {
    for (;;) {
      const out: string[][] = [];
      let r: string[] | null;
      // Records parsed before an error are still handed on; the error comes after them.
      while (out.length < max && (r = parser.read() as string[] | null) !== null) out.push(r);
      if (out.length) return out;
      if (parseError) throw parseError;
      if (parseEnded || parser.readableEnded) return null;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  };

  const fail = (e: unknown): never => {
    if (e instanceof AgntError) throw e;
    const err = e as Error & { code?: string; lines?: number };
    if (err.code?.startsWith('CSV_')) {
      const line = err.lines !== undefined ? ` (near line ${err.lines + dialect.skipLines})` : '';
      throw new AgntError(`${name}: cannot read the CSV${line}: ${err.message.replace(/ at line \d+$/, '')}`, EXIT.failure);
    }
    throw new AgntError(`${name}: ${err.message}`, EXIT.failure);
  };

  let headerChunk: string[][] | null;
  try {
    headerChunk = await nextChunk(1);
  } catch (e) {
    return fail(e);
  }
  if (!headerChunk) throw new UsageError(`${name}: no header row`);
  const header = headerChunk[0]!;
  const headerRow = dialect.skipLines + 1;

  async function* chunks(): AsyncGenerator<{ first: number; rows: string[][] }> {
    let row = headerRow + 1;
    for (;;) {
      let rows: string[][] | null;
      try {
        rows = await nextChunk();
      } catch (e) {
        return fail(e);
      }
      if (!rows) return;
      yield { first: row, rows };
      row += rows.length;
    }
  }

  return {
    name,
    dialect,
    header,
    headerRow,
    size,
    bytesRead: () => read,
    async *records() {
      for await (const { first, rows } of chunks()) yield rows.map((cells, i) => ({ row: first + i, cells }));
    },
    chunks,
    close() {
      input.destroy();
      parser.destroy();
      if (path !== '-') (stream as unknown as { destroy(): void }).destroy();
    },
  };
}
