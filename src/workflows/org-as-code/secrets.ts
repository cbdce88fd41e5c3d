// Secrets in an organization document. A secret is never written to a file, a plan, a log or
// --debug: export writes a reference '${env:NAME}' in its place, plan and apply read the value
// from the environment when they need it, and every value shown is masked.
// Which keys hold secrets: the fields the API model (src/api) marks secret in the organization
// resources, plus the core's rule (src/core/redact.ts) for the SSO provider blocks, whose inner
// fields the API leaves open (a SAML private key, a client secret, a bearer token).
import { area as orgApi } from '../../api/areas/organizations.ts';
import { secretPaths } from '../../api/shape.ts';
import { isSecretKey, knowSecret } from '../../core/redact.ts';
import { UsageError } from '../../core/errors.ts';

type Rec = Record<string, any>;

export const MASK = '<secret>';
const REF = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

const MARKED = new Set(Object.values(orgApi.resources).flatMap((shape) => secretPaths(shape).map((p) => p.split('.').pop()!.replace(/\[\]$/, ''))));

export function isSecretField(key: string): boolean {
  return MARKED.has(key) || isSecretKey(key);
}

/** A PEM private key is a secret whatever key holds it (a certificate bundle's private part). */
const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

function secretValue(key: string, v: unknown): boolean {
  return (isSecretField(key) && v !== null && v !== '') || (typeof v === 'string' && PEM_PRIVATE.test(v));
}

export function isReference(v: unknown): v is string {
  return typeof v === 'string' && REF.test(v);
}

/** The environment variable export names for a secret at this path: AGNT_SSO_SAML_PRIVATE_KEY. */
export function referenceFor(path: string[]): string {
  const name = path
    .map((p) => p.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_'))
    .join('_')
    .toUpperCase();
  return `\${env:AGNT_${name}}`;
}

/** A copy with every secret-keyed value replaced by its environment reference (for export). */
export function withReferences(value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => withReferences(v, [...path, String(i)]));
  if (value && typeof value === 'object') {
    const out: Rec = {};
    for (const [k, v] of Object.entries(value)) out[k] = secretValue(k, v) ? referenceFor([...path, k]) : withReferences(v, [...path, k]);
    return out;
  }
  return value;
}

/**
 * A copy with every '${env:NAME}' replaced by the variable's value; a missing variable is a
 * usage error before anything is sent. `found` collects the values, so they can be scrubbed.
 */
export function resolveReferences<T>(value: T, env: NodeJS.ProcessEnv, where: string, found: string[] = []): T {
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === 'string') {
      const m = REF.exec(v);
      if (!m) return v;
      const got = env[m[1]!];
      if (got === undefined || got === '') throw new UsageError(`${where}: ${path} refers to \${env:${m[1]}}, which is not set`, `export ${m[1]}=... (from your secret store) before running this`);
      found.push(got);
      knowSecret(got);
      return got;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    return v;
  };
  return walk(value, '') as T;
}

/** A copy fit to show: secret-keyed values and known secret strings masked. */
export function masked(value: unknown, secrets: string[], key = ''): unknown {
  if (value === null || value === undefined) return value;
  if (key && isSecretField(key)) return isReference(value) ? value : MASK;
  if (typeof value === 'string') return PEM_PRIVATE.test(value) || secrets.some((s) => s && value.includes(s)) ? MASK : value;
  if (Array.isArray(value)) return value.map((v) => masked(v, secrets));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, secrets, k)]));
  return value;
}

/**
 * The secret references whose variable is not set, and a copy of the value with each of them
 * emptied (null): what `agnt sandbox start --seed` applies, since a sandbox holds no real secret.
 */
export function unsetSecrets<T>(value: T, env: NodeJS.ProcessEnv): { doc: T; paths: Array<{ path: string; name: string }> } {
  const paths: Array<{ path: string; name: string }> = [];
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === 'string') {
      const m = REF.exec(v);
      if (!m || (env[m[1]!] !== undefined && env[m[1]!] !== '')) return v;
      paths.push({ path, name: m[1]! });
      return null;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    return v;
  };
  return { doc: walk(value, '') as T, paths };
}
