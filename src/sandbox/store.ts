// The sandbox's state: named collections of records, kept in insertion order, with optional
// persistence to a JSON file (written to a temp file and renamed, so it is never half-written).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

export type Rec = Record<string, any>;

export class Store {
  private cols = new Map<string, Map<string, Rec>>();
  private counters: Record<string, number> = {};
  /** Free-form state that is not a collection (tokens, secrets, settings). */
  meta: Record<string, any> = {};
  private timer?: NodeJS.Timeout;
  /** Secondary indexes: collection -> field -> lower-cased value -> ids. */
  private indexes = new Map<string, Map<string, Map<string, Set<string>>>>();
  clock: () => number = () => Date.now();

  constructor(private file?: string) {}

  now(): string {
    return new Date(this.clock()).toISOString();
  }

  col(name: string): Map<string, Rec> {
    let c = this.cols.get(name);
    if (!c) {
      c = new Map();
      this.cols.set(name, c);
    }
    return c;
  }

  all(name: string): Rec[] {
    return [...this.col(name).values()];
  }

  get(name: string, id: string): Rec | undefined {
    return this.col(name).get(id);
  }

  newId(prefix: string): string {
    this.counters[prefix] = (this.counters[prefix] ?? 0) + 1;
    return `${prefix}_${this.counters[prefix].toString(36).padStart(4, '0')}${randomBytes(2).toString('hex')}`;
  }

  /**
   * Declares an index on a string field (case-insensitive); kept up to date by insert, update
   * and remove, so records must be changed through those, never by assigning to them.
   */
  ensureIndex(name: string, field: string): void {
    let byField = this.indexes.get(name);
    if (!byField) {
      byField = new Map();
      this.indexes.set(name, byField);
    }
    if (byField.has(field)) return;
    const idx = new Map<string, Set<string>>();
    byField.set(field, idx);
    for (const r of this.col(name).values()) this.indexAdd(idx, r[field], r.id);
  }

  /** Records whose indexed field equals value (case-insensitive). */
  lookup(name: string, field: string, value: string): Rec[] {
    this.ensureIndex(name, field);
    const ids = this.indexes.get(name)!.get(field)!.get(String(value).toLowerCase());
    if (!ids) return [];
    const c = this.col(name);
    return [...ids].map((id) => c.get(id)!).filter(Boolean);
  }

  private indexAdd(idx: Map<string, Set<string>>, value: unknown, id: string): void {
    if (typeof value !== 'string') return;
    const key = value.toLowerCase();
    let set = idx.get(key);
    if (!set) idx.set(key, (set = new Set()));
    set.add(id);
  }

  private reindex(name: string, before: Rec | undefined, after: Rec | undefined): void {
    const byField = this.indexes.get(name);
    if (!byField) return;
    for (const [field, idx] of byField) {
      // Unchanged values keep their place, so lookup() answers in insertion order.
      if (before && after && before[field] === after[field]) continue;
      if (before && typeof before[field] === 'string') idx.get(before[field].toLowerCase())?.delete(before.id);
      if (after) this.indexAdd(idx, after[field], after.id);
    }
  }

  /** Inserts a record; stamps id (unless given), createdAt and updatedAt. */
  insert(name: string, prefix: string, rec: Rec): Rec {
    const now = this.now();
    const full = { id: rec.id ?? this.newId(prefix), ...rec, createdAt: rec.createdAt ?? now, updatedAt: rec.updatedAt ?? now };
    const c = this.col(name);
    this.reindex(name, c.get(full.id), full);
    c.set(full.id, full);
    this.touch();
    return full;
  }

  update(name: string, id: string, patch: Rec): Rec | undefined {
    const rec = this.get(name, id);
    if (!rec) return undefined;
    const before = this.indexes.has(name) ? { ...rec } : undefined;
    Object.assign(rec, patch, { updatedAt: this.now() });
    if (before) this.reindex(name, before, rec);
    this.touch();
    return rec;
  }

  remove(name: string, id: string): boolean {
    const rec = this.col(name).get(id);
    const ok = this.col(name).delete(id);
    if (ok) {
      this.reindex(name, rec, undefined);
      this.touch();
    }
    return ok;
  }

  find(name: string, pred: (r: Rec) => boolean): Rec | undefined {
    for (const r of this.col(name).values()) if (pred(r)) return r;
    return undefined;
  }

  filter(name: string, pred: (r: Rec) => boolean): Rec[] {
    const out: Rec[] = [];
    for (const r of this.col(name).values()) if (pred(r)) out.push(r);
    return out;
  }

  /** Marks the state changed; with a data file, it is saved shortly after. */
  touch(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, 50);
    this.timer.unref();
  }

  save(): void {
    if (!this.file) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const data = {
      version: 1,
      counters: this.counters,
      meta: this.meta,
      collections: Object.fromEntries([...this.cols].map(([k, v]) => [k, [...v.values()]])),
    };
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  /** Loads a saved state; returns false when the file does not exist. */
  load(): boolean {
    if (!this.file) return false;
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    const data = JSON.parse(text) as { counters: Record<string, number>; meta: Record<string, any>; collections: Record<string, Rec[]> };
    this.counters = data.counters ?? {};
    this.meta = data.meta ?? {};
    this.cols.clear();
    this.indexes.clear();
    for (const [name, recs] of Object.entries(data.collections ?? {})) {
      const c = this.col(name);
      for (const r of recs) c.set(r.id, r);
    }
    return true;
  }
}
