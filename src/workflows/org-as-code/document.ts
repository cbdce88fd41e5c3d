// The organization document: its shape, how it is read (YAML or JSON, with line and column for
// every problem), and how it is written so that two exports of the same organization are
// byte-identical (fixed key order, sorted lists).
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { UsageError } from '../../core/errors.ts';
import { boundedToJS, checkDocumentSize, loadYaml } from '../../core/yaml.ts';
import { area as orgApi } from '../../api/areas/organizations.ts';
import { writable } from '../../api/shape.ts';
import { checkSchema, fieldPath, type SchemaProblem } from './schema.ts';
import { normalizeSupervision, supervisionProblems, type SupervisionDoc } from './supervision-model.ts';
import { guardrailProblems, normalizeGuardrails, type Guardrails } from '../../core/guardrails/rules.ts';
import { substituteVariables, type Vars } from './variables.ts';

export const API_VERSION = 'agnt/v1';
export const KIND = 'Organization';

type Rec = Record<string, any>;

export interface DomainDoc {
  domain: string;
  autoJoin: boolean;
  verified?: boolean;
}
export interface MemberDoc {
  email: string;
  role: string;
}
export interface TeamMemberDoc {
  email: string;
  role: string;
  status: string;
}
export interface TeamDoc {
  name: string;
  status: string;
  brandingOnEvents: boolean;
  brandingOnMessages: boolean;
  profile?: Rec;
  members?: TeamMemberDoc[];
}
export interface InvitationDoc {
  team: string;
  email: string;
}
export interface BackupRuleDoc {
  primaryCoordinator: string | null;
  principal: string | null;
  backupCoordinator: string;
  isOrgDefault: boolean;
}
export interface ManagerAssignmentDoc {
  manager: string;
  managedUser: string;
  role: string;
}

/** Every section but the header is optional: a section left out is not managed. */
export interface OrgDoc {
  apiVersion: string;
  kind: string;
  organization?: { name: string; defaultTeam?: string | null; defaultAssistant?: string | null };
  domains?: DomainDoc[];
  sso?: Rec;
  auditLogging?: Rec;
  modelTiers?: Rec;
  profile?: Rec | null;
  members?: MemberDoc[];
  teams?: TeamDoc[];
  invitations?: InvitationDoc[];
  backupRules?: BackupRuleDoc[];
  managerAssignments?: ManagerAssignmentDoc[];
  supervision?: SupervisionDoc;
  /** Rules every write is checked against (core/guardrails); not a section apply changes. */
  guardrails?: Guardrails;
}

export const SECTIONS = ['organization', 'domains', 'sso', 'auditLogging', 'modelTiers', 'profile', 'members', 'teams', 'invitations', 'backupRules', 'managerAssignments', 'supervision'] as const;
export type Section = (typeof SECTIONS)[number];

// What a document holds of SSO, audit logging and the profile: the writable fields of the API
// model (src/api), so that a server-set field (lastDeliveredAt, deliveryConfigured, claimed...)
// is never exported nor compared.
const writableKeys = (name: string): string[] => {
  const shape = writable(orgApi.resources[name]!);
  return shape.kind === 'object' ? Object.keys(shape.fields) : [];
};
export const SSO_KEYS = writableKeys('sso');
export const AUDIT_KEYS = writableKeys('auditLogging');
export const PROFILE_KEYS = writableKeys('profile');
export const OWN_ORG_PROFILE_KEYS = [
  'mission',
  'values',
  'founded',
  'stage',
  'leadership',
  'keyProducts',
  'targetCustomers',
  'brandVoice',
  'internalTools',
  'holidays',
  'meetingNorms',
  'confidentialityNotes',
  'launchDate',
] as const;
export const TEAM_PROFILE_KEYS = ['tagline', 'mission', 'lead', 'workingHours', 'rituals', 'currentGoals', 'kpis', 'commsStyle', 'values', 'docsLinks', 'primeDefaults'] as const;

export const lower = (s: string | null | undefined): string => String(s ?? '').toLowerCase();

