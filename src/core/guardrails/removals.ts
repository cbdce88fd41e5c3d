// Endpoints that take a member out of the organization or a team, or delete a team (besides any
// DELETE): what the guardrails count as removals, for a request (touch.ts) and in the change
// journal (the per-day limit). A module of its own: the hook and the checks both read it.
export const REMOVALS: ReadonlySet<string> = new Set(['orgs.members.delete', 'users.delete', 'users.deprovision', 'teams.members.delete', 'teams.delete']);
