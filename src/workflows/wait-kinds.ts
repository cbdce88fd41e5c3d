// The objects `agnt wait` can follow, as data: the command definitions (src/builtin/coordination.ts)
// read it eagerly, the poll loop (src/workflows/wait.ts) lazily.
import type { EndpointId } from '../api/ids.ts';

export interface WaitKind {
  /** Sub-command word: `agnt wait coverage ...`. */
  name: string;
  aliases: string[];
  /** What it is called in messages. */
  what: string;
  /** The positional id and the path parameter it fills. */
  arg: string;
  /** The endpoint polled: its id in the model (src/api), which gives the request. */
  endpoint: EndpointId;
  /** The condition when --for is not given. */
  defaultFor: string;
  /** A path parameter given as a flag (--org, --user). */
  flag?: { param: string; flag: string; description: string; default?: string };
  /** Where a condition on `status` may lead, for the help text. */
  statuses: string;
  examples: string[];
}

export const WAIT_KINDS: WaitKind[] = [
  {
    name: 'coverage',
    aliases: ['coverage-span', 'span'],
    what: 'coverage span',
    arg: 'spanId',
    endpoint: 'coverage.spans.get',
    defaultFor: 'status=scheduled',
    statuses: 'draft, pending_acceptance, pending_manager_approval, scheduled, active, ended, cancelled',
    examples: ['agnt wait coverage cov_scheduled --for status=scheduled --timeout 2h', 'agnt coverage approve cov_approval && agnt wait coverage cov_approval --for "jmespath=approvedAt != null"'],
  },
  {
    name: 'delegation',
    aliases: ['delegations'],
    what: 'delegation',
    arg: 'id',
    endpoint: 'delegations.get',
    defaultFor: 'status=active',
    statuses: 'pending, active, revoked',
    examples: ['agnt wait delegation del_principal --for status=active --timeout 1d', 'agnt delegations reverify del_principal2 && agnt wait delegation del_principal2 --for accessHealth=ok'],
  },
  {
    name: 'audit-delivery',
    aliases: ['delivery-job', 'audit-job'],
    what: 'audit delivery job',
    arg: 'jobId',
    endpoint: 'orgs.audit-logging.job',
    defaultFor: 'status=completed',
    flag: { param: 'orgId', flag: 'org', description: 'the organization id (required)' },
    statuses: 'pending, running, completed, failed',
    examples: ['agnt wait audit-delivery adj_november --org org_acme', 'agnt wait audit-delivery adj_november --org org_acme --for status=completed --timeout 30m'],
  },
  {
    name: 'drive-file',
    aliases: ['file'],
    what: 'drive file',
    arg: 'fileId',
    endpoint: 'drive.files.get',
    defaultFor: 'status=ready',
    flag: { param: 'userId', flag: 'user', description: 'whose drive (a user id)', default: 'me' },
    statuses: 'pending, ready',
    examples: ['agnt wait drive-file fil_board_notes', 'agnt wait drive-file "$(agnt drive upload examples/report.pdf -o id)" --for status=ready --timeout 5m'],
  },
  {
    name: 'onboarding',
    aliases: ['onboarding-session', 'session'],
    what: 'onboarding session',
    arg: 'sessionId',
    endpoint: 'onboarding.sessions.get',
    defaultFor: 'status=complete',
    statuses: 'in_progress, paused, complete',
    examples: [
      "agnt wait onboarding obs_pat --for 'jmespath=briefing.findings[0]' --timeout 5m",
      'agnt onboarding finalize obs_pat --save-memories && agnt wait onboarding obs_pat   # waits for status=complete',
    ],
  },
];
