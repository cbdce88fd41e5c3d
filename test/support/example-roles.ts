// Who runs each help example and what it documents, shared by the help-examples test and
// scripts/prism-check.mjs (which runs the same lines through a validating proxy).

// Whose token a line runs with, first match wins; otherwise the organization admin's (usr_admin).
// Coverage is the coordinator's, accepting a span the backup's, approving it the manager's;
// an invitation is accepted or declined by its invitee; onboarding examples are Pat's
// (usr_principal, whose session obs_pat is seeded), and a first run is Mia's (usr_member).
export const ROLES: Array<[RegExp, string]> = [
  [/^agnt manager-assignments create|--is-org-default/, 'admin'],
  [/^agnt coordinator (audit-events|manager-overview)|^agnt org-requests mine/, 'manager'],
  [/^agnt inbox|^agnt coverage (accept|decline)\b|--role backup/, 'backup'],
  [/^agnt coverage (approve|reject|dashboard)\b|--role manager/, 'manager'],
  [/^agnt (coverage|coordinator|backup-rules|manager-assignments)\b|^agnt wait (coverage|delegation)|^agnt delegations (?!confirm|list --role principal)/, 'coordinator'],
  [/^agnt delegations (confirm|list --role principal)/, 'principal'],
  [/^agnt onboarding run|^agnt invitations (accept|decline) inv_mia|^agnt assistants delete ast_private/, 'member'],
  [/^agnt (onboarding|wait onboarding)\b/, 'principal'],
];
export const roleOf = (line: string) => ROLES.find(([re]) => re.test(line))?.[1] ?? 'admin';

export const runsUntilStopped = (line: string) => /--watch\b|^agnt sandbox start\b/.test(line);
export const onTerminalOnly = (line: string) => /#\s*on a terminal\b/.test(line);
/** The exit code a line documents in its comment (`# exit 7: ...`), else 0. */
export const documentedExit = (line: string) => Number(/#.*\bexit (\d+)\b/.exec(line)?.[1] ?? 0);
