// The change journal: every write agnt sends belongs to a change set, kept on this machine so that
// it can be listed (`agnt changes`), shown, counted (the guardrails' per-day limits) and undone.
//
// One file per change set, $AGNT_CONFIG_DIR/changes/<profile>/<id>.jsonl (mode 0600, folders
// 0700), JSON lines:
//   {"t":"set", ...ChangeSetHeader}                          the first line, written with the first write
//   {"t":"intent","n":1,"at":...,"method":"PATCH","target":<path as sent>,"endpoint":"contacts.update",
//    "body":{...},"before":{...}}                             before the request is sent
//   {"t":"outcome","n":1,"at":...,"status":200,"after":{...}} or {..., "error":"...", "status":503}
// A file per set rather than one shared file: two runs at once never interleave their lines, and
// pruning is deleting files. Each line is written with one write(2) before the request goes out,
// so a run killed with -9 leaves every intent it sent (an intent with no outcome: the request may
// have reached the server). Nothing secret is kept: bodies, records and answers pass through
// redactValue, and the command line is masked. A line that cannot be read (a run killed mid-line,
// a hand edit) is skipped with a note; it never stops a write.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { configDir } from './config.ts';
import { redactValue } from './redact.ts';
import type { Method } from './request-spec.ts';

export const JOURNAL_VERSION = 1;

export interface ChangeSetHeader {
  v: number;
  id: string;
  /** ISO time of the first write. */
  at: string;
  /** The command line, secrets masked ('agnt contacts update con_1 --set name=X'). */
  command: string;
  profile: string;
  baseUrl: string;
  /** The profile's user (e-mail or id), when known. */
  user?: string;
  /** The agent session (agnt mcp) that made these writes. */
  session?: string;
  /** The change set this one undoes (`agnt undo`). */
  undoes?: string;
}

export interface Intent {
  n: number;
  at: string;
  method: Method;
  /** The path and query as sent. */
  target: string;
  /** The model's endpoint id, when the request was made for one. */
  endpoint?: string;
  body?: unknown;
  /** The record as it was before the write; absent when it was not read (null: there was none). */
  before?: unknown;
  /** Why the record before could not be read (the write went on). */
  unread?: string;
}

export interface Outcome {
  n: number;
  at: string;
  status?: number;
  /** The answer's result, on success. */
  after?: unknown;
  /** Why it failed, on failure. */
  error?: string;
}

export interface ChangeRequest {
  intent: Intent;
  /** Absent: the run stopped before the answer came (the request may have reached the server). */
  outcome?: Outcome;
}

export interface ChangeSet {
  header: ChangeSetHeader;
  requests: ChangeRequest[];
  /** Lines that could not be read, by line number. */
  skipped: number[];
}

/** Where a profile's change sets are kept. */
export function journalDir(profile: string, env?: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'changes', profile.replace(/[^A-Za-z0-9_.-]+/g, '_'));
}

/** A new change set id: sortable by time (to the millisecond), unique across runs started at once. */
export function newChangeSetId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  // The milliseconds first (three digits are hex digits too): sets made in the same second sort in order.
  return `chg_${stamp}_${String(now.getUTCMilliseconds()).padStart(3, '0')}${randomBytes(2).toString('hex').slice(0, 3)}`;
}

const ID = /^chg_\d{8}T\d{6}Z_[0-9a-f]{6}$/;

export function isChangeSetId(id: string): boolean {
  return ID.test(id);
}

/** Appends one change set's lines; the file is made with the first write, so a run that writes nothing leaves none. */
export class ChangeSetWriter {
  readonly id: string;
  readonly file: string;
  private fd?: number;
  private next = 0;
  private readonly header: Omit<ChangeSetHeader, 'v' | 'id' | 'at'>;
  private readonly dir: string;

  constructor(dir: string, header: Omit<ChangeSetHeader, 'v' | 'id' | 'at'>, id = newChangeSetId()) {
    this.dir = dir;
    this.id = id;
    this.file = join(dir, `${id}.jsonl`);
    this.header = header;
  }

