import { describe, expect, it } from 'vitest';
import { guessDelimiter, logicalLines, sniff, splitLine } from '../../src/workflows/import/detect.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

describe('sniff', () => {
  it('finds a comma file with LF', () => {
    const d = sniff(bytes('Name,Email\nAnn,ann@example.com\n'));
    expect(d).toMatchObject({ encoding: 'utf8', bom: false, delimiter: ',', newline: '\n', skipLines: 0 });
  });

  it('finds a semicolon file with a BOM and CRLF, ignoring commas inside values', () => {
    const d = sniff(bytes('\ufeffName;Email;Notes\r\nLee, Ann;ann@example.com;a, b, c\r\nBob;bob@example.com;x\r\n'));
    expect(d).toMatchObject({ encoding: 'utf8', bom: true, bomLength: 3, delimiter: ';', newline: '\r\n' });
  });

  it('finds tabs and UTF-16LE with a BOM (Excel "Unicode text")', () => {
    const text = 'Name\tE-mail\r\nAnn\tann@example.com\r\n';
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const d = sniff(new Uint8Array(buf));
    expect(d).toMatchObject({ encoding: 'utf16le', bom: true, bomLength: 2, delimiter: '\t' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const buf = Buffer.from('Name;Email\nJos\xe9;jose@example.com\n', 'latin1');
    expect(sniff(new Uint8Array(buf)).encoding).toBe('windows-1252');
  });

  it("honours Excel's sep= line", () => {
    const d = sniff(bytes('sep=|\nName|Email\nAnn|ann@example.com\n'));
    expect(d).toMatchObject({ delimiter: '|', skipLines: 1, skipChars: 6 });
  });

  it('skips the notes before the header row (LinkedIn)', () => {
    const text =
      'Notes:\n"When exporting your connection data, you may notice that some of the email addresses are missing."\n\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\nAnn,Lee,https://x,ann@example.com,Acme,CTO,01 Jan 2024\n';
    const d = sniff(bytes(text));
    expect(d.skipLines).toBe(3);
    expect(d.delimiter).toBe(',');
    expect(text.slice(d.skipChars).startsWith('First Name,')).toBe(true);
  });

  it('keeps quoted newlines inside their line', () => {
    const lines = logicalLines('a,b\n"x\ny",z\nlast,1\n');
    expect(lines.map((l) => l.text)).toEqual(['a,b', '"x\ny",z', 'last,1']);
  });

  it('prefers the delimiter that splits every line alike', () => {
    expect(guessDelimiter(['Name;Email;Note', 'Lee, Ann;a@b.co;x, y', 'Bob;b@b.co;z'])).toBe(';');
    expect(guessDelimiter(['Name,Email', 'Ann,a@b.co'])).toBe(',');
    expect(splitLine('"a;b";"c ""q""";d', ';')).toEqual(['a;b', 'c "q"', 'd']);
  });
});
