// Portable references. A document names a team by its name, a user by e-mail, an assistant by its
// e-mail (or its name where it has none) and a domain by its name: keys that mean the same on any
// server, so one document drives a sandbox, a staging tenant and production. Server ids live in
// the state file only. A document written with ids (the format before) is still read: each id is
// replaced by its portable key, with a note naming both. A key that matches more than one object
// is never guessed: plan and apply stop before any write (exit 2), naming each candidate.
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { lower, type OrgDoc } from './document.ts';
import { readAll, type Live } from './live.ts';
import { groupBy } from '../../core/group-by.ts';

type Rec = Record<string, any>;

/** The assistants the organization may name as its default: its own, and its account's. */
const usable = (a: Rec, live: Live): boolean =>
  !a.deletedAt && ((a.scope === 'organization' && a.organization === live.ids.orgId) || (a.scope === 'account' && (!live.org.account || a.account === live.org.account)));

const describeAssistant = (a: Rec): string => `${a.id} (${a.email || a.name})`;

/**
 * Rewrites `doc` (a resolved copy of the document) so that every reference is a portable key,
 * and records in `live.ids.assistantIds` the id of the assistant it names. Returns the notes for
 * the ids it replaced; throws a usage error naming every ambiguous or unknown reference.
 */
export async function portableReferences(ctx: Context, doc: OrgDoc, live: Live, file: string): Promise<string[]> {
  const problems: string[] = [];
  /** id -> its portable key and where the document wrote it. */
  const replaced = new Map<string, { key: string; paths: string[] }>();
  const replace = (id: string, key: string, path: string): string => {
    const r = replaced.get(id) ?? { key, paths: [] };
    r.paths.push(path);
    replaced.set(id, r);
    return key;
  };

  // Teams: by name; an id is read as the team it names.
  const teamsByName = groupBy(live.ids.teamList, (t) => lower(t.name));
  const teamById = new Map(live.ids.teamList.map((t) => [String(t.id), t]));
  const team = (path: string, value: string, byId = true): string => {
    const found = teamsByName.get(lower(value)) ?? [];
    if (found.length > 1) problems.push(`${path}: team '${value}' matches ${found.length} teams of ${live.ids.orgId}: ${found.map((t) => t.id).join(', ')}`);
    if (!found.length && byId && teamById.has(value)) return replace(value, teamById.get(value)!.name, path);
    return value;
  };
  for (const t of doc.teams ?? []) team(`teams[${t.name}]`, t.name, false);
  if (doc.organization?.defaultTeam) doc.organization.defaultTeam = team('organization.defaultTeam', doc.organization.defaultTeam);
  for (const inv of doc.invitations ?? []) inv.team = team(`invitations[${inv.team}/${inv.email}].team`, inv.team);

  // Users: by e-mail; a user id is read as the user it names.
  const told = new Set<string>();
  const emailById = new Map([...live.ids.emailByUser].map(([id, e]) => [lower(id), e]));
  const user = <T extends string | null>(path: string, value: T): T => {
    if (value === null) return value;
    const ids = live.ids.usersByEmail.get(lower(value)) ?? [];
    // Said once per e-mail, at its first place, however often the document names it.
    if (ids.length > 1 && !told.has(lower(value))) {
      told.add(lower(value));
      problems.push(`${path}: e-mail ${value} matches ${ids.length} users: ${ids.join(', ')}`);
    }
    if (!value.includes('@') && emailById.has(lower(value))) return replace(value, emailById.get(lower(value))!, path) as T;
    return value;
  };
  for (const m of doc.members ?? []) user(`members[${m.email}]`, m.email);
  for (const t of doc.teams ?? []) for (const m of t.members ?? []) user(`teams[${t.name}].members[${m.email}]`, m.email);
  for (const inv of doc.invitations ?? []) user(`invitations[${inv.team}/${inv.email}].email`, inv.email);
  for (const t of doc.teams ?? []) if (t.profile?.lead) t.profile.lead = user(`teams[${t.name}].profile.lead`, t.profile.lead);
  // Paths as the plan writes them (the document's keys, as written), not list positions.
  for (const r of doc.backupRules ?? []) {
    const at = `backupRules[${r.isOrgDefault ? 'default' : `${r.primaryCoordinator ?? '*'}/${r.principal ?? '*'}`}]`;
    r.primaryCoordinator = user(`${at}.primaryCoordinator`, r.primaryCoordinator);
    r.principal = user(`${at}.principal`, r.principal);
    r.backupCoordinator = user(`${at}.backupCoordinator`, r.backupCoordinator);
  }
  for (const m of doc.managerAssignments ?? []) {
    const at = `managerAssignments[${m.manager}/${m.managedUser}]`;
    m.manager = user(`${at}.manager`, m.manager);
    m.managedUser = user(`${at}.managedUser`, m.managedUser);
  }

  // The default assistant: by e-mail, or by name (where it has no e-mail, or the writer chose it);
  // an id is read as the assistant it is.
  const want = doc.organization?.defaultAssistant;
  if (want) {
    const path = 'organization.defaultAssistant';
    const current = live.ids.assistant;
    let hit: { id: string; key: string } | undefined;
    if (current && (want === current.id || lower(want) === lower(current.key))) hit = current;
    else {
      const visible = (await readAll(ctx, 'assistants.list')).filter((a) => usable(a, live));
      const byId = visible.filter((a) => a.id === want);
      const found = byId.length ? byId : want.includes('@') ? visible.filter((a) => lower(a.email) === lower(want)) : visible.filter((a) => lower(a.name) === lower(want));
      if (found.length > 1) problems.push(`${path}: '${want}' matches ${found.length} assistants: ${found.map(describeAssistant).join(', ')}`);
      else if (!found.length) problems.push(`${path}: no assistant '${want}' visible to you is an organization or account assistant of ${live.ids.orgId}`);
      else hit = { id: found[0]!.id, key: String(found[0]!.email || found[0]!.name) };
    }
    if (hit) {
      if (want === hit.id && hit.key !== hit.id) replace(want, hit.key, path);
      doc.organization!.defaultAssistant = hit.key;
      live.ids.assistantIds.set(hit.key, hit.id);
    }
  }

  if (problems.length)
    throw new UsageError(`${file}: ${problems.join('; ')}; nothing was written`, 'name each object by a key that matches one object only (rename one of the candidates, or fix the key)');
  return [...replaced].map(([id, r]) => `${r.paths.join(', ')}: ${id} is a server id; its portable key is ${r.key} (write that instead: ids differ between servers)`);
}
