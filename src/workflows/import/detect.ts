// What kind of CSV a file is, from its first bytes: the encoding (byte-order marks, UTF-16,
// UTF-8, else a detector's guess, refused when it is not confident), the delimiter (comma,
// semicolon, tab, pipe, or Excel's `sep=` line), the line ending, and where the header row is
// (LinkedIn exports start with a few lines of notes).
import chardet from 'chardet';
import { UsageError } from '../../core/errors.ts';
import { isEmailHeader } from './mapping.ts';

/**
 * An encoding: 'utf8', 'utf16le', 'utf16be' (the names agnt has always shown and kept in
 * ledgers), or the canonical WHATWG name of any other ('windows-1252', 'shift_jis', 'gbk'...).
 */
export type Encoding = string;
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
  /** The input's name, for the message when its encoding cannot be told. */
  name?: string;
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

const SHORT: Record<string, string> = { 'utf-8': 'utf8', 'utf-16le': 'utf16le', 'utf-16be': 'utf16be' };
const LONG: Record<string, string> = { utf8: 'utf-8', utf16le: 'utf-16le', utf16be: 'utf-16be' };

/** Any WHATWG label ('latin1', 'sjis', 'UTF-8', 'cp1251') as agnt names it; undefined if none. */
export function normalizeEncoding(label: string): Encoding | undefined {
  const l = label.trim().toLowerCase();
  try {
    const name = new TextDecoder(LONG[l] ?? l).encoding;
    return SHORT[name] ?? name;
  } catch {
    return undefined;
  }
}

/** --encoding: any WHATWG label, checked before anything is read or sent. */
export function parseEncodingOption(value: string): Encoding {
  const e = normalizeEncoding(value);
  if (!e || e === 'replacement')
    throw new UsageError(`--encoding: '${value}' is not an encoding name`, 'give a WHATWG label: utf-8, utf-16le, windows-1252, iso-8859-2, windows-1251, shift_jis, euc-jp, gbk, big5, euc-kr...');
  return e;
}

/**
 * Latin text in Windows-1252 (a legacy Excel export): every byte above 0x7f is a letter or
 * typographic punctuation there, and they come one or two at a time inside words. Cyrillic,
 * Greek or CJK bytes read as Windows-1252 give runs of symbols instead.
 */
function looksWestern(buf: Uint8Array): boolean {
  // stream: true also keeps Node's one-shot decode from reading Windows-1252 as Latin-1.
  const text = new TextDecoder('windows-1252').decode(buf, { stream: true });
  let run = 0;
  for (const c of text) {
    if (c.charCodeAt(0) < 0x80) {
      run = 0;
      continue;
    }
    if (++run > 2) return false;
    if (
      !/[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac\u2122\u00a0\u00a1\u00a3\u00a7\u00a9\u00ab\u00ae\u00b0\u00b7\u00bb\u00bf\u00ba\u00aa]/.test(
        c,
      )
    )
      return false;
  }
  return true;
}

/** How sure the detector must be (0-100) to decode with its guess. */
const CONFIDENT = 50;

/** The detector's guesses, as WHATWG names, the ones that decode the sample without error first. */
function candidates(buf: Uint8Array): Array<{ encoding: Encoding; confidence: number }> {
  const seen = new Set<string>();
  const out: Array<{ encoding: Encoding; confidence: number; clean: boolean }> = [];
  for (const m of chardet.analyse(buf)) {
    const encoding = normalizeEncoding(m.name);
    if (!encoding || encoding === 'replacement' || seen.has(encoding) || (m.confidence ?? 0) <= 0) continue;
    seen.add(encoding);
    let clean = true;
    try {
      new TextDecoder(LONG[encoding] ?? encoding, { fatal: true }).decode(buf, { stream: true });
    } catch {
      clean = false;
    }
    out.push({ encoding, confidence: m.confidence, clean });
  }
  // Single-byte encodings decode anything; a multi-byte one that decodes cleanly says more.
  const multi = (e: string) => /^(shift_jis|euc-jp|iso-2022-jp|gbk|gb18030|big5|euc-kr|utf)/.test(e);
  return out.sort((a, b) => Number(b.clean && multi(b.encoding)) - Number(a.clean && multi(a.encoding)) || b.confidence - a.confidence);
}

export class EncodingUnknown extends UsageError {}

function guessEncoding(buf: Uint8Array, name: string): Encoding {
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
    /* a legacy encoding, or not text at all */
  }
  // Control bytes no text file holds: binary data, which the reader reports as such (not CSV),
  // rather than a question of encoding.
  if (/[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(new TextDecoder('latin1').decode(buf.subarray(0, 4096)))) return 'windows-1252';
  const detected = chardet.analyse(buf)[0];
  const top = detected && normalizeEncoding(detected.name);
  if (top && top !== 'replacement' && detected.confidence >= CONFIDENT) return top;
  if (looksWestern(buf)) return 'windows-1252';
  const likely = candidates(buf)
    .slice(0, 5)
    .map((c) => c.encoding);
  throw new EncodingUnknown(
    `${name}: cannot tell the text encoding: it is not UTF-8${likely.length ? `, and might be ${likely.join(', ')}` : ''}`,
    `give it with --encoding${likely[0] ? ` (for example --encoding ${likely[0]})` : ''}, or save the file as UTF-8`,
  );
}

/** The WHATWG label of an encoding, for TextDecoder. */
export function decoderLabel(encoding: Encoding): string {
  return LONG[encoding] ?? encoding;
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
  const encoding = opts.encoding ?? bom?.encoding ?? guessEncoding(sample, opts.name ?? 'input');
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
