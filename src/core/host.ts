// What one run of agnt talks to outside itself: its standard streams, whether they are
// terminals and how wide, its environment, Ctrl-C, and leaving early. `agnt` as a process runs
// against processHost(); a test runs main() in its own process against a fake Host (test/support/
// inproc.ts), many runs one after another or side by side. Code deep in a command reads the
// current run's Host (currentHost, hostEnv) rather than process.*, and whatever must last exactly
// one run (the retry budget, "stdin was read") lives in the Host, never in a module variable.
import type { AsyncLocalStorage } from 'node:async_hooks';
import { isPipe, isTerminal, writeOut } from './stdio.ts';

export type Env = Record<string, string | undefined>;

export interface Host {
  readonly env: Env;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; fd?: number };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Whether descriptor 0, 1 or 2 is a terminal. */
  isTTY(fd: 0 | 1 | 2): boolean;
  /** Whether stdout (1) or stderr (2) is a pipe or a socket: another program reads it. */
  isPipe(fd: 1 | 2): boolean;
  /** The terminal's width on stdout (1) or stderr (2); undefined when it reports none. */
  columns(fd: 1 | 2): number | undefined;
  /** A short text (help, the version) to stdout at once. */
  writeOut(text: string): void;
  /** Calls `handler` on each Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
  /** Ends the run now with this exit code (a second Ctrl-C; completion's watchdog). */
  exit(code: number): void;
  /** Set by the first Ctrl-C of the run: work it abandons may still reject, and that is not a failure. */
  interrupted: boolean;
  /** State that lasts this run: made on first use, gone with the Host. */
  readonly locals: Map<object, unknown>;
  /** When the run began, where that is not the process's start (a run inside a test's process). */
  readonly startedAt?: number;
}

/** The real process: streams made only when used (stdio.ts says why). */
export function processHost(): Host {
  return {
    // Read each time: a test may replace process.env.
    get env() {
      return process.env;
    },
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    isTTY: isTerminal,
    isPipe,
    columns: (fd) => (fd === 1 ? process.stdout : process.stderr).columns || undefined,
    writeOut,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    exit: (code) => process.exit(code),
    interrupted: false,
    locals: new Map(),
  };
}

let real: Host | undefined;
// Made only when a run is given a Host of its own (tests): the process's own runs never pay
// for node:async_hooks.
let scoped: AsyncLocalStorage<Host> | undefined;

/** The Host of the run this code belongs to. */
export function currentHost(): Host {
  return scoped?.getStore() ?? (real ??= processHost());
}

/** The current run's environment (process.env in the process itself). */
export function hostEnv(): Env {
  return currentHost().env;
}

/** Runs `fn` (and everything it starts) against `host`. The process's own Host needs no scope. */
export function withHost<T>(host: Host, fn: () => Promise<T>): Promise<T> {
  if (host === real) return fn();
  scoped ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)<Host>();
  return scoped.run(host, fn);
}

/** The process's Host, for the entry point (one per process). */
export function theProcessHost(): Host {
  return (real ??= processHost());
}

/** A value that lasts the current run: made by `make` on first use. */
export function runLocal<T>(key: object, make: () => T, host: Host = currentHost()): T {
  const locals = host.locals;
  if (!locals.has(key)) locals.set(key, make());
  return locals.get(key) as T;
}
