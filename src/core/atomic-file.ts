// One way to replace a small file (a cache, the aliases, a state file, a client's settings):
// written beside it and renamed over it, so that a crash leaves the old file or the new one,
// never half of one, and the temporary file goes when the write fails. The sandbox's data file,
// its snapshots, the import ledger and the audit cursor sync to disk as well, each its own way.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface AtomicWrite {
  /** The new file's mode, less the umask (default 0600: most of these hold a user's private data). */
  mode?: number;
  /** Make the folder first, with this mode; otherwise a missing folder is an error. */
  dirMode?: number;
}

export function writeFileAtomic(file: string, text: string, { mode = 0o600, dirMode }: AtomicWrite = {}): void {
  if (dirMode !== undefined) mkdirSync(dirname(file), { recursive: true, mode: dirMode });
  const tmp = `${file}.${process.pid}.tmp`;
  // One left by a killed run would keep its old mode: the file is made anew (mode, less the umask).
  rmSync(tmp, { force: true });
  try {
    writeFileSync(tmp, text, { mode });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
