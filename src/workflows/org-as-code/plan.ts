// The diff engine: the document (what should be) against the live organization (what is),
// field by field, as a list of changes grouped by resource in the order apply makes them.
// It sends nothing; apply turns the same changes into requests.
import { canonical, lower, normalizeTeamProfile, ruleKey, assignmentKey, type OrgDoc, type TeamDoc } from './document.ts';
import type { Live } from './live.ts';
import type { DeleteKind, StateFile } from './state.ts';
import { masked } from './secrets.ts';
import { escapeControls } from '../../core/output.ts';

type Rec = Record<string, any>;

/** Apply's order: a later step may need what an earlier one made. */
export const STEPS = ['organization', 'domains', 'sso', 'teams', 'members', 'invitations', 'rules'] as const;
export type Step = (typeof STEPS)[number];

export type Kind =
  | 'organization'
  | 'modelTiers'
  | 'auditLogging'
  | 'profile'
  | 'domain'
  | 'sso'
  | 'team'
  | 'defaultTeam'
  | 'member'
  | 'teamMember'
  | 'teamProfile'
  | 'invitation'
  | 'backupRule'
  | 'managerAssignment';

export interface Change {
  op: 'create' | 'update' | 'delete';
  kind: Kind;
  step: Step;
  /** The object's key in the document: a domain, an e-mail, a team name... */
  key: string;
  /** Field path in the document: sso.enforced, teams[Platform].brandingOnEvents */
  path: string;
  old?: unknown;
  new?: unknown;
  /** For deletes: the --allow-delete kind; for others, the live id when there is one. */
  deleteKind?: DeleteKind;
  id?: string;
  /** Team (name) of team members, profiles and invitations. */
  team?: string;
}

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
}

export interface Plan {
  changes: Change[];
  /** Things seen and deliberately left alone (hand-made objects, what the API cannot change). */
  notes: string[];
}

const isObj = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/** Leaf-level differences of two values: objects are walked, anything else compared whole. */
function leafDiff(path: string, oldV: unknown, newV: unknown, out: Array<{ path: string; old: unknown; new: unknown }>): void {
  if (isObj(oldV) && isObj(newV)) {
    for (const k of [...new Set([...Object.keys(newV), ...Object.keys(oldV)])].sort()) leafDiff(`${path}.${k}`, oldV[k], newV[k], out);
    return;
  }
  if (!same(oldV, newV)) out.push({ path, old: oldV ?? null, new: newV ?? null });
}

