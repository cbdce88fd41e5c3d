// The sandbox's shared types, in a module of their own so that the server, the router and the
// areas can all name them without importing each other in a circle.
import type { Router } from './router.ts';
import type { Store } from './store.ts';

/** The router of a sandbox: handlers receive the request and the sandbox. */
export type SandboxRouter = Router<Sandbox>;

export interface Fault {
  method?: string;
  /** Matched against the path (without query). */
  path?: RegExp;
  /** How many matching requests get the fault. */
  times: number;
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  url: string;
  authorization?: string;
  status: number;
  body?: unknown;
  /** The body as received (the bench's journal keeps it; sandbox/journal.ts). */
  raw?: Buffer;
  /** The fault rule that answered (sandbox/faults.ts). */
  fault?: string;
  /** The agent session that sent it (X-Agnt-Session: agnt mcp's writes). */
  session?: string;
}

export interface Sandbox {
  baseUrl: string;
  port: number;
  tokens: Record<string, string>;
  store: Store;
  router: SandboxRouter;
  /** Every request served, in order (tests assert what was, or was not, sent). */
  requests: LoggedRequest[];
  /** Queued failures, for retry tests. */
  faults: Fault[];
  /** HMAC key for presigned URLs. */
  secret: string;
  /** The clock, fault rules, journal and snapshots, with the control namespace (sandbox/control.ts). */
  bench?: import('./control.ts').Bench;
  /** Connections accepted since start (an HTTP/2 client's requests share one). */
  connections: number;
  close(): Promise<void>;
}

export interface SandboxArea {
  name: string;
  register(router: SandboxRouter, sb: Sandbox): void;
  /** Adds this area's records to a fresh sandbox (after the base seed). */
  seed?(store: Store): void;
  /**
   * Adds the records the help examples act on (fixed ids in each state: spans to submit, accept,
   * approve; invitations; an onboarding session...). Part of every sandbox, as `agnt sandbox
   * start` makes it; tests that need a clean slate in an area start with exampleRecords: false.
   */
  seedExamples?(store: Store): void;
  /** Releases what the area holds outside the store (temporary files) when the sandbox stops. */
  close?(sb: Sandbox): void;
}
