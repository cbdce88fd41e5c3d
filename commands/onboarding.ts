// Part 1, section 4.2: the onboarding pipeline (run, review findings and proposals, finalize).
import type { AreaSpec, ArgSpec } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/onboarding.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const session: ArgSpec = { name: 'sessionId', description: 'onboarding session id', resource: 'onboarding-sessions' };
const WEEK_LABELS = ['flexible', 'important', 'protected', 'could-have-been-async', 'recurring-1:1'] as const;
const render = async () => (await import('../src/render/onboarding-render.ts')).session;

export const onboarding: AreaSpec = {
  name: 'onboarding',
  summary: 'Onboarding: run it, review findings and workflow proposals, finalize',
  groups: {
    'onboarding findings': 'Findings of a session',
    'onboarding proposals': 'Workflow proposals of a session',
    'onboarding week-labels': 'Week labels of a session',
    'onboarding answers': 'Up-front and earned answers of a session',
  },
  commands: [
    {
      command: 'onboarding run',
      summary: 'Start an onboarding run (queued: 202)',
      endpoint: E('onboarding.run'),
      bodyInput: true,
      examples: ['agnt onboarding run', 'agnt onboarding get "$(agnt onboarding current -o id)" --query \'briefing.findings[].summary\''],
    },
    {
      command: 'onboarding list',
      aliases: ['ls', 'sessions'],
      summary: 'List onboarding sessions, most recent first',
      endpoint: E('onboarding.sessions.list'),
      columns: [
        { path: 'id' },
        { path: 'status' },
        { path: 'createdAt', header: 'CREATED' },
        { path: 'completedAt', header: 'COMPLETED' },
        { path: 'findingsCount', header: 'FINDINGS' },
        { path: 'pendingWorkflowProposalsCount', header: 'PENDING_PROPOSALS' },
      ],
      examples: ['agnt onboarding list', 'agnt onboarding list -o id'],
    },
    {
      command: 'onboarding current',
      summary: 'Show the in-progress session, else the latest (says so when onboarding never ran)',
      endpoint: E('onboarding.sessions.current'),
      handler: async () => (await import('../src/workflows/onboarding.ts')).current,
      examples: ['agnt onboarding current', "agnt onboarding current --query 'nextStep'"],
    },
    {
      command: 'onboarding get',
      aliases: ['show'],
      summary: 'Show a session: findings, week labels, proposals, answers',
      endpoint: E('onboarding.sessions.get'),
      args: [session],
      render,
      examples: ['agnt onboarding get obs_pat', "agnt onboarding get obs_pat --query 'briefing.findings'"],
    },
    {
      command: 'onboarding findings review',
      summary: 'Review a finding: confirm, edit (with --user-edits), reject or skip',
      endpoint: E('onboarding.findings.review'),
      args: [session, { name: 'findingId', description: 'finding id' }],
      fields: [{ name: 'reviewState', flag: 'state' }],
      render,
      examples: [
        'agnt onboarding findings review obs_pat fnd_company --state confirmed',
        'agnt onboarding findings review obs_pat fnd_timezone --state edited --user-edits \'{"value": "Europe/Paris"}\'',
      ],
    },
    {
      command: 'onboarding week-labels set',
      summary: 'Replace all week labels (a YAML or JSON list, from --labels @file or --file)',
      endpoint: E('onboarding.week-labels.set'),
      args: [session],
      fields: [
        {
          name: 'labels',
          type: 'array',
          required: true,
          description: `[{eventId, weekStart, label (${WEEK_LABELS.join(', ')}), priority, confidence}]`,
        },
      ],
      render,
      examples: ['agnt onboarding week-labels set obs_pat --labels @examples/week-labels.yaml', 'agnt onboarding week-labels set obs_pat --file examples/week-labels.json'],
    },
    {
      command: 'onboarding answers up-front',
      summary: 'Set the up-front answers',
      endpoint: E('onboarding.answers.up-front'),
      args: [session],
      render,
      examples: ['agnt onboarding answers up-front obs_pat --role-one-liner "COO of a 40-person startup"'],
    },
    {
      command: 'onboarding answers earned',
      summary: 'Send earned answers (generates workflow proposals once a finding is confirmed)',
      endpoint: E('onboarding.answers.earned'),
      args: [session],
      bodyInput: true,
      render,
      examples: ['agnt onboarding answers earned obs_pat --file examples/earned-answers.yaml', 'agnt onboarding answers earned obs_pat --set meetingsPerWeek=25'],
    },
    {
      command: 'onboarding proposals review',
      summary: 'Review a workflow proposal: accept, edit (with --sentence) or reject',
      endpoint: E('onboarding.proposals.review'),
      args: [session, { name: 'proposalId', description: 'workflow proposal id' }],
      fields: [
        { name: 'reviewState', flag: 'state' },
        { name: 'userEditedSentence', flag: 'sentence', description: 'the proposal as you want it (with --state edited)' },
      ],
      render,
      examples: [
        'agnt onboarding proposals review obs_pat wfp_followups --state accepted',
        'agnt onboarding proposals review obs_pat wfp_briefing --state edited --sentence "Draft replies to investors every Friday"',
      ],
    },
    {
      command: 'onboarding finalize',
      summary: 'Finalize a session: apply preferences and save memories as the flags say',
      endpoint: E('onboarding.finalize'),
      args: [session],
      render: async () => (await import('../src/render/onboarding-render.ts')).finalize,
      examples: ['agnt onboarding finalize obs_pat --apply-preferences --save-memories', 'agnt onboarding finalize obs_pat --no-apply-preferences --json'],
    },
  ],
};
