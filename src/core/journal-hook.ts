// The change journal's write hook: every write a run sends, from any path, becomes a line of the
// run's change set (change-journal.ts) before it is sent, with the record it replaces, and its
// answer after. Installed in Context.clientOptions, so endpoint commands, `agnt api`, batch,
// imports, members sync, org apply and the MCP server's session clients all pass through it.
//
// The record before: the caller's (RequestSpec.before, a `--set` merge that just read it), else a
// GET of the same path where the API model has one (a PUT, PATCH or DELETE of /contacts/{id}
// reads /contacts/{id}). A read that fails never stops the write: the intent says it was not read.
// AGNT_JOURNAL=off turns the journal off (for measuring what it costs, nothing else).
import { AgntError, ApiError } from './errors.ts';
import { ChangeSetWriter, journalDir, pruneChangeSets } from './change-journal.ts';
import { readConfig } from './config.ts';
import { currentHost, hostEnv, type Host } from './host.ts';
import { COMMAND_LINE, JOURNAL_SETTINGS, type JournalSettings } from './journal-keys.ts';
import { isSecretKey, maskSecrets, REDACTED } from './redact.ts';
import type { Endpoint } from '../api/endpoint.ts';
import type { RequestSpec, Requester } from './request-spec.ts';
import { paramsOf, readRecord } from './record-read.ts';
import type { WriteDone, WriteHook, WriteInfo } from './write-hooks.ts';

/**
 * A body larger than this (a bulk request of thousands of rows) is not copied into the journal:
 * it would make the journal as large as the import, and no inverse reads it.
 */
const MAX_KEPT_BODY = 256 * 1024;

/** Change sets older than this are removed when a run next writes (`agnt changes prune` for more). */
export const DEFAULT_RETENTION_DAYS = 90;

const RUN_JOURNAL = { key: 'journal' };

/** The command line with secrets masked: a secret flag's value, a secret key=value, any known secret. */
export function maskedCommandLine(argv: readonly string[]): string {
  const out: string[] = ['agnt'];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = /^--?([\w-]+)(=.*)?$/.exec(a);
    if (flag && isSecretKey(flag[1]!)) {
      if (flag[2] !== undefined) out.push(`--${flag[1]}=${REDACTED}`);
      else {
        out.push(a);
        if (i + 1 < argv.length) {
          out.push(REDACTED);
          i++;
        }
      }
      continue;
    }
    const kv = /^([\w.-]+)(:?=)(.*)$/s.exec(a);
    if (kv && isSecretKey(kv[1]!.split('.').pop()!)) {
      out.push(`${kv[1]}${kv[2]}${REDACTED}`);
      continue;
    }
    out.push(/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);
  }
  return maskSecrets(out.join(' '));
}

/**
 * The run's journal hook (`agnt undo` marks its change set as an undo; the MCP server reads a
 * plan's change set id from it), made from the settings journalHooks() kept once the run made a
 * client; undefined when the journal is off or the run has no client.
 */
export function runJournal(host: Host = currentHost()): JournalHook | undefined {
  let hook = host.locals.get(RUN_JOURNAL) as JournalHook | undefined;
  const settings = host.locals.get(JOURNAL_SETTINGS) as JournalSettings | undefined;
  if (!hook && settings) {
    hook = new JournalHook(settings, (host.locals.get(COMMAND_LINE) as string[] | undefined) ?? []);
    host.locals.set(RUN_JOURNAL, hook);
  }
  return hook;
}

export class JournalHook implements WriteHook {
  /** One change set per agent session (the MCP server), and one for the run's own writes. */
  private readonly writers = new Map<string, ChangeSetWriter>();
  private readonly settings: JournalSettings;
  private readonly argv: readonly string[];
  private user?: string | null;
  /** Set by `agnt undo`: the change set this run's writes undo. */
  undoes?: string;

  constructor(settings: JournalSettings, argv: readonly string[]) {
    this.settings = settings;
    this.argv = argv;
  }

