// Signed plans (docs/guardrails.md): an admin's Ed25519 key per profile (`agnt keys create`), the
// public half listed by e-mail under guardrails.approvers, and signatures added to a plan file
// (`agnt approve`) over the canonical JSON of the plan without its `signatures`. Apply verifies
// every signature; a plan changed after signing no longer matches any of them.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.ts';
import { configDir, readConfig } from '../config.ts';
import type { Context } from '../context.ts';
import { callEndpoint } from '../endpoint-request.ts';
import { hostEnv } from '../host.ts';
import { AgntError, EXIT, UsageError } from '../errors.ts';
import { canonical } from '../../workflows/org-as-code/document.ts';
import { publicKeyOf, type RuleSet } from './rules.ts';

export interface Signature {
  /** The approver's e-mail (the profile's user when they signed). */
  by: string;
  /** Their public key, as `agnt keys show` prints it. */
  key: string;
  /** Base64 Ed25519 signature of the plan's canonical JSON without `signatures`. */
  signature: string;
  at: string;
}

type Plan = Record<string, any> & { signatures?: Signature[]; author?: string };

export function keyFile(profile: string): string {
  return join(configDir(), 'keys', `${profile.replace(/[^A-Za-z0-9_.-]+/g, '_')}.pem`);
}

/** The public key as text: base64 of its DER SubjectPublicKeyInfo. */
export function publicText(key: KeyObject): string {
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).toString('base64');
}

/** Makes the profile's key (private half 0600 in the config folder); refuses to replace one unless `force`. */
export function createKey(profile: string, force: boolean): { file: string; key: string } {
  const file = keyFile(profile);
  let exists = false;
  try {
    readFileSync(file);
    exists = true;
  } catch {
    /* none yet */
  }
  if (exists && !force)
    throw new UsageError(`profile '${profile}' already has a key (${file})`, 'agnt keys show prints its public key; --force replaces it (plans signed with the old one then fail to verify)');
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(join(configDir(), 'keys'), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { mode: 0o600 });
  return { file, key: publicText(privateKey) };
}

export function readKey(profile: string): KeyObject {
  const file = keyFile(profile);
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (e: any) {
    if (e.code === 'ENOENT') throw new UsageError(`profile '${profile}' has no signing key`, `make one with: agnt keys create --profile ${profile}`);
    throw e;
  }
  return createPrivateKey(pem);
}

/** The bytes a signature covers: the plan without its signatures, keys sorted. */
export function signedBytes(plan: Plan): Buffer {
  const { signatures: _s, ...rest } = plan;
  return Buffer.from(canonical(rest));
}

/** The plan with one more signature (a second signature by the same person replaces the first). */
export function signPlan(plan: Plan, key: KeyObject, by: string): Plan {
  const signature = sign(null, signedBytes(plan), key).toString('base64');
  const others = (plan.signatures ?? []).filter((s) => s.by.toLowerCase() !== by.toLowerCase());
  return { ...plan, signatures: [...others, { by: by.toLowerCase(), key: publicText(key), signature, at: new Date().toISOString() }] };
}

export interface Verified {
  /** Approvers whose signatures verify. */
  by: string[];
  /** At least one of them is not the plan's author. */
  secondAdmin: boolean;
}

/**
 * Checks every signature of a plan against the approvers of the rules: one that does not verify
 * (the plan changed after signing), or whose key is not an approver's, refuses the plan (exit 7).
 */
export function verifyPlan(plan: Plan, rs: RuleSet | undefined, file: string): Verified {
  const sigs = plan.signatures ?? [];
  if (!Array.isArray(sigs)) throw new UsageError(`${file}: signatures must be a list (agnt approve adds them)`);
  if (!sigs.length) return { by: [], secondAdmin: false };
  const approvers = rs?.rules.approvers ?? [];
  const bytes = signedBytes(plan);
  const by: string[] = [];
  for (const s of sigs) {
    const who = String(s?.by ?? '').toLowerCase();
    const listed = approvers.find((a) => a.email === who && a.key === s.key);
    if (!listed)
      throw new AgntError(
        `${file} is signed by ${who || 'someone unnamed'} with a key that is not listed under guardrails.approvers${rs ? ` of ${rs.file}` : ' (no guardrails apply)'}; nothing was written`,
        EXIT.changes,
        'list the approver and their public key (agnt keys show) under guardrails.approvers',
      );
    let ok = false;
    try {
      ok = verify(null, bytes, publicKeyOf(listed.key), Buffer.from(String(s.signature), 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) throw new AgntError(`${file} was changed after ${who} signed it (the signature does not match); nothing was written`, EXIT.changes, 'make the plan again and have it approved again');
    by.push(who);
  }
  const author = String(plan.author ?? '').toLowerCase();
  return { by, secondAdmin: by.some((b) => b !== author) };
}

/** Who the profile's user is, by e-mail: the profile's `user` setting, else the server's answer to GET /users/me. */
export async function profileEmail(ctx: Context): Promise<string> {
  const s = ctx.settings();
  const saved = readConfig(hostEnv(), () => undefined).profiles?.[s.profile.name]?.user;
  if (saved?.includes('@')) return saved.toLowerCase();
  const me = (await callEndpoint<Record<string, unknown>>(ctx.client(), 'users.me.get')).data ?? {};
  if (typeof me.email !== 'string') throw new AgntError('cannot tell who the profile is: GET /users/me gave no e-mail', EXIT.failure);
  return me.email.toLowerCase();
}
