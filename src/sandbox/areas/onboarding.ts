// Part 1, section 4.2: the onboarding pipeline. A run produces findings, staged memories,
// week labels and inferred preferences at once (the real service works them out from the
// user's calendar and mail); proposals appear once a finding is confirmed and earned answers
// arrive; finalize applies preferences and saves memories as its flags say.
import type { SandboxArea } from '../types.ts';
import { badRequest, fail, list, notFound, ok, okMany, bodyOf } from '../http.ts';
import { makeContact } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { defaultScheduling, prefsRecord } from './preferences.ts';

const CATEGORY_OF: Record<string, string> = { profile: 'PROFILE', contact: 'CONTACT', company: 'COMPANY', scheduling: 'SCHEDULING', event: 'EVENT' };

function weekStart(store: Store): string {
  const d = new Date(store.clock());
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

function newSession(store: Store, u: Rec, id?: string): Rec {
  const now = store.now();
  const week = weekStart(store);
  const findings = [
    { id: 'fnd_timezone', category: 'profile', summary: `You work from ${u.timezone ?? 'UTC'}`, value: u.timezone ?? 'UTC', confidence: 0.95, reviewState: 'pending' },
    { id: 'fnd_hours', category: 'scheduling', summary: 'You keep meetings between 09:30 and 17:00 on weekdays', value: { start: '09:30', end: '17:00' }, confidence: 0.8, reviewState: 'pending' },
    {
      id: 'fnd_contact',
      category: 'contact',
      summary: 'Erin Partner (erin@partner.test) is a frequent counterpart',
      value: { name: 'Erin Partner', email: 'erin@partner.test' },
      confidence: 0.7,
      reviewState: 'pending',
    },
    { id: 'fnd_company', category: 'company', summary: 'You work at Acme Corp', value: 'Acme Corp', confidence: 0.9, reviewState: 'pending' },
  ];
  const inferred = defaultScheduling();
  const day = [{ start: '09:30', end: '17:00' }];
  inferred.availability.workingHours = { MO: day, TU: day, WE: day, TH: day, FR: day, SA: [], SU: [] };
  inferred.buffers = { ...inferred.buffers, bufferType: 'meeting', bufferLength: 10 };
  return store.insert('onboardingSessions', 'obs', {
    ...(id ? { id } : {}),
    account: u.account,
    user: u.id,
    status: 'in_progress',
    connections: { calendars: [{ id: 'cal_primary', provider: 'provider1', primary: true }], contactsConnected: true },
    assistant: { assistant: u.assistant ?? '', name: u.assistantName ?? '', persona: 'Calm and precise', voice: '' },
    userContext: {
      profNetAPaste: '',
      roleDescription: '',
      detectedTimezone: u.timezone ?? 'UTC',
      detectedCity: 'New York',
      detectedCountry: 'US',
      detectedLocale: u.locale ?? 'en-US',
      detectedAt: now,
      detectedSource: 'calendar',
      additionalEmails: [],
    },
    briefing: {
      deterministic: { meetingsPerWeek: 23, recurringMeetings: 6, topCounterparts: ['erin@partner.test', 'carol@client.test'] },
      findings,
      inferredPreferences: inferred,
      transcript: [],
      stagedMemories: [
        { content: `Works from ${u.timezone ?? 'UTC'}`, category: 'PROFILE', confidence: 0.95 },
        { content: 'Prefers meetings between 09:30 and 17:00', category: 'SCHEDULING', confidence: 0.8 },
        { content: 'Erin Partner is a frequent counterpart', category: 'CONTACT', confidence: 0.7 },
        { content: 'Works at Acme Corp', category: 'COMPANY', confidence: 0.9 },
        { content: 'Weekly 1:1 with Carol on Mondays', category: 'EVENT', confidence: 0.6 },
      ],
      weekLabels: [
        { eventId: 'evt_standup', weekStart: week, label: 'could-have-been-async', priority: 1, confidence: 0.7 },
        { eventId: 'evt_carol_1on1', weekStart: week, label: 'recurring-1:1', priority: 2, confidence: 0.9 },
      ],
      workflowProposals: [],
    },
    upFrontAnswers: { roleOneLiner: '', schedulingAnnoyance: '' },
    earnedAnswers: {},
    finalize: null,
    runErrors: [],
    lastError: '',
    debug: { tracerTraceId: `trace-${store.newId('t')}`, cloudRequestId: '', logGroupName: '/sandbox/onboarding', logStreamName: 'sandbox', region: 'local-1' },
    startedAt: now,
    completedAt: null,
  });
}

const pendingProposals = (s: Rec): number => (s.briefing.workflowProposals ?? []).filter((p: Rec) => (p.reviewState ?? 'pending') === 'pending').length;

// The session's fields are not marked `|null` in part 1, 2.12: one without a value is left
// out of the answer rather than sent as null.
function view(s: Rec): Rec {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== null && v !== undefined));
}