/** Fills the defaults a reader of the file expects, so that a short file and an export compare equal. */
export function normalize(doc: OrgDoc): OrgDoc {
  const out: OrgDoc = { apiVersion: doc.apiVersion, kind: doc.kind };
  if (doc.organization) {
    out.organization = { name: doc.organization.name };
    if ('defaultTeam' in doc.organization) out.organization.defaultTeam = doc.organization.defaultTeam ?? null;
    if ('defaultAssistant' in doc.organization) out.organization.defaultAssistant = doc.organization.defaultAssistant ?? null;
  }
  if (doc.domains)
    out.domains = sortBy(
      doc.domains.map((d) => ({ domain: lower(d.domain).replace(/\.$/, ''), autoJoin: d.autoJoin ?? false, ...(d.verified !== undefined ? { verified: d.verified } : {}) })),
      (d) => d.domain,
    );
  if (doc.sso) out.sso = Object.fromEntries(SSO_KEYS.map((k) => [k, doc.sso![k] ?? (k === 'enabled' || k === 'enforced' ? false : null)]));
  if (doc.auditLogging) out.auditLogging = Object.fromEntries(AUDIT_KEYS.map((k) => [k, doc.auditLogging![k] ?? (k === 'enabled' ? false : k === 'storagePrefix' ? '' : null)]));
  if (doc.modelTiers) out.modelTiers = { chat: doc.modelTiers.chat ?? null, task: doc.modelTiers.task ?? null };
  if (doc.profile !== undefined) out.profile = doc.profile === null ? null : normalizeProfile(doc.profile);
  if (doc.members)
    out.members = sortBy(
      doc.members.map((m) => ({ email: lower(m.email), role: m.role ?? 'member' })),
      (m) => m.email,
    );
  if (doc.teams) {
    out.teams = sortBy(
      doc.teams.map((t) => {
        const team: TeamDoc = { name: t.name, status: t.status ?? 'active', brandingOnEvents: t.brandingOnEvents ?? false, brandingOnMessages: t.brandingOnMessages ?? false };
        if (t.profile) team.profile = normalizeTeamProfile(t.profile);
        if (t.members)
          team.members = sortBy(
            t.members.map((m) => ({ email: lower(m.email), role: m.role ?? 'member', status: m.status ?? 'active' })),
            (m) => m.email,
          );
        return team;
      }),
      (t) => lower(t.name),
    );
  }
  if (doc.invitations)
    out.invitations = sortBy(
      doc.invitations.map((i) => ({ team: i.team, email: lower(i.email) })),
      (i) => `${lower(i.team)}\u0000${i.email}`,
    );
  if (doc.backupRules) {
    out.backupRules = sortBy(
      doc.backupRules.map((r) => ({
        primaryCoordinator: r.primaryCoordinator ? lower(r.primaryCoordinator) : null,
        principal: r.principal ? lower(r.principal) : null,
        backupCoordinator: lower(r.backupCoordinator),
        isOrgDefault: r.isOrgDefault ?? false,
      })),
      ruleKey,
    );
  }
  if (doc.managerAssignments)
    out.managerAssignments = sortBy(
      doc.managerAssignments.map((m) => ({ manager: lower(m.manager), managedUser: lower(m.managedUser), role: m.role ?? 'coordinator' })),
      assignmentKey,
    );
  if (doc.supervision) out.supervision = normalizeSupervision(doc.supervision);
  if (doc.guardrails) out.guardrails = normalizeGuardrails(doc.guardrails);
  return out;
}

export function normalizeProfile(p: Rec): Rec {
  const out: Rec = {};
  for (const k of PROFILE_KEYS) {
    if (k === 'ownOrgProfile')
      out[k] = Object.fromEntries(OWN_ORG_PROFILE_KEYS.map((x) => [x, p.ownOrgProfile?.[x] ?? (['values', 'leadership', 'keyProducts', 'internalTools', 'holidays'].includes(x) ? [] : '')]));
    else out[k] = p[k] ?? (k === 'name' ? '' : null);
  }
  return out;
}

