// What a failed connection means to a user, and whether trying again can help. A certificate
// that is not trusted, or a host name that does not resolve, fails the same way every time: no
// retry, and a hint. A connection that fails while a proxy is configured is reported as the
// proxy's failure, naming the variable that set it, rather than as the API server's.
import { NetworkError } from './errors.ts';

/** Node's and OpenSSL's codes for a certificate that cannot be verified. */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * OpenSSL's alerts from a server that wants a client certificate (mutual TLS): none was sent
 * (TLS 1.3 says so, 1.2 fails the handshake), or the one sent is not one it accepts.
 */
const CLIENT_CERTIFICATE_CODES = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
]);

export function isCertificateError(code: string | undefined): boolean {
  return code !== undefined && (CERTIFICATE_CODES.has(code) || CLIENT_CERTIFICATE_CODES.has(code));
}

/** Where the client certificate comes from, for the message of a server that refused it. */
export interface CertificateContext {
  certFile?: string;
}

/**
 * Failures that no retry can pass: an untrusted certificate, a name with no address (ENOTFOUND;
 * EAI_AGAIN, a resolver that did not answer, may pass and stays retried).
 */
export function cannotPass(code: string | undefined): boolean {
  return code === 'ENOTFOUND' || isCertificateError(code);
}

type SysError = Error & { code?: string; address?: string; port?: number; hostname?: string; cause?: SysError };

/** The proxy the environment names for this URL, and the variable that names it (undici's rules). */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv = process.env): { url: URL; variable: string } | undefined {
  const candidates = url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const variable = candidates.find((v) => env[v]);
  if (!variable) return undefined;
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '').split(/[\s,]+/).filter(Boolean);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  for (const entry of noProxy) {
    if (entry === '*') return undefined;
    const [name, port] = entry.replace(/^\*?\./, '.').split(':');
    if (port && port !== (url.port || (url.protocol === 'https:' ? '443' : '80'))) continue;
    if (host === name?.replace(/^\./, '') || (name?.startsWith('.') && host.endsWith(name))) return undefined;
  }
  try {
    return { url: new URL(env[variable]!), variable };
  } catch {
    return undefined;
  }
}

function sameEndpoint(err: SysError, proxy: URL): boolean {
  const e = err.address || err.hostname ? err : (err.cause ?? err);
  const host = proxy.hostname.replace(/^\[|\]$/g, '');
  const port = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  if (e.hostname) return e.hostname === host;
  if (e.address) return e.address === host && (e.port === undefined || e.port === port);
  // No address on the error: a connection that never opened, with a proxy in the way, is the proxy's.
  return true;
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNRESET']);

/** The NetworkError for a failed request to `target`: worded for the server, the proxy or the certificate. */
export function networkFailure(e: unknown, target: URL, env: NodeJS.ProcessEnv = process.env, tls: CertificateContext = {}): NetworkError {
  const err = e as SysError;
  const code = err.code ?? err.cause?.code;
  const host = target.host;
  const proxy = proxyFor(target, env);
  if (proxy && code && CONNECT_CODES.has(code) && sameEndpoint(err, proxy.url)) {
    const why = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'its name does not resolve' : code === 'ECONNRESET' ? 'connection reset' : code;
    const failure = new NetworkError(`cannot connect to the proxy ${proxy.url.host} (${proxy.variable}): ${why}`, 1, code);
    failure.hint = `check ${proxy.variable}, or send ${target.hostname} direct with NO_PROXY=${target.hostname}`;
    return failure;
  }
  if (isCertificateError(code)) return certificateFailure(err, code!, target, tls);
  // undici passes on Node's stream error; the reason is only in its message.
  if (code === 'ERR_HTTP2_STREAM_ERROR' && /NGHTTP2_REFUSED_STREAM/.test(err.message)) {
    return new NetworkError(`${host} refused the request before handling it (HTTP/2 REFUSED_STREAM: it takes fewer requests at once)`, 1, 'REFUSED_STREAM');
  }
  switch (code) {
    case 'ECONNREFUSED':
      return new NetworkError(`cannot connect to ${host}: connection refused`, 1, code);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new NetworkError(`cannot resolve ${host}`, 1, code);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET': {
      const failure = new NetworkError(`connection to ${host} was reset`, 1, code);
      // A server that checks client certificates in its own code (Node's does) closes the
      // connection on one it does not accept, with no TLS alert to say why.
      if (tls.certFile) failure.hint = `if ${target.hostname} requires mutual TLS, it may have refused the client certificate ${tls.certFile}: check cert-file and key-file`;
      return failure;
    }
    default:
      return new NetworkError(`request to ${host} failed: ${err.message}${code ? ` (${code})` : ''}`, 1, code);
  }
}

/**
 * A certificate that failed, as one line naming the cause and a hint naming the setting that
 * fixes it: the server's not trusted (ca-file), expired or not yet valid, issued for other names
 * (base-url), or the server's refusal of the client's (cert-file, key-file).
 */
function certificateFailure(err: SysError, code: string, target: URL, tls: CertificateContext): NetworkError {
  const host = target.host;
  const fail = (message: string, hint: string): NetworkError => {
    const failure = new NetworkError(`${message} (${code})`, 1, code);
    failure.hint = hint;
    return failure;
  };
  if (CLIENT_CERTIFICATE_CODES.has(code)) {
    if (!tls.certFile)
      return fail(
        `${host} requires a client certificate (mutual TLS), and none is set`,
        'give yours with `agnt config set cert-file FILE` and `agnt config set key-file FILE` (or AGNT_CERT_FILE, AGNT_KEY_FILE)',
      );
    return fail(`${host} refused the client certificate ${tls.certFile}`, 'set cert-file (and key-file) to a certificate the server accepts: issued by its client CA, and current');
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    const expired = code === 'CERT_HAS_EXPIRED';
    return fail(
      `the certificate of ${host} ${expired ? 'has expired' : 'is not valid yet'}`,
      `the server's certificate must be renewed (no setting of agnt trusts ${expired ? 'an expired' : 'a future'} one); check this machine's clock too`,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = (err as SysError & { cert?: { subjectaltname?: string } }).cert?.subjectaltname;
    return fail(
      `the certificate of ${host} is not issued for ${target.hostname}${names ? ` (it names ${names})` : ''}`,
      `set base-url to a name the certificate is for (\`agnt config set base-url https://NAME\`, or AGNT_BASE_URL)`,
    );
  }
  return fail(
    `the certificate of ${host} is not trusted: ${err.message}`,
    `if ${target.hostname} uses a certificate authority of your own (a company proxy or CA), give its PEM file with \`agnt config set ca-file FILE\` (or AGNT_CA_FILE, or NODE_EXTRA_CA_CERTS)`,
  );
}
