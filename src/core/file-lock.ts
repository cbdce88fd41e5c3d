// One writer at a time for the files agnt keeps between runs (config.json, aliases.json, an
// import or batch ledger, the org state file and its journal, an audit cursor): a lock file
// beside the file (FILE.lock), created exclusively and holding who took it (pid, host, command,
// when). A second writer waits a little (a read-modify-write of config.json takes milliseconds),
// then refuses, naming the holder, rather than interleave its lines with the first one's. A lock
// whose holder is gone (a dead pid on this host) is taken over at once; one that cannot be read
// (its holder died between creating and writing it) once it is older than any write takes.
// docs/files.md says this for users.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { AgntError, EXIT, UsageError } from './errors.ts';
import { hostEnv } from './host.ts';
import { processRuns } from './process-alive.ts';
import { sleep } from './sleep.ts';

export interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export interface FileLock {
  readonly path: string;
  release(): void;
}

export interface LockOptions {
  /** How long to wait for another writer; AGNT_LOCK_WAIT (seconds) overrides it. */
  waitMs: number;
  /** What the file is, for the refusal ("the import ledger"). */
  what: string;
  signal?: AbortSignal;
}

/** A ledger (or state file) is held for a whole run: a second run waits this long, then refuses. */
export const LEDGER_LOCK_WAIT_MS = 1_000;

/** A lock that cannot be read is another writer's only for this long (then its holder died writing it). */
const UNREADABLE_STALE_MS = 2_000;

const held = new Set<string>();
let exitHook = false;

function command(): string {
  const args = process.argv.slice(2).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)));
  return ['agnt', ...args].join(' ').slice(0, 300);
}

function readHolder(lock: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(lock, 'utf8')) as Holder;
    return typeof h?.pid === 'number' ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock is left by a writer that is gone: removes it then, so that it can be taken. */
function takeOverStale(lock: string): boolean {
  const holder = readHolder(lock);
  let stale: boolean;
  if (holder) stale = holder.host === hostname() && holder.pid !== process.pid && !processRuns(holder.pid);
  else {
    try {
      stale = Date.now() - statSync(lock).mtimeMs > UNREADABLE_STALE_MS;
    } catch {
      return true; // released meanwhile
    }
  }
  if (!stale) return false;
  try {
    unlinkSync(lock);
  } catch {
    /* another writer took it over first */
  }
  return true;
}

function waitFor(opts: LockOptions): number {
  const env = hostEnv().AGNT_LOCK_WAIT;
  if (env !== undefined && env !== '' && Number.isFinite(Number(env)) && Number(env) >= 0) return Number(env) * 1000;
  return opts.waitMs;
}

/** The refusal: who holds the file, since when. */
function refusal(file: string, lock: string, what: string): AgntError {
  const h = readHolder(lock);
  const who = h ? `pid ${h.pid}${h.host !== hostname() ? ` on ${h.host}` : ''}: ${h.command}, since ${h.since}` : 'a writer that did not say who it is';
  return new AgntError(`${what} ${file} is in use by another agnt (${who})`, EXIT.failure, `wait for it to finish; if no agnt is running, remove ${lock}`);
}

/** Takes FILE.lock, waiting up to opts.waitMs for another writer; refuses naming the holder. */
export async function acquireLock(file: string, opts: LockOptions): Promise<FileLock> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + waitFor(opts);
  let delay = 2;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A place that cannot be written (no such folder, read-only, full): bad local input, nothing done.
      if (code !== 'EEXIST') throw new UsageError(`cannot lock ${opts.what} ${file}: ${code ?? (e as Error).message} (creating ${lock})`);
    }
    if (fd !== undefined) {
      try {
        const holder: Holder = { pid: process.pid, host: hostname(), command: command(), since: new Date().toISOString() };
        writeSync(fd, JSON.stringify(holder));
      } catch (e) {
        // A full disk: the empty lock must not be left to stall the next run.
        closeSync(fd);
        unlinkSync(lock);
        throw new UsageError(`cannot lock ${opts.what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (writing ${lock})`);
      }
      closeSync(fd);
      return hold(lock);
    }
    if (takeOverStale(lock)) continue;
    if (Date.now() >= deadline) throw refusal(file, lock, opts.what);
    await sleep(delay, opts.signal);
    delay = Math.min(50, delay * 2);
  }
}

function hold(lock: string): FileLock {
  held.add(lock);
  if (!exitHook) {
    exitHook = true;
    // A run that ends without releasing (an error thrown past it) leaves no lock behind.
    process.on('exit', () => {
      for (const l of held) release(l);
    });
  }
  let done = false;
  return {
    path: lock,
    release() {
      if (done) return;
      done = true;
      release(lock);
    },
  };
}

function release(lock: string): void {
  held.delete(lock);
  try {
    // Only our own: a lock taken over after ours was judged stale is the new holder's.
    const h = readHolder(lock);
    if (!h || h.pid === process.pid) unlinkSync(lock);
  } catch {
    /* already gone */
  }
}

/** fn() with FILE locked for its whole run. */
export async function withFileLock<T>(file: string, opts: LockOptions, fn: () => Promise<T> | T): Promise<T> {
  const lock = await acquireLock(file, opts);
  try {
    return await fn();
  } finally {
    lock.release();
  }
}
