// Runs agnt in a real pseudo-terminal (util-linux `script`), answering prompts as they
// appear, so that terminal-only behaviour (prompts, masked input, Ctrl-C, escaping of what a
// terminal shows) is tested for real. The one pseudo-terminal driver of the tests; for a
// full-screen program (the console) it also drives tmux (`inTmux`), a terminal emulator whose
// screen, size and modes a test can read back.
import { execFileSync } from 'node:child_process';
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

// ---- tmux: a whole terminal, its screen read back ------------------------------------------

/** A pane running one command in its own tmux server (its own socket: nothing of the user's). */
export interface TmuxPane {
  /** What the pane shows now, as text lines (no escape sequences). */
  capture(): string;
  /** Waits until the pane's text satisfies `test` (polled), or throws with the screen after `timeoutMs`. */
  waitFor(test: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Keys as tmux names them ('j', 'Enter', 'C-c', 'Escape'), or literal text with `literal`. */
  send(keys: string[], literal?: boolean): void;
  resize(width: number, height: number): void;
  /** A tmux format of the pane: '#{alternate_on}', '#{cursor_flag}', '#{pane_width}'. */
  format(f: string): string;
  /** The pid of the pane's shell. */
  shellPid(): number;
  close(): void;
}

let sockets = 0;

/** Whether tmux is installed (CI installs it: .ci/install-shells.sh). */
export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `script` (shell text, run by /bin/sh) in a detached tmux pane of `width` x `height`,
 * with a clean environment plus `env`. The pane stays when the command ends (remain-on-exit), so
 * that what it left on the terminal can be read.
 */
export function inTmux(script: string, env: Record<string, string | undefined>, width: number, height: number): TmuxPane {
  const socket = `agnt-test-${process.pid}-${++sockets}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  const full: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...cleanEnv(), TERM: 'xterm-256color', ...env })) if (v !== undefined) full[k] = v;
  // The pane's environment is the server's: the server is started with it.
  execFileSync('tmux', ['-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'agnt', '-x', String(width), '-y', String(height), '/bin/sh', '-c', script], { env: full });
  tmux('set-option', '-t', 'agnt', 'remain-on-exit', 'on');
  const pane: TmuxPane = {
    capture: () => tmux('capture-pane', '-p', '-t', 'agnt'),
    async waitFor(test, what, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const text = pane.capture();
        if (test(text)) return text;
        if (Date.now() > until) throw new Error(`tmux: never saw ${what}; the screen:\n${text}`);
        // Polling the screen, not waiting for a result: each round reads it again.
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    send: (keys, literal) => void tmux('send-keys', '-t', 'agnt', ...(literal ? ['-l'] : []), ...keys),
    resize: (w, h) => void tmux('resize-window', '-t', 'agnt', '-x', String(w), '-y', String(h)),
    format: (f) => tmux('display-message', '-p', '-t', 'agnt', f).trim(),
    shellPid: () => Number(tmux('display-message', '-p', '-t', 'agnt', '#{pane_pid}').trim()),
    close: () => {
      try {
        tmux('kill-server');
      } catch {
        // Already gone.
      }
    },
  };
  return pane;
}

/** The agnt command line for a tmux pane's script (node and the built CLI, each word quoted). */
export function agntLine(args: string[]): string {
  return [process.execPath, BIN, ...args].map(shellQuote).join(' ');
}
