// Every terminal decoration decided in one place: the colour level (one chalk instance), whether
// stderr may carry animation (ora spinners and the progress line), and what of a server's text
// must be escaped before it reaches a reader. No other source file writes or names an escape
// sequence (a test holds it): chalk styles, ora redraws, and a watch's frame clears the screen.
import { Chalk, type ChalkInstance } from 'chalk';
import { hostEnv } from './host.ts';

type Env = Record<string, string | undefined>;

// C0 controls (but not tab/newline in the JSON sense), DEL and C1 controls, plus the
// Unicode line/paragraph separators and bidi overrides and isolates that can disguise text.
// The one definition of what must not reach a terminal raw; every output path uses it, in
// every format and every destination.
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What is escaped even inside JSON and YAML text: JSON.stringify leaves these raw.
export const NON_C0 = /[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Whether a string holds anything escapeControls would change. */
export function hasControls(s: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(s);
}

export function uEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * For text agnt composes for a terminal (messages, warnings, renderings) that may quote server
 * strings: line breaks, tabs and agnt's own colour (SGR: ESC [ ... m) stay, every other control,
 * C1 and bidi character is escaped.
 */
export function escapeForTerminal(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m|[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (m) => (m.length > 1 ? m : escapeControls(m)));
}

/**
 * For lines on stderr (messages, warnings, notes, progress): line breaks and tabs stay, every
 * other control character is escaped, colour sequences too. agnt styles only stdout (chalk), so
 * an escape sequence on stderr can only have come from the server.
 */
export function escapeStderr(s: string): string {
  return s.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, escapeControls);
}

export function escapeControls(s: string): string {
  return s.replace(CONTROL, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\x1b':
        return '\\e';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

/** Cursor home, then clear the screen: a watch's redraw (the presenter's frames, present-stream.ts). */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J';

/** CI=true (or any value but 'false'/'0'/''): a log is being kept, not a person watching. */
export function inCI(env: Env = hostEnv()): boolean {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * The colour level (0 none, 1 basic, 2 256, 3 truecolor) for a stream, by the usual rules, first
 * match wins: --no-color; NO_COLOR (non-empty); FORCE_COLOR (0/false: none, 1-3 or empty/true:
 * that level, even off a terminal); TERM=dumb; not a terminal; CI; then COLORTERM/TERM.
 */
export function colorLevel(isTTY: boolean, noColorFlag = false, env: Env = hostEnv()): 0 | 1 | 2 | 3 {
  if (noColorFlag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    const f = force.toLowerCase();
    if (f === '0' || f === 'false') return 0;
    if (f === '' || f === 'true') return 1;
    const n = Number.parseInt(f, 10);
    if (Number.isInteger(n) && n >= 1) return Math.min(3, n) as 1 | 2 | 3;
  }
  if (env.TERM === 'dumb') return 0;
  if (!isTTY) return 0;
  if (inCI(env)) return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (/-256(color)?$/i.test(env.TERM ?? '')) return 2;
  return 1;
}

/**
 * Spinners and the progress line: only on a stderr that is a terminal that can redraw (not
 * TERM=dumb), not under CI and not with --quiet. NO_COLOR, FORCE_COLOR=0 and --no-color ask for no
 * colour only (no-color.org): the line is still drawn, without colour. FORCE_COLOR never turns
 * animation on off a terminal.
 *
 * Nor when stdout is a pipe (gh's rule: its spinner needs stdout and stderr both terminals). The
 * program reading the pipe (`agnt … | head`) often writes to the same terminal, and agnt cannot
 * clear its line before that program writes: the data would be glued to a stale frame. stdout on a
 * terminal is cleared around (progress-lines.ts); stdout in a file (`> out.json`) or /dev/null
 * shares nothing with the terminal, and a long import or transfer keeps its progress there.
 */
export function animationAllowed(stderrIsTTY: boolean, opts: { noColor?: boolean; quiet?: boolean; stdoutIsPipe?: boolean } = {}, env: Env = hostEnv()): boolean {
  return stderrIsTTY && !opts.stdoutIsPipe && !opts.quiet && !inCI(env) && env.TERM !== 'dumb';
}

// One instance per level, so that two runs in one process (tests) never change each other's.
const byLevel: ChalkInstance[] = [];

/** The one chalk instance for stdout, its level set by colorLevel. */
export function chalkFor(level: 0 | 1 | 2 | 3): ChalkInstance {
  byLevel[level] ??= new Chalk({ level });
  return byLevel[level];
}
