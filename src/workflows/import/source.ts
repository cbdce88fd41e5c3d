// The input as a stream of records: the first bytes are read to sniff the dialect, then the
// whole input flows through a decoder and the CSV reader (records.ts) chunk by chunk, never held in memory.
import { createReadStream, statSync } from 'node:fs';
import { AgntError, EXIT, UsageError } from '../../core/errors.ts';
import { type CsvRecord, CsvRecords } from './records.ts';
import { decoderLabel, SAMPLE_BYTES, sniff, type Encoding, type Sniffed, decodeSample } from './detect.ts';

export interface SourceOptions {
  delimiter?: string;
  encoding?: Encoding;
  knownHeaders?: string[];
  /** The input has no header row: its first line is data; columns are named 'column 1'... */
  noHeader?: boolean;
}

export interface SourceRecord {
  /** Spreadsheet row number: the header row counts, notes before it too. */
  row: number;
  cells: string[];
  /** Why the record could not be read (its cells then hold its first line, raw). */
  malformed?: string;
}

export interface Source {
  name: string;
  dialect: Sniffed;
  header: string[];
  headerRow: number;
  /** File size, when the input is a regular file (for the progress estimate). */
  size?: number;
  /** The first data records (from the bytes sniffed), to recognise columns by what they hold. */
  sample: string[][];
  bytesRead(): number;
  /** Data records, a chunk at a time. */
  records(): AsyncGenerator<SourceRecord[]>;
  /** The same records as plain cell lists: `rows[i]` is on row `first + i` (no object a row). */
  chunks(): AsyncGenerator<Chunk>;
  close(): void;
}

/** Largest cell accepted, quoted or not (a record: 16 of them): a stray quote must not make the reader swallow the rest of the file. */
const MAX_CELL_CHARS = 1024 * 1024;

/** Records as plain cell lists: `rows[i]` is on row `first + i`; `malformed` names the rows that could not be read (by index). */
export interface Chunk {
  first: number;
  rows: string[][];
  malformed?: Map<number, string>;
}

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
  const sniffed = sniff(first, { ...opts, name });
  // Without a header row nothing before the data is skipped looking for one.
  const dialect = opts.noHeader ? { ...sniffed, skipLines: 0, skipChars: 0 } : sniffed;
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

  // UTF-8 bytes for the reader, without the BOM and the lines before the header row.
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

  // Records through the one reader with recovery (records.ts): a malformed record is handed on
  // as such, with its line, and the records after it are read.
  const reader = new CsvRecords(dialect.delimiter, MAX_CELL_CHARS, dialect.skipLines + 1);
  const decoder = new TextDecoder('utf-8');
  const text = utf8()[Symbol.asyncIterator]();
  let pending: CsvRecord[] = [];
  let at = 0;
  let done = false;
  // Records come in chunks of what the reader holds, so that a million rows cost a few thousand
  // promises rather than a few million.
  const nextChunk = async (max = 2000): Promise<CsvRecord[] | null> => {
    while (at >= pending.length) {
      if (done) return null;
      const next = await text.next();
      if (next.done) {
        done = true;
        pending = reader.push(decoder.decode(), true);
      } else pending = reader.push(decoder.decode(next.value, { stream: true }));
      at = 0;
    }
    const out = pending.slice(at, at + max);
    at += out.length;
    return out;
  };

  const fail = (e: unknown): never => {
    if (e instanceof AgntError) throw e;
    throw new AgntError(`${name}: ${(e as Error).message}`, EXIT.failure);
  };

  let headerChunk: CsvRecord[] | null;
  try {
    headerChunk = await nextChunk(1);
  } catch (e) {
    return fail(e);
  }
  if (!headerChunk) throw new UsageError(`${name}: no header row`);
  let header: string[];
  let headerRow: number;
  if (opts.noHeader) {
    // The first record is data: handed back to the reader's queue, and named columns made up.
    at--;
    header = headerChunk[0]!.cells.map((_, i) => `column ${i + 1}`);
    headerRow = 0;
  } else {
    if (headerChunk[0]!.malformed) throw new UsageError(`${name}: cannot read the header row: ${headerChunk[0]!.malformed.replace(/; the row is left out.*$/, '')}`);
    header = headerChunk[0]!.cells;
    headerRow = dialect.skipLines + 1;
  }

  async function* chunks(): AsyncGenerator<Chunk> {
    let row = headerRow + 1;
    for (;;) {
      let recs: CsvRecord[] | null;
      try {
        recs = await nextChunk();
      } catch (e) {
        return fail(e);
      }
      if (!recs) return;
      const chunk: Chunk = { first: row, rows: recs.map((r) => r.cells) };
      recs.forEach((r, k) => {
        if (r.malformed) (chunk.malformed ??= new Map()).set(k, r.malformed);
      });
      yield chunk;
      row += recs.length;
    }
  }

  // Complete records of the sniffed bytes after the header row (the last may be cut: left out).
  const sampleRows = new CsvRecords(dialect.delimiter, MAX_CELL_CHARS)
    .push(sample.slice(dialect.skipChars))
    .slice(opts.noHeader ? 0 : 1, 21)
    .filter((r) => !r.malformed)
    .map((r) => r.cells);
  return {
    name,
    dialect,
    header,
    headerRow,
    sample: sampleRows,
    size,
    bytesRead: () => read,
    async *records() {
      for await (const { first, rows, malformed } of chunks()) yield rows.map((cells, i) => ({ row: first + i, cells, ...(malformed?.has(i) ? { malformed: malformed.get(i) } : {}) }));
    },
    chunks,
    close() {
      if (path !== '-') (stream as unknown as { destroy(): void }).destroy();
    },
  };
}