function listItem(s: Rec): Rec {
  return {
    id: s.id,
    status: s.status,
    createdAt: s.createdAt,
    ...(s.completedAt ? { completedAt: s.completedAt } : {}),
    findingsCount: s.briefing.findings.length,
    pendingWorkflowProposalsCount: pendingProposals(s),
  };
}

function nextStep(s: Rec): string {
  if (s.status === 'complete') return `onboarding/sessions/${s.id}/summary`;
  if (s.briefing.findings.some((f: Rec) => f.reviewState === 'pending')) return `onboarding/sessions/${s.id}/findings`;
  if (pendingProposals(s)) return `onboarding/sessions/${s.id}/workflow-proposals`;
  if (!s.briefing.workflowProposals.length) return `onboarding/sessions/${s.id}/earned-answers`;
  return `onboarding/sessions/${s.id}/finalize`;
}

/** Newest first; sessions made in the same millisecond keep their creation order reversed. */
function sessionsOf(store: Store, userId: string): Rec[] {
  return store.filter('onboardingSessions', (s) => s.user === userId).reverse();
}

function find(store: Store, caller: Rec, id: string): Rec {
  const s = store.get('onboardingSessions', id);
  if (!s || s.user !== caller.id) notFound('onboarding session', id);
  return s!;
}

function proposalsFrom(store: Store, s: Rec): Rec[] {
  const confirmed = s.briefing.findings.filter((f: Rec) => f.reviewState === 'confirmed' || f.reviewState === 'edited');
  const now = store.now();
  const out: Rec[] = [
    {
      proposalId: 'wfp_followups',
      title: 'Follow-up nudges',
      icon: 'mail',
      color: 'blue',
      sentence: 'Remind me when someone has not replied in 3 days',
      category: 'follow-ups',
      evidence: { basedOn: confirmed.map((f: Rec) => f.id) },
      confidence: 0.8,
      reviewState: 'pending',
      createdAt: now,
    },
    {
      proposalId: 'wfp_briefing',
      title: 'Morning briefing',
      icon: 'sun',
      color: 'yellow',
      sentence: 'Send me a briefing of the day at 08:30',
      category: 'briefings',
      evidence: { basedOn: confirmed.map((f: Rec) => f.id) },
      confidence: 0.75,
      reviewState: 'pending',
      createdAt: now,
    },
  ];
  if (confirmed.some((f: Rec) => f.category === 'scheduling')) {
    out.push({
      proposalId: 'wfp_protect_focus',
      title: 'Protect focus time',
      icon: 'calendar',
      color: 'green',
      sentence: 'Decline meetings outside 09:30-17:00 unless they are marked important',
      category: 'calendar',
      evidence: { finding: 'fnd_hours' },
      confidence: 0.7,
      reviewState: 'pending',
      createdAt: now,
    });
  }
  return out;
}

function save(store: Store, s: Rec, patch: Rec): Rec {
  return store.update('onboardingSessions', s.id, patch)!;
}