export function computePlan(desired: OrgDoc, live: Live, state: StateFile): Plan {
  const changes: Change[] = [];
  const notes: string[] = [];
  const cur = live.doc;
  const fields = (kind: Kind, step: Step, key: string, base: string, oldV: unknown, newV: unknown, extra: Partial<Change> = {}) => {
    const diffs: Array<{ path: string; old: unknown; new: unknown }> = [];
    leafDiff(base, oldV, newV, diffs);
    for (const d of diffs) changes.push({ op: 'update', kind, step, key, ...d, ...extra });
  };
  const unmanaged: string[] = [];
  const gone = (kind: Kind, step: Step, deleteKind: DeleteKind, key: string, path: string, id: string, old: unknown, extra: Partial<Change> = {}) => {
    if (state.has(deleteKind, id)) changes.push({ op: 'delete', kind, step, key, path, old, deleteKind, id, ...extra });
    else unmanaged.push(path);
  };

  let defaultTeamChange: Change | undefined;
  // organization: name and defaults, model tiers, audit logging, profile
  if (desired.organization) {
    const { defaultTeam, ...rest } = desired.organization;
    const live0 = cur.organization!;
    for (const k of Object.keys(rest) as Array<keyof typeof rest>) fields('organization', 'organization', 'organization', `organization.${k}`, live0[k], rest[k]);
    // The default team may be one this run creates, so it is set once teams exist.
    if ('defaultTeam' in desired.organization && lower(live0.defaultTeam) !== lower(defaultTeam)) {
      defaultTeamChange = { op: 'update', kind: 'defaultTeam', step: 'teams', key: 'organization', path: 'organization.defaultTeam', old: live0.defaultTeam ?? null, new: defaultTeam ?? null };
    }
  }
  if (desired.modelTiers) fields('modelTiers', 'organization', 'modelTiers', 'modelTiers', cur.modelTiers, desired.modelTiers);
  if (desired.auditLogging) fields('auditLogging', 'organization', 'auditLogging', 'auditLogging', cur.auditLogging, desired.auditLogging);
  if (desired.profile) {
    if (!cur.profile) changes.push({ op: 'create', kind: 'profile', step: 'organization', key: 'profile', path: 'profile', new: desired.profile });
    else fields('profile', 'organization', 'profile', 'profile', cur.profile, desired.profile);
  }

  // domains
  if (desired.domains) {
    const want = new Map(desired.domains.map((d) => [d.domain, d]));
    const liveDomains = byKey(cur.domains!, (x) => x.domain);
    for (const d of desired.domains) {
      const have = liveDomains.get(d.domain);
      if (!have) changes.push({ op: 'create', kind: 'domain', step: 'domains', key: d.domain, path: `domains[${d.domain}]`, new: { domain: d.domain, autoJoin: d.autoJoin } });
      else {
        const id = live.ids.domains.get(d.domain)?.id;
        fields('domain', 'domains', d.domain, `domains[${d.domain}].autoJoin`, have.autoJoin, d.autoJoin, { id });
        // verified is read-only in the file; apply verifies every domain it manages.
        if (!have.verified) changes.push({ op: 'update', kind: 'domain', step: 'domains', key: d.domain, path: `domains[${d.domain}].verified`, old: false, new: true, id });
      }
    }
    for (const d of cur.domains!)
      if (!want.has(d.domain)) gone('domain', 'domains', 'domains', d.domain, `domains[${d.domain}]`, live.ids.domains.get(d.domain)!.id, { domain: d.domain, autoJoin: d.autoJoin });
  }

  if (desired.sso) fields('sso', 'sso', 'sso', 'sso', cur.sso, desired.sso);

  // teams (their fields; members and profiles come in the members step)
  // Maps, not find() in the loops below: an organization of 20,000 members made the plan quadratic.
  const liveTeams = byKey(cur.teams ?? [], (t) => lower(t.name));
  const liveTeam = (name: string): TeamDoc | undefined => liveTeams.get(lower(name));
  if (desired.teams) {
    const want = new Set(desired.teams.map((t) => lower(t.name)));
    for (const t of desired.teams) {
      const have = liveTeam(t.name);
      const id = live.ids.teams.get(lower(t.name))?.id;
      const body = { status: t.status, brandingOnEvents: t.brandingOnEvents, brandingOnMessages: t.brandingOnMessages };
      if (!have) changes.push({ op: 'create', kind: 'team', step: 'teams', key: t.name, path: `teams[${t.name}]`, new: { name: t.name, ...body } });
      else fields('team', 'teams', t.name, `teams[${t.name}]`, { status: have.status, brandingOnEvents: have.brandingOnEvents, brandingOnMessages: have.brandingOnMessages }, body, { id });
    }
    for (const t of cur.teams!) {
      if (!want.has(lower(t.name))) gone('team', 'teams', 'teams', t.name, `teams[${t.name}]`, live.ids.teams.get(lower(t.name))!.id, { name: t.name, status: t.status });
    }
  }

  if (defaultTeamChange) changes.push(defaultTeamChange);

  // members of the organization, then of each team, then team profiles (a team admin's job)
  if (desired.members) {
    const want = new Set(desired.members.map((m) => m.email));
    const liveMembers = byKey(cur.members!, (x) => x.email);
    for (const m of desired.members) {
      const have = liveMembers.get(m.email);
      if (!have) changes.push({ op: 'create', kind: 'member', step: 'members', key: m.email, path: `members[${m.email}]`, new: { email: m.email, role: m.role } });
      else fields('member', 'members', m.email, `members[${m.email}].role`, have.role, m.role, { id: live.ids.userByEmail.get(m.email) });
    }
    for (const m of cur.members!) {
      if (!want.has(m.email)) gone('member', 'members', 'members', m.email, `members[${m.email}]`, live.ids.userByEmail.get(m.email) ?? m.email, { email: m.email, role: m.role });
    }
  }
  for (const t of desired.teams ?? []) {
    const have = liveTeam(t.name);
    const teamId = live.ids.teams.get(lower(t.name))?.id;
    if (t.members) {
      // The owner goes first: a new team has none, and members join under one.
      const ordered = [...t.members].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
      const want = new Set(t.members.map((m) => m.email));
      const liveTeamMembers = byKey(have?.members ?? [], (x) => x.email);
      for (const m of ordered) {
        const cm = liveTeamMembers.get(m.email);
        const base = `teams[${t.name}].members[${m.email}]`;
        if (!cm) changes.push({ op: 'create', kind: 'teamMember', step: 'members', key: m.email, team: t.name, path: base, new: { email: m.email, role: m.role, status: m.status } });
        else fields('teamMember', 'members', m.email, base, { role: cm.role, status: cm.status }, { role: m.role, status: m.status }, { team: t.name, id: live.ids.userByEmail.get(m.email) });
      }
      for (const cm of have?.members ?? []) {
        if (want.has(cm.email)) continue;
        const uid = live.ids.userByEmail.get(cm.email) ?? cm.email;
        gone('teamMember', 'members', 'team-members', cm.email, `teams[${t.name}].members[${cm.email}]`, `${teamId}/${uid}`, { email: cm.email, role: cm.role }, { team: t.name });
      }
    }
    if (t.profile) {
      if (!have?.profile) {
        if (have) notes.push(`teams[${t.name}].profile: cannot be read (team members only); not compared`);
        // A team made by this apply starts with the empty profile: only a profile that says more is sent.
        else if (canonical(t.profile) !== canonical(normalizeTeamProfile({})))
          changes.push({ op: 'update', kind: 'teamProfile', step: 'members', key: t.name, team: t.name, path: `teams[${t.name}].profile`, old: null, new: t.profile });
      } else fields('teamProfile', 'members', t.name, `teams[${t.name}].profile`, have.profile, t.profile, { team: t.name });
    }
  }

  // pending invitations
  if (desired.invitations) {
    const k = (i: { team: string; email: string }) => `${lower(i.team)}\u0000${i.email}`;
    const want = new Set(desired.invitations.map(k));
    const have = new Set(cur.invitations!.map(k));
    for (const i of desired.invitations)
      if (!have.has(k(i))) changes.push({ op: 'create', kind: 'invitation', step: 'invitations', key: i.email, team: i.team, path: `invitations[${i.team}/${i.email}]`, new: i });
    for (const i of cur.invitations!)
      if (!want.has(k(i))) gone('invitation', 'invitations', 'invitations', i.email, `invitations[${i.team}/${i.email}]`, live.ids.invitations.get(k(i))!, i, { team: i.team });
  }

  // backup routing rules and manager assignments
  if (desired.backupRules) {
    const label = (key: string) => (key === 'default' ? 'default' : key.replace('\u0000', '/'));
    const want = new Map(desired.backupRules.map((r) => [ruleKey(r), r]));
    const liveRules = byKey(cur.backupRules!, ruleKey);
    for (const r of desired.backupRules) {
      const key = ruleKey(r);
      const have = liveRules.get(key);
      if (!have) changes.push({ op: 'create', kind: 'backupRule', step: 'rules', key, path: `backupRules[${label(key)}]`, new: r });
      // No endpoint changes a rule: apply replaces it (delete, then create).
      else if (have.backupCoordinator !== r.backupCoordinator)
        changes.push({
          op: 'update',
          kind: 'backupRule',
          step: 'rules',
          key,
          path: `backupRules[${label(key)}].backupCoordinator`,
          old: have.backupCoordinator,
          new: r.backupCoordinator,
          id: live.ids.backupRules.get(key),
        });
    }
    for (const r of cur.backupRules!) {
      const key = ruleKey(r);
      if (!want.has(key)) gone('backupRule', 'rules', 'backup-rules', key, `backupRules[${label(key)}]`, live.ids.backupRules.get(key)!, r);
    }
  }
  if (desired.managerAssignments) {
    const want = new Set(desired.managerAssignments.map(assignmentKey));
    const have = new Set(cur.managerAssignments!.map(assignmentKey));
    for (const m of desired.managerAssignments)
      if (!have.has(assignmentKey(m)))
        changes.push({ op: 'create', kind: 'managerAssignment', step: 'rules', key: assignmentKey(m), path: `managerAssignments[${m.manager}/${m.managedUser}]`, new: m });
    for (const m of cur.managerAssignments!)
      if (!want.has(assignmentKey(m))) notes.push(`managerAssignments[${m.manager}/${m.managedUser}]: not in the file, kept (the API has no way to remove a manager assignment)`);
  }

  if (unmanaged.length) notes.push(`${unmanaged.length} object(s) not in the file were not created by agnt from a file and are kept: ${unmanaged.join(', ')}`);
  changes.sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step));
  return { changes, notes };
}

