// The `guardrails:` section of the organization document (docs/guardrails.md): what a write may
// never do, whichever path sends it. Its shape is checked by the document's JSON Schema
// (schemas/org.schema.json); what a schema cannot say (a zone, a public key, a team the file
// does not list) is checked here, at the field path, with the document's other problems.
import { createPublicKey } from 'node:crypto';
import { validZone } from '../zone.ts';
import type { MatrixCell } from '../../api/supervision.ts';
import type { MatchDoc } from '../../workflows/org-as-code/supervision-model.ts';

export const CHANGE_KINDS = ['delete', 'role', 'supervision', 'create', 'update'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface Guardrails {
  limits?: { deletesPerRun?: number; deletesPerDay?: number };
  protected?: { members?: string[]; teams?: string[] };
  neverAuto?: Array<{ match?: MatchDoc; cells: MatrixCell[] }>;
  approval?: { changes?: ChangeKind[]; protected?: boolean };
  writeHours?: { from: string; to: string; zone: string; days?: Array<(typeof DAYS)[number]> };
  approvers?: Array<{ email: string; key: string }>;
}

/** The rules in force for a run, and the file they come from (said in every refusal). */
export interface RuleSet {
  rules: Guardrails;
  /** The document (or --guardrails file) the rules were read from. */
  file: string;
}

type Problem = { at: Array<string | number>; message: string };
const lower = (s: string) => s.toLowerCase();

/** The Ed25519 public key of an approver, from its text (base64 of the DER SubjectPublicKeyInfo, as `agnt keys show` prints it). */
export function publicKeyOf(text: string) {
  const key = createPublicKey({ key: Buffer.from(text.replace(/^ed25519:/, ''), 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** What the schema cannot say about a document's guardrails. */
export function guardrailProblems(doc: Record<string, any>): Problem[] {
  const g = doc.guardrails as Guardrails | undefined;
  if (!g || typeof g !== 'object') return [];
  const out: Problem[] = [];
  const base = ['guardrails'];
  if (g.writeHours) {
    if (!validZone(g.writeHours.zone)) out.push({ at: [...base, 'writeHours', 'zone'], message: `'${g.writeHours.zone}' is not an IANA time zone (e.g. Europe/Paris)` });
    if (g.writeHours.from === g.writeHours.to) out.push({ at: [...base, 'writeHours', 'to'], message: 'from and to are the same time: no hour would allow a write' });
  }
  const seen = new Map<string, number>();
  (g.approvers ?? []).forEach((a, i) => {
    try {
      publicKeyOf(a.key);
    } catch (e) {
      out.push({ at: [...base, 'approvers', i, 'key'], message: `not an Ed25519 public key as agnt keys show prints it (${(e as Error).message.split('\n')[0]})` });
    }
    const k = lower(a.email);
    if (seen.has(k)) out.push({ at: [...base, 'approvers', i, 'email'], message: `approver '${a.email}' is listed twice (first at guardrails.approvers[${seen.get(k)}])` });
    else seen.set(k, i);
  });
  // A protected team must be a team of the file, when the file lists teams: a typo protects nothing.
  if (Array.isArray(doc.teams)) {
    const teams = new Set((doc.teams as Array<{ name: string }>).map((t) => lower(String(t.name))));
    (g.protected?.teams ?? []).forEach((t, i) => {
      if (!teams.has(lower(t))) out.push({ at: [...base, 'protected', 'teams', i], message: `no team named '${t}' in this file's teams` });
    });
  }
  if (g.approval && (g.approval.changes?.length || g.approval.protected) && !g.approvers?.length)
    out.push({ at: [...base, 'approval'], message: 'a second admin approves with a key listed under guardrails.approvers: list at least one (agnt keys show)' });
  return out;
}

/** The rules with e-mails and team names in the case the checks compare. */
export function normalizeGuardrails(g: Guardrails): Guardrails {
  const out: Guardrails = { ...g };
  if (g.protected) out.protected = { members: (g.protected.members ?? []).map(lower), teams: g.protected.teams ?? [] };
  if (g.approvers) out.approvers = g.approvers.map((a) => ({ email: lower(a.email), key: a.key }));
  return out;
}

/** One line per rule, for `org explain --guardrails` and the docs' example. */
export function describeRules(g: Guardrails): string[] {
  const lines: string[] = [];
  const l = g.limits;
  if (l?.deletesPerRun !== undefined) lines.push(`guardrails.limits.deletesPerRun: at most ${l.deletesPerRun} delete(s) or removal(s) in one run`);
  if (l?.deletesPerDay !== undefined) lines.push(`guardrails.limits.deletesPerDay: at most ${l.deletesPerDay} delete(s) or removal(s) by this profile in 24 hours (its change journal)`);
  if (g.protected?.members?.length) lines.push(`guardrails.protected.members: never removed, role never changed, no supervision cell loosened: ${g.protected.members.join(', ')}`);
  if (g.protected?.teams?.length) lines.push(`guardrails.protected.teams: never deleted; their members never removed, role never changed, no cell loosened: ${g.protected.teams.join(', ')}`);
  (g.neverAuto ?? []).forEach((r, i) => {
    lines.push(`guardrails.neverAuto[${i}]: ${r.cells.join(', ')} never auto for ${describeGroup(r.match)}`);
  });
  const a = g.approval;
  if (a?.changes?.length || a?.protected)
    lines.push(
      `guardrails.approval: ${[a.changes?.length ? `${a.changes.join(', ')} changes` : '', a.protected ? 'any change to a protected member or team' : ''].filter(Boolean).join(' and ')} only from a plan a second admin signed`,
    );
  const h = g.writeHours;
  if (h) lines.push(`guardrails.writeHours: writes only ${h.from}-${h.to} ${h.zone}${h.days ? ` on ${h.days.join(', ')}` : ''}`);
  if (g.approvers?.length) lines.push(`guardrails.approvers: ${g.approvers.map((x) => x.email).join(', ')}`);
  return lines;
}

export function describeGroup(m: MatchDoc | undefined): string {
  if (!m || !Object.keys(m).length) return 'everyone';
  const parts: string[] = [];
  for (const k of ['team', 'role', 'user'] as const) if (m[k] !== undefined) parts.push(`${k} ${[m[k]].flat().join(', ')}`);
  return parts.join(' and ');
}
