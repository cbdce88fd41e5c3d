// CSV records from a stream of text, with recovery: a record that cannot be read (a quote that
// is never closed, a quoted cell running past the size limit, text after a closing quote) is
// handed on as a malformed record made of its first physical line, and reading starts again on
// the next line. So one stray quote costs one row, never the rest of the file.
// Quoting follows RFC 4180: a quote opens a quoted cell only at the start of a cell; inside one,
// "" is a quote; elsewhere a quote is an ordinary character (as spreadsheets write 5'11").

export interface CsvRecord {
  cells: string[];
  /** Physical line the record starts on (1 = the first line of the text fed). */
  line: number;
  /** Why the record could not be read; `cells` then holds its first line, raw. */
  malformed?: string;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;
const SPACE = 32;

type Step = { cells: string[]; next: number; breaks: number } | { incomplete: true } | { bad: string };

/** A record may hold this many cells' worth of the limit before it is refused as one. */
const RECORD_CELLS = 16;

export class CsvRecords {
  /** Text after the last whole record: the start of one still coming. */
  private rest = '';
  /** Text arrived since the record in `rest` was last tried, not yet joined to it. */
  private parts: string[] = [];
  private partsLength = 0;
  private line: number;
  private readonly d: number;
  private readonly maxRecordChars: number;
  /** A line being dropped after a cell past the limit: its record, once the line ends. */
  private skipping?: CsvRecord;
  /** Characters examined so far, counting each rescan (the linearity test reads it). */
  scanned = 0;

  constructor(
    delimiter: string,
    /** The most one cell, quoted or not, may hold. */
    private readonly maxCellChars: number,
    firstLine = 1,
  ) {
    if (delimiter.length !== 1) throw new Error('one-character delimiters only');
    this.d = delimiter.charCodeAt(0);
    this.line = firstLine;
    this.maxRecordChars = RECORD_CELLS * maxCellChars;
  }

  /** The records completed by this text; `end` when no more text follows. */
  push(text: string, end = false): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.skipping) {
      const eol = lineEnd(text, 0);
      if (eol < 0 && !end) return out;
      out.push(this.skipping);
      this.skipping = undefined;
      this.line++;
      text = eol < 0 ? '' : text.slice(afterLineEnd(text, eol));
    }
    // A record still open is tried again only once the text after it is as long as it was: a
    // 16 MB line arriving 64 KB at a time is scanned a few times, not 256 (once per chunk).
    this.parts.push(text);
    this.partsLength += text.length;
    if (!end && this.rest && this.partsLength < this.rest.length) return out;
    const s = this.rest + this.parts.join('');
    this.parts = [];
    this.partsLength = 0;
    let pos = 0;
    while (pos < s.length) {
      const step = this.record(s, pos, end);
      if ('cells' in step) {
        out.push({ cells: step.cells, line: this.line });
        this.line += step.breaks;
        pos = step.next;
        continue;
      }
      if ('incomplete' in step && !end && s.length - pos <= this.maxRecordChars) break;
      // Malformed, or still open at the end of the input or past the limit: its first line goes
      // on as a malformed record, and reading resumes on the line after it.
      const reason =
        'bad' in step ? step.bad : s.length - pos > this.maxRecordChars ? `a record runs on past ${mb(this.maxRecordChars)} (a stray quote?)` : 'a quote opened on this line is never closed';
      const malformed = `line ${this.line}: ${reason}; the row is left out, the rows after it are read`;
      const eol = lineEnd(s, pos);
      if (eol < 0 && !end) {
        // The line has not ended: it is dropped as it comes, keeping the limit's worth of it.
        this.skipping = { cells: [s.slice(pos, pos + this.maxCellChars)], line: this.line, malformed };
        pos = s.length;
        break;
      }
      const stop = eol < 0 ? s.length : eol;
      out.push({ cells: [s.slice(pos, Math.min(stop, pos + this.maxCellChars))], line: this.line, malformed });
      this.line++;
      pos = eol < 0 ? s.length : afterLineEnd(s, eol);
    }
    this.rest = pos < s.length ? s.slice(pos) : '';
    return out;
  }

  /** A cell past the limit: the record is malformed. */
  private tooLong(): Step {
    return { bad: `a cell runs on past ${mb(this.maxCellChars)}` };
  }

  /** One record starting at `pos`. */
  private record(s: string, pos: number, end: boolean): Step {
    const step = this.scan(s, pos, end);
    this.scanned += ('next' in step ? step.next : s.length) - pos;
    return step;
  }

  private scan(s: string, pos: number, end: boolean): Step {
    const cells: string[] = [];
    let breaks = 0;
    let i = pos;
    for (;;) {
      if (s.charCodeAt(i) === QUOTE) {
        // A quoted cell: up to the quote that is not doubled.
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = s.indexOf('"', from);
          if (q < 0) return value.length + (s.length - from) > this.maxCellChars ? this.tooLong() : { incomplete: true };
          value += s.slice(from, q);
          if (value.length > this.maxCellChars) return this.tooLong();
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            from = q + 2;
            continue;
          }
          if (q + 1 >= s.length && !end) return { incomplete: true };
          i = q + 1;
          break;
        }
        breaks += countBreaks(value);
        // Spaces between the closing quote and the delimiter are tolerated; any other text is not.
        while (s.charCodeAt(i) === SPACE && this.d !== SPACE) i++;
        cells.push(value);
        const c = s.charCodeAt(i);
        if (c === this.d) {
          i++;
          continue;
        }
        if (i >= s.length) {
          if (!end) return { incomplete: true };
          return { cells, next: i, breaks };
        }
        if (c === LF || c === CR) return this.lineEnd(s, i, end, cells, breaks);
        return { bad: 'text follows the closing quote of a cell (a stray quote?)' };
      }
      let j = i;
      const d = this.d;
      for (; j < s.length; j++) {
        const c = s.charCodeAt(j);
        if (c === d || c === LF || c === CR) break;
      }
      if (j - i > this.maxCellChars) return this.tooLong();
      cells.push(s.slice(i, j));
      if (j >= s.length) {
        if (!end) return { incomplete: true };
        return { cells, next: j, breaks };
      }
      if (s.charCodeAt(j) === d) {
        i = j + 1;
        continue;
      }
      return this.lineEnd(s, j, end, cells, breaks);
    }
  }

  private lineEnd(s: string, i: number, end: boolean, cells: string[], breaks: number): Step {
    if (s.charCodeAt(i) === CR) {
      // A CR at the end of the text so far may be the first half of a CRLF.
      if (i + 1 >= s.length && !end) return { incomplete: true };
      return { cells, next: s.charCodeAt(i + 1) === LF ? i + 2 : i + 1, breaks: breaks + 1 };
    }
    return { cells, next: i + 1, breaks: breaks + 1 };
  }
}

function countBreaks(v: string): number {
  let n = 0;
  for (let k = 0; k < v.length; k++) {
    const c = v.charCodeAt(k);
    if (c === LF) n++;
    else if (c === CR && v.charCodeAt(k + 1) !== LF) n++;
  }
  return n;
}

/** The first CR or LF at or after `from`, or -1. */
function lineEnd(s: string, from: number): number {
  const lf = s.indexOf('\n', from);
  const cr = s.indexOf('\r', from);
  return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
}

/** Where the next line starts after the line end at `eol` (CRLF counts once). */
function afterLineEnd(s: string, eol: number): number {
  return s.charCodeAt(eol) === CR && s.charCodeAt(eol + 1) === LF ? eol + 2 : eol + 1;
}

const mb = (chars: number) => `${Math.round(chars / (1024 * 1024))} MB`;
