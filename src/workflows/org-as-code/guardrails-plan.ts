// An org plan in the guardrails' terms: each change (and each member's supervision change) as a
// Touch (core/guardrails/check.ts), so that apply checks the whole plan before its first write
// and the hook need not stop it half way.
import { MATRIX_CELLS, MODE_RANK, type MatrixCell } from '../../api/supervision.ts';
import type { Touch, TouchedMember } from '../../core/guardrails/check.ts';
import type { ChangeKind } from '../../core/guardrails/rules.ts';
import { lower, type OrgDoc } from './document.ts';
import type { Live } from './live.ts';
import type { Change } from './plan.ts';
import type { SupervisionPlan } from './supervision-plan.ts';

const looser = (next: string | null, now: string | null): boolean => (next === null ? false : now === null ? next === 'auto' : (MODE_RANK[next] ?? 0) < (MODE_RANK[now] ?? 0));

export function planTouches(changes: readonly Change[], supervision: SupervisionPlan | undefined, desired: OrgDoc, live: Live): Touch[] {
  const role = new Map<string, string>((live.doc.members ?? []).map((m) => [m.email, m.role]));
  for (const m of desired.members ?? []) if (!role.has(lower(m.email))) role.set(lower(m.email), m.role);
  const team = new Map<string, string>();
  for (const t of live.doc.teams ?? []) for (const m of t.members ?? []) team.set(m.email, t.name);
  const member = (email: string, inTeam?: string): TouchedMember => ({ email: lower(email), team: inTeam ?? team.get(lower(email)) ?? null, role: role.get(lower(email)) ?? 'member' });
  const out: Touch[] = [];
  for (const c of changes) {
    const sign = c.op === 'create' ? '+' : c.op === 'delete' ? '-' : '~';
    const isRole = c.op === 'update' && (c.kind === 'member' || c.kind === 'teamMember') && c.path.endsWith('.role');
    const kinds: ChangeKind[] = [c.op === 'delete' ? 'delete' : isRole ? 'role' : c.op];
    const t: Touch = { label: `${sign} ${c.path}`, kinds, removes: c.op === 'delete' && (c.kind === 'member' || c.kind === 'teamMember' || c.kind === 'team') };
    if (c.kind === 'member') t.member = member(c.key);
    if (c.kind === 'teamMember') {
      t.member = member(c.key, c.team);
      t.team = c.team;
    }
    if (c.kind === 'team' || c.kind === 'teamProfile') t.team = c.kind === 'team' ? c.key : c.team;
    out.push(t);
  }
  for (const m of supervision?.members ?? []) {
    const autoCells: MatrixCell[] = m.cells.filter((x) => x.new.mode === 'auto').map((x) => x.cell);
    for (const e of m.add) if (e.mode === 'auto') autoCells.push(...(e.appliesTo.length ? e.appliesTo : MATRIX_CELLS));
    const loosens: MatrixCell[] = m.cells.filter((x) => looser(x.new.mode, x.old.mode)).map((x) => x.cell);
    // An exception taken away that held a cell stricter than auto loosens it.
    for (const e of m.remove) if (e.mode !== 'auto') loosens.push(...e.appliesTo);
    const removedAll = m.remove.some((e) => e.mode !== 'auto' && !e.appliesTo.length);
    out.push({ label: `~ supervision of ${m.email}`, kinds: ['supervision'], member: member(m.email, m.team ?? undefined), autoCells, loosens: removedAll ? 'all' : loosens });
  }
  return out;
}
