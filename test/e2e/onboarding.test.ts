import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-onboarding-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('onboarding', () => {
  it('says so, with exit 0 and nothing on stdout, when the user never ran onboarding (204)', async () => {
    const r = await agnt(['onboarding', 'current'], { sb, as: 'backup' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/never ran onboarding/);
    expect(sb.requests.at(-1)).toMatchObject({ path: '/onboarding/sessions/current-or-latest', status: 204 });
    const json = await agnt(['onboarding', 'current', '--json'], { sb, as: 'backup' });
    expect(json.exitCode).toBe(0);
    expect(json.stdout).toBe('');
    expect(await agntJson(['onboarding', 'list'], { sb, as: 'backup' })).toEqual([]);
  });

  it('runs the whole pipeline from run to finalize', async () => {
    const as = 'coordinator';
    // run: 202, one at a time
    const run = await agntJson(['onboarding', 'run'], { sb, as });
    expect(run).toEqual({ sessionId: expect.stringMatching(/^obs_/), status: 'in_progress' });
    expect(sb.requests.at(-1)).toMatchObject({ method: 'POST', path: '/onboarding/run', status: 202, body: {} });
    const id = run.sessionId as string;
    const again = await agnt(['onboarding', 'run'], { sb, as });
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toMatch(/already in progress/);

    expect((await agnt(['onboarding', 'list', '-o', 'id'], { sb, as })).stdout).toBe(`${id}\n`);
    const current = await agntJson(['onboarding', 'current'], { sb, as });
    expect(current).toMatchObject({ id, status: 'in_progress', findingsCount: 4, pendingWorkflowProposalsCount: 0, nextStep: expect.stringContaining('findings') });

    const session = await agntJson(['onboarding', 'get', id], { sb, as });
    expect(session.briefing.findings.map((f: { id: string }) => f.id)).toEqual(['fnd_timezone', 'fnd_hours', 'fnd_contact', 'fnd_company']);

    // review findings: confirm, edit with user edits, reject, skip
    await agntJson(['onboarding', 'findings', 'review', id, 'fnd_hours', '--state', 'confirmed'], { sb, as });
    await agntJson(['onboarding', 'findings', 'review', id, 'fnd_contact', '--state', 'edited', '--user-edits', '{"name": "Erin P. Partner", "email": "erin.p@partner.test"}'], { sb, as });
    await agntJson(['onboarding', 'findings', 'review', id, 'fnd_company', '--state', 'rejected'], { sb, as });
    const reviewed = await agntJson(['onboarding', 'findings', 'review', id, 'fnd_timezone', '--state', 'skipped'], { sb, as });
    expect(reviewed.briefing.findings.map((f: { reviewState: string }) => f.reviewState)).toEqual(['skipped', 'confirmed', 'edited', 'rejected']);
    expect(reviewed.briefing.findings[2].userEdits).toEqual({ name: 'Erin P. Partner', email: 'erin.p@partner.test' });
    const bad = await agnt(['onboarding', 'findings', 'review', id, 'fnd_hours', '--state', 'maybe'], { sb, as });
    expect(bad.exitCode).toBe(2);
    expect((await agnt(['onboarding', 'findings', 'review', id, 'fnd_nope', '--state', 'confirmed'], { sb, as })).exitCode).toBe(3);

    // answers; earned answers generate proposals now that a finding is confirmed
    const upFront = await agntJson(['onboarding', 'answers', 'up-front', id, '--role-one-liner', 'Coordinator for the exec team', '--scheduling-annoyance', 'double bookings'], { sb, as });
    expect(upFront.upFrontAnswers).toEqual({ roleOneLiner: 'Coordinator for the exec team', schedulingAnnoyance: 'double bookings' });
    const answers = join(dir, 'answers.yaml');
    writeFileSync(answers, 'meetingsPerWeek: 25\nprotectMornings: true\n');
    const earned = await agntJson(['onboarding', 'answers', 'earned', id, '--file', answers], { sb, as });
    expect(earned.earnedAnswers).toEqual({ meetingsPerWeek: 25, protectMornings: true });
    const proposals = earned.briefing.workflowProposals.map((p: { proposalId: string }) => p.proposalId);
    expect(proposals).toEqual(['wfp_followups', 'wfp_briefing', 'wfp_protect_focus']);

    // review proposals: accept, edit with a new sentence, reject
    await agntJson(['onboarding', 'proposals', 'review', id, 'wfp_followups', '--state', 'accepted'], { sb, as });
    const noSentence = await agnt(['onboarding', 'proposals', 'review', id, 'wfp_briefing', '--state', 'edited'], { sb, as });
    expect(noSentence.exitCode).toBe(5);
    await agntJson(['onboarding', 'proposals', 'review', id, 'wfp_briefing', '--state', 'edited', '--sentence', 'Brief me at 07:45 on weekdays'], { sb, as });
    const table = await agnt(['onboarding', 'proposals', 'review', id, 'wfp_protect_focus', '--state', 'rejected'], { sb, as });
    expect(table.stdout).toMatch(/^wfp_briefing\s+edited\s+briefings\s+Brief me at 07:45 on weekdays$/m);
    expect(table.stdout).toMatch(/^wfp_protect_focus\s+rejected\s+calendar\s+/m);

    // week labels from a file replace all labels
    const labels = join(dir, 'labels.yaml');
    writeFileSync(
      labels,
      '- eventId: evt_standup\n  weekStart: "2026-11-16"\n  label: could-have-been-async\n- eventId: evt_board\n  weekStart: "2026-11-16"\n  label: protected\n  priority: 1\n- eventId: evt_lunch\n  weekStart: "2026-11-16"\n  label: flexible\n',
    );
    const withLabels = await agntJson(['onboarding', 'week-labels', 'set', id, '--labels', `@${labels}`], { sb, as });
    expect(withLabels.briefing.weekLabels.map((l: { eventId: string }) => l.eventId)).toEqual(['evt_standup', 'evt_board', 'evt_lunch']);
    writeFileSync(labels, '- eventId: evt_x\n  weekStart: "2026-11-16"\n  label: urgent\n');
    const badLabel = await agnt(['onboarding', 'week-labels', 'set', id, '--labels', `@${labels}`], { sb, as });
    expect(badLabel.exitCode).toBe(2);
    expect(badLabel.stderr).toMatch(/labels\[0\]\.label: invalid value 'urgent'/);

    // finalize with both flags, rendered readably
    const fin = await agnt(['onboarding', 'finalize', id, '--apply-preferences', '--save-memories'], { sb, as });
    expect(fin.exitCode).toBe(0);
    expect(fin.stdout).toMatch(new RegExp(`^Session ${id} finalized\\.$`, 'm'));
    expect(fin.stdout).toMatch(/^ {2}Preferences applied\s+yes$/m);
    expect(fin.stdout).toMatch(/^ {2}Memories saved\s+4$/m);
    expect(fin.stdout).toMatch(/^ {2}Contacts created\s+1$/m);
    expect(fin.stdout).toMatch(/^ {2}Week labels applied\s+3$/m);
    expect(fin.stdout).toMatch(/^ {2}Skills installed\s+skill_followups, skill_briefing$/m);
    expect(fin.stdout).toMatch(/^ {2}wfp_followups\s+queued\s+skill_followups$/m);
    expect(fin.stdout).toMatch(/dropped the memories of rejected findings \(COMPANY\)/);
    expect(sb.requests.at(-1)!.body).toEqual({ applyPreferences: true, saveMemories: true });

    const done = await agntJson(['onboarding', 'get', id], { sb, as });
    expect(done.status).toBe('complete');
    expect(done.finalize.summary).toMatchObject({ appliedPreferences: true, savedMemoryCount: 4, contactsCreated: 1, weekLabelsApplied: 3 });
    expect(done.finalize.summary.memoryBreakdown).toEqual([
      { category: 'PROFILE', count: 1 },
      { category: 'SCHEDULING', count: 1 },
      { category: 'CONTACT', count: 1 },
      { category: 'EVENT', count: 1 },
    ]);
    // the inferred preferences are now the user's, and the memories are saved
    expect(await agntJson(['preferences', 'scheduling', 'get'], { sb, as })).toEqual(done.briefing.inferredPreferences);
    const me = await agntJson(['users', 'get', 'usr_coord'], { sb, as });
    expect(me.memories.map((m: { category: string }) => m.category)).toEqual(['PROFILE', 'SCHEDULING', 'CONTACT', 'EVENT']);
    expect((await agntJson(['onboarding', 'current'], { sb, as })).status).toBe('complete');
  });

  it('finalize without the flags applies nothing and saves no memory', async () => {
    const as = 'principal2';
    const before = await agntJson(['preferences', 'scheduling', 'get'], { sb, as });
    const { sessionId } = await agntJson(['onboarding', 'run'], { sb, as });
    const fin = await agntJson(['onboarding', 'finalize', sessionId, '--no-apply-preferences'], { sb, as });
    expect(fin).toMatchObject({ sessionId, summary: { appliedPreferences: false, savedMemoryCount: 0, memoryBreakdown: [], skillsInstalled: [] } });
    expect(await agntJson(['preferences', 'scheduling', 'get'], { sb, as })).toEqual(before);
    expect((await agntJson(['users', 'get', 'usr_principal2'], { sb, as })).memories).toEqual([]);
    expect((await agnt(['onboarding', 'get', 'obs_nope'], { sb, as })).exitCode).toBe(3);
    // another user's session is not found
    expect((await agnt(['onboarding', 'get', sessionId], { sb, as: 'member' })).exitCode).toBe(3);
  });
});
