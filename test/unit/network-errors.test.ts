// Which network failures are worth a retry, and how the proxy of a URL is found (undici's rules).
import { describe, expect, it } from 'vitest';
import { cannotPass, networkFailure, proxyFor } from '../../src/core/network-errors.ts';

describe('network failures', () => {
  it('an unknown host and an untrusted certificate cannot pass; a refused or reset connection may', () => {
    for (const code of ['ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) expect(cannotPass(code), code).toBe(true);
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EAI_AGAIN', 'UND_ERR_SOCKET', undefined]) expect(cannotPass(code), String(code)).toBe(false);
  });

  it('an unknown host: one line naming it, its code kept for the JSON error form', () => {
    const e = Object.assign(new Error('getaddrinfo ENOTFOUND api.nowhere.invalid'), { code: 'ENOTFOUND', hostname: 'api.nowhere.invalid' });
    const f = networkFailure(e, new URL('https://api.nowhere.invalid'), {});
    expect([f.message, f.code, f.hint]).toEqual(['cannot resolve api.nowhere.invalid', 'ENOTFOUND', undefined]);
  });

  it('a proxy name that does not resolve is the proxy, not the server', () => {
    const e = Object.assign(new Error('getaddrinfo ENOTFOUND proxy.corp.invalid'), { code: 'ENOTFOUND', hostname: 'proxy.corp.invalid' });
    const f = networkFailure(e, new URL('https://api.example.com'), { HTTPS_PROXY: 'http://proxy.corp.invalid:3128' });
    expect(f.message).toBe('cannot connect to the proxy proxy.corp.invalid:3128 (HTTPS_PROXY): its name does not resolve');
  });

  it('finds the proxy by scheme and honours NO_PROXY (names, suffixes, ports, *)', () => {
    const env = { HTTPS_PROXY: 'http://p:1', http_proxy: 'http://q:2', NO_PROXY: 'internal.test,.corp.test,127.0.0.1:8080' };
    expect(proxyFor(new URL('https://api.example.com'), env)).toMatchObject({ variable: 'HTTPS_PROXY' });
    expect(proxyFor(new URL('http://api.example.com'), env)).toMatchObject({ variable: 'http_proxy' });
    expect(proxyFor(new URL('https://internal.test'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://a.corp.test'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://127.0.0.1:8080'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://127.0.0.1:8081'), env)).toMatchObject({ variable: 'http_proxy' });
    expect(proxyFor(new URL('https://x.test'), { ...env, NO_PROXY: '*' })).toBeUndefined();
    expect(proxyFor(new URL('https://x.test'), {})).toBeUndefined();
  });
});
