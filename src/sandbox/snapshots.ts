// Named snapshots of a sandbox's whole state (every record, the id counters, the meta and the
// clock), to put a rehearsal back where it started. In memory; with a data file they are files in
// DATA.snapshots/ beside it, so they survive a restart.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './http.ts';

export interface SnapshotInfo {
  name: string;
  /** The sandbox clock when it was taken. */
  clock: string;
  rate: number;
  records: number;
}

interface Held {
  info: SnapshotInfo;
  chunks: string[];
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkName(name: string): void {
  if (!NAME.test(name)) throw new HttpError(400, `a snapshot name is letters, digits, '.', '_' and '-' (at most 64, not starting with a punctuation mark), got '${name}'`, 'AGNT_E_VALIDATION');
}

const unknown = (name: string): never => {
  throw new HttpError(404, `no snapshot named '${name}' (agnt sandbox snapshot list)`, 'AGNT_E_NOT_FOUND');
};

export class Snapshots {
  private held = new Map<string, Held>();
  readonly dir?: string;

  constructor(dataFile?: string) {
    if (dataFile) this.dir = `${dataFile}.snapshots`;
  }

  private file(name: string): string {
    return join(this.dir!, `${name}.snapshot`);
  }

  /** Writes the state's chunks as they come (held in memory, whole, for a sandbox without a data file). */
  save(info: SnapshotInfo, chunks: Iterable<string>): void {
    checkName(info.name);
    if (!this.dir) {
      this.held.set(info.name, { info, chunks: [...chunks] });
      return;
    }
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(info.name);
    const tmp = `${target}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      const write = (text: string) => {
        const buf = Buffer.from(text);
        let at = 0;
        while (at < buf.length) at += writeSync(fd, buf, at);
      };
      write(`${JSON.stringify({ snapshot: info })}\n`);
      for (const text of chunks) write(text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  }

  /** The snapshot's info and state chunks; 404 when there is none of that name. */
  load(name: string): Held {
    checkName(name);
    if (!this.dir) return this.held.get(name) ?? unknown(name);
    let text: string;
    try {
      text = readFileSync(this.file(name), 'utf8');
    } catch {
      return unknown(name);
    }
    const nl = text.indexOf('\n');
    return { info: JSON.parse(text.slice(0, nl)).snapshot, chunks: [text.slice(nl + 1)] };
  }

  list(): SnapshotInfo[] {
    if (!this.dir) return [...this.held.values()].map((h) => h.info);
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((f) => f.endsWith('.snapshot'));
    } catch {
      return [];
    }
    return names.sort().map((f) => firstLine(join(this.dir!, f)).snapshot as SnapshotInfo);
  }

  delete(name: string): void {
    checkName(name);
    if (!this.dir) {
      if (!this.held.delete(name)) unknown(name);
      return;
    }
    try {
      rmSync(this.file(name));
    } catch {
      unknown(name);
    }
  }
}

/** The header line of a snapshot file, without reading the records after it. */
function firstLine(file: string): any {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.toString('utf8', 0, n);
    return JSON.parse(text.slice(0, text.indexOf('\n')));
  } finally {
    closeSync(fd);
  }
}