/** The first record for each key, as find() would have returned it. */
function byKey<T>(list: readonly T[], key: (x: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const x of list) {
    const k = key(x);
    if (!map.has(k)) map.set(k, x);
  }
  return map;
}

export function summarize(changes: Change[]): PlanSummary {
  return { create: changes.filter((c) => c.op === 'create').length, update: changes.filter((c) => c.op === 'update').length, delete: changes.filter((c) => c.op === 'delete').length };
}

/** A change fit to print or save: secrets masked. */
export function publicChange(c: Change, secrets: string[]): Rec {
  const leaf = c.path.split('.').pop() ?? '';
  const out: Rec = { op: c.op, kind: c.kind, step: c.step, path: c.path };
  if (c.op !== 'create') out.old = masked(c.old, secrets, leaf);
  if (c.op !== 'delete') out.new = masked(c.new, secrets, leaf);
  if (c.deleteKind) out.deleteKind = c.deleteKind;
  return out;
}

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v));

/** The changes grouped by step, in order, one line per field (the terminal's plan and the markdown comment's). */
export function planGroups(changes: Rec[]): Array<{ name: string; lines: string[] }> {
  const groups: Array<{ name: string; lines: string[] }> = [];
  for (const step of STEPS) {
    const here = changes.filter((c) => c.step === step);
    if (!here.length) continue;
    groups.push({
      name: step,
      lines: here.map((c) =>
        c.op === 'create'
          ? `+ ${c.path}  ${show(c.new)}`
          : c.op === 'delete'
            ? `- ${c.path}  (created by agnt; deleted only with --prune --allow-delete ${c.deleteKind})`
            : `~ ${c.path}: ${show(c.old)} -> ${show(c.new)}`,
      ),
    });
  }
  return groups;
}

/** The plan for a terminal or a log: grouped by step, one line per field. */
export function renderPlan(header: string, changes: Rec[], notes: string[]): string {
  const lines = [header];
  for (const g of planGroups(changes)) lines.push('', `${g.name}:`, ...g.lines.map((l) => `  ${l}`));
  if (notes.length) lines.push('', ...notes.map((n) => `note: ${n}`));
  return `${lines.map(escapeControls).join('\n')}\n`;
}
