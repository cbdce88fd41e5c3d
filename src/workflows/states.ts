// Where each object `agnt wait` follows can go from a given status, so that a wait can stop
// (exit 1) as soon as its target can no longer be reached instead of running into its timeout.
import { FINAL_STATUSES, TRANSITIONS } from '../api/coverage-rules.ts';

type Rec = Record<string, any>;

export type NextStatuses = (status: string, record: Rec) => readonly string[];

// Coverage spans: the moves of src/api/coverage-rules.ts, plus the clock (a scheduled span is
// active from startAt and ended after endAt).
const coverage: NextStatuses = (status, span) => {
  const out = new Set<string>();
  for (const tr of Object.values(TRANSITIONS)) {
    if (!(tr.from as readonly string[]).includes(status)) continue;
    // accept leads to manager approval only when the span asks for it; unknown: either.
    if (typeof span.requireManagerApproval === 'boolean') out.add(tr.to(span));
    else for (const need of [true, false]) out.add(tr.to({ requireManagerApproval: need }));
  }
  if (status === 'scheduled') for (const s of ['active', 'ended']) out.add(s);
  if (status === 'active') out.add('ended');
  return [...out];
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
  coverage: FINAL_STATUSES,
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
