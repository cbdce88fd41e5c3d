// Role checks and audit recording shared by the organization, team and organization-request
// areas (part 2, 4.1 to 4.3). Not an area itself.
import { forbidden, notFound } from '../http.ts';
import type { Rec, Store } from '../store.ts';

/** Organizations are visible to the users of their account; others get 404, not 403. */
export function findOrg(store: Store, caller: Rec, id: string): Rec {
  const o = store.get('organizations', id);
  if (!o || (o.account !== caller.account && caller.organization !== o.id)) notFound('organization', id);
  return o!;
}

/**
 * Organization admin of `org`: an admin member of it, or a user listed in its `admins`
 * (chosen: whoever creates an organization administers it without leaving their own, because
 * a user record holds a single organization).
 */
export function isAdminOf(caller: Rec, org: Rec): boolean {
  return (caller.organization === org.id && caller.organizationRole === 'admin') || (Array.isArray(org.admins) && org.admins.includes(caller.id));
}

export function isMemberOf(caller: Rec, org: Rec): boolean {
  return caller.organization === org.id || isAdminOf(caller, org);
}

export function requireOrgAdmin(caller: Rec, org: Rec): void {
  if (!isAdminOf(caller, org)) forbidden(`organization admin of ${org.id} required`);
}

export function requireOrgMember(caller: Rec, org: Rec): void {
  if (!isMemberOf(caller, org)) forbidden(`you are not a member of organization ${org.id}`);
}

export function findTeam(store: Store, caller: Rec, id: string): Rec {
  const t = store.get('teams', id);
  if (!t || t.account !== caller.account) notFound('team', id);
  return t!;
}

/** Team admin: the team's owner or an admin of it, or an admin of the team's organization. */
export function isTeamAdmin(store: Store, caller: Rec, team: Rec): boolean {
  if (caller.team === team.id && ['owner', 'admin'].includes(caller.teamRole) && teamStatusOf(caller) === 'active') return true;
  const org = team.organization ? store.get('organizations', team.organization) : undefined;
  return !!org && isAdminOf(caller, org);
}

export function requireTeamAdmin(store: Store, caller: Rec, team: Rec): void {
  if (!isTeamAdmin(store, caller, team)) forbidden(`team owner or admin of ${team.id} (or organization admin) required`);
}

/** Chosen: a membership's status lives next to user.team/teamRole; absent means active. */
export function teamStatusOf(u: Rec): string {
  return u.teamStatus ?? 'active';
}

export function activeMembers(store: Store, teamId: string): Rec[] {
  return store.filter('users', (u) => u.team === teamId && u.status === 'active' && teamStatusOf(u) === 'active');
}

/** An owner may not leave a team that still has other active members without handing it on. */
export function ownsTeamWithOthers(store: Store, u: Rec): boolean {
  return !!u.team && u.teamRole === 'owner' && activeMembers(store, u.team).some((m) => m.id !== u.id);
}

/**
 * Records an audit event (part 2, 2.2) for a change made through these endpoints. Metadata
 * must never carry secrets (the SCIM token is never passed here).
 */
export function recordEvent(
  store: Store,
  orgId: string | null | undefined,
  actor: Rec | null,
  action: string,
  entityType: string,
  entityId: string | null,
  metadata: Record<string, unknown> = {},
): void {
  // Events belong to an organization; a change to a team outside any organization has no log.
  if (!orgId) return;
  const org = store.get('organizations', orgId);
  if (!org) return;
  store.insert('auditEvents', 'aev', { account: org.account, organization: orgId, actor: actor?.id ?? null, action, entityType, entityId, metadata });
}

/**
 * The account an organization-level claim is made for: that of the caller's organization
 * (a user's own account field may differ from it, as the seeded usr_globex's does).
 */
export function accountOf(store: Store, caller: Rec): string {
  const org = caller.organization ? store.get('organizations', caller.organization) : undefined;
  return org?.account ?? caller.account;
}

export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
