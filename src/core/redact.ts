// Secrets never leave agnt through logs, dry runs or errors. These helpers are the one place
// that decides what a secret looks like.

const SECRET_KEY = /(^|_|-)(token|secret|password|passwd|apikey|api_key|accesstoken|access_token|privatekey|clientsecret)$|^carrierCCredentials$|^authorization$/i;
const SECRET_QUERY = /^(signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token|token|access_token|key)$/i;

export const REDACTED = '<redacted>';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) || (/token$/i.test(key) && !/^(next|page|sync|lastSync|share|confirmation)/i.test(key));
}

/** A deep copy with secret-looking keys replaced, and signatures masked in URL strings. */
export function redactValue(value: unknown): unknown {
  // Presigned URLs arrive as plain string values ({url: ...}); their signature is a secret too.
  if (typeof value === 'string') return redactUrls(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v !== null ? REDACTED : redactValue(v);
    return out;
  }
  return value;
}

/** Masks signature-like query parameters (presigned URLs) while keeping the URL readable. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY.test(key)) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString().replaceAll('%3Credacted%3E', REDACTED)}` : url;
}

const URL_WITH_QUERY = /https?:\/\/[^\s"'<>?]*\?[^\s"'<>]*/gi;

/** Masks the signature of every URL inside free text (error messages, log lines). */
export function redactUrls(text: string): string {
  return text.includes('?') ? text.replace(URL_WITH_QUERY, (u) => redactUrl(u)) : text;
}

/** Removes literal occurrences of known secrets from free text. */
export function scrub(text: string, secrets: Array<string | undefined>): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}
