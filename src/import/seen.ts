// The e-mails seen so far in a file, to report duplicates, in a few typed arrays rather than a
// Set of strings: a million addresses take about 32 MB here instead of well over 100 MB.
// Keys are 64-bit hashes; two different addresses share one with odds of about 1 in 10^7 for a
// file of a million rows, and such a row would be reported as a duplicate, never dropped silently.

const out = new Uint32Array(2);

/** Two independent 32-bit hashes of a string (cyrb53's mixing, kept at 64 bits), into `out`. */
function hashInto(s: string, seed: number): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1;
  out[1] = h2;
}

export function hash64(s: string, seed = 0): [number, number] {
  hashInto(s, seed);
  return [out[0]!, out[1]!];
}

export function hash32(s: string): number {
  hashInto(s, 0x9e3779b9);
  return out[0]!;
}

export class SeenEmails {
  private a: Uint32Array;
  private b: Uint32Array;
  private rows: Uint32Array;
  private content: Uint32Array;
  private count = 0;
  private mask: number;

  constructor(capacity = 1 << 14) {
    this.a = new Uint32Array(capacity);
    this.b = new Uint32Array(capacity);
    this.rows = new Uint32Array(capacity);
    this.content = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Records an address (lower-cased by the caller) first seen on `row` with a fingerprint of the
   * row's values; returns the earlier row and fingerprint when it was already there.
   */
  add(email: string, row: number, contentHash: number): { row: number; content: number } | undefined {
    hashInto(email, 0);
    const h1 = out[0]!;
    let h2 = out[1]!;
    if (h1 === 0 && h2 === 0) h2 = 1; // (0, 0) marks an empty slot
    let i = h1 & this.mask;
    for (;;) {
      if (this.a[i] === 0 && this.b[i] === 0) break;
      if (this.a[i] === h1 && this.b[i] === h2) return { row: this.rows[i]!, content: this.content[i]! };
      i = (i + 1) & this.mask;
    }
    this.a[i] = h1;
    this.b[i] = h2;
    this.rows[i] = row;
    this.content[i] = contentHash;
    if (++this.count * 2 > this.a.length) this.grow();
    return undefined;
  }

  private grow(): void {
    const { a, b, rows, content } = this;
    const cap = a.length * 2;
    this.a = new Uint32Array(cap);
    this.b = new Uint32Array(cap);
    this.rows = new Uint32Array(cap);
    this.content = new Uint32Array(cap);
    this.mask = cap - 1;
    for (let j = 0; j < a.length; j++) {
      if (a[j] === 0 && b[j] === 0) continue;
      let i = a[j]! & this.mask;
      while (this.a[i] !== 0 || this.b[i] !== 0) i = (i + 1) & this.mask;
      this.a[i] = a[j]!;
      this.b[i] = b[j]!;
      this.rows[i] = rows[j]!;
      this.content[i] = content[j]!;
    }
  }
}
