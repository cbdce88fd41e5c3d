// undici's EnvHttpProxyAgent (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), apart from undici-lite.ts:
// it brings the proxy and SOCKS5 clients, which a run without a proxy never needs. The proxy
// agent opens its tunnels with the dispatcher API's connect(), which undici-lite leaves out.
import type * as Undici from 'undici';
import './undici-lite.ts';
// @ts-expect-error undici ships no types for its internal modules; the public types apply.
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import connect from 'undici/lib/api/api-connect.js';
// @ts-expect-error as above
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

Object.assign((DispatcherImpl as { prototype: object }).prototype, { connect });

export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof Undici.EnvHttpProxyAgent;
