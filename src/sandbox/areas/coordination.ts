// Shapes and rules shared by the coordination areas (part 2, 4.4 to 4.6): person references,
// the coordinator audit trail, delegations, manager relations and the coverage-span clock.
import type { Rec, Store } from '../store.ts';
import { isManager, isOrgAdmin } from '../model.ts';

/** Person reference (part 2, 2.1); `type` is added in chain and coverage lookups. */
export function person(store: Store, id: string | null | undefined, withType = false): Rec | null {
  if (!id) return null;
  const u = store.get('users', id);
  if (!u)
    return withType ? { id, type: 'user', name: null, firstName: null, lastName: null, email: null, avatar: null } : { id, name: null, firstName: null, lastName: null, email: null, avatar: null };
  const ref: Rec = { id: u.id, name: u.name ?? null, firstName: u.firstName ?? null, lastName: u.lastName ?? null, email: u.email ?? null, avatar: u.avatarUrl ?? null };
  return withType ? { ...ref, type: 'user' } : ref;
}

/** Records keep sandbox-only keys under a leading underscore; the API never shows them. */
export function publicView(r: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(r)) if (!k.startsWith('_')) out[k] = v;
  return out;
}

/**
 * Coordinator actions leave audit events in the `coordinator.*` namespace (the shape of part 2,
 * 2.2); GET /coordinator/manager-audit-events reads them. Which operation emits which event is
 * "not shown" (part 1, 6.2): chosen, one event per state-changing coordination request.
 */
export function audit(store: Store, actor: Rec | null, action: string, entityType: string, entityId: string | null, metadata: Rec = {}): Rec {
  return store.insert('auditEvents', 'aud', {
    account: actor?.account ?? 'acc_acme',
    organization: actor?.organization ?? null,
    actor: actor?.id ?? null,
    action: `coordinator.${action}`,
    entityType,
    entityId,
    metadata,
  });
}

/** Coordinators a user oversees: all of the account for an admin, else their manager assignments. */
export function managedCoordinators(store: Store, caller: Rec): string[] | null {
  if (isOrgAdmin(caller)) return null;
  return store.filter('managerAssignments', (m) => m.account === caller.account && m.manager === caller.id).map((m) => m.managedUser);
}

export function manages(store: Store, caller: Rec, coordinatorId: string | null | undefined): boolean {
  if (isOrgAdmin(caller)) return true;
  if (!coordinatorId) return false;
  return !!store.find('managerAssignments', (m) => m.account === caller.account && m.manager === caller.id && m.managedUser === coordinatorId);
}

/** Manager views: `ea_manager` in managerRoles, or organization admin. */
export function mayViewAsManager(caller: Rec): boolean {
  return isOrgAdmin(caller) || isManager(caller);
}

export function liveDelegation(store: Store, coordinator: string, principal: string): Rec | undefined {
  return store.find('delegations', (d) => d.coordinator === coordinator && d.principal === principal && d.status !== 'revoked');
}

/** The principal's coordinator: the default live delegation, else the first active one. */
export function primaryCoordinatorOf(store: Store, principal: string): string | null {
  const live = store.filter('delegations', (d) => d.principal === principal && d.status === 'active');
  return (live.find((d) => d.isDefault) ?? live[0])?.coordinator ?? null;
}

export const ms = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : NaN);

/** [a, b) overlaps [from, to); an open bound (NaN) does not restrict. */
export function overlaps(startAt: string, endAt: string, from: number, to: number): boolean {
  const s = ms(startAt);
  const e = ms(endAt);
  return (Number.isNaN(to) || s < to) && (Number.isNaN(from) || e > from);
}
