// The cursor of `audit-events tail --cursor-file`: the time of the last event written and the ids
// written at that time. Events come out in time order, so "time > cursor.time, or the same time
// and an id not in cursor.ids" is exactly the set not yet written, whatever page boundaries the
// server drew.
//
// kill -9 can land between writing a batch and saving the cursor. When standard output is a
// regular file (the SIEM case: `>> audit.jsonl`), the batch about to be written is recorded first
// as `pending` (where in the file it goes, its length and hash); a restart that finds those bytes
// in the file takes the batch as written, and one that finds a torn tail cuts it off. On a pipe
// nothing can be checked afterwards: there the window is the one write before the save.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';

const MARK = 'agnt audit-events tail cursor';

export interface Cursor {
  /** Milliseconds of the last event written; null: nothing written yet. */
  time: number | null;
  /** Ids of the events written at `time`. */
  ids: Set<string>;
}

interface Pending {
  dev: number;
  ino: number;
  offset: number;
  length: number;
  sha256: string;
  time: number;
  ids: string[];
}

interface CursorDoc {
  agnt: string;
  version: 1;
  /** What is tailed ('organization org_acme'): a cursor of another source is refused. */
  source: string;
  time: string | null;
  ids: string[];
  pending?: Pending;
}

/** Whether an event of this time and id has not been written yet. */
export function isNew(c: Cursor, time: number, id: string): boolean {
  return c.time === null || time > c.time || (time === c.time && !c.ids.has(id));
}

/** The cursor after writing these events (in time order). */
export function advance(c: Cursor, events: Array<{ time: number; id: string }>): Cursor {
  let time = c.time;
  let ids = new Set(c.ids);
  for (const e of events) {
    if (time === null || e.time > time) {
      time = e.time;
      ids = new Set();
    }
    if (e.time === time) ids.add(e.id);
  }
  return { time, ids };
}

/** A cursor file: read (and repaired after a kill) at start, saved atomically after each write. */
export class CursorFile {
  private constructor(
    readonly path: string,
    private source: string,
  ) {}

  /**
   * Opens FILE for `source`: refuses one that is not agnt's or is another source's, and one that
   * cannot be written, before anything is sent (exit 2).
   */
  static open(path: string, source: string): { file: CursorFile; cursor: Cursor } {
    const file = new CursorFile(path, source);
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new UsageError(`--cursor-file ${path}: cannot read it (${code})`);
    }
    let cursor: Cursor = { time: null, ids: new Set() };
    if (text !== undefined) {
      const doc = parseDoc(text, path);
      if (doc.source !== source) throw new UsageError(`--cursor-file ${path} is the cursor of ${doc.source}, not of ${source}`, 'give each tail its own cursor file');
      cursor = { time: doc.time === null ? null : Date.parse(doc.time), ids: new Set(doc.ids) };
      if (doc.pending) cursor = recover(doc.pending, cursor);
    }
    // Written now (the same cursor), so that an unwritable place is a usage error before any request.
    try {
      file.save(cursor);
    } catch (e) {
      throw new UsageError(`--cursor-file ${path}: cannot write it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    return { file, cursor };
  }

  /** Saves the cursor atomically (a whole file renamed over the old one). */
  save(c: Cursor, pending?: Pending): void {
    const doc: CursorDoc = { agnt: MARK, version: 1, source: this.source, time: c.time === null ? null : new Date(c.time).toISOString(), ids: [...c.ids] };
    if (pending) doc.pending = pending;
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(doc)}\n`, { mode: 0o600 });
    try {
      renameSync(tmp, this.path);
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
        /* nothing to clean */
      }
      throw e;
    }
  }

  /**
   * Called with a batch's bytes just before they are written to descriptor `fd` (undefined: not
   * the process's descriptor, a run inside a test): on a regular file the batch is noted as
   * pending first, where it goes, its length and hash. The caller saves `after` once written.
   */
  beforeWrite(fd: number | undefined, bytes: Buffer, before: Cursor, after: Cursor): void {
    if (fd === undefined || !bytes.length) return;
    const st = fstatSync(fd);
    if (!st.isFile()) return;
    this.save(before, {
      dev: st.dev,
      ino: st.ino,
      offset: st.size,
      length: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      time: after.time ?? 0,
      ids: [...after.ids],
    });
  }
}

function parseDoc(text: string, path: string): CursorDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    doc = undefined;
  }
  const d = doc as Partial<CursorDoc> | undefined;
  if (
    !d ||
    typeof d !== 'object' ||
    d.agnt !== MARK ||
    d.version !== 1 ||
    typeof d.source !== 'string' ||
    !Array.isArray(d.ids) ||
    (d.time !== null && (typeof d.time !== 'string' || Number.isNaN(Date.parse(d.time))))
  ) {
    throw new UsageError(`--cursor-file ${path} is not an agnt cursor file`, 'give a new path (agnt creates it), or the file an earlier tail wrote');
  }
  return d as CursorDoc;
}

/** After a kill between noting a batch and saving past it: did the batch reach standard output? */
function recover(p: Pending, cursor: Cursor): Cursor {
  let st: ReturnType<typeof fstatSync>;
  try {
    st = fstatSync(1);
  } catch {
    return cursor;
  }
  if (!st.isFile() || st.dev !== p.dev || st.ino !== p.ino) return cursor;
  if (st.size >= p.offset + p.length) {
    const buf = Buffer.alloc(p.length);
    // Standard output is open for writing only: the file is opened again to read it back (Linux's
    // /proc; elsewhere the check is skipped and the batch may be written twice).
    let fd: number;
    try {
      fd = openSync('/proc/self/fd/1', 'r');
    } catch {
      return cursor;
    }
    try {
      readSync(fd, buf, 0, p.length, p.offset);
    } finally {
      closeSync(fd);
    }
    if (createHash('sha256').update(buf).digest('hex') === p.sha256) return { time: p.time, ids: new Set(p.ids) };
    return cursor;
  }
  // A torn write of ours (the file ends inside the batch): cut it off; the batch is written again.
  if (st.size > p.offset) ftruncateSync(1, p.offset);
  return cursor;
}
