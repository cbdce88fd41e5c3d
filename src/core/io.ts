// Terminal decisions in one place, so that commands never look at process.* directly and
// tests (and `agnt` run from a pipe) get no colour, spinner or prompt (the rules: term.ts).
import type { ChalkInstance } from 'chalk';
import { AgntError, Interrupted, UsageError } from './errors.ts';
import { escapeStderr } from './output.ts';
import { currentHost, runLocal, type Host } from './host.ts';
import { aroundProgress } from './progress-lines.ts';
import { maskSecrets } from './redact.ts';
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
  /** A document's bytes as they are (no line end added), secrets masked, around progress lines. */
  write(raw: string): void;
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

// Whether this run has read stdin (a run-local flag: see host.ts).
const STDIN_READ = {};

export function createIO(opts: IOOptions = {}, host: Host = currentHost()): IO {
  // Asked of the descriptors, not of process.stdin and the others, which would make the streams
  // (stdio.ts says why not): a command may never read stdin.
  const stdoutIsTTY = host.isTTY(1);
  const stderrIsTTY = host.isTTY(2);
  const stdinIsTTY = host.isTTY(0);
  const chalk = chalkFor(colorLevel(stdoutIsTTY, opts.noColor, host.env));
  const io: IO = {
    get stdout() {
      return host.stdout;
    },
    get stderr() {
      return host.stderr;
    },
    get stdin() {
      return host.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY,
    color: chalk.level > 0,
    chalk,
    animated: animationAllowed(stderrIsTTY, { noColor: opts.noColor, quiet: opts.quiet, stdoutIsPipe: !stdoutIsTTY && host.isPipe(1) }, host.env),
    noInput: Boolean(opts.noInput) || host.env.AGNT_NO_INPUT === '1',
    quiet: Boolean(opts.quiet),
    canPrompt() {
      return stdinIsTTY && stderrIsTTY && !io.noInput;
    },
    out(raw) {
      // A secret agnt sent never comes back onto the screen, whatever path the text came by.
      const text = maskSecrets(raw);
      aroundProgress(() => host.stdout.write(text.endsWith('\n') ? text : text + '\n'));
    },
    write(raw) {
      if (!raw) return;
      const text = maskSecrets(raw);
      aroundProgress(() => host.stdout.write(text));
    },
    err(text) {
      // Everything agnt says on stderr may quote the server: no control, C1 or bidi character
      // reaches the terminal raw, whichever path the text came by; colour neither (agnt styles stdout only).
      const safe = escapeStderr(maskSecrets(text));
      host.stderr.write(safe.endsWith('\n') ? safe : safe + '\n');
    },
    warn(text) {
      io.err(`warning: ${text}`);
    },
    info(text) {
      if (!io.quiet) io.err(text);
    },
    async readStdin() {
      const read = runLocal(STDIN_READ, () => ({ done: false }), host);
      if (read.done) throw new UsageError('standard input can only be read once per command');
      read.done = true;
      const chunks: Buffer[] = [];
      for await (const chunk of host.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      return Buffer.concat(chunks).toString('utf8');
    },
    columns() {
      return host.columns(1) || 120;
    },
  };
  return io;
}

export async function confirm(io: IO, question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!io.canPrompt()) {
    throw new UsageError(`${question.replace(/\?$/, '')}: refusing without --yes when not on a terminal`);
  }
  let ok: boolean;
  try {
    ok = await askYesNo(question, { input: io.stdin, output: io.stderr, color: io.color });
  } catch (e) {
    // Ctrl-C at the question (inquirer's ExitPromptError) is an interruption, exit 130.
    if ((e as Error)?.name === 'ExitPromptError' || (e as Error)?.name === 'AbortPromptError') throw new Interrupted('interrupted at the confirmation; nothing was sent');
    throw e;
  }
  if (!ok) throw new AgntError('cancelled');
}

/**
 * A y/N question that takes only an answer: y or yes, n or no, or Enter (no). Other text is
 * asked again, never taken as no (inquirer's confirm reads anything but y as no).
 */
export async function askYesNo(question: string, context: { input?: NodeJS.ReadableStream; output: NodeJS.WritableStream; color?: boolean }): Promise<boolean> {
  const { input } = await (await import('./prompts.ts')).loadPrompts(context.color ?? false, ['input']);
  const answer = await input(
    {
      message: `${question} (y/N)`,
      validate: (v) => /^\s*(y|yes|n|no)?\s*$/i.test(v) || 'answer y (yes) or n (no); Enter is no',
    },
    { ...(context.input ? { input: context.input } : {}), output: context.output },
  );
  return /^\s*y(es)?\s*$/i.test(answer);
}
