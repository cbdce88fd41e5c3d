// What kind of CSV a file is, from its first bytes: the encoding (byte-order marks, UTF-16,
// legacy Windows-1252), the delimiter (comma, semicolon, tab, pipe, or Excel's `sep=` line), the
// line ending, and where the header row is (LinkedIn exports start with a few lines of notes).
import { UsageError } from '../../core/errors.ts';
import { isEmailHeader } from './mapping.ts';

export type Encoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows-1252';
export const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface Dialect {
  encoding: Encoding;
  /** The input started with a byte-order mark (the failed-rows file gets one too). */
  bom: boolean;
  delimiter: string;
  newline: '\r\n' | '\n' | '\r';
  /** Lines before the header row (notes, `sep=`), skipped. */
  skipLines: number;
}

export interface SniffOptions {
  delimiter?: string;
  encoding?: Encoding;
  /** Columns named with --map: a line holding one of them is the header row. */
  knownHeaders?: string[];
}

/** Enough of the file to decide; a quoted field longer than this only weakens the guess. */
export const SAMPLE_BYTES = 64 * 1024;

export function bomOf(buf: Uint8Array): { encoding: Encoding; length: number } | undefined {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { encoding: 'utf8', length: 3 };
  if (buf[0] === 0xff && buf[1] === 0xfe) return { encoding: 'utf16le', length: 2 };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { encoding: 'utf16be', length: 2 };
  return undefined;
}

function guessEncoding(buf: Uint8Array): Encoding {
  // UTF-16 without a BOM: ASCII text has a zero in every other byte.
  const n = Math.min(buf.length, 4096) & ~1;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZero++;
    if (buf[i + 1] === 0) oddZero++;
  }
  if (n >= 4 && oddZero > n / 4 && evenZero === 0) return 'utf16le';
  if (n >= 4 && evenZero > n / 4 && oddZero === 0) return 'utf16be';
  try {
    // stream: true, so that a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true });
    return 'utf8';
  } catch {
    return 'windows-1252';
  }
}

/** The WHATWG label of an encoding, for TextDecoder. */
export function decoderLabel(encoding: Encoding): string {
  return { utf8: 'utf-8', utf16le: 'utf-16le', utf16be: 'utf-16be', 'windows-1252': 'windows-1252' }[encoding];
}

export function decodeSample(buf: Uint8Array, encoding: Encoding, bomLength: number): string {
  return new TextDecoder(decoderLabel(encoding)).decode(buf.subarray(bomLength), { stream: true });
}

/** The sample's lines, with newlines inside quoted fields kept inside their line. */
export function logicalLines(text: string, max = 50): Array<{ text: string; start: number }> {
  const lines: Array<{ text: string; start: number }> = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length && lines.length < max; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      lines.push({ text: text.slice(start, i), start });
      if (c === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  // The last line is kept only when the sample ended there (it may be cut short otherwise).
  if (lines.length < max && !quoted && start < text.length && !/[\r\n]$/.test(text)) lines.push({ text: text.slice(start), start });
  return lines;
}

export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === delimiter && !quoted) {
      cells.push(cur);
      cur = '';
    } else cur += c;
  }
  cells.push(cur);
  return cells;
}

function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

/**
 * The delimiter that splits the header line and then most of the following lines into the same
 * number of fields; ties go to the order of DELIMITERS.
 */
export function guessDelimiter(lines: string[]): string {
  let best: { d: string; score: number } | undefined;
  for (const d of DELIMITERS) {
    const head = countOutsideQuotes(lines[0] ?? '', d);
    if (head === 0) continue;
    const rest = lines.slice(1).filter((l) => l.trim() !== '');
    const same = rest.filter((l) => countOutsideQuotes(l, d) === head).length;
    const score = (rest.length ? same / rest.length : 1) * 1000 + Math.min(head, 999);
    if (!best || score > best.score) best = { d, score };
  }
  return best?.d ?? ',';
}

function newlineOf(text: string): Dialect['newline'] {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r') return text[i + 1] === '\n' ? '\r\n' : '\r';
    else if (!quoted && c === '\n') return '\n';
  }
  return '\n';
}

export function parseDelimiterOption(value: string): string {
  const v = { comma: ',', semicolon: ';', tab: '\t', '\\t': '\t', pipe: '|' }[value.toLowerCase()] ?? value;
  if (v.length !== 1 || /["\r\n]/.test(v)) throw new UsageError(`--delimiter must be one character (or comma, semicolon, tab, pipe), got '${value}'`);
  return v;
}

export interface Sniffed extends Dialect {
  bomLength: number;
  /** Characters of decoded text before the header row. */
  skipChars: number;
}

export function sniff(sample: Uint8Array, opts: SniffOptions = {}): Sniffed {
  const bom = bomOf(sample);
  const encoding = opts.encoding ?? bom?.encoding ?? guessEncoding(sample);
  const bomLength = bom && bom.encoding === encoding ? bom.length : 0;
  const text = decodeSample(sample, encoding, bomLength);
  const lines = logicalLines(text);
  let skipLines = 0;
  let delimiter = opts.delimiter;
  const sep = /^sep=(.)$/i.exec(lines[0]?.text ?? '');
  if (sep) {
    delimiter ??= sep[1]!;
    skipLines = 1;
  } else {
    // The header row is the first line (of the first few) that names an e-mail column.
    const known = new Set((opts.knownHeaders ?? []).map((h) => h.trim().toLowerCase()));
    for (let i = 0; i < Math.min(lines.length, 20); i++) {
      const ds = delimiter ? [delimiter] : DELIMITERS;
      const hit = ds.some((d) => splitLine(lines[i]!.text, d).some((c) => isEmailHeader(c) || known.has(c.trim().toLowerCase())));
      if (hit) {
        skipLines = i;
        break;
      }
    }
  }
  delimiter ??= guessDelimiter(lines.slice(skipLines, skipLines + 20).map((l) => l.text));
  const skipChars = skipLines ? (lines[skipLines]?.start ?? text.length) : 0;
  return { encoding, bom: Boolean(bom), bomLength, delimiter, newline: newlineOf(text), skipLines, skipChars };
}
