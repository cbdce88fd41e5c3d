// The journal of requests: what the sandbox received and answered, for a script's test to read
// (`agnt sandbox requests`). It costs the request path little: an entry holds the body as received
// (the bytes already read), parsed and masked (secret-looking fields, signed URLs) only when the
// journal is read. The newest MAX_ENTRIES are kept; of large bodies (a bulk import's rows) only
// the newest KEEP_LARGE, so that a million-row import does not keep every row alive. Ids only
// grow, so `--since ID` pages and follows.
import { redactUrl, redactValue } from '../core/redact.ts';
import { globRegExp } from './glob.ts';

/** An entry as the journal is read. */
export interface JournalEntry {
  id: number;
  /** On the sandbox clock. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** The size of a body that is no longer kept (or is not JSON). */
  bodyBytes?: number;
  status: number;
  /** The user the token belongs to (null: no or an unknown token). */
  user: string | null;
  /** The id of the fault rule that answered, or null. */
  fault: string | null;
  /** The agent session that sent it (the X-Agnt-Session header agnt mcp sends), or null. */
  session: string | null;
}

interface Held {
  id: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  raw?: Buffer;
  bytes: number;
  status: number;
  user: string | null;
  fault: string | null;
  session: string | null;
}

const MAX_ENTRIES = 50_000;
const TRIM_STEP = 5_000;
const LARGE_BYTES = 64 * 1024;
const KEEP_LARGE = 200;

export interface JournalFilter {
  since?: number;
  method?: string;
  path?: string;
  limit?: number;
}

export class Journal {
  private entries: Held[] = [];
  /** The entries holding a large body, oldest first. */
  private large: Held[] = [];
  private next = 1;
  private waiters = new Set<() => void>();

  record(e: Omit<Held, 'id' | 'bytes'>): void {
    const entry: Held = { id: this.next++, ...e, bytes: e.raw?.length ?? 0 };
    this.entries.push(entry);
    if (entry.bytes > LARGE_BYTES) {
      this.large.push(entry);
      if (this.large.length > KEEP_LARGE) this.large.shift()!.raw = undefined;
    }
    // Trimmed in steps, not one entry per request (a splice moves the whole list).
    if (this.entries.length > MAX_ENTRIES + TRIM_STEP) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    for (const w of this.waiters) w();
    this.waiters.clear();
  }

  /** Forgets what was recorded so far (ids keep growing): the seeding of a sandbox is not its history. */
  clear(): void {
    this.entries = [];
    this.large = [];
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
      out.push(view(e));
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

function view(e: Held): JournalEntry {
  const out: JournalEntry = {
    id: e.id,
    time: e.time,
    method: e.method,
    path: redactUrl(e.path),
    query: redactValue(e.query) as Record<string, string>,
    status: e.status,
    user: e.user,
    fault: e.fault,
    session: e.session,
  };
  if (e.bytes) {
    let body: unknown;
    if (e.raw) {
      try {
        body = JSON.parse(e.raw.toString('utf8'));
      } catch {
        // Not JSON (an upload): its size only.
      }
    }
    if (body !== undefined) out.body = redactValue(body);
    else out.bodyBytes = e.bytes;
  }
  return out;
}