  /**
   * The change set of this run's writes (of the session's, for an agent session; of one plan, for
   * a plan an agent applies), made on first use.
   */
  writer(session?: string, set?: RequestSpec['changeSet']): ChangeSetWriter {
    const key = set ? `set:${set.key}` : (session ?? '');
    let w = this.writers.get(key);
    if (!w) {
      const dir = journalDir(this.settings.profile);
      if (this.writers.size === 0) pruneOld(dir);
      w = new ChangeSetWriter(dir, {
        command: set ? maskSecrets(set.command) : maskedCommandLine(this.argv),
        profile: this.settings.profile,
        baseUrl: this.settings.baseUrl,
        ...(this.profileUser() ? { user: this.profileUser()! } : {}),
        ...(session ? { session } : {}),
        ...(this.undoes ? { undoes: this.undoes } : {}),
      });
      this.writers.set(key, w);
    }
    return w;
  }

  /** The id of the change set of a plan's writes (RequestSpec.changeSet), once one was written. */
  idOf(setKey: string): string | undefined {
    const w = this.writers.get(`set:${setKey}`);
    return w?.written ? w.id : undefined;
  }

  /** The ids of the change sets this run wrote. */
  ids(): string[] {
    return [...this.writers.values()].filter((w) => w.written).map((w) => w.id);
  }

  private profileUser(): string | undefined {
    if (this.user === undefined) {
      try {
        this.user = readConfig(hostEnv(), () => undefined).profiles?.[this.settings.profile]?.user ?? null;
      } catch {
        this.user = null;
      }
    }
    return this.user ?? undefined;
  }

  async before(write: WriteInfo, client: Requester): Promise<WriteDone> {
    const { spec } = write;
    const path = concretePath(spec);
    const endpoint = spec.endpoint ?? (await modelEndpoint(write.method, path));
    let before = spec.before;
    let unread: string | undefined;
    if (before === undefined && write.method !== 'POST' && endpoint) {
      const reader = (await (await import('../api/inverse.ts')).inverses()).get(endpoint.id)?.reader;
      const params = reader ? { ...paramsOf(endpoint.path, path), ...spec.params } : undefined;
      if (reader && params) {
        try {
          before = await readRecord(client, reader, params, spec.signal);
        } catch (e) {
          // Not there (a PUT that creates it): null says so. Anything else: not read, the write goes on.
          if (e instanceof ApiError && e.status === 404) before = null;
          else unread = e instanceof Error ? e.message : String(e);
        }
      }
    }
    const w = this.writer(write.session, spec.changeSet);
    let n: number;
    try {
      n = w.intent({
        method: write.method,
        target: write.target,
        ...(endpoint ? { endpoint: endpoint.id } : {}),
        ...(write.payload !== undefined ? { body: write.payload.length > MAX_KEPT_BODY ? { omitted: `${write.payload.length} bytes` } : (spec.body ?? JSON.parse(write.payload)) } : {}),
        ...(before !== undefined ? { before } : {}),
        ...(unread ? { unread } : {}),
      });
    } catch (e) {
      throw new AgntError(`cannot write the change journal (${(e as Error).message}); nothing was sent`, 1, `check the folder ${journalDir(this.settings.profile)}`);
    }
    return ({ response, error }) => {
      try {
        if (response) w.outcome({ n, status: response.status, after: response.data ?? null });
        else w.outcome({ n, ...(error instanceof ApiError ? { status: error.status } : {}), error: error instanceof Error ? error.message : String(error) });
      } catch {
        // The write is done either way; a lost outcome reads as "may have reached the server".
      }
    };
  }
}

function pruneOld(dir: string): void {
  try {
    pruneChangeSets(dir, new Date(Date.now() - DEFAULT_RETENTION_DAYS * 86_400_000));
  } catch {
    // Retention is housekeeping: it never stops a write.
  }
}

/** A request's path with its parameters filled in, without the query. */
export function concretePath(spec: Pick<RequestSpec, 'path' | 'params'>): string {
  const bare = spec.path.split('?')[0]!;
  return bare.replace(/\{(\w+)\}/g, (m, name: string) => (spec.params?.[name] !== undefined ? encodeURIComponent(spec.params[name]!) : m));
}

async function modelEndpoint(method: string, path: string): Promise<Endpoint | undefined> {
  return (await import('../api/index.ts')).endpointAt(method, path);
}
