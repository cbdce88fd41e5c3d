// The parts of undici agnt uses (Agent, EnvHttpProxyAgent and the request() API), loaded from
// undici's own modules rather than from its index. The index also loads fetch, cookies and
// WebSocket, and one of those reads globalThis.Headers: a lazy global that makes Node load its
// own, second copy of undici. Importing only these modules keeps one HTTP stack per process.
// Build dispatchers through this module only (see HttpClient.dispatcher in http.ts).
import type * as Undici from 'undici';
// @ts-expect-error undici ships no types for its internal modules; the public types apply.
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import api from 'undici/lib/api/index.js';
// @ts-expect-error as above
import AgentImpl from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error as above
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

// What undici's index does to give every dispatcher request(), stream() and pipeline().
Object.assign((DispatcherImpl as { prototype: object }).prototype, api);

export const Agent = AgentImpl as typeof Undici.Agent;
export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof Undici.EnvHttpProxyAgent;
