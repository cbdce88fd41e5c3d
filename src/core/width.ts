// How wide text is on a terminal: by grapheme cluster and East Asian width (string-width), so a
// CJK name takes two cells a character, an emoji (even a family joined by ZWJ) two, a combining
// accent none. Every table measures, pads and truncates through here.
import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function displayWidth(s: string): number {
  return stringWidth(s);
}

/** `s` cut to at most `max` cells, ending with '…' when cut; never splits a grapheme cluster. */
export function truncateWidth(s: string, max: number): string {
  if (!Number.isFinite(max) || displayWidth(s) <= max) return s;
  const room = Math.max(0, max - 1);
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(s)) {
    const w = stringWidth(segment);
    if (used + w > room) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** `s` followed by spaces up to `width` cells. */
export function padEndWidth(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, width - displayWidth(s)));
}