export function normalizeTeamProfile(p: Rec): Rec {
  const lists = ['rituals', 'currentGoals', 'kpis', 'values', 'docsLinks'];
  // The lead by e-mail (portable); an older document's leadUserId is read as the lead it names.
  return Object.fromEntries(TEAM_PROFILE_KEYS.map((k) => [k, (k === 'lead' ? (p.lead ?? p.leadUserId) : p[k]) ?? (lists.includes(k) ? [] : null)]));
}

export const ruleKey = (r: BackupRuleDoc): string => (r.isOrgDefault ? 'default' : `${r.primaryCoordinator ?? '*'}\u0000${r.principal ?? '*'}`);
export const assignmentKey = (m: ManagerAssignmentDoc): string => `${m.manager}\u0000${m.managedUser}\u0000${m.role}`;

export function sortBy<T>(items: T[], key: (x: T) => string): T[] {
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** JSON with keys sorted at every level: the input of every hash. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface LoadedDocument {
  file: string;
  doc: OrgDoc;
  /** sha256 of the document as written (secret references unresolved). */
  hash: string;
}

/** Reads and checks a document; every problem is a usage error naming file:line:column and the field path. */
export async function loadDocument(file: string, vars?: Vars): Promise<LoadedDocument> {
  const { problems, value } = await readAndCheck(file, vars);
  if (problems.length) {
    const first = problems[0]!;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''}: agnt org validate ${file})` : '';
    throw new UsageError(`${formatProblem(file, first)}${more}`);
  }
  const doc = normalize(value as OrgDoc);
  return { file, doc, hash: sha256(canonical(doc)) };
}

export function formatProblem(file: string, p: SchemaProblem): string {
  return `${file}:${p.line}:${p.column}: ${p.path ? `${p.path}: ` : ''}${p.message}`;
}

/** With `vars`, every `${var:NAME}` is put in before the checks (variables.ts); a missing one is exit 2. */
export async function readAndCheck(file: string, vars: Vars = {}): Promise<{ problems: SchemaProblem[]; value: unknown }> {
  let text: string;
  checkDocumentSize(file);
  try {
    text = readFileSync(file, 'utf8');
  } catch (e: any) {
    throw new UsageError(`cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  const fastRaw = await fastValue(text);
  const fast = fastRaw === undefined ? undefined : substituteVariables(fastRaw, vars, file);
  if (fast !== undefined && !(await checkSchema(fast, () => ({ line: 0, column: 0 }))).length && !documentProblems(fast).length) return { problems: [], value: fast };
  const Y = await loadYaml();
  const { parseDocument, LineCounter } = Y;
  const lc = new LineCounter();
  // JSON is read by the same parser (it is YAML 1.2), so JSON files get line and column too.
  const ydoc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  if (ydoc.errors.length) {
    const e = ydoc.errors[0]!;
    const pos = lc.linePos(e.pos[0]);
    return { problems: [{ line: pos.line, column: pos.col, path: '', message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '') }], value: undefined };
  }
  const value = substituteVariables(
    boundedToJS(Y, ydoc, file, (o) => lc.linePos(o)),
    vars,
    file,
  );
  const problems = await checkSchema(value, (path, key) => {
    const node = locate(ydoc, path, key);
    const pos = lc.linePos(node);
    return { line: pos.line, column: pos.col };
  });
  if (!problems.length) {
    for (const p of documentProblems(value)) {
      const pos = lc.linePos(locate(ydoc, p.at));
      problems.push({ line: pos.line, column: pos.col, path: fieldPath(p.at), message: p.message });
    }
  }
  return { problems, value };
}

/** What the schema cannot say, for a value the schema holds: both readers ask this one list. */
function documentProblems(value: unknown): Array<{ at: Array<string | number>; message: string }> {
  return [...semanticProblems(value as OrgDoc), ...supervisionProblems(value as Record<string, any>), ...guardrailProblems(value as Record<string, any>)];
}

