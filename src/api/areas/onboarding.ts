// Part 1, 4.2: the onboarding pipeline: run, sessions, findings, week labels, answers,
// workflow proposals, finalize.
import { schedulingPreferences } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, enumOf, idOf, int, map, num, obj, recordId, ro, stamp, str, strs } from '../shape.ts';

export const WEEK_LABELS = ['flexible', 'important', 'protected', 'could-have-been-async', 'recurring-1:1'] as const;
export const FINDING_STATES = ['pending', 'confirmed', 'edited', 'rejected', 'skipped'] as const;
export const PROPOSAL_STATES = ['pending', 'accepted', 'edited', 'rejected'] as const;
const SESSION_STATUSES = ['in_progress', 'paused', 'complete'] as const;
const sessionId = idOf('onboarding-sessions', { description: 'session id' });

export const weekLabel = obj({ eventId: str(), weekStart: str({ hint: 'date' }), label: enumOf(WEEK_LABELS), priority: num(), confidence: num() }, { required: ['eventId', 'weekStart'] });
const asyncJob = obj({ proposalId: str(), status: enumOf(['queued', 'building', 'ready', 'failed']), skillId: str(), error: str() }, { required: ['proposalId'] });
const summary = obj({
  appliedPreferences: bool(),
  savedMemoryCount: int(),
  memoryBreakdown: arr(obj({ category: enumOf(['PROFILE', 'CONTACT', 'COMPANY', 'EVENT', 'SCHEDULING', 'FAMILY', 'VOICE', 'RULE']), count: int() }, { required: ['category', 'count'] })),
  contactsCreated: int(),
  contactsUpdated: int(),
  companiesUpsertedCount: int(),
  ownCompanyId: str(),
  weekLabelsApplied: int(),
  skillsInstalled: strs(),
  notes: strs(),
  asyncWorkflowJobs: arr(asyncJob),
});

const session = obj(
  {
    id: recordId('onboarding-sessions'),
    account: ro(str()),
    user: ro(idOf('users')),
    status: ro(enumOf(SESSION_STATUSES)),
    connections: ro(obj({ calendars: arr(any()), contactsConnected: bool() })),
    assistant: ro(obj({ assistant: str(), name: str(), persona: str(), voice: str() })),
    userContext: ro(
      obj({
        profNetAPaste: str(),
        roleDescription: str(),
        detectedTimezone: str(),
        detectedCity: str(),
        detectedCountry: str(),
        detectedLocale: str(),
        detectedAt: str(),
        detectedSource: str(),
        additionalEmails: strs(),
      }),
    ),
    briefing: ro(
      obj({
        deterministic: map(any()),
        findings: arr(any()),
        inferredPreferences: schedulingPreferences,
        transcript: arr(any()),
        stagedMemories: arr(obj({ content: str(), category: str(), confidence: num() }, { required: ['content'] })),
        weekLabels: arr(weekLabel),
        workflowProposals: arr(
          obj(
            {
              proposalId: str(),
              title: str(),
              icon: str(),
              color: str(),
              sentence: str(),
              category: enumOf(['email', 'calendar', 'post-meeting', 'follow-ups', 'briefings', 'contacts', 'other']),
              evidence: any(),
              confidence: num(),
              reviewState: enumOf(PROPOSAL_STATES),
              userEditedSentence: str(),
              createdAt: stamp(),
            },
            { required: ['proposalId', 'sentence', 'category', 'createdAt'] },
          ),
        ),
      }),
    ),
    upFrontAnswers: obj({ roleOneLiner: str(), schedulingAnnoyance: str() }),
    earnedAnswers: map(any()),
    finalize: ro(obj({ summary }, { required: ['summary'] })),
    runErrors: ro(arr(obj({ stage: str(), error: str(), at: str() }, { required: ['stage', 'error', 'at'] }))),
    lastError: ro(str()),
    debug: ro(obj({ tracerTraceId: str(), cloudRequestId: str(), logGroupName: str(), logStreamName: str(), region: str() })),
    startedAt: stamp(),
    completedAt: stamp(),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'status', 'connections', 'assistant', 'userContext', 'briefing', 'createdAt', 'updatedAt'] },
);

