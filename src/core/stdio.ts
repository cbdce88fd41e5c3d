// The standard streams, asked about and written to without making them. Node makes
// process.stdout and the others on first use: a socket for a pipe (loading node:net and Node's
// streams), a file stream for a file. node:tty, the usual way to ask "is it a terminal?", loads
// node:net as well. Together that is a tenth of what --help and --version cost over `node -e 0`,
// for streams a short answer does not need. Imports nothing of agnt's: dist/cli.js uses it.
import { fstatSync, statSync, writeSync } from 'node:fs';

let devNull: number | undefined;

/** Whether descriptor fd (0, 1 or 2) is a terminal. */
export function isTerminal(fd: number): boolean {
  if (process.platform !== 'win32') {
    try {
      const st = fstatSync(fd);
      // A terminal is a character device; so is /dev/null, which scripts and benchmarks often
      // give, and which is known by its device number. Anything else is no terminal.
      if (!st.isCharacterDevice()) return false;
      devNull ??= statSync('/dev/null').rdev;
      if (st.rdev === devNull) return false;
    } catch {
      // A closed descriptor is no terminal.
      return false;
    }
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}

/**
 * Whether descriptor fd is a pipe or a socket: another program reads it (`agnt … | head`), and
 * may be writing to the terminal agnt's stderr draws on. A closed descriptor is none.
 */
export function isPipe(fd: number): boolean {
  try {
    const st = fstatSync(fd);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}

/**
 * Writes a short text (help, the version) to standard output at once, through the descriptor.
 * A non-blocking pipe that is full (EAGAIN) takes the rest through the stream after all.
 */
export function writeOut(text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EAGAIN') process.stdout.write(bytes.subarray(done));
    else stdoutFailed(e as NodeJS.ErrnoException);
  }
}

/**
 * Writes all of `bytes` to a descriptor now (what is written is with the system before this
 * returns); a full non-blocking pipe is waited for.
 */
export function writeAll(fd: number, bytes: Buffer): void {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      // The reader is slower: block this thread briefly rather than buffer without bound.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/**
 * A failed write to standard output. A reader that went away (`agnt … | head -1`) ends the run
 * quietly with the run's own exit code, like other Unix tools; anything else (a full disk) is one
 * line and exit 1 (EXIT.failure), never a stack trace quoting the bundle.
 */
export function stdoutFailed(e: NodeJS.ErrnoException): never {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`error: cannot write to standard output (${e.code ?? e.message})\n`);
  process.exit(1);
}

/** Handles process.stdout's errors from when it is made, without making it now. */
export function handleStdoutErrors(): void {
  const own = Object.getOwnPropertyDescriptor(process, 'stdout');
  const make = own?.get;
  if (!own?.configurable || !make) {
    process.stdout.on('error', stdoutFailed);
    return;
  }
  Object.defineProperty(process, 'stdout', {
    ...own,
    get() {
      // Node's getter keeps the stream it made: it goes back in place once it has been asked.
      const stream = make.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, 'stdout', own);
      stream.on('error', stdoutFailed);
      return stream;
    },
  });
}