const area: SandboxArea = {
  name: 'onboarding',
  seedExamples(store) {
    // usr_principal's onboarding, under way: the hours confirmed and earned answers given, so
    // workflow proposals are waiting; the other findings are still to review.
    const pat = store.get('users', 'usr_principal')!;
    const s = newSession(store, pat, 'obs_pat');
    const findings = s.briefing.findings.map((f: Rec) => (f.id === 'fnd_hours' ? { ...f, reviewState: 'confirmed' } : f));
    const confirmed = { ...s, briefing: { ...s.briefing, findings } };
    save(store, s, { earnedAnswers: { meetingsPerWeek: 23 }, briefing: { ...confirmed.briefing, workflowProposals: proposalsFrom(store, confirmed) } });
  },
  register(r, sb) {
    const store = sb.store;

    r.post('/onboarding/run', (req) => {
      bodyOf(req.body);
      if (req.body && Object.keys(req.body).length) badRequest('this endpoint takes an empty body ({})', 'AGNT_E_VALIDATION');
      const running = store.find('onboardingSessions', (s) => s.user === req.user.id && s.status === 'in_progress');
      if (running) badRequest(`onboarding session ${running.id} is already in progress: finalize it first`, 'AGNT_E_ONBOARDING_IN_PROGRESS');
      const s = newSession(store, req.user);
      // 202: the real run is queued; the sandbox has its results ready at once.
      return okMany({ sessionId: s.id, status: s.status }, 202);
    });

    r.get('/onboarding/sessions', (req) => list('sessions', sessionsOf(store, req.user.id).map(listItem), req.query));

    r.get('/onboarding/sessions/current-or-latest', (req) => {
      const all = sessionsOf(store, req.user.id);
      const s = all.find((x) => x.status === 'in_progress') ?? all[0];
      if (!s) return { status: 204 };
      return ok('session', { ...listItem(s), completedAt: s.completedAt ?? null, nextStep: nextStep(s) });
    });

    r.get('/onboarding/sessions/{sessionId}', (req) => ok('session', view(find(store, req.user, req.params.sessionId!))));

    r.patch('/onboarding/sessions/{sessionId}/findings/{findingId}', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      const b = bodyOf(req.body);
      const findings: Rec[] = s.briefing.findings;
      const i = findings.findIndex((f) => f.id === req.params.findingId);
      if (i < 0) notFound('finding', req.params.findingId);
      const next = findings.map((f, j) => (j === i ? { ...f, ...(b.reviewState ? { reviewState: b.reviewState } : {}), ...(b.userEdits !== undefined ? { userEdits: b.userEdits } : {}) } : f));
      return ok('session', view(save(store, s, { briefing: { ...s.briefing, findings: next } })));
    });

    r.put('/onboarding/sessions/{sessionId}/week-labels', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      const b = bodyOf(req.body);
      return ok('session', view(save(store, s, { briefing: { ...s.briefing, weekLabels: b.labels } })));
    });

    r.patch('/onboarding/sessions/{sessionId}/up-front-answers', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      const b = bodyOf(req.body);
      const upFrontAnswers = { ...s.upFrontAnswers };
      for (const k of ['roleOneLiner', 'schedulingAnnoyance']) if (b[k] !== undefined) upFrontAnswers[k] = b[k];
      return ok('session', view(save(store, s, { upFrontAnswers })));
    });

    r.patch('/onboarding/sessions/{sessionId}/earned-answers', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      // The spec leaves the fields open: any JSON object is kept, merged over earlier answers.
      const b = bodyOf(req.body);
      const earnedAnswers = { ...s.earnedAnswers, ...b };
      const anyConfirmed = s.briefing.findings.some((f: Rec) => f.reviewState === 'confirmed');
      const patch: Rec = { earnedAnswers };
      if (anyConfirmed && !s.briefing.workflowProposals.length) patch.briefing = { ...s.briefing, workflowProposals: proposalsFrom(store, s) };
      return ok('session', view(save(store, s, patch)));
    });

    r.patch('/onboarding/sessions/{sessionId}/workflow-proposals/{proposalId}', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      const b = bodyOf(req.body);
      const proposals: Rec[] = s.briefing.workflowProposals;
      const i = proposals.findIndex((p) => p.proposalId === req.params.proposalId);
      if (i < 0) notFound('workflow proposal', req.params.proposalId);
      if (b.reviewState === 'edited' && !b.userEditedSentence && !proposals[i]!.userEditedSentence) fail(400, 'an edited proposal needs userEditedSentence', 'AGNT_E_VALIDATION');
      const next = proposals.map((p, j) => (j === i ? { ...p, reviewState: b.reviewState, ...(b.userEditedSentence !== undefined ? { userEditedSentence: b.userEditedSentence } : {}) } : p));
      return ok('session', view(save(store, s, { briefing: { ...s.briefing, workflowProposals: next } })));
    });

    r.post('/onboarding/sessions/{sessionId}/finalize', (req) => {
      const s = find(store, req.user, req.params.sessionId!);
      const b = bodyOf(req.body);
      // Chosen: finalizing a complete session again changes nothing and answers the same summary.
      if (s.status === 'complete' && s.finalize) return okMany({ sessionId: s.id, summary: s.finalize.summary, updatedAt: s.updatedAt });
      const u = req.user;
      const findings: Rec[] = s.briefing.findings;
      const kept = (category: string) => findings.filter((f) => f.category === category && (f.reviewState === 'confirmed' || f.reviewState === 'edited'));
      const rejectedCategories = new Set(findings.filter((f) => f.reviewState === 'rejected').map((f) => CATEGORY_OF[f.category]));
      const notes: string[] = [];

      let appliedPreferences = false;
      if (b.applyPreferences) {
        const primary = store.find('identifiers', (i) => i.user === u.id && i.primary) ?? store.find('identifiers', (i) => i.user === u.id);
        if (primary) {
          const rec = prefsRecord(store, primary);
          store.update('identifierPreferences', rec.id, { preferences: { ...rec.preferences, scheduling: s.briefing.inferredPreferences } });
          appliedPreferences = true;
        } else notes.push('preferences not applied: the user has no identifier');
      }

      // Memories of a rejected finding's category are dropped; the rest are saved when asked.
      const memories = (s.briefing.stagedMemories as Rec[]).filter((m) => !rejectedCategories.has(m.category));
      const breakdown = new Map<string, number>();
      if (b.saveMemories) {
        for (const m of memories) {
          store.insert('memories', 'mem', { user: u.id, account: u.account, content: m.content, category: m.category, source: 'onboarding', sessionId: s.id });
          breakdown.set(m.category, (breakdown.get(m.category) ?? 0) + 1);
        }
      } else notes.push('memories not saved (saveMemories was not set)');
      if (rejectedCategories.size) notes.push(`dropped the memories of rejected findings (${[...rejectedCategories].join(', ')})`);

      let contactsCreated = 0;
      let contactsUpdated = 0;
      for (const f of kept('contact')) {
        const v = (f.userEdits ?? f.value) as Rec;
        const existing = store.find('contacts', (c) => c.user === u.id && c.email === v.email);
        if (existing) {
          store.update('contacts', existing.id, { lastContactedAt: store.now() });
          contactsUpdated++;
        } else {
          makeContact(store, { user: u.id, account: u.account, name: v.name ?? null, email: v.email, source: { type: 'onboarding', userId: u.id } });
          contactsCreated++;
        }
      }
      const ownCompany = kept('company').length ? 'co_acme' : '';
      const accepted = (s.briefing.workflowProposals as Rec[]).filter((p) => p.reviewState === 'accepted' || p.reviewState === 'edited');
      const summary = {
        appliedPreferences,
        savedMemoryCount: b.saveMemories ? memories.length : 0,
        memoryBreakdown: [...breakdown].map(([category, count]) => ({ category, count })),
        contactsCreated,
        contactsUpdated,
        companiesUpsertedCount: ownCompany ? 1 : 0,
        ownCompanyId: ownCompany,
        weekLabelsApplied: s.briefing.weekLabels.length,
        skillsInstalled: accepted.map((p) => `skill_${p.proposalId.replace(/^wfp_/, '')}`),
        notes,
        asyncWorkflowJobs: accepted.map((p) => ({ proposalId: p.proposalId, status: 'queued', skillId: `skill_${p.proposalId.replace(/^wfp_/, '')}`, error: null })),
      };
      const done = save(store, s, { status: 'complete', completedAt: store.now(), finalize: { summary } });
      return okMany({ sessionId: s.id, summary, updatedAt: done.updatedAt });
    });
  },
};

export default area;
