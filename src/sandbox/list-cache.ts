// The records a list walk pages through, kept between its pages. A walk asks for page after page
// with the same filter; recomputing who may see which record for every page made a page cost the
// whole collection (a page of coverage spans checked the caller's role in all 3,000 of them).
// An entry holds only what does not change with time (visibility, stored fields) and is valid
// while the store is unchanged: any change to any record bumps the store's version.
import type { Rec, Store } from './store.ts';

const SIZE = 16;

export class ListCache {
  private entries = new Map<string, { version: number; items: Rec[] }>();

  constructor(private readonly store: Store) {}

  /** The records for `key`, computed by `compute` when the store changed since they were kept. */
  get(key: string, compute: () => Rec[]): Rec[] {
    const hit = this.entries.get(key);
    if (hit && hit.version === this.store.version) return hit.items;
    const items = compute();
    this.entries.delete(key);
    this.entries.set(key, { version: this.store.version, items });
    // The oldest entry goes: walks in flight at once are few.
    if (this.entries.size > SIZE) this.entries.delete(this.entries.keys().next().value!);
    return items;
  }
}
