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
  return EMAIL.test(value);
}

/** `Name <a@b.c>` and `mailto:a@b.c` become `a@b.c`; anything else is only trimmed. */
export function cleanEmail(value: string): string {
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