const listItem = obj(
  { id: recordId('onboarding-sessions'), status: enumOf(SESSION_STATUSES), createdAt: stamp(), completedAt: stamp({ nullable: true }), findingsCount: int(), pendingWorkflowProposalsCount: int() },
  { required: ['id', 'status', 'createdAt'] },
);
const S = '/onboarding/sessions/{sessionId}';

export const area: ApiArea = defineArea({
  name: 'onboarding',
  section: 'part 1, 4.2',
  resources: { session, sessionListItem: listItem },
  endpoints: [
    endpoint({
      id: 'onboarding.run',
      method: 'POST',
      path: '/onboarding/run',
      summary: 'Start an onboarding run (queued)',
      body: obj({}),
      status: [202],
      result: obj({ ok: bool(), sessionId: idOf('onboarding-sessions'), status: str() }),
    }),
    endpoint({
      id: 'onboarding.sessions.list',
      method: 'GET',
      path: '/onboarding/sessions',
      summary: 'List onboarding sessions, most recent first',
      resultKey: 'sessions',
      result: arr(listItem),
      paging: 'page',
      pageParams: false,
    }),
    endpoint({
      id: 'onboarding.sessions.current',
      method: 'GET',
      path: '/onboarding/sessions/current-or-latest',
      summary: 'Show the session in progress, else the latest (204 when there is none)',
      status: [200, 204],
      resultKey: 'session',
      result: obj({ ...listItem.fields, nextStep: str({ description: 'deep-link hint' }) }),
    }),
    endpoint({ id: 'onboarding.sessions.get', method: 'GET', path: S, params: { sessionId }, summary: 'Show an onboarding session', resultKey: 'session', result: session, resource: 'session' }),
    endpoint({
      id: 'onboarding.findings.review',
      method: 'PATCH',
      path: `${S}/findings/{findingId}`,
      params: { sessionId, findingId: str({ description: 'finding id' }) },
      summary: 'Review a finding',
      body: obj({ reviewState: enumOf(FINDING_STATES), userEdits: any({ description: 'your corrections' }) }, { required: ['reviewState'] }),
      resultKey: 'session',
      result: session,
    }),
    endpoint({
      id: 'onboarding.week-labels.set',
      method: 'PUT',
      path: `${S}/week-labels`,
      params: { sessionId },
      summary: 'Replace the week labels',
      body: obj({ labels: arr(weekLabel) }, { required: ['labels'] }),
      resultKey: 'session',
      result: session,
    }),
    endpoint({
      id: 'onboarding.finalize',
      method: 'POST',
      path: `${S}/finalize`,
      params: { sessionId },
      summary: 'Finalize a session: apply preferences, save memories',
      body: obj({ applyPreferences: bool({ description: 'apply the inferred preferences' }), saveMemories: bool({ description: 'save the staged memories' }) }),
      result: obj({ ok: bool(), sessionId: idOf('onboarding-sessions'), summary, updatedAt: stamp() }, { required: ['summary', 'updatedAt'] }),
    }),
    endpoint({
      id: 'onboarding.answers.up-front',
      method: 'PATCH',
      path: `${S}/up-front-answers`,
      params: { sessionId },
      summary: 'Set the up-front answers',
      body: obj({ roleOneLiner: str({ description: 'your role in one line' }), schedulingAnnoyance: str({ description: 'what annoys you most about scheduling' }) }),
      resultKey: 'session',
      result: session,
    }),
    endpoint({
      id: 'onboarding.answers.earned',
      method: 'PATCH',
      path: `${S}/earned-answers`,
      params: { sessionId },
      summary: 'Set earned answers (fields not shown: any keys)',
      body: obj({}, { open: true }),
      resultKey: 'session',
      result: session,
    }),
    endpoint({
      id: 'onboarding.proposals.review',
      method: 'PATCH',
      path: `${S}/workflow-proposals/{proposalId}`,
      params: { sessionId, proposalId: str({ description: 'proposal id' }) },
      summary: 'Review a workflow proposal',
      body: obj({ reviewState: enumOf(PROPOSAL_STATES), userEditedSentence: str({ description: 'the proposal as you want it (with reviewState edited)' }) }, { required: ['reviewState'] }),
      resultKey: 'session',
      result: session,
    }),
  ],
});
