// `agnt sandbox clone --with contacts,coverage`: what a clone copies beside the organization
// document. Read with the source profile's token, keyed by the members' e-mail addresses (so the
// sandbox's own ids replace the source's, and --pseudonymize maps them through the same mapping as
// the members), and made in the sandbox through its control routes, many per request.
import type { Context } from '../core/context.ts';
import { callEndpoint } from '../core/endpoint-request.ts';
import { UsageError } from '../core/errors.ts';
import { SPAN_FIELDS } from '../sandbox/clone-extras.ts';
import type { Pseudonyms } from '../workflows/org-as-code/pseudonymize.ts';

type Rec = Record<string, any>;
export type Extra = 'contacts' | 'coverage';
export const EXTRAS: readonly Extra[] = ['contacts', 'coverage'];

/** `--with contacts,coverage`, checked before any request. */
export function parseWith(value: string | undefined): Set<Extra> {
  const out = new Set<Extra>();
  if (value === undefined) return out;
  for (const w of value.split(',').map((s) => s.trim().toLowerCase())) {
    if (!(EXTRAS as readonly string[]).includes(w)) throw new UsageError(`--with: unknown '${w}' (one or more of: ${EXTRAS.join(', ')}, comma-separated)`);
    out.add(w as Extra);
  }
  return out;
}

/** What a clone leaves behind of contacts and coverage, by what it was asked to copy and could. */
export function notCopiedExtras(want: Set<Extra>, x: Extras): string[] {
  return [
    want.has('contacts')
      ? "of other members' contacts, everything but name and e-mail (an admin reads only those, in the member's detail); of the profile user's own contacts, everything but name, e-mails, phone numbers and tags"
      : 'contacts (copy them with --with contacts)',
    ...(!want.has('coverage')
      ? ['coverage spans (copy them with --with coverage)']
      : x.skippedSpans
        ? [`${x.skippedSpans} coverage span(s) naming people who are not members of the organization`]
        : []),
  ];
}

const idOf = (v: unknown): string | null => (v && typeof v === 'object' ? ((v as Rec).id ?? null) : typeof v === 'string' ? v : null);

export interface Extras {
  contacts: Rec[];
  spans: Rec[];
  /** Spans left out: a person not a member of the organization. */
  skippedSpans: number;
}

/**
 * The members' contacts and the coverage spans, as the source profile can read them, keyed by
 * e-mail. Contacts: the profile user's own in full (GET /contacts), every other member's as the
 * member's detail shows them (GET /users/{id}: name and e-mail). Spans: every one the profile user
 * sees (an organization admin: the whole account) whose people are all members.
 */
export async function readExtras(source: Context, orgId: string, want: Set<Extra>): Promise<Extras> {
  const out: Extras = { contacts: [], spans: [], skippedSpans: 0 };
  if (!want.size) return out;
  const { readAll } = await import('../workflows/org-as-code/live.ts');
  const client = source.client();
  const members = await readAll(source, 'orgs.members.list', { params: { orgId } });
  const emailOf = new Map<string, string>(members.filter((m) => m.id && m.email).map((m) => [String(m.id), String(m.email).toLowerCase()]));
  if (want.has('contacts')) {
    const me = String((await callEndpoint<Rec>(client, 'users.me.get')).data?.id ?? '');
    if (emailOf.has(me))
      for (const c of await readAll(source, 'contacts.list'))
        if (c.user === me && c.email) out.contacts.push({ owner: emailOf.get(me), name: c.name ?? null, email: c.email, emails: c.emails ?? [], phones: c.phones ?? [], tags: c.tags ?? [] });
    // All asked at once: the HTTP core queues what is past its gate.
    const others = [...emailOf.keys()].filter((id) => id !== me);
    const details = await Promise.all(others.map(async (id) => [id, (await callEndpoint<Rec>(client, 'users.get', { params: { userId: id } })).data] as const));
    for (const [id, u] of details) for (const c of (u?.contacts as Rec[] | undefined) ?? []) if (c.email) out.contacts.push({ owner: emailOf.get(id), name: c.name ?? null, email: c.email });
  }
  if (want.has('coverage')) {
    const spans = await readAll(source, 'coverage.spans.list');
    const rows = await Promise.all(spans.map((s) => readAll(source, 'coverage.spans.principals', { params: { spanId: s.id } })));
    spans.forEach((s, i) => {
      const person = (v: unknown): string | null | undefined => {
        const id = idOf(v);
        return id === null ? null : emailOf.get(id);
      };
      const principals = rows[i]!.map((r) => ({
        principal: person(r.principal),
        backupCoordinator: person(r.backupCoordinator),
        primaryFollower: Boolean(r.primaryFollower),
        backupFollower: Boolean(r.backupFollower),
      }));
      const span: Rec = {
        primaryCoordinator: person(s.primaryCoordinator),
        initiatedBy: person(s.initiatedBy),
        approvedBy: person(s.approvedBy),
        principals,
      };
      if ([span.primaryCoordinator, span.initiatedBy, span.approvedBy, ...principals.flatMap((p) => [p.principal, p.backupCoordinator])].includes(undefined)) {
        out.skippedSpans++;
        return;
      }
      for (const k of SPAN_FIELDS) if (s[k] !== undefined) span[k] = s[k];
      out.spans.push(span);
    });
  }
  return out;
}

/** The same extras with every e-mail, name, phone number and audit tag replaced (the clone's mapping). */
export function pseudonymizeExtras(x: Extras, p: Pseudonyms): Extras {
  const email = (v: string | null) => (v === null ? v : p.email(v));
  return {
    ...x,
    contacts: x.contacts.map((c) => ({
      ...c,
      owner: p.email(c.owner),
      email: p.email(c.email),
      name: c.name ? p.name(c.name) : c.name,
      ...(c.emails ? { emails: (c.emails as Rec[]).map((e) => ({ ...e, address: p.email(String(e.address)) })) } : {}),
      ...(c.phones ? { phones: (c.phones as Rec[]).map((n) => ({ ...n, number: p.phone(String(n.number)) })) } : {}),
    })),
    spans: x.spans.map((s) => ({
      ...s,
      primaryCoordinator: email(s.primaryCoordinator),
      initiatedBy: email(s.initiatedBy),
      approvedBy: email(s.approvedBy),
      ...(typeof s.auditTag === 'string' ? { auditTag: p.text(s.auditTag) } : {}),
      principals: (s.principals as Rec[]).map((r) => ({ ...r, principal: email(r.principal), backupCoordinator: email(r.backupCoordinator) })),
    })),
  };
}
