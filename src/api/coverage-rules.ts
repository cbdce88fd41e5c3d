// Coverage spans' states and moves (part 2, section 3). The spec names the moves and the
// timestamp each stamps but leaves the resulting statuses open ("not shown"); these are the
// choices both the CLI (help, local checks) and the sandbox (the server side) follow.
// docs/coverage-transitions.md is the README copy; keep the two in step.

export const SPAN_STATUSES = ['draft', 'pending_acceptance', 'pending_manager_approval', 'scheduled', 'active', 'ended', 'cancelled'] as const;
export type SpanStatus = (typeof SPAN_STATUSES)[number];
export const SPAN_REASONS = ['pto', 'sick', 'emergency', 'manual'] as const;
export type Move = 'submit' | 'accept' | 'decline' | 'approve' | 'reject' | 'end' | 'cancel';
/**
 * Who may make a move: primary = the primary coordinator or whoever created the span; backup = a
 * backup coordinator on one of its principal rows; manager = an organization admin or a manager
 * assigned to the primary coordinator; party = any of these. Organization admins may make every move.
 */
export type Actor = 'primary' | 'backup' | 'manager' | 'party';

export interface Transition {
  from: readonly SpanStatus[];
  /** The status after the move (accept depends on requireManagerApproval). */
  to: (span: { requireManagerApproval?: unknown }) => SpanStatus;
  /** The timestamp field the move sets. */
  stamp: string;
  by: Actor;
}

/**
 * - `active` is never stored: a `scheduled` span is active while the clock is in
 *   [startAt, endAt) and ended once it is past endAt (activatedAt = startAt, endedAt = endAt).
 * - decline and reject end the request for good (`cancelled`, with declinedAt or rejectedAt
 *   and no cancelledAt): principals and backups cannot be edited, so a new span is the way on.
 * - submit stamps `submittedAt`, a key beyond the spec's list, so that every move leaves a trace.
 * - A refused actor gets 403; a refused state gets 409 AGNT_E_INVALID_TRANSITION.
 */
export const TRANSITIONS: Readonly<Record<Move, Transition>> = {
  submit: { from: ['draft'], to: () => 'pending_acceptance', stamp: 'submittedAt', by: 'primary' },
  accept: { from: ['pending_acceptance'], to: (s) => (s.requireManagerApproval ? 'pending_manager_approval' : 'scheduled'), stamp: 'acceptedAt', by: 'backup' },
  decline: { from: ['pending_acceptance'], to: () => 'cancelled', stamp: 'declinedAt', by: 'backup' },
  approve: { from: ['pending_manager_approval'], to: () => 'scheduled', stamp: 'approvedAt', by: 'manager' },
  reject: { from: ['pending_manager_approval'], to: () => 'cancelled', stamp: 'rejectedAt', by: 'manager' },
  end: { from: ['active'], to: () => 'ended', stamp: 'endedAt', by: 'party' },
  cancel: { from: ['draft', 'pending_acceptance', 'pending_manager_approval', 'scheduled'], to: () => 'cancelled', stamp: 'cancelledAt', by: 'primary' },
};

/** Statuses after which nothing moves. */
export const FINAL_STATUSES: readonly SpanStatus[] = ['ended', 'cancelled'];

/** Only drafts can be changed with PATCH; these are the fields it changes. */
export const DRAFT_FIELDS = ['startAt', 'endAt', 'reason', 'requireManagerApproval', 'notifyPrincipal', 'auditTag'] as const;

/** Why a move is refused from a status, in plain words, where the table alone does not say. */
export const MOVE_HINTS: Readonly<Partial<Record<Move, Partial<Record<SpanStatus, string>>>>> = {
  end: { scheduled: 'it has not started; cancel it instead', draft: 'it was never scheduled; cancel it instead' },
  cancel: { active: 'it is running; end it instead' },
  approve: { pending_acceptance: 'the backup has not accepted it yet' },
  accept: { draft: 'it has not been submitted' },
};

/** Why `move` cannot be made from `status`, or undefined when it can. */
export function refusal(move: Move, status: SpanStatus): string | undefined {
  const tr = TRANSITIONS[move];
  if (tr.from.includes(status)) return undefined;
  return MOVE_HINTS[move]?.[status] ?? (FINAL_STATUSES.includes(status) ? `${status} spans are final` : `allowed from: ${tr.from.join(', ')}`);
}
