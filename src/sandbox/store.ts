// The sandbox's state: named collections of records, kept in insertion order, with optional
// persistence to a data file.
//
// Persistence is an append-only journal: the data file is a list of JSON lines (a header with
// the id counters and the free-form meta, then one line per record), and every change appends
// one line holding the changed record (or the removed id), so that a change costs time in
// proportion to the change, not to the whole state. Lines are written synchronously as the
// change is made, and the server waits for sync() (one fdatasync shared by every change made
// meanwhile) before it answers: an acknowledged change is on disk, and survives kill -9 and a
// crash of the machine. When the journal has grown past twice the size of the state it last
// compacted to, the file is rewritten (to a temporary file, synced, then renamed over it).
// A data file of the earlier format (one JSON document) is still read, and rewritten as lines.
import { closeSync, fdatasync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Packing } from './packing.ts';

export type Rec = Record<string, any>;

/** Journal lines: a header, a record put, a removal, new id counters, the meta. */
type Line = { v: 2; counters: Record<string, number>; meta: Record<string, any> } | { c: string; r: Rec } | { c: string; d: string } | { k: Record<string, number> } | { m: Record<string, any> };

/** Ids under one index value: one id alone (the common case costs no array), or several. */
type Ids = string | string[];

const COMPACT_MIN_BYTES = 8 * 1024 * 1024;

/** A data file that cannot be read as a sandbox's state: refused, and left as it is. */
export class DataFileError extends Error {}

/**
 * A change the data file could not take (a full disk): it was not made. Changes are written
 * ahead: a record is changed in memory only once its line is in the file, so that what a read
 * sees is what a restart (or a kill -9) finds. The server answers 507.
 */
export class StoreWriteError extends Error {}

export class Store {
  /** Records by collection and id: objects, or the packed text of a packed collection's. */
  private cols = new Map<string, Map<string, any>>();
  /** The packed collections (see packing.ts). */
  private packs = new Map<string, Packing>();
  private counters: Record<string, number> = {};
  /** Free-form state that is not a collection (tokens, secrets, settings). */
  meta: Record<string, any> = {};
  /**
   * Secondary indexes: collection -> field -> lower-cased value -> ids in insertion order.
   * A list page is a slice of one of these, so it costs the page, not the collection.
   */
  private indexes = new Map<string, Map<string, Map<string, Ids>>>();
  clock: () => number = () => Date.now();
  private lastMs = Number.NaN;
  private lastIso = '';

  private fd?: number;
  private journalBytes = 0;
  private compactedBytes = 0;
  private dirtyCounters: Record<string, number> | undefined;
  private metaText = '';
  private unsynced = false;
  private syncing?: Promise<void>;
  /** Bumped on every change; lets callers cache what they derive from a collection. */
  version = 0;

  constructor(readonly file?: string) {}

