// Runs agnt inside the test's own process: main(argv, host) from the TypeScript sources, against
// a fake Host (src/core/host.ts) whose stdin is the text given, whose stdout and stderr are
// collected, whose terminal flags, width and environment are the test's. No build is needed, and
// a run costs milliseconds instead of a Node start-up. What only a real process shows (signals,
// pseudo-terminals, start-up, the compile cache, file modes, a closed stdout, the package) is
// tested with the process itself (helpers.ts agntProcess).
import { PassThrough, Writable } from 'node:stream';
import type { Host } from '../../src/core/host.ts';

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface InprocOptions {
  /** What stdin holds (an empty pipe when not given). */
  stdin?: string | Buffer;
  /** The whole environment of the run (nothing of the test process's is added here). */
  env?: Record<string, string | undefined>;
  /** Which descriptors are terminals: true for all three, or per stream. Default: none. */
  tty?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** The terminal's width (when a stream is a terminal). */
  columns?: number;
  /**
   * The working folder, for relative paths. A process has one, so a run given one changes the
   * test process's for its duration: such runs take turns, and the folder is restored after.
   */
  cwd?: string;
}

/** A stream that keeps what is written; ending it (pipeline does) keeps the text. */
class Capture extends Writable {
  readonly chunks: Buffer[] = [];
  isTTY?: boolean;
  columns?: number;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    cb();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

let cli: Promise<typeof import('../../src/cli.ts')> | undefined;
let inFolder: Promise<unknown> = Promise.resolve();

export function runAgnt(argv: string[], opts: InprocOptions = {}): Promise<RunResult> {
  const { cwd } = opts;
  if (cwd === undefined) return run(argv, opts);
  const turn = inFolder.then(async () => {
    const before = process.cwd();
    process.chdir(cwd);
    try {
      return await run(argv, opts);
    } finally {
      process.chdir(before);
    }
  });
  inFolder = turn.catch(() => undefined);
  return turn;
}

async function run(argv: string[], opts: InprocOptions): Promise<RunResult> {
  cli ??= import('../../src/cli.ts');
  const { main } = await cli;
  const tty = typeof opts.tty === 'object' ? opts.tty : { stdin: opts.tty, stdout: opts.tty, stderr: opts.tty };
  const stdout = new Capture();
  const stderr = new Capture();
  for (const [s, on] of [
    [stdout, tty.stdout],
    [stderr, tty.stderr],
  ] as const) {
    if (on) {
      s.isTTY = true;
      s.columns = opts.columns ?? 80;
    }
  }
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  if (tty.stdin) Object.assign(stdin, { isTTY: true });
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const host: Host = {
    // Completion's time budget counts from here, not from the test process's start.
    startedAt: performance.timeOrigin + performance.now(),
    env: Object.fromEntries(Object.entries(opts.env ?? {}).filter(([, v]) => v !== undefined)),
    stdin,
    stdout,
    stderr,
    isTTY: (fd) => Boolean(fd === 0 ? tty.stdin : fd === 1 ? tty.stdout : tty.stderr),
    // A stream the test collects stands for a pipe (as a test runner's is) unless it is a terminal.
    isPipe: (fd) => !(fd === 1 ? tty.stdout : tty.stderr),
    columns: (fd) => ((fd === 1 ? tty.stdout : tty.stderr) ? (opts.columns ?? 80) : undefined),
    writeOut: (text) => stdout.write(text),
    // Ctrl-C is a real process's (test/faults/ctrl-c.test.ts); a test run has no way to press it.
    onInterrupt: () => () => undefined,
    // As a process would end there: the run is over with this code, whatever it left running.
    exit: (code) => exited(code),
    interrupted: false,
    locals: new Map(),
  };
  // A rejection that escapes the run (the process would report it and exit, cli.ts run) is an
  // unhandled error here, which fails the test run loudly rather than disappearing.
  const exitCode = await Promise.race([main(argv, host), exit]);
  // Let writes queued behind the last one land before the text is read.
  await new Promise((r) => setImmediate(r));
  return { stdout: stdout.text(), stderr: stderr.text(), exitCode };
}
