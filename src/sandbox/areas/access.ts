// Who may act on a user's own data (drive, preferences): the user themself, or an admin of the
// user's organization. Chosen where the spec names no role for these paths.
import { forbidden, notFound } from '../http.ts';
import { isOrgAdmin, sameOrg } from '../model.ts';
import type { Rec, Store } from '../store.ts';

export function mayActFor(caller: Rec, u: Rec | undefined): boolean {
  return !!u && (u.id === caller.id || (isOrgAdmin(caller) && sameOrg(caller, u)));
}

/**
 * The user a /users/{userId} path names: 404 outside the account, 403 when not allowed. The id
 * is an id: the spec documents `me` only as the literal paths /users/me and /me/profile.
 */
export function pathUser(store: Store, caller: Rec, id: string, what: string): Rec {
  const u = store.get('users', id);
  if (!u || u.account !== caller.account) notFound('user', id);
  if (!mayActFor(caller, u)) forbidden(`you may not access the ${what} of user ${u!.id}`);
  return u!;
}
