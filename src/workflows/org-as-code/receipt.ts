// A rehearsal the live apply can check. `org apply --receipt FILE` (against a sandbox cloned from
// production) writes an OrgReceipt: the OrgPlan it applied, unchanged (as `org plan --out` writes
// it, so a signed plan stays signed inside it), what each change answered, and a fingerprint of
// every object of the organization the plan read, taken before anything was written. `org apply
// --rehearsed FILE` on the real organization recomputes the plan and the fingerprints first, and
// refuses (exit 7, naming what differs, nothing sent) when the plan or any object differs.
//
// Fingerprints are of the objects as the document names them (a team by name, a user by e-mail),
// never of server ids, so a sandbox's fingerprints compare with production's. The digest over the
// receipt detects a receipt edited by hand or damaged; it is not a signature (anyone can compute
// it): a plan's Ed25519 signatures, inside the embedded plan, say who approved it.
import { readSavedJson } from '../../core/saved-file.ts';
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { AgntError, EXIT, UsageError } from '../../core/errors.ts';
import { API_VERSION, assignmentKey, canonical, ruleKey, sha256, type OrgDoc } from './document.ts';
import type { Operation } from './apply.ts';
import { isSecretField } from './secrets.ts';

type Rec = Record<string, any>;

export const RECEIPT_KIND = 'OrgReceipt';

export interface OrgReceipt {
  apiVersion: string;
  kind: typeof RECEIPT_KIND;
  /** The OrgPlan applied, as `org plan --out` writes it. */
  plan: Rec;
  /** Per change applied: its paths and what each of its requests answered. */
  answers: Array<{ changes: string[]; requests: Operation['answers'] }>;
  /** Object (as the plan names it: teams[Platform], members[a@acme.test]...) -> sha256 of it as read. */
  objects: Record<string, string>;
  /** sha256 over the rest (canonical JSON): detects a receipt edited or damaged. */
  digest: string;
}

/** A fingerprint of every object of a live document, keyed as plan paths name them. */
export function objectFingerprints(doc: OrgDoc): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = sha256(canonical(value));
  };
  put('organization', doc.organization);
  // A secret is never copied to a clone, so its value cannot be compared: only the rest is.
  for (const k of ['sso', 'auditLogging'] as const) put(k, doc[k] === undefined ? undefined : withoutSecrets(doc[k]));
  for (const k of ['modelTiers', 'profile'] as const) put(k, doc[k]);
  for (const d of doc.domains ?? []) put(`domains[${d.domain}]`, d);
  for (const m of doc.members ?? []) put(`members[${m.email}]`, m);
  for (const t of doc.teams ?? []) put(`teams[${t.name}]`, t);
  for (const i of doc.invitations ?? []) put(`invitations[${i.team}/${i.email}]`, i);
  for (const r of doc.backupRules ?? []) put(`backupRules[${ruleKey(r).replace('\u0000', '/')}]`, r);
  for (const m of doc.managerAssignments ?? []) put(`managerAssignments[${assignmentKey(m).split('\u0000').slice(0, 2).join('/')}]`, m);
  return out;
}

/** A copy with every secret-keyed value (and any PEM private key) left out. */
function withoutSecrets(v: unknown, key = ''): unknown {
  if (key && isSecretField(key)) return undefined;
  if (typeof v === 'string' && /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v)) return undefined;
  if (Array.isArray(v)) return v.map((x) => withoutSecrets(x));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (isSecretField(k) ? [] : [[k, withoutSecrets(x, k)]])));
  return v;
}

const digestOf = (r: Omit<OrgReceipt, 'digest'>): string => `sha256:${sha256(canonical({ apiVersion: r.apiVersion, kind: r.kind, plan: r.plan, answers: r.answers, objects: r.objects }))}`;

export function writeReceipt(file: string, plan: Rec, ops: Operation[], objects: Record<string, string>): void {
  const body: Omit<OrgReceipt, 'digest'> = {
    apiVersion: API_VERSION,
    kind: RECEIPT_KIND,
    plan,
    answers: ops.map((o) => ({ changes: o.changes.map((c) => c.path), requests: o.answers })),
    objects,
  };
  // It holds no secret (the plan's are masked) but names the organization's objects: 0600.
  writeFileAtomic(file, `${JSON.stringify({ ...body, digest: digestOf(body) }, null, 2)}\n`, { mode: 0o600 });
}

export function readReceipt(file: string): OrgReceipt {
  const data = readSavedJson(
    file,
    `--rehearsed ${file}`,
    'a receipt written by agnt org apply --receipt',
    (d) => d.kind === RECEIPT_KIND && d.apiVersion === API_VERSION && typeof d.plan === 'object' && typeof d.objects === 'object',
  );
  if (data.digest !== digestOf(data))
    throw new UsageError(`--rehearsed ${file}: the receipt was changed after it was written (its digest does not match); nothing was sent`, 'rehearse again to get a new receipt');
  return data as OrgReceipt;
}

/**
 * Refuses (exit 7, nothing sent) when the organization is not as it was when the rehearsal read
 * its copy, or when the plan made now is not the one rehearsed.
 */
export function checkRehearsal(file: string, receipt: OrgReceipt, plan: Rec, live: OrgDoc): void {
  const now = objectFingerprints(live);
  const moved = [...new Set([...Object.keys(receipt.objects), ...Object.keys(now)])]
    .filter((k) => receipt.objects[k] !== now[k])
    .map((k) => (!(k in now) ? `${k} (gone)` : !(k in receipt.objects) ? `${k} (new)` : k))
    .sort();
  const samePlan = canonical([receipt.plan.changes, receipt.plan.supervision?.members ?? null]) === canonical([plan.changes, plan.supervision?.members ?? null]);
  if (!moved.length && samePlan) return;
  const why = [
    moved.length ? `${moved.length} object(s) changed since the rehearsal: ${moved.join(', ')}` : '',
    samePlan ? '' : `the plan differs from the rehearsed one (${plan.changes.length} change(s) now, ${receipt.plan.changes?.length ?? 0} rehearsed)`,
  ].filter(Boolean);
  // Exit 7 prints its message alone (no hint line): what to do is in it.
  throw new AgntError(`apply to ${plan.organization} does not match the rehearsal ${file}: ${why.join('; ')}; nothing was sent (clone the organization again and rehearse there)`, EXIT.changes);
}
