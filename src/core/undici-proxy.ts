// undici's EnvHttpProxyAgent (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), apart from undici-lite.ts:
// it brings the proxy and SOCKS5 clients, which a run without a proxy never needs.
import type * as Undici from 'undici';
import './undici-lite.ts';
// @ts-expect-error undici ships no types for its internal modules; the public types apply.
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof Undici.EnvHttpProxyAgent;