  /**
   * The current time as ISO text. Records made in the same millisecond share one string, which
   * matters when a million contacts each carry createdAt and updatedAt.
   */
  now(): string {
    const ms = this.clock();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = new Date(ms).toISOString();
    }
    return this.lastIso;
  }

  /**
   * Keeps the records of a collection packed (compact text, unpacked on each read): for the
   * collections that grow to millions. Declared before any record of it is stored. A read then
   * gives a fresh object each time, so records are changed through update(), never in place
   * (as for every collection: the indexes and the journal only see changes made that way).
   */
  pack(name: string, template: Rec, fragments?: string[]): void {
    if (this.cols.get(name)?.size) throw new Error(`collection ${name} is packed after records were stored`);
    this.packs.set(name, new Packing(template, fragments));
  }

  private col(name: string): Map<string, any> {
    let c = this.cols.get(name);
    if (!c) {
      c = new Map();
      this.cols.set(name, c);
    }
    return c;
  }

  /** Stores a record as the collection keeps it. */
  private put(name: string, rec: Rec): void {
    const p = this.packs.get(name);
    this.col(name).set(rec.id, p ? p.pack(rec) : rec);
  }

  /** The records of a collection, in insertion order (unpacked one at a time). */
  *values(name: string): IterableIterator<Rec> {
    const p = this.packs.get(name);
    if (!p) {
      yield* this.col(name).values();
      return;
    }
    for (const [id, text] of this.col(name)) yield p.unpack(id, text);
  }

  /** The names of the collections that hold records. */
  collectionNames(): string[] {
    return [...this.cols.keys()].filter((n) => this.cols.get(n)!.size > 0);
  }

  /** How many records a collection holds. */
  size(name: string): number {
    return this.col(name).size;
  }

  all(name: string): Rec[] {
    return [...this.values(name)];
  }

  get(name: string, id: string): Rec | undefined {
    const v = this.col(name).get(id);
    if (v === undefined) return undefined;
    const p = this.packs.get(name);
    return p ? p.unpack(id, v) : v;
  }

  newId(prefix: string): string {
    const n = (this.counters[prefix] ?? 0) + 1;
    this.counters[prefix] = n;
    if (this.file) (this.dirtyCounters ??= {})[prefix] = n;
    return `${prefix}_${n.toString(36).padStart(4, '0')}${randomHex4()}`;
  }

  /**
   * Declares an index on a string field (case-insensitive); kept up to date by insert, update
   * and remove, so records must be changed through those, never by assigning to them.
   */
  ensureIndex(name: string, field: string): Map<string, Ids> {
    let byField = this.indexes.get(name);
    if (!byField) {
      byField = new Map();
      this.indexes.set(name, byField);
    }
    let idx = byField.get(field);
    if (idx) return idx;
    idx = new Map();
    byField.set(field, idx);
    for (const r of this.values(name)) indexAdd(idx, r[field], r.id);
    return idx;
  }

  /** Ids of the records whose indexed field equals value, in insertion order (do not change it). */
  ids(name: string, field: string, value: string): readonly string[] {
    const ids = this.ensureIndex(name, field).get(String(value).toLowerCase());
    return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
  }

  /** How many records have the indexed field equal to value. */
  count(name: string, field: string, value: string): number {
    const ids = this.ensureIndex(name, field).get(String(value).toLowerCase());
    return ids === undefined ? 0 : typeof ids === 'string' ? 1 : ids.length;
  }

  /** Records whose indexed field equals value (case-insensitive). */
  lookup(name: string, field: string, value: string): Rec[] {
    const out: Rec[] = [];
    for (const id of this.ids(name, field, value)) {
      const r = this.get(name, id);
      if (r) out.push(r);
    }
    return out;
  }

  private reindex(name: string, before: Rec | undefined, after: Rec | undefined): void {
    const byField = this.indexes.get(name);
    if (!byField) return;
    for (const [field, idx] of byField) {
      // Unchanged values keep their place, so lookup() answers in insertion order.
      if (before && after && before[field] === after[field]) continue;
      if (before) indexDelete(idx, before[field], before.id);
      if (after) indexAdd(idx, after[field], after.id);
    }
  }

  /** Inserts a record; stamps id (unless given), createdAt and updatedAt. */
  insert(name: string, prefix: string, rec: Rec): Rec {
    const now = this.now();
    const full = { id: rec.id ?? this.newId(prefix), ...rec, createdAt: rec.createdAt ?? now, updatedAt: rec.updatedAt ?? now };
    // Written ahead: a change the file refuses is not made.
    this.changed({ c: name, r: full });
    this.reindex(name, this.get(name, full.id), full);
    this.put(name, full);
    return full;
  }

  update(name: string, id: string, patch: Rec): Rec | undefined {
    const rec = this.get(name, id);
    if (!rec) return undefined;
    const byField = this.indexes.get(name);
    let before: Rec | undefined;
    if (byField) {
      before = { id: rec.id };
      for (const f of byField.keys()) before[f] = rec[f];
    }
    const updatedAt = this.now();
    // Written ahead (the record as it will be): a change the file refuses is not made.
    if (this.fd !== undefined) this.changed({ c: name, r: { ...rec, ...patch, updatedAt } });
    else this.version++;
    Object.assign(rec, patch, { updatedAt });
    if (before) this.reindex(name, before, rec);
    if (this.packs.has(name)) this.put(name, rec);
    return rec;
  }

  remove(name: string, id: string): boolean {
    const rec = this.get(name, id);
    if (rec === undefined) return false;
    this.changed({ c: name, d: id });
    this.col(name).delete(id);
    this.reindex(name, rec, undefined);
    return true;
  }

  find(name: string, pred: (r: Rec) => boolean): Rec | undefined {
    for (const r of this.values(name)) if (pred(r)) return r;
    return undefined;
  }

  filter(name: string, pred: (r: Rec) => boolean): Rec[] {
    const out: Rec[] = [];
    for (const r of this.values(name)) if (pred(r)) out.push(r);
    return out;
  }

  // ---- persistence -------------------------------------------------------------------------

  /** Records a change in the journal (with a data file). */
  private changed(line: Line): void {
    this.version++;
    if (this.fd === undefined) return;
    let text = '';
    if (this.dirtyCounters) text += `${JSON.stringify({ k: this.dirtyCounters })}\n`;
    text += `${JSON.stringify(line)}\n`;
    // The meta is small (tokens, settings) and changed by assignment, so it is compared here.
    const meta = JSON.stringify(this.meta);
    if (meta !== this.metaText) text += `{"m":${meta}}\n`;
    this.append(text);
    // Only once written: a failed write leaves them to go with the next change.
    this.dirtyCounters = undefined;
    this.metaText = meta;
  }

  /** Appends whole lines, or nothing: a write cut short (a full disk) is cut off the file again. */
  private append(text: string): void {
    const buf = Buffer.from(text);
    let at = 0;
    try {
      while (at < buf.length) at += writeSync(this.fd!, buf, at);
    } catch (e) {
      try {
        if (at > 0) ftruncateSync(this.fd!, fstatSync(this.fd!).size - at);
      } catch {
        /* the reader cuts a torn last line anyway */
      }
      const code = (e as NodeJS.ErrnoException).code;
      throw new StoreWriteError(
        `the sandbox could not save the change to its data file ${this.file} (${code === 'ENOSPC' ? 'no space left on the device' : (code ?? (e as Error).message)}); nothing was changed`,
      );
    }
    this.journalBytes += buf.length;
    this.unsynced = true;
    if (this.journalBytes > Math.max(COMPACT_MIN_BYTES, this.compactedBytes)) {
      try {
        this.save();
      } catch {
        // The change is in the journal; compaction is tried again after the next one.
      }
    }
  }

  /**
   * Marks the free-form meta changed: with a data file, it is journaled now. Record changes
   * need no call (insert, update and remove journal themselves).
   */
  touch(): void {
    this.version++;
    if (this.fd === undefined) return;
    const meta = JSON.stringify(this.meta);
    if (meta === this.metaText && !this.dirtyCounters) return;
    this.metaText = meta;
    this.append(`${this.dirtyCounters ? `${JSON.stringify({ k: this.dirtyCounters })}\n` : ''}{"m":${meta}}\n`);
    this.dirtyCounters = undefined;
  }

  /** Resolves once every change made so far is on disk (one fdatasync for all waiting). */
  sync(): Promise<void> {
    if (this.fd === undefined || !this.unsynced) return this.syncing ?? Promise.resolve();
    if (this.syncing) {
      // A sync is running: the changes made since it began need the next one.
      return this.syncing.then(() => this.sync());
    }
    this.unsynced = false;
    const fd = this.fd;
    this.syncing = new Promise<void>((resolve, reject) => {
      fdatasync(fd, (e) => {
        this.syncing = undefined;
        if (e && this.fd === fd) reject(e);
        else resolve();
      });
    });
    return this.syncing;
  }

  /** Whether a change is waiting for sync(). */
  get pending(): boolean {
    return this.unsynced || this.syncing !== undefined;
  }

  /**
   * Rewrites the data file as the current state (compaction), then keeps appending to it.
   * Written to a temporary file, synced and renamed, so the file is never half-written.
   */
  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    let bytes = 0;
    try {
      this.metaText = JSON.stringify(this.meta);
      for (const text of this.chunks()) {
        const buf = Buffer.from(text);
        let at = 0;
        while (at < buf.length) at += writeSync(fd, buf, at);
        bytes += buf.length;
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = openSync(this.file, 'a', 0o600);
    this.dirtyCounters = undefined;
    this.unsynced = false;
    this.compactedBytes = bytes;
    this.journalBytes = 0;
  }

  /**
   * The whole state as the lines of a data file, about 1 MiB at a time: the data file (save) and a
   * snapshot (sandbox/snapshots.ts) are written from them as they come.
   */
  *chunks(): Generator<string> {
    let chunk = `${JSON.stringify({ v: 2, counters: this.counters, meta: this.meta })}\n`;
    for (const name of this.cols.keys()) {
      const prefix = `{"c":${JSON.stringify(name)},"r":`;
      for (const r of this.values(name)) {
        chunk += `${prefix}${JSON.stringify(r)}}\n`;
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
    }
    if (chunk) yield chunk;
  }

  /**
   * Replaces the whole state with one written from chunks(): every record, the id counters and the
   * meta. The indexes are rebuilt, and with a data file the file is rewritten as the new state.
   */
  replaceState(chunks: Iterable<string>): void {
    this.cols.clear();
    this.counters = {};
    this.meta = {};
    for (const chunk of chunks) {
      for (const text of chunk.split('\n')) if (text) this.apply(JSON.parse(text) as Line);
    }
    for (const [name, byField] of this.indexes) {
      for (const [field, idx] of byField) {
        idx.clear();
        for (const r of this.values(name)) indexAdd(idx, r[field], r.id);
      }
    }
    this.version++;
    this.lastMs = Number.NaN;
    this.save();
  }

  /** Stops journaling (the state stays as last written; call save() first to compact). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /**
   * Loads a saved state and opens the journal; returns false when the file does not exist or is
   * empty (a new state: call save() once it is seeded). A file that is not a sandbox's state
   * is a DataFileError, thrown before anything is written to it.
   */
  load(): boolean {
    if (!this.file) return false;
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw new DataFileError(`${this.file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    // An empty file (as mktemp makes) is a new state.
    if (fstatSync(fd).size === 0) {
      closeSync(fd);
      return false;
    }
    const refuse = (why: string): never => {
      throw new DataFileError(`${this.file}: not a sandbox data file (${why}); it was left as it is`);
    };
    this.cols.clear();
    this.indexes.clear();
    let legacy = '';
    let first = true;
    let isLegacy = false;
    let lineNo = 0;
    try {
      forEachLine(fd, (text, last) => {
        lineNo++;
        if (first) {
          first = false;
          isLegacy = !text.startsWith('{"v":2');
        }
        if (isLegacy) {
          legacy += `${text}\n`;
          return;
        }
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch (e) {
          // A change cut off while it was written was never acknowledged: it is dropped. The
          // header is never such a change: without it there is no state to start from.
          if (last && lineNo > 1) return;
          return refuse(`line ${lineNo} is not valid JSON: ${(e as Error).message}`);
        }
        this.apply(line);
      });
    } finally {
      closeSync(fd);
    }
    if (isLegacy) {
      let data: { counters: Record<string, number>; meta: Record<string, any>; collections: Record<string, Rec[]> };
      try {
        data = JSON.parse(legacy);
      } catch (e) {
        return refuse(`${/[\x00-\x08\x0e-\x1f]/.test(legacy.slice(0, 512)) ? 'it holds binary data' : `not JSON: ${(e as Error).message}`}`);
      }
      if (!data || typeof data !== 'object') refuse('not a state document');
      this.counters = data.counters ?? {};
      this.meta = data.meta ?? {};
      for (const [name, recs] of Object.entries(data.collections ?? {})) for (const r of recs) this.put(name, r);
    }
    if (!this.meta || typeof this.meta.tokens !== 'object' || this.meta.tokens === null) refuse('it holds no tokens');
    // Start from a compact file: the replayed journal is folded in, a torn last line cut off.
    this.save();
    return true;
  }

  private apply(line: Line): void {
    if ('v' in line) {
      this.counters = line.counters ?? {};
      this.meta = line.meta ?? {};
    } else if ('k' in line) Object.assign(this.counters, line.k);
    else if ('m' in line) this.meta = line.m;
    else if ('r' in line) this.put(line.c, line.r);
    else if ('d' in line) this.col(line.c).delete(line.d);
  }
}

// Random bytes for ids come from a pool: one randomBytes() call per id cost a tenth of the
// sandbox's time during a bulk import.
let randomPool = Buffer.alloc(0);
let randomAt = 0;
function randomHex4(): string {
  if (randomAt + 2 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  randomAt += 2;
  return randomPool.toString('hex', randomAt - 2, randomAt);
}

function indexAdd(idx: Map<string, Ids>, value: unknown, id: string): void {
  if (typeof value !== 'string') return;
  const key = value.toLowerCase();
  const ids = idx.get(key);
  // Callers never add an id twice under one value (reindex skips unchanged values), so no
  // search here: adding stays O(1) when one owner has a million records.
  if (ids === undefined) idx.set(key, id);
  else if (typeof ids === 'string') idx.set(key, [ids, id]);
  else ids.push(id);
}

function indexDelete(idx: Map<string, Ids>, value: unknown, id: string): void {
  if (typeof value !== 'string') return;
  const key = value.toLowerCase();
  const ids = idx.get(key);
  if (ids === undefined) return;
  if (typeof ids === 'string') {
    if (ids === id) idx.delete(key);
    return;
  }
  // Chosen: a removal from a long list (one owner's million contacts) moves the rest of the list
  // (a memmove, about a millisecond at a million); reads stay a plain slice.
  const i = ids.lastIndexOf(id);
  if (i >= 0) ids.splice(i, 1);
  if (ids.length === 1) idx.set(key, ids[0]!);
  else if (ids.length === 0) idx.delete(key);
}

/** Calls fn with each line of a file (without its newline), reading it in chunks. */
function forEachLine(fd: number, fn: (line: string, last: boolean) => void): void {
  const buf = Buffer.alloc(4 * 1024 * 1024);
  let rest: Buffer = Buffer.alloc(0);
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, null);
    if (n === 0) break;
    let data: Buffer = rest.length ? Buffer.concat([rest, buf.subarray(0, n)]) : buf.subarray(0, n);
    let start = 0;
    for (;;) {
      const nl = data.indexOf(10, start);
      if (nl < 0) break;
      if (nl > start) fn(data.toString('utf8', start, nl), false);
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
    data = rest;
  }
  if (rest.length) fn(rest.toString('utf8'), true);
}
