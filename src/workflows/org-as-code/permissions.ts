// What the caller will not be allowed to do, found before any write: a plan names these steps
// and apply refuses to start, rather than stopping halfway at a 403. The rules are the API's:
// a new team goes to the caller's own organization (POST /teams takes none), and a team's
// profile is set by a team admin (owner or admin) of that team only.
import { lower, type OrgDoc } from './document.ts';
import type { Live } from './live.ts';
import type { Change } from './plan.ts';

type Rec = Record<string, any>;

const TEAM_ADMIN = new Set(['owner', 'admin']);

/** One line per change the caller (`me`, as GET /users/me) cannot make. */
export function forbiddenSteps(changes: Change[], desired: OrgDoc, live: Live, me: Rec, orgId: string): string[] {
  const out: string[] = [];
  const myEmail = lower(me.email ?? '');
  for (const c of changes) {
    if (c.kind === 'team' && c.op === 'create' && me.organization && me.organization !== orgId) {
      out.push(`teams[${c.key}]: a new team goes to your own organization (${me.organization}), not ${orgId}`);
    }
    if (c.kind === 'teamProfile') {
      const team = desired.teams?.find((t) => lower(t.name) === lower(c.team ?? ''));
      const listed = team?.members?.find((m) => lower(m.email) === myEmail);
      const liveId = live.ids.teams.get(lower(c.team ?? ''))?.id;
      // After the members step: the document's role for the caller, else the caller's role now.
      const admin = listed ? TEAM_ADMIN.has(String(listed.role)) : Boolean(liveId && me.team && (me.team.id ?? me.team) === liveId && TEAM_ADMIN.has(String(me.teamRole)));
      if (!admin)
        out.push(
          `teams[${c.team}].profile: only an owner or admin of team '${c.team}' may set it, and ${me.email ?? 'you'} will not be one (list yourself in teams[${c.team}].members as owner or admin, or leave the profile out)`,
        );
    }
  }
  return out;
}
