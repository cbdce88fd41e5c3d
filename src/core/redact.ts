// Secrets never leave agnt through logs, dry runs or errors. These helpers are the one place
// that decides what a secret looks like.

const SECRET_KEY =
  /(^|_|-)(token|secret|password|passwd|apikey|api_key|accesstoken|access_token|privatekey|private_key|clientsecret|bearertoken|sharedsecret|signingkey)$|^carrierCCredentials$|^authorization$/i;
const SECRET_QUERY = /^(signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token|token|access_token|key)$/i;

export const REDACTED = '<redacted>';

export function isSecretKey(key: string): boolean {
  // camelCase names end in one too (newPassword, webhookSecret).
  return SECRET_KEY.test(key) || /(password|passwd|secret)$/i.test(key) || (/token$/i.test(key) && !/^(next|page|sync|lastSync|share|confirmation)/i.test(key));
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

// Values agnt knows to be secret (sent from a secret-keyed field, read from a `${env:...}`
// reference, the token): masked wherever they appear in what agnt prints, logs or keeps from an
// answer, so a server that echoes one back in an error cannot get it onto the screen.
const known = new Set<string>();
// Shorter values are too likely to be ordinary words to mask everywhere.
const MIN_SECRET = 6;
const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
// In JSON text, a key isSecretKey takes (its name ends as one of SECRET_KEY's, or in "token"),
// or a PEM private key: a body without one needs no walk through its values.
const SECRET_KEY_TEXT = /(token|secret|password|passwd|apikey|api_key|privatekey|private_key|signingkey|carrierCCredentials|authorization)"\s*:/i;

/** Whether JSON text may hold a value learnSecrets would keep (a cheap test before parsing or walking it). */
export function mayHoldSecrets(json: string): boolean {
  return SECRET_KEY_TEXT.test(json) || PEM_PRIVATE.test(json);
}

/**
 * Remembers a secret value, raw and as it reads inside JSON text, once and twice (a PEM key's
 * line breaks, in a server message that quotes the JSON body agnt sent).
 */
export function knowSecret(value: unknown): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET) return;
  let form = value;
  for (let i = 0; i < 3; i++) {
    known.add(form);
    form = JSON.stringify(form).slice(1, -1);
  }
}

/** Remembers the values of every secret-keyed field (and every PEM private key) in a request body. */
export function learnSecrets(value: unknown, key = ''): void {
  if (typeof value === 'string') {
    if ((key && isSecretKey(key)) || PEM_PRIVATE.test(value)) knowSecret(value);
    return;
  }
  if (Array.isArray(value)) for (const v of value) learnSecrets(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) learnSecrets(v, k);
}

/** Text with every known secret value masked. */
export function maskSecrets(text: string): string {
  if (!known.size) return text;
  let out = text;
  // Longest first: a secret that holds another is masked whole.
  for (const s of [...known].sort((a, b) => b.length - a.length)) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}
