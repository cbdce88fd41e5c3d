// Where each object `agnt wait` follows can go from a given status, so that a wait can stop
// (exit 1) as soon as its target can no longer be reached instead of running into its timeout.
//
// Coverage spans: the move table the README documents (TRANSITIONS in the sandbox's coverage
// area), plus the clock (a scheduled span becomes active at startAt and ended at endAt).
// Issue 13 is moving the coverage transitions into src/api/; this copy goes away then.
type Rec = Record<string, any>;

export type NextStatuses = (status: string, record: Rec) => readonly string[];

const coverage: NextStatuses = (status, span) => {
  switch (status) {
    case 'draft':
      return ['pending_acceptance', 'cancelled'];
    case 'pending_acceptance':
      // accept leads to manager approval only when the span asks for it.
      if (span.requireManagerApproval === true) return ['pending_manager_approval', 'cancelled'];
      if (span.requireManagerApproval === false) return ['scheduled', 'cancelled'];
      return ['pending_manager_approval', 'scheduled', 'cancelled'];
    case 'pending_manager_approval':
      return ['scheduled', 'cancelled'];
    case 'scheduled':
      return ['active', 'ended', 'cancelled'];
    case 'active':
      return ['ended'];
    default:
      return []; // ended, cancelled: final
  }
};

// Part 2, section 3: confirm makes a pending delegation active (the sandbox's choice; the spec
// leaves it open), revoke ends any delegation.
const delegation: NextStatuses = (status) => (status === 'pending' ? ['active', 'revoked'] : status === 'active' ? ['revoked'] : []);

// Part 2, section 3: a delivery job runs and then completes or fails.
const auditDelivery: NextStatuses = (status) => (status === 'pending' ? ['running', 'completed', 'failed'] : status === 'running' ? ['completed', 'failed'] : []);

// Part 1, section 3: confirm marks an uploaded file ready.
const driveFile: NextStatuses = (status) => (status === 'pending' ? ['ready'] : []);

// Part 1, section 3: a session in progress or paused is finalized into `complete`.
const onboarding: NextStatuses = (status) => (status === 'in_progress' ? ['paused', 'complete'] : status === 'paused' ? ['in_progress', 'complete'] : []);

export const NEXT: Record<string, NextStatuses> = { coverage, delegation, 'audit-delivery': auditDelivery, 'drive-file': driveFile, onboarding };

/**
 * Statuses in which the whole record stops changing, so that no condition on it can become true
 * later. A ready drive file is not among them: its preview and summary go on changing.
 */
export const FROZEN: Record<string, readonly string[]> = {
  coverage: ['ended', 'cancelled'],
  delegation: ['revoked'],
  'audit-delivery': ['completed', 'failed'],
  'drive-file': [],
  onboarding: ['complete'],
};

/** Every status reachable from `from` (itself included). */
export function reachable(next: NextStatuses, from: string, record: Rec): Set<string> {
  const seen = new Set<string>([from]);
  const todo = [from];
  while (todo.length) {
    for (const s of next(todo.pop()!, record)) {
      if (!seen.has(s)) {
        seen.add(s);
        todo.push(s);
      }
    }
  }
  return seen;
}
