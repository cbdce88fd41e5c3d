// Every failure agnt reports is an AgntError; its exitCode is the contract's (section 4).
// The entry point (src/cli.ts) is the only place that turns one into process.exitCode.

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rejected: 5,
  partial: 6,
  /** `org plan` / `org drift` with --exit-code: the organization differs from the file. */
  changes: 7,
  /** `agnt wait` gave up: the condition did not hold within --timeout. */
  waitTimeout: 8,
  interrupted: 130,
} as const;

export class AgntError extends Error {
  exitCode: number;
  hint?: string;
  /** The flag or field the error is about, without dashes (the JSON error form's `field`). */
  field?: string;
  constructor(message: string, exitCode: number = EXIT.failure, hint?: string) {
    super(message);
    this.name = 'AgntError';
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** Bad flags, arguments or local files: nothing was sent. */
export class UsageError extends AgntError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
    this.name = 'UsageError';
  }
}

export interface ApiErrorBody {
  status: number;
  error_code?: string;
  error: string;
  [k: string]: unknown;
}

export function exitCodeForStatus(status: number): number {
  if (status === 404) return EXIT.notFound;
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 408 || status === 429) return EXIT.failure;
  if (status >= 400 && status < 500) return EXIT.rejected;
  return EXIT.failure;
}

/** The server answered with an error status. */
export class ApiError extends AgntError {
  status: number;
  code?: string;
  body: ApiErrorBody;
  attempts: number;
  /** The server's Retry-After, in milliseconds from when it answered (429, 503). */
  retryAfterMs?: number;
  /** An earlier attempt of the request may have been handled (it was sent again). */
  resent?: boolean;
  constructor(body: ApiErrorBody, attempts = 1, hint?: string) {
    super(body.error, exitCodeForStatus(body.status), hint);
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.error_code;
    this.body = body;
    this.attempts = attempts;
  }
}

/** ' (HTTP 404, AGNT_E_NOT_FOUND)': the status and code an API error came with, as agnt shows them beside its message. */
export function apiTag(e: { status: number; code?: string }): string {
  return ` (${[`HTTP ${e.status}`, e.code].filter(Boolean).join(', ')})`;
}

/** A failure's message, with its API tag when the server refused: a failed row's or change's error column. */
export function failureText(e: unknown): string {
  if (e instanceof ApiError) return `${e.message}${apiTag(e)}`;
  return (e as Error)?.message ?? String(e);
}

/** No usable answer: connection failure, timeout, a body that is not what the API sends. */
export class NetworkError extends AgntError {
  attempts: number;
  /** The system or undici error code (ECONNREFUSED, UND_ERR_SOCKET, ...), when there is one. */
  code?: string;
  constructor(message: string, attempts = 1, code?: string) {
    super(message, EXIT.failure);
    this.name = 'NetworkError';
    this.attempts = attempts;
    this.code = code;
  }
}

export class TimeoutError extends NetworkError {
  constructor(message: string, attempts = 1) {
    super(message, attempts);
    this.name = 'TimeoutError';
  }
}

/**
 * How many failed items a bulk command keeps to name in its one JSON error object (the JSON
 * error form names each failed item; the rest are counted, and all are in the ledger).
 */
export const NAMED_FAILURES = 20;

/** ': a; b; and N more' for the failed items kept (at most NAMED_FAILURES) out of `total`. */
export function namedFailures(kept: readonly string[], total: number): string {
  if (!kept.length) return '';
  return `: ${kept.join('; ')}${total > kept.length ? `; and ${total - kept.length} more` : ''}`;
}

/** Some items of a bulk operation failed; the rest succeeded. */
export class PartialFailure extends AgntError {
  constructor(message: string) {
    super(message, EXIT.partial);
    this.name = 'PartialFailure';
  }
}

export class Interrupted extends AgntError {
  constructor(message = 'interrupted') {
    super(message, EXIT.interrupted);
    this.name = 'Interrupted';
  }
}

/**
 * A finding, not a failure (exit 7: plan/drift differ; 8: a wait timed out): the document is
 * already on stdout; stderr gets one plain line, and no error object in the JSON error form.
 */
export class OutcomeExit extends AgntError {
  constructor(message: string, exitCode: number) {
    super(message, exitCode);
    this.name = 'OutcomeExit';
  }
}

/** plan/drift --exit-code found changes: not a failure, a signal for scripts (exit 7). */
export class ChangesFound extends OutcomeExit {
  constructor(message: string) {
    super(message, EXIT.changes);
    this.name = 'ChangesFound';
  }
}
