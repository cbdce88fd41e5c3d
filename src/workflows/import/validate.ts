// Local checks of an import row, so that what the server would refuse is reported (and put in
// the failed-rows file) without a request.

// Stricter than the platform's check: a file exported from another tool often holds things
// that only look like addresses ("bob@", "bob@example", "bob at example.com").
const LOCAL = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\\.[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})$`, 'iu');

export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const ascii = asciiEmail(value, at);
  return ascii === undefined ? EMAIL.test(value) : ascii;
}

/** The pattern itself, without the fast path (for tests that compare the two). */
export function matchesEmailPattern(value: string): boolean {
  return EMAIL.test(value);
}

// Character classes of the pattern above, for ASCII: 1 letter, 2 digit, 4 other local-part character.
const CLASS = new Uint8Array(128);
for (let c = 65; c <= 90; c++) CLASS[c] = CLASS[c + 32] = 1;
for (let c = 48; c <= 57; c++) CLASS[c] = 2;
for (const ch of "!#$%&'*+/=?^_`{|}~-") CLASS[ch.charCodeAt(0)] = 4;

/**
 * EMAIL's verdict for an ASCII address (`at`: its last '@'), by a scan instead of the Unicode
 * pattern, which costs several times more and runs on every row of an import; undefined when
 * the value holds a non-ASCII character (the pattern decides then).
 */
function asciiEmail(v: string, at: number): boolean | undefined {
  // Every character is looked at (non-ASCII anywhere hands the value to the pattern); a
  // failure only clears `ok`.
  let ok = true;
  // Local part: atoms of the allowed characters, separated by single dots.
  let atom = 0;
  for (let i = 0; i < at; i++) {
    const c = v.charCodeAt(i);
    if (c > 127) return undefined;
    if (c === 46) {
      if (atom === 0) ok = false;
      atom = 0;
    } else if (CLASS[c] === 0) ok = false;
    else atom++;
  }
  if (atom === 0) ok = false;
  // Domain: one or more labels each followed by a dot, then the top label.
  let start = at + 1;
  let labels = 0;
  for (let i = start; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c > 127) return undefined;
    if (c !== 46) continue;
    if (!isLabel(v, start, i)) ok = false;
    labels++;
    start = i + 1;
  }
  return ok && labels > 0 && isTopLabel(v, start, v.length);
}

/** 1-63 letters, digits and hyphens, starting and ending with a letter or digit. */
function isLabel(v: string, from: number, to: number): boolean {
  const len = to - from;
  if (len < 1 || len > 63) return false;
  for (let k = from; k < to; k++) {
    const c = CLASS[v.charCodeAt(k)]!;
    if (c === 1 || c === 2) continue;
    if (c === 4 && v.charCodeAt(k) === 45 && k > from && k < to - 1) continue;
    return false;
  }
  return true;
}

/** 2-63 letters, or xn-- and 1-59 letters, digits or hyphens. */
function isTopLabel(v: string, from: number, to: number): boolean {
  const len = to - from;
  if (len < 2 || len > 63) return false;
  let letters = true;
  for (let k = from; k < to && letters; k++) if (CLASS[v.charCodeAt(k)] !== 1) letters = false;
  return letters || (len >= 5 && /^xn--[a-z0-9-]+$/i.test(v.slice(from, to)));
}

/** `Name <a@b.c>` and `mailto:a@b.c` become `a@b.c`; anything else is only trimmed. */
export function cleanEmail(value: string): string {
  // A bare address (nearly every cell) has neither '<' nor ':': no pattern to run.
  if (!value.includes('<') && !value.includes(':')) return value.trim();
  let v = value.trim();
  const angle = /<([^<>]*)>\s*$/.exec(v);
  if (angle) v = angle[1]!.trim();
  if (/^mailto:/i.test(v)) v = v.slice(7).trim();
  return v;
}

const zones = new Map<string, boolean>();

/** An IANA time zone name the runtime knows (cached: files repeat the same few zones). */
export function isTimeZone(value: string): boolean {
  let ok = zones.get(value);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      ok = true;
    } catch {
      ok = false;
    }
    if (zones.size < 10_000) zones.set(value, ok);
  }
  return ok;
}
