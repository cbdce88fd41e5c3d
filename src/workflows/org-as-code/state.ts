// Which objects agnt created from a file. The API has no field to mark an organization's teams,
// members, domains, invitations or rules as "managed", so the record is a local state file:
// $AGNT_CONFIG_DIR/org-state/<host>/<orgId>.json by default, or --state FILE (kept next to the
// document in CI). apply adds an object the moment it has created it; prune deletes only
// objects listed here, so anything made by hand is never deleted.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  }

  has(kind: DeleteKind, id: string): boolean {
    return Object.hasOwn(this.state.managed[kind], id);
  }

  /** Written at once, atomically, after each object is created or deleted: a run stopped halfway keeps what it made. */
  add(kind: DeleteKind, id: string, label: string): void {
    this.state.managed[kind][id] = label;
    this.save();
  }

  remove(kind: DeleteKind, id: string): void {
    delete this.state.managed[kind][id];
    this.save();
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}
