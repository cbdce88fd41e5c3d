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
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configDir } from '../../core/config.ts';
import { UsageError } from '../../core/errors.ts';

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

export class StateFile {
  readonly path: string;
  state: OrgState;
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
      let entry: { op?: string; kind?: DeleteKind; id?: string; label?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        // A run killed while appending leaves its last line cut: that object was not recorded.
        continue;
      }
      if (!entry || !DELETE_KINDS.includes(entry.kind as DeleteKind) || typeof entry.id !== 'string') continue;
      if (entry.op === 'add') this.state.managed[entry.kind!][entry.id] = String(entry.label ?? '');
      else if (entry.op === 'remove') delete this.state.managed[entry.kind!][entry.id];
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

  remove(kind: DeleteKind, id: string): void {
    delete this.state.managed[kind][id];
    this.append({ op: 'remove', kind, id });
  }

  private dirMade = false;

  private append(entry: { op: 'add' | 'remove'; kind: DeleteKind; id: string; label?: string }): void {
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
