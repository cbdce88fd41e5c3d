// Readable terminal views of an onboarding session and of a finalize summary.
import { cellText, escapeControls } from '../core/output.ts';
import { grid } from './matrix-grid.ts';

type Obj = Record<string, any>;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v : []);
const s = (v: unknown): string => escapeControls(cellText(v));

export function session(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Obj;
  const b: Obj = d.briefing ?? {};
  const out: string[] = [`Session ${s(d.id)}: ${s(d.status)}${d.completedAt ? ` (completed ${s(d.completedAt)})` : ''}`];
  const findings = arr(b.findings);
  out.push('', `Findings (${findings.length}):`);
  if (findings.length) {
    out.push(
      grid(
        ['ID', 'REVIEW', 'CATEGORY', 'FINDING'],
        findings.map((f) => [cellText(f.id ?? f.findingId), cellText(f.reviewState ?? 'pending'), cellText(f.category), cellText(f.summary ?? f.title ?? f.text ?? f.value)]),
      ),
    );
  }
  const proposals = arr(b.workflowProposals);
  out.push('', `Workflow proposals (${proposals.length}):`);
  if (proposals.length) {
    out.push(
      grid(
        ['ID', 'REVIEW', 'CATEGORY', 'SENTENCE'],
        proposals.map((p) => [cellText(p.proposalId), cellText(p.reviewState ?? 'pending'), cellText(p.category), cellText(p.userEditedSentence ?? p.sentence)]),
      ),
    );
  }
  const labels = arr(b.weekLabels);
  out.push('', `Week labels: ${labels.length}`, `Staged memories: ${arr(b.stagedMemories).length}`);
  if (d.lastError) out.push(`Last error: ${s(d.lastError)}`);
  return out.join('\n');
}

export function finalize(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Obj;
  const sum: Obj = d.summary ?? {};
  const yes = (v: unknown) => (v ? 'yes' : 'no');
  const out = [`Session ${s(d.sessionId)} finalized.`, ''];
  const rows: Array<[string, string]> = [
    ['Preferences applied', yes(sum.appliedPreferences)],
    ['Memories saved', s(sum.savedMemoryCount ?? 0)],
    ['Contacts created', s(sum.contactsCreated ?? 0)],
    ['Contacts updated', s(sum.contactsUpdated ?? 0)],
    ['Companies upserted', s(sum.companiesUpsertedCount ?? 0)],
    ['Week labels applied', s(sum.weekLabelsApplied ?? 0)],
  ];
  if (sum.ownCompanyId) rows.push(['Own company', s(sum.ownCompanyId)]);
  const skills = Array.isArray(sum.skillsInstalled) ? sum.skillsInstalled : [];
  rows.push(['Skills installed', skills.length ? s(skills) : 'none']);
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) out.push(`  ${k.padEnd(w)}   ${v}`);
  const breakdown = arr(sum.memoryBreakdown).filter((m) => m.count);
  if (breakdown.length) out.push('', '  Memories by category: ' + breakdown.map((m) => `${s(m.category)} ${s(m.count)}`).join(', '));
  const jobs = arr(sum.asyncWorkflowJobs);
  if (jobs.length) {
    out.push('', 'Workflow jobs:');
    out.push(
      grid(
        ['PROPOSAL', 'STATUS', 'SKILL', 'ERROR'],
        jobs.map((j) => [cellText(j.proposalId), cellText(j.status), cellText(j.skillId), cellText(j.error)]),
      ).replace(/^/gm, '  '),
    );
  }
  const notes = Array.isArray(sum.notes) ? sum.notes : [];
  if (notes.length) out.push('', 'Notes:', ...notes.map((n: unknown) => `  - ${s(n)}`));
  return out.join('\n');
}
