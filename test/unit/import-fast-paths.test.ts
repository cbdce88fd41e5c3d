// The import's per-row shortcuts give the same answers as the plain forms they replace: the
// e-mail scan as the Unicode pattern, the case-folding hash as hashing the lower-cased copy,
// and a row whose cells hold lists (addresses, numbers, tags) as one that splits every cell.
import { describe, expect, it } from 'vitest';
import { buildMapping, contactFingerprint } from '../../src/workflows/import/mapping.ts';
import { hash32, hashLower32, SeenEmails } from '../../src/workflows/import/seen.ts';
import { isEmail, matchesEmailPattern } from '../../src/workflows/import/validate.ts';

// A fixed pseudo-random sequence: the same cases on every run.
function random(seed: number) {
  let s = seed;
  const next = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % n;
  };
  return { next, pick: <T>(a: readonly T[]) => a[next(a.length)]! };
}

describe('e-mail check', () => {
  it('answers as the pattern for every address, ASCII or not', () => {
    const { next, pick } = random(7);
    const chars = ['a', 'Z', '0', '9', '.', '-', '@', '_', '+', "'", ' ', '"', '\\', 'é', 'ß', 'x', 'n', 'X', 'N', '(', '~', '|'];
    const local = ['ann', 'a.b', 'a..b', '.a', 'a.', 'x+y', 'josé', "o'neil", 'A_B', 'a b', ''];
    const domain = ['example', 'ex-1', '-ex', 'ex-', 'a.b', 'exämple', '', 'a'.repeat(63), 'a'.repeat(64), '1a', 'A-B-C'];
    const top = ['com', 'io', 'c', 'xn--p1ai', 'XN--ab', 'xn--', 'x1', 'museum', 'ÄÖ', 'a'.repeat(63), 'a'.repeat(64)];
    let accepted = 0;
    const differ: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      let v: string;
      if (next(3) === 0) {
        v = '';
        for (let n = next(24); n > 0; n--) v += pick(chars);
      } else v = `${pick(local)}@${pick(domain)}${next(2) ? `.${pick(domain)}` : ''}.${pick(top)}`;
      const at = v.lastIndexOf('@');
      const expected = v.length <= 254 && at >= 1 && at <= 64 && matchesEmailPattern(v);
      if (isEmail(v) !== expected) differ.push(v);
      if (expected) accepted++;
    }
    expect(differ).toEqual([]);
    // Both verdicts were exercised.
    expect(accepted).toBeGreaterThan(5_000);
    expect(accepted).toBeLessThan(45_000);
  });
});

describe('case-folding hash', () => {
  it('equals the hash of the lower-cased string, for every UTF-16 unit and the context-dependent cases', () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}Zé`;
      if (hashLower32(s) !== hash32(s.toLowerCase())) expect(c.toString(16)).toBe('equal hashes');
    }
    for (const s of ['ΟΔΟΣ', 'ΣΑ', 'İstanbul', '𐐀𐐁', 'Müller GARCÍA', 'ǅ', 'ẞ', 'K', '']) expect(hashLower32(s), s).toBe(hash32(s.toLowerCase()));
  });

  it('makes the seen e-mails ignore letter case', () => {
    const seen = new SeenEmails();
    expect(seen.add('Ann.Lee@Example.COM', 2, 7)).toBeUndefined();
    expect(seen.add('ann.lee@example.com', 3, 8)).toEqual({ row: 2, content: 7 });
    expect(seen.add('JOSÉ@EXÄMPLE.DE', 4, 9)).toBeUndefined();
    expect(seen.add('josé@exämple.de', 5, 9)).toEqual({ row: 4, content: 9 });
  });
});

describe('contact fingerprint', () => {
  it('ignores letter case only', () => {
    const a = { email: 'ann@x.io', name: 'Ann Müller', company: 'Acme', tags: ['vip', 'Customer'], properties: { source: 'Web' } };
    expect(contactFingerprint({ ...a, email: 'ANN@x.io', name: 'ANN MÜLLER', tags: ['VIP', 'customer'], properties: { source: 'web' } })).toBe(contactFingerprint(a));
    for (const other of [
      { ...a, name: 'Ann Muller' },
      { ...a, company: undefined },
      { ...a, company: undefined, title: 'Acme' },
      { ...a, tags: ['vip'] },
      { ...a, tags: ['vipC', 'ustomer'] },
      { ...a, tags: ['vip', 'customer', 'x'] },
      { ...a, properties: { source: 'Web', x: '1' } },
      { ...a, phones: [{ number: '1', type: 'mobile' as const }] },
      { ...a, phone: '1' },
    ])
      expect(contactFingerprint(other), JSON.stringify(other)).not.toBe(contactFingerprint(a));
  });
});

describe('rows holding lists', () => {
  it('map as if every cell were split', () => {
    const m = buildMapping(['Email', 'Other Email', 'Mobile Phone', 'Home Phone', 'Tags', 'First Name', 'Middle Name', 'Last Name'], { tags: ['x'] });
    expect(m.row(['a@b.co', '', '1', '', 'vip', 'Ann', '', 'Lee'])).toEqual({
      kind: 'ok',
      email: 'a@b.co',
      contact: { email: 'a@b.co', name: 'Ann Lee', phones: [{ number: '1', type: 'mobile', primary: true }], tags: ['vip', 'x'] },
    });
    expect(m.row(['a@b.co; A@B.CO , c@d.io', 'C@D.IO', '1 ::: 2', '2', ' *star ; vip;vip ,x', '', 'B.', ''])).toEqual({
      kind: 'ok',
      email: 'a@b.co',
      contact: {
        email: 'a@b.co',
        emails: [
          { address: 'a@b.co', primary: true },
          { address: 'c@d.io', primary: false },
        ],
        name: 'B.',
        phones: [
          { number: '1', type: 'mobile', primary: true },
          { number: '2', type: 'mobile', primary: false },
        ],
        tags: ['vip', 'x'],
      },
    });
    expect(m.row(['', 'x@y.org', '', '', '', '', '', ''])).toEqual({
      kind: 'ok',
      email: 'x@y.org',
      contact: { email: 'x@y.org', emails: [{ address: 'x@y.org', type: 'other', primary: true }], tags: ['x'] },
    });
    expect(m.row(['a@b.co, nope', '', '', '', '', '', '', ''])).toMatchObject({ kind: 'invalid', email: 'nope' });
  });
});