/**
 * The document's value from the fast reader, or undefined where only the full one will do.
 * `yaml` keeps every node with its source range, which is what gives a problem its line and
 * column, and that costs 1.6 s of CPU for the 2.6 MB export of a 20,000-member organization:
 * more than reading the organization from the API, so plan and drift cost twice the export.
 * js-yaml reads the same YAML 1.2 core schema into plain values in a tenth of the time. A
 * document it reads that has no problem is done; anything else (a syntax error, an alias, which
 * only `yaml` expands within a bound, or a problem to point at) is read again by `yaml`, so every
 * message and position still comes from one reader.
 */
async function fastValue(text: string): Promise<unknown> {
  const { load, CORE_SCHEMA } = await import('js-yaml');
  try {
    return load(text, { schema: CORE_SCHEMA, maxAliases: 0 });
  } catch {
    return undefined;
  }
}

/** What a schema cannot say: keys that must be unique, and a user in one team only. */
function semanticProblems(doc: OrgDoc): Array<{ at: Array<string | number>; message: string }> {
  const out: Array<{ at: Array<string | number>; message: string }> = [];
  const unique = <T>(section: string, items: T[] | undefined, key: (x: T) => string, field: string, what: string, base: Array<string | number> = []) => {
    const seen = new Map<string, number>();
    (items ?? []).forEach((x, i) => {
      const k = key(x);
      if (seen.has(k)) out.push({ at: [...base, section, i, field], message: `${what} '${k}' is listed twice (first at ${fieldPath([...base, section, seen.get(k)!])})` });
      else seen.set(k, i);
    });
  };
  unique('domains', doc.domains, (d) => lower(d.domain), 'domain', 'domain');
  unique('members', doc.members, (m) => lower(m.email), 'email', 'member');
  unique('teams', doc.teams, (t) => lower(t.name), 'name', 'team');
  unique('invitations', doc.invitations, (i) => `${lower(i.team)}/${lower(i.email)}`, 'email', 'invitation');
  unique('backupRules', doc.backupRules, (r) => (r.isOrgDefault ? 'organization default' : `${lower(r.primaryCoordinator)}/${lower(r.principal) || '*'}`), 'backupCoordinator', 'backup rule');
  const teamOf = new Map<string, string>();
  (doc.teams ?? []).forEach((t, ti) => {
    unique('members', t.members, (m) => lower(m.email), 'email', 'team member', ['teams', ti]);
    (t.members ?? []).forEach((m, mi) => {
      const prev = teamOf.get(lower(m.email));
      if (prev !== undefined && lower(prev) !== lower(t.name))
        out.push({ at: ['teams', ti, 'members', mi, 'email'], message: `${m.email} is also a member of team '${prev}'; a user belongs to one team at a time` });
      else teamOf.set(lower(m.email), t.name);
    });
    if ((t.members ?? []).filter((m) => m.role === 'owner').length > 1) out.push({ at: ['teams', ti, 'members'], message: `team '${t.name}' has more than one owner` });
  });
  return out;
}

/** The offset of the node at `path` (or of its key `key`), the nearest existing ancestor otherwise. */
function locate(ydoc: any, path: Array<string | number>, key?: string): number {
  let node = ydoc.contents;
  let offset = node?.range?.[0] ?? 0;
  const steps: Array<string | number> = key === undefined ? path : [...path, key];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (!node || !Array.isArray(node.items)) break;
    if (typeof step === 'number') {
      node = node.items[step];
      if (node?.range) offset = node.range[0];
    } else {
      const pair = node.items.find((p: any) => (p.key?.value ?? p.key) === step);
      if (!pair) break;
      // A mistyped key is pointed at by its key; any other problem by its value.
      const isLast = i === steps.length - 1;
      if (isLast && key !== undefined) {
        offset = pair.key?.range?.[0] ?? offset;
        break;
      }
      node = pair.value;
      offset = node?.range?.[0] ?? pair.key?.range?.[0] ?? offset;
    }
  }
  return offset;
}

/** The text of an export: a fixed comment, then the document in fixed key order. */
/** The comment heading an exported document. */
export const DOCUMENT_COMMENT =
  ' agnt organization document. Check it with `agnt org validate FILE`, see what it would change with\n `agnt org plan -f FILE ORG`, change the organization with `agnt org apply -f FILE ORG`.';
