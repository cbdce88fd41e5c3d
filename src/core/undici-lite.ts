// The parts of undici agnt uses (Agent, with dispatch() and the request() API), loaded from
// undici's own modules rather than from its index. The index also loads fetch, cookies and
// WebSocket, and one of those reads globalThis.Headers: a lazy global that makes Node load its
// own, second copy of undici. Importing only these modules keeps one HTTP stack per process, and
// loads no more of it than a command sends with: dispatch() for API calls, request() for
// presigned transfers (stream, pipeline, upgrade and connect go unused), and the proxy agent
// only where a proxy is set (undici-proxy.ts).
// Build dispatchers through this module only (see HttpClient.dispatcher in http.ts).
import type * as Undici from 'undici';
// @ts-expect-error undici ships no types for its internal modules; the public types apply.
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import request from 'undici/lib/api/api-request.js';
// @ts-expect-error as above
import AgentImpl from 'undici/lib/dispatcher/agent.js';

// What undici's index does to give every dispatcher request().
Object.assign((DispatcherImpl as { prototype: object }).prototype, { request });

export const Agent = AgentImpl as typeof Undici.Agent;

// @ts-expect-error as above (the Agent's pools are made of these)
import ClientImpl from 'undici/lib/dispatcher/client.js';

/** One connection to one origin: the HTTP client's while its server may speak HTTP/2. */
export const Client = ClientImpl as typeof Undici.Client;

// @ts-expect-error as above (undici's Client loads this module too: it costs nothing more)
import buildConnectorImpl from 'undici/lib/core/connect.js';

/** undici's own connector (TLS options, ALPN, session cache), which http.ts wraps to see each connection. */
export const buildConnector = buildConnectorImpl as typeof Undici.buildConnector;

// @ts-expect-error as above (undici keys its own state with these; it loads them itself)
import symbols from 'undici/lib/core/symbols.js';

/** Where undici keeps a connection's HTTP/2 session, on the socket it runs over. */
export const kHTTP2Session: symbol = (symbols as { kHTTP2Session: symbol }).kHTTP2Session;
