// Where the org-as-code commands meet the supervision section: each hook is one call from
// handlers.ts, so that the section's reading, planning and tests live beside its model.
import type { Context } from '../../core/context.ts';
import { ApiError } from '../../core/errors.ts';
import { lower, type OrgDoc } from './document.ts';
import type { Live } from './live.ts';
import { factorSupervision, type LiveMatrixMember } from './supervision-export.ts';
import { resolve, runTests, type Member, type SupervisionDoc, type TestResult } from './supervision-model.ts';
import { membersOf, planSupervision, readMatrices, type LiveMatrix, type SupervisionPlan } from './supervision-plan.ts';

/** plan, apply and drift: the section against the live matrices (nothing read without a section). */
export async function prepareSupervision(ctx: Context, desired: OrgDoc, live: Live): Promise<SupervisionPlan | undefined> {
  if (!desired.supervision) return undefined;
  const members = membersOf(desired, live);
  const matrices = await readMatrices(
    ctx,
    members.filter((m) => m.userId).map((m) => ({ email: m.email, userId: m.userId! })),
  );
  return planSupervision(desired.supervision, members, matrices);
}

/** export: the live matrices factored into a baseline and rules; undefined when they cannot be read. */
export async function exportSupervision(ctx: Context, live: Live): Promise<SupervisionDoc | undefined> {
  const members = membersOf(live.doc, live).filter((m) => m.userId);
  let matrices: Map<string, LiveMatrix | null>;
  try {
    matrices = await readMatrices(
      ctx,
      members.map((m) => ({ email: m.email, userId: m.userId! })),
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) {
      ctx.io.warn(`supervision left out: the members' matrices cannot be read with this token (${e.message})`);
      return undefined;
    }
    throw e;
  }
  const withMatrix: LiveMatrixMember[] = [];
  const without: string[] = [];
  for (const m of members) {
    const x = matrices.get(m.email);
    if (x) withMatrix.push({ email: m.email, team: m.team, role: m.role, cells: x.cells, exceptions: x.exceptions.map(({ id: _i, createdBy: _c, ...e }) => e) });
    else without.push(m.email);
  }
  if (without.length)
    ctx.io.warn(`supervision: ${without.length} member(s) have no primary identifier and hold no matrix (${without.slice(0, 5).join(', ')}${without.length > 5 ? ', ...' : ''}); see agnt org plan`);
  return factorSupervision(withMatrix);
}

/** The members a file names (members, teams[].members, user rules), with the team and role it gives them. */
export function fileMembers(doc: OrgDoc): Member[] {
  const out = new Map<string, Member>();
  for (const m of doc.members ?? []) out.set(lower(m.email), { email: lower(m.email), team: null, role: m.role ?? 'member' });
  for (const t of doc.teams ?? [])
    for (const m of t.members ?? []) {
      const e = lower(m.email);
      out.set(e, { email: e, team: t.name, role: out.get(e)?.role ?? 'member' });
    }
  for (const r of doc.supervision?.rules ?? []) for (const u of [r.match.user ?? []].flat()) if (!out.has(lower(u))) out.set(lower(u), { email: lower(u), team: null, role: 'member' });
  return [...out.values()].sort((a, b) => (a.email < b.email ? -1 : 1));
}

/** The file's tests on the matrices the file itself implies for these members (a cell it does not name: unset). */
export function testsOnFile(s: SupervisionDoc, members: Member[]): TestResult[] {
  const resolved = new Map(members.map((m) => [m.email, resolve(s, m)]));
  return runTests(s.tests ?? [], members, (m, cell) => resolved.get(m.email)!.cells.get(cell)?.value.mode ?? null);
}