  private line(value: object): void {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.fd = openSync(this.file, 'a', 0o600);
      const head: ChangeSetHeader = { v: JOURNAL_VERSION, id: this.id, at: new Date().toISOString(), ...this.header };
      writeSync(this.fd, `${JSON.stringify({ t: 'set', ...head })}\n`);
    }
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }

  /** Records a write about to be sent; returns its number for the outcome. */
  intent(i: Omit<Intent, 'n' | 'at'>): number {
    const n = ++this.next;
    const rec: Intent = { n, at: new Date().toISOString(), method: i.method, target: i.target };
    if (i.endpoint) rec.endpoint = i.endpoint;
    if (i.body !== undefined) rec.body = redactValue(i.body);
    if (i.before !== undefined) rec.before = redactValue(i.before);
    if (i.unread !== undefined) rec.unread = i.unread;
    this.line({ t: 'intent', ...rec });
    return n;
  }

  outcome(o: Omit<Outcome, 'at'>): void {
    const rec: Outcome = { n: o.n, at: new Date().toISOString() };
    if (o.status !== undefined) rec.status = o.status;
    if (o.after !== undefined) rec.after = redactValue(o.after);
    if (o.error !== undefined) rec.error = o.error;
    this.line({ t: 'outcome', ...rec });
  }

  /** Whether the file exists (a write was recorded). */
  get written(): boolean {
    return this.fd !== undefined || this.next > 0;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Reads one change set file; unreadable lines are skipped and listed. Undefined when it has no header. */
export function readChangeSetFile(file: string): ChangeSet | undefined {
  const text = readFileSync(file, 'utf8');
  let header: ChangeSetHeader | undefined;
  const byN = new Map<number, ChangeRequest>();
  const skipped: number[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!raw) continue;
    let rec: any;
    try {
      rec = JSON.parse(raw);
    } catch {
      skipped.push(i + 1);
      continue;
    }
    const { t, ...rest } = rec ?? {};
    if (t === 'set' && !header && typeof rest.id === 'string') header = rest as ChangeSetHeader;
    else if (t === 'intent' && Number.isInteger(rest.n)) byN.set(rest.n, { intent: rest as Intent });
    else if (t === 'outcome' && byN.has(rest.n)) byN.get(rest.n)!.outcome = rest as Outcome;
    else skipped.push(i + 1);
  }
  if (!header) return undefined;
  return { header, requests: [...byN.values()].sort((a, b) => a.intent.n - b.intent.n), skipped };
}

/** The change set files of a profile, newest first (ids sort by time). */
export function changeSetFiles(dir: string): Array<{ id: string; file: string }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e: any) {
    if (e.code === 'ENOENT') return [];
    throw e;
  }
  return names
    .filter((n) => n.endsWith('.jsonl') && isChangeSetId(n.slice(0, -6)))
    .map((n) => ({ id: n.slice(0, -6), file: join(dir, n) }))
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** The time a change set id was made (its stamp). */
export function changeSetTime(id: string): Date {
  const m = /^chg_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(id);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(Number.NaN);
}

/** Deletes the change sets made before `before`; returns how many. */
export function pruneChangeSets(dir: string, before: Date): number {
  let removed = 0;
  for (const { id, file } of changeSetFiles(dir)) {
    if (changeSetTime(id) < before) {
      rmSync(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * How many writes a profile's journal holds since `since` that `match` accepts (the guardrails'
 * per-day limits: "deletes by this profile in the last 24 hours"). Each request is counted by its
 * intent's time, so a request whose outcome never came (a killed run) counts: it may have reached
 * the server. A file last written before `since` holds nothing newer and is not read.
 */
export function countWrites(dir: string, since: Date, match: (request: ChangeRequest, header: ChangeSetHeader) => boolean = () => true): number {
  const from = since.getTime();
  let count = 0;
  for (const { file } of changeSetFiles(dir)) {
    let set: ChangeSet | undefined;
    try {
      if (statSync(file).mtimeMs < from) continue;
      set = readChangeSetFile(file);
    } catch (e: any) {
      if (e.code === 'ENOENT') continue; // pruned meanwhile
      throw e;
    }
    if (!set) continue;
    for (const r of set.requests) if (Date.parse(r.intent.at) >= from && match(r, set.header)) count++;
  }
  return count;
}

/** Bytes the journal of a profile takes (for `agnt changes list`'s footer and retention notes). */
export function journalSize(dir: string): number {
  let size = 0;
  for (const { file } of changeSetFiles(dir)) size += statSync(file).size;
  return size;
}
