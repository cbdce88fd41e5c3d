// The e-mails seen so far in a file, to report duplicates, in typed arrays rather than a Set of
// strings: a million addresses take about 24 MB here instead of well over 100 MB. Keys are
// 64-bit hashes; two different addresses share one with odds of about 1 in 10^7 for a file of a
// million rows, and such a row would be reported as a duplicate, never dropped silently.

const out = new Uint32Array(2);

/** cyrb53's final mix of the two lanes, into `out`. */
function finish(h1: number, h2: number): void {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1;
  out[1] = h2;
}

/** Two independent 32-bit hashes of a string (cyrb53's mixing, kept at 64 bits), into `out`. */
function hashInto(s: string, seed: number): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  finish(h1, h2);
}

/**
 * Each UTF-16 unit's lower case, learnt on first sight: 0 not known yet, 0xffff when the unit
 * has no one-unit lower case of its own (a surrogate, 'İ' which lowers to two units, and 'Σ'
 * whose lower case depends on its place in the word): a string holding one is lowered whole.
 */
const LOWER = new Uint16Array(0x10000);
for (let c = 0; c < 128; c++) LOWER[c] = c >= 65 && c <= 90 ? c + 32 : c;

function lowerOf(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return 0xffff;
  const l = String.fromCharCode(c).toLowerCase();
  return l.length === 1 && c !== 0x3a3 ? l.charCodeAt(0) : 0xffff;
}

/**
 * hashInto(s.toLowerCase(), seed) without making the lower-case copy (an import hashes every
 * row's e-mail and values): each unit is lowered as it is read, and the rare string whose
 * lower case is not unit by unit is lowered whole, so the result is the same for every string.
 */
function hashLowerInto(s: string, seed: number): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    let c = LOWER[u]!;
    if (c === 0 && u !== 0) c = LOWER[u] = lowerOf(u);
    if (c === 0xffff) {
      hashInto(s.toLowerCase(), seed);
      return;
    }
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  finish(h1, h2);
}

// A fingerprint of several strings, letter case aside (fingerprintStart, then fingerprintAdd for
// each, then fingerprintEnd): one 32-bit lane, as it only tells apart rows with the same e-mail.
let fp = 0;

export function fingerprintStart(): void {
  fp = 0x811c9dc5;
}

export function fingerprintAdd(s: string): void {
  let h = fp;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    let c = LOWER[u]!;
    if (c === 0 && u !== 0) c = LOWER[u] = lowerOf(u);
    if (c === 0xffff) {
      addLowered(s.toLowerCase());
      return;
    }
    h = Math.imul(h ^ c, 16777619);
  }
  // A separator, so that ('ab', 'c') and ('a', 'bc') differ.
  fp = Math.imul(h ^ 0x1f, 16777619);
}

function addLowered(s: string): void {
  let h = fp;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  fp = Math.imul(h ^ 0x1f, 16777619);
}

export function fingerprintEnd(): number {
  let h = fp;
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export function hash64(s: string, seed = 0): [number, number] {
  hashInto(s, seed);
  return [out[0]!, out[1]!];
}

export function hash32(s: string): number {
  hashInto(s, 0x9e3779b9);
  return out[0]!;
}

/** hash32(s.toLowerCase()), without the copy. */
export function hashLower32(s: string): number {
  hashLowerInto(s, 0x9e3779b9);
  return out[0]!;
}

// Entries live in fixed-size chunks (never copied when the set grows); the open-addressing
// table holds only entry numbers, so growing it copies 4 bytes a slot.
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

export class SeenEmails {
  private table: Uint32Array;
  private mask: number;
  private count = 0;
  /** Per chunk: [hash1, hash2, row, content] for CHUNK entries. */
  private chunks: Uint32Array[] = [];

  constructor(capacity = 1 << 14) {
    this.table = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  private entry(n: number): Uint32Array {
    return this.chunks[n >>> CHUNK_BITS]!;
  }

  /**
   * Records an address (letter case ignored) first seen on `row` with a fingerprint of the row's
   * values; returns the earlier row and fingerprint when it was already there.
   */
  add(email: string, row: number, contentHash: number): { row: number; content: number } | undefined {
    hashLowerInto(email, 0);
    const h1 = out[0]!;
    const h2 = out[1]!;
    let i = h1 & this.mask;
    for (;;) {
      const slot = this.table[i]!;
      if (slot === 0) break;
      const n = slot - 1;
      const c = this.entry(n);
      const at = (n & (CHUNK - 1)) * 4;
      if (c[at] === h1 && c[at + 1] === h2) return { row: c[at + 2]!, content: c[at + 3]! };
      i = (i + 1) & this.mask;
    }
    const n = this.count++;
    if ((n & (CHUNK - 1)) === 0) this.chunks.push(new Uint32Array(CHUNK * 4));
    const c = this.entry(n);
    const at = (n & (CHUNK - 1)) * 4;
    c[at] = h1;
    c[at + 1] = h2;
    c[at + 2] = row;
    c[at + 3] = contentHash;
    this.table[i] = n + 1;
    if (this.count * 4 > this.table.length * 3) this.grow();
    return undefined;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    this.mask = this.table.length - 1;
    for (const slot of old) {
      if (slot === 0) continue;
      const n = slot - 1;
      let i = this.entry(n)[(n & (CHUNK - 1)) * 4]! & this.mask;
      while (this.table[i] !== 0) i = (i + 1) & this.mask;
      this.table[i] = slot;
    }
  }
}
