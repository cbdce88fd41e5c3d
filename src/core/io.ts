// Terminal decisions in one place, so that commands never look at process.* directly and
// tests (and `agnt` run from a pipe) get no colour, spinner or prompt (the rules: term.ts).
import type { ChalkInstance } from 'chalk';
import { AgntError, Interrupted, UsageError } from './errors.ts';
import { escapeForTerminal } from './output.ts';
import { isTerminal } from './stdio.ts';
import { animationAllowed, chalkFor, colorLevel } from './term.ts';

export interface IO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; fd?: number };
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** stdout may carry colour (the chalk instance's level is above 0). */
  color: boolean;
  /** The one chalk instance: styles stdout text, and plain text when colour is off. */
  chalk: ChalkInstance;
  /** stderr may carry a spinner or a progress line (see term.ts). */
  animated: boolean;
  noInput: boolean;
  quiet: boolean;
  /** Prompts need a terminal on both ends and permission to ask. */
  canPrompt(): boolean;
  out(text: string): void;
  err(text: string): void;
  warn(text: string): void;
  info(text: string): void;
  readStdin(): Promise<string>;
  columns(): number;
}

export interface IOOptions {
  noColor?: boolean;
  noInput?: boolean;
  quiet?: boolean;
}

let stdinConsumed = false;

export function createIO(opts: IOOptions = {}): IO {
  // Asked of the descriptors, not of process.stdin and the others, which would make the streams
  // (stdio.ts says why not): a command may never read stdin.
  const stdoutIsTTY = isTerminal(1);
  const stderrIsTTY = isTerminal(2);
  const stdinIsTTY = isTerminal(0);
  const chalk = chalkFor(colorLevel(stdoutIsTTY, opts.noColor));
  const io: IO = {
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY,
    color: chalk.level > 0,
    chalk,
    animated: animationAllowed(stderrIsTTY, { noColor: opts.noColor, quiet: opts.quiet }),
    noInput: Boolean(opts.noInput) || process.env.AGNT_NO_INPUT === '1',
    quiet: Boolean(opts.quiet),
    canPrompt() {
      return stdinIsTTY && stderrIsTTY && !io.noInput;
    },
    out(text) {
      process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    },
    err(text) {
      // Everything agnt says on stderr may quote the server: no control, C1 or bidi character
      // reaches the terminal raw, whichever path the text came by (agnt's own colour stays).
      const safe = escapeForTerminal(text);
      process.stderr.write(safe.endsWith('\n') ? safe : safe + '\n');
    },
    warn(text) {
      io.err(`warning: ${text}`);
    },
    info(text) {
      if (!io.quiet) io.err(text);
    },
    async readStdin() {
      if (stdinConsumed) throw new UsageError('standard input can only be read once per command');
      stdinConsumed = true;
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      return Buffer.concat(chunks).toString('utf8');
    },
    columns() {
      return (process.stdout as NodeJS.WriteStream).columns || 120;
    },
  };
  return io;
}

export async function confirm(io: IO, question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!io.canPrompt()) {
    throw new UsageError(`${question.replace(/\?$/, '')}: refusing without --yes when not on a terminal`);
  }
  const { confirm: ask } = await (await import('./prompts.ts')).loadPrompts(io.color);
  let ok: boolean;
  try {
    ok = await ask({ message: question, default: false }, { output: process.stderr });
  } catch (e) {
    // Ctrl-C at the question (inquirer's ExitPromptError) is an interruption, exit 130.
    if ((e as Error)?.name === 'ExitPromptError' || (e as Error)?.name === 'AbortPromptError') throw new Interrupted('interrupted at the confirmation; nothing was sent');
    throw e;
  }
  if (!ok) throw new AgntError('cancelled');
}
