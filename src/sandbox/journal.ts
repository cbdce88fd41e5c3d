// The journal of requests: what the sandbox received and answered, for a script's test to read
// (`agnt sandbox requests`). Bodies are kept with secret-looking fields masked, and only while
// small; the newest MAX_ENTRIES are kept. Ids only grow, so `--since ID` pages and follows.
import { redactUrl, redactValue } from '../core/redact.ts';
import { globRegExp } from './glob.ts';

export interface JournalEntry {
  id: number;
  /** On the sandbox clock. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** Set instead of body when the body was too large to keep. */
  bodyBytes?: number;
  status: number;
  /** The user the token belongs to (null: no or an unknown token). */
  user: string | null;
  /** The id of the fault rule that answered, or null. */
  fault: string | null;
}

const MAX_ENTRIES = 50_000;
const MAX_BODY_BYTES = 256 * 1024;

export interface JournalFilter {
  since?: number;
  method?: string;
  path?: string;
  limit?: number;
}

export class Journal {
  private entries: JournalEntry[] = [];
  private next = 1;
  private waiters = new Set<() => void>();

  record(e: Omit<JournalEntry, 'id' | 'body' | 'bodyBytes' | 'query'> & { query: Record<string, string>; body?: unknown; bytes?: number }): void {
    const { bytes, body, query, ...rest } = e;
    const entry: JournalEntry = { id: this.next++, ...rest, query: redactValue(query) as Record<string, string> };
    entry.path = redactUrl(entry.path);
    if (body !== undefined) {
      if ((bytes ?? 0) > MAX_BODY_BYTES) entry.bodyBytes = bytes;
      else entry.body = redactValue(body);
    }
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    for (const w of this.waiters) w();
    this.waiters.clear();
  }

  /** Forgets what was recorded so far (ids keep growing): the seeding of a sandbox is not its history. */
  clear(): void {
    this.entries = [];
  }

  get lastId(): number {
    return this.next - 1;
  }

  get size(): number {
    return this.entries.length;
  }

  list(f: JournalFilter): JournalEntry[] {
    const re = f.path ? globRegExp(f.path) : undefined;
    const method = f.method?.toUpperCase();
    const out: JournalEntry[] = [];
    for (const e of this.entries) {
      if (f.since !== undefined && e.id <= f.since) continue;
      if (method && e.method !== method) continue;
      if (re && !re.test(e.path)) continue;
      out.push(e);
      if (f.limit && out.length >= f.limit) break;
    }
    return out;
  }

  /** Resolves when an entry is recorded, or after ms, or when the signal aborts. */
  waitForNext(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
