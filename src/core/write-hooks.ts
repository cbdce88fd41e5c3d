// What the HTTP core tells the parts that watch every write, whichever path sent it (an endpoint
// command, `agnt api`, batch, import, members sync, org apply, the MCP server): the change journal
// records each one (intent before it is sent, outcome after) and the guardrails may refuse it.
// A hook is called for every request but a GET, after a dry run has been answered (a dry run sends
// nothing, so nothing is recorded), before the request waits for a connection.
import type { ApiResponse, Method, RequestSpec, Requester } from './request-spec.ts';

export interface WriteInfo {
  spec: RequestSpec;
  method: Method;
  /** The path and query as sent (base URL's path included). */
  target: string;
  /** The body as sent, when there is one. */
  payload?: string;
  /** The agent session the client sends for (ClientOptions.session). */
  session?: string;
}

export interface WriteOutcome {
  /** The answer, when the server gave one (an error answer too: ApiError carries its status). */
  response?: ApiResponse;
  error?: unknown;
}

/** Called once the write has an outcome (an answer or an error). */
export type WriteDone = (outcome: WriteOutcome) => void;

export interface WriteHook {
  /**
   * Before the write is sent. Throwing refuses it: nothing is sent and the error is the request's.
   * `client` sends requests of its own (the journal reads the record the write replaces); those
   * are GETs, so they are never hooked.
   */
  before(write: WriteInfo, client: Requester): Promise<WriteDone | undefined> | WriteDone | undefined;
}

/** Calls each hook's before(), in order; the returned function reports the outcome to all of them. */
export async function beforeWrite(hooks: readonly WriteHook[], write: WriteInfo, client: Requester): Promise<WriteDone> {
  const done: WriteDone[] = [];
  for (const hook of hooks) {
    const d = await hook.before(write, client);
    if (d) done.push(d);
  }
  return (outcome) => {
    for (const d of done) d(outcome);
  };
}
