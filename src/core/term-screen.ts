// The full-screen console's terminal sequences (`agnt console`), beside term.ts and loaded only
// by the console, so that no other command's start-up carries them: what it writes (SCREEN) and
// what the keyboard sends it (KEYS). No other module of the console spells an escape sequence.
/** What the console writes: xterm/ECMA-48 sequences, which every terminal emulator in use reads. */
export const SCREEN = {
  /** The alternate screen (1049: saves the cursor and the main screen, which leaving it restores). */
  enter: '\x1b[?1049h',
  leave: '\x1b[?1049l',
  hideCursor: '\x1b[?25l',
  showCursor: '\x1b[?25h',
  /** Auto-wrap off while the console draws (a line as wide as the terminal must not scroll it), on again after. */
  wrapOff: '\x1b[?7l',
  wrapOn: '\x1b[?7h',
  /**
   * What leaving puts back, whatever the console was doing: attributes reset, auto-wrap on,
   * mouse reporting (1000, 1002, 1006) and bracketed paste (2004) off, the cursor shown.
   */
  reset: '\x1b[0m\x1b[?7h\x1b[?1000l\x1b[?1002l\x1b[?1006l\x1b[?2004l\x1b[?25h',
  clear: '\x1b[2J',
  /** The rest of the line erased (after writing a line shorter than the last frame's). */
  eraseLine: '\x1b[K',
  /** Cursor to a row and column, both from 1. */
  at: (row: number, col = 1) => `\x1b[${row};${col}H`,
  inverse: '\x1b[7m',
  plain: '\x1b[0m',
} as const;

/** Keys as the terminal sends them, named. */
export const KEYS = {
  up: ['\x1b[A', '\x1bOA', 'k'],
  down: ['\x1b[B', '\x1bOB', 'j'],
  pageUp: ['\x1b[5~'],
  pageDown: ['\x1b[6~', ' '],
  home: ['\x1b[H', '\x1b[1~', 'g'],
  end: ['\x1b[F', '\x1b[4~', 'G'],
  enter: ['\r', '\n'],
  escape: ['\x1b'],
  backspace: ['\x7f', '\b'],
  ctrlC: ['\x03'],
} as const;

/** Splits what stdin delivered into keys: an escape sequence is one key, anything else a character each. */
export function splitKeys(data: string): string[] {
  return data.match(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1bO[A-Za-z]|\x1b|[\s\S]/gu) ?? [];
}
