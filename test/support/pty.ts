// Runs agnt in a real pseudo-terminal (util-linux `script`), answering prompts as they
// appear, so that terminal-only behaviour (prompts, masked input, Ctrl-C, escaping of what a
// terminal shows) is tested for real. The one pseudo-terminal driver of the tests.
import { execa } from 'execa';
import { BIN, cleanEnv } from './helpers.ts';

export interface PtyStep {
  /** Wait until the screen text since the previous step (escape sequences removed) matches this. */
  expect: RegExp;
  /**
   * Then type this (use \r for Enter, \x03 for Ctrl-C). A list is typed one key at a time, so
   * that a prompt sees arrow keys and spaces as separate key presses.
   */
  send: string | string[];
}

export interface PtyResult {
  /** Everything the terminal showed, escape sequences included. */
  output: string;
  exitCode: number;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

// A short pause before each key lets the prompt library switch the terminal mode and draw
// before input arrives; it is not a wait for a result (each step waits for its text).
const KEY_PAUSE_MS = 150;

/**
 * Starts `agnt ARGS` in a pseudo-terminal (stdin is the keyboard, stdout the screen) with a clean
 * environment plus `env`. Its exit code is agnt's, or 128+N if a signal N killed agnt.
 */
export function spawnInPty(args: string[], env: Record<string, string | undefined>, timeoutMs: number, columns?: number, redirect?: string) {
  // `script` runs the command through $SHELL -c. `exec` makes node the terminal's only
  // foreground process: otherwise a shell that stays (dash, the /bin/sh used when SHELL is unset,
  // as on CI) dies of the Ctrl-C itself, and `script` reports 130 whatever agnt exited with.
  // SHELL is pinned to /bin/sh so a developer's machine runs what CI runs.
  // `columns`: the terminal's width as agnt sees it (script's terminal otherwise has none).
  // `redirect`: where agnt's stdout goes instead of the terminal, as shell text: `| head -2` (a
  // program writing to the same terminal as agnt's stderr), `> out.json`.
  const size = columns ? `stty cols ${columns} rows 40; ` : '';
  const command = `${size}exec ${[process.execPath, BIN, ...args].map(shellQuote).join(' ')}${redirect ? ` ${redirect}` : ''}`;
  return execa('script', ['-qfec', command, '/dev/null'], {
    env: { ...cleanEnv(), SHELL: '/bin/sh', TERM: 'xterm', COLUMNS: '100', LINES: '40', ...env },
    extendEnv: true,
    reject: false,
    stdin: 'pipe',
    timeout: timeoutMs,
  });
}

/**
 * Runs `agnt ARGS` in a pseudo-terminal with a clean environment plus `env` (an undefined value
 * removes a variable). Throws if a step's text never shows before the command ends.
 */
export async function runInPty(args: string[], steps: PtyStep[], env: Record<string, string | undefined> = {}, timeoutMs = 25_000): Promise<PtyResult> {
  const child = spawnInPty(args, env, timeoutMs);
  let output = '';
  let step = 0;
  let seenUpTo = 0;
  // Keys are typed in order, each after the pause, even when several steps match at once.
  let typing = Promise.resolve();
  const type = (keys: string[]) => {
    for (const k of keys) {
      typing = typing.then(() => new Promise<void>((r) => setTimeout(r, KEY_PAUSE_MS))).then(() => void child.stdin?.write(k));
    }
  };
  const advance = () => {
    const screen = plain(output);
    while (step < steps.length) {
      const s = steps[step]!;
      const m = s.expect.exec(screen.slice(seenUpTo));
      if (!m) return;
      seenUpTo += m.index + m[0].length;
      step++;
      type(typeof s.send === 'string' ? [s.send] : s.send);
    }
  };
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString('utf8');
    advance();
  });
  const r = await child;
  if (step < steps.length) {
    throw new Error(`pty: never saw ${steps[step]!.expect} (exit ${r.exitCode}); output:\n${output}`);
  }
  return { output, exitCode: r.exitCode ?? -1 };
}

/** Terminal output without colour and cursor sequences, for assertions. */
export function plain(s: string): string {
  return s
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b\][^\x07]*\x07/g, '')
    .replace(/\x1b[()][A-Za-z0-9]|\x1b[=>]/g, '')
    .replace(/\r/g, '');
}

/**
 * What a terminal shows after `s` is written to it: carriage returns, cursor moves and line erases
 * are carried out (a spinner that ora drew and cleared leaves nothing), colours and titles dropped.
 * plain() only strips the sequences, so a cleared progress line would still count.
 */
export function screen(s: string): string {
  const lines: string[] = [''];
  let row = 0;
  let col = 0;
  const at = () => (lines[row] ??= '');
  for (const m of s.matchAll(/\x1b\[([0-9;?]*)[ -/]*([@-~])|\x1b\][^\x07]*\x07|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r|\n|[^\x1b\r\n]+/g)) {
    const t = m[0];
    if (t === '\n') {
      row++;
      col = 0;
      at();
    } else if (t === '\r') col = 0;
    else if (m[2] !== undefined) {
      const n = Number.parseInt(m[1] || '0', 10);
      if (m[2] === 'K') lines[row] = n === 2 ? '' : at().slice(0, col);
      else if (m[2] === 'G') col = Math.max(0, (n || 1) - 1);
      else if (m[2] === 'A') row = Math.max(0, row - (n || 1));
      else if (m[2] === 'B') {
        row += n || 1;
        at();
      }
    } else if (!t.startsWith('\x1b')) {
      const line = at().padEnd(col);
      lines[row] = line.slice(0, col) + t + line.slice(col + t.length);
      col += t.length;
    }
  }
  return lines.map((l) => l.trimEnd()).join('\n');
}
