// Which objects agnt created from a file. The API has no field to mark an organization's teams,
// members, domains, invitations or rules as "managed", so the record is a local state file:
// $AGNT_CONFIG_DIR/org-state/<host>/<orgId>.json by default, or --state FILE (kept next to the
// document in CI). apply adds an object the moment it has created it; prune deletes only
// objects listed here, so anything made by hand is never deleted.
//
// Each addition or removal is appended to a journal beside the file (FILE.journal, a JSON line
// each), and the file is rewritten once, when apply ends: rewriting the whole file per object made
// an apply of 20,000 members write 20,000 growing files. Whoever opens the state reads the journal
// a stopped run left behind (its last line may be cut) on top of the file; apply folds it in.
//
// Before each create, apply appends its intent with the key that finds the object (a team's name,
// a member's e-mail): a run killed after the create reached the server but before its id was
// recorded leaves the intent alone in the journal. The next run adopts what the key finds in the
// live organization (adopt()), so a later --prune removes it and nothing created is forgotten.
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configDir } from '../../core/config.ts';
import { UsageError } from '../../core/errors.ts';
import type { Live } from './live.ts';

export const DELETE_KINDS = ['domains', 'members', 'teams', 'team-members', 'invitations', 'backup-rules'] as const;
export type DeleteKind = (typeof DELETE_KINDS)[number];

export interface OrgState {
  apiVersion: 'agnt/v1';
  kind: 'OrgState';
  baseUrl: string;
  organization: string;
  /** kind -> object id -> what it is (for people reading the file). */
  managed: Record<DeleteKind, Record<string, string>>;
}

export function defaultStatePath(baseUrl: string, orgId: string): string {
  const host = new URL(baseUrl).host.replace(/[^A-Za-z0-9.-]+/g, '_');
  return join(configDir(), 'org-state', host, `${orgId.replace(/[^A-Za-z0-9_.-]+/g, '_')}.json`);
}

/** The kinds whose create apply announces (with the key that finds the object afterwards). */
export type IntentKind = 'domains' | 'members' | 'teams' | 'invitations';

export class StateFile {
  readonly path: string;
  state: OrgState;
  /** Creates a stopped run announced and never recorded: kind and key (kind + NUL + key). */
  readonly pending = new Map<string, { kind: IntentKind; key: string }>();
  constructor(path: string, baseUrl: string, orgId: string) {
    this.path = path;
    this.state = { apiVersion: 'agnt/v1', kind: 'OrgState', baseUrl, organization: orgId, managed: Object.fromEntries(DELETE_KINDS.map((k) => [k, {}])) as OrgState['managed'] };
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e: any) {
      if (e.code !== 'ENOENT') throw new UsageError(`cannot read state file ${path}: ${e.message}`);
    }
    if (text !== undefined) {
      let data: any;
      try {
        data = JSON.parse(text);
      } catch {
        throw new UsageError(`state file ${path} is not JSON; fix or remove it (it only lists the objects agnt created)`);
      }
      if (data?.kind !== 'OrgState') throw new UsageError(`${path} is not an agnt state file`);
      if (data.organization !== orgId) throw new UsageError(`state file ${path} is for organization ${data.organization}, not ${orgId}`);
      for (const k of DELETE_KINDS) this.state.managed[k] = { ...(data.managed?.[k] ?? {}) };
    }
    this.replayJournal();
  }

  private get journalPath(): string {
    return `${this.path}.journal`;
  }

  private replayJournal(): void {
    let text: string;
    try {
      text = readFileSync(this.journalPath, 'utf8');
    } catch (e: any) {
      if (e.code === 'ENOENT') return;
      throw new UsageError(`cannot read state journal ${this.journalPath}: ${e.message}`);
    }
    for (const line of text.split('\n')) {
      let entry: { op?: string; kind?: DeleteKind; id?: string; label?: string; key?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        // A run killed while appending leaves its last line cut: that object was not recorded.
        continue;
      }
      if (entry?.op === 'intent' && DELETE_KINDS.includes(entry.kind as DeleteKind) && typeof entry.key === 'string') {
        this.pending.set(`${entry.kind}\u0000${entry.key}`, { kind: entry.kind as IntentKind, key: entry.key });
        continue;
      }
      if (!entry || !DELETE_KINDS.includes(entry.kind as DeleteKind) || typeof entry.id !== 'string') continue;
      if (entry.op === 'add') {
        this.state.managed[entry.kind!][entry.id] = String(entry.label ?? '');
        this.pending.delete(`${entry.kind}\u0000${entry.label ?? ''}`);
      } else if (entry.op === 'remove') delete this.state.managed[entry.kind!][entry.id];
    }
  }

  has(kind: DeleteKind, id: string): boolean {
    return Object.hasOwn(this.state.managed[kind], id);
  }

  /** Recorded at once (appended to the journal) after each object is created: a run stopped halfway keeps what it made. */
  add(kind: DeleteKind, id: string, label: string): void {
    this.state.managed[kind][id] = label;
    this.append({ op: 'add', kind, id, label });
  }

  /** Appended before a create is sent: `key` finds the object if the run stops before add(). */
  intend(kind: IntentKind, key: string): void {
    this.append({ op: 'intent', kind, key });
  }

  /**
   * Records the objects a stopped run created without recording them: each pending intent whose
   * key `find` resolves to a live object's id (the plan before that run had it to create, so it is
   * the one that run made). Returns how many were adopted; an intent that found nothing is dropped.
   */
  adopt(find: (kind: IntentKind, key: string) => string | undefined): number {
    let adopted = 0;
    for (const { kind, key } of this.pending.values()) {
      const id = find(kind, key);
      if (id && !this.has(kind, id)) {
        this.add(kind, id, key);
        adopted++;
      }
    }
    this.pending.clear();
    return adopted;
  }

  remove(kind: DeleteKind, id: string): void {
    delete this.state.managed[kind][id];
    this.append({ op: 'remove', kind, id });
  }

  private dirMade = false;

  private append(entry: { op: 'add' | 'remove'; kind: DeleteKind; id: string; label?: string } | { op: 'intent'; kind: IntentKind; key: string }): void {
    if (!this.dirMade) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      this.dirMade = true;
    }
    appendFileSync(this.journalPath, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }

  /** Folds the journal into the file (atomically), then removes the journal. Apply calls it when it ends, however it ends. */
  compact(): void {
    if (!existsSync(this.journalPath)) return;
    writeFileAtomic(this.path, `${JSON.stringify(this.state, null, 2)}\n`, { dirMode: 0o700 });
    // Were the process to stop here, the journal would be read again on top of the new file:
    // adding and removing are the same twice as once.
    rmSync(this.journalPath, { force: true });
  }
}

/** The id of the live object an intent's key names (a team by name, a member by e-mail...). */
export function findCreated(live: Live, kind: IntentKind, key: string): string | undefined {
  const k = key.toLowerCase();
  if (kind === 'teams') return live.ids.teams.get(k)?.id as string | undefined;
  if (kind === 'members') return live.ids.userByEmail.get(k);
  if (kind === 'domains') return live.ids.domains.get(k)?.id as string | undefined;
  const slash = key.lastIndexOf('/');
  return live.ids.invitations.get(`${key.slice(0, slash).toLowerCase()}\u0000${key.slice(slash + 1).toLowerCase()}`);
}
