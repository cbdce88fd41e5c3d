// The control routes behind `agnt sandbox clone --with contacts,coverage`: a cloned organization's
// contacts and coverage spans, made many per request, their people named by e-mail (the members
// the clone made) and their status kept as read from the source, as no public route could.
import { NO_STAMPS } from './areas/coverage.ts';
import { HttpError } from './http.ts';
import { makeContact } from './model.ts';
import type { Store } from './store.ts';

type Rec = Record<string, any>;

function cloneOrg(store: Store, orgId: string): Rec {
  const org = store.get('organizations', orgId);
  if (!org?.clone) throw new HttpError(404, `no organization ${orgId} made by a clone`, 'AGNT_E_NOT_FOUND');
  return org;
}

/** The member of the clone with this e-mail (null stays null): anyone else is refused. */
function member(store: Store, org: Rec, email: unknown, field: string): string | null {
  if (email === null) return null;
  const user = store.lookup('users', 'email', String(email ?? '').toLowerCase())[0];
  if (!user || user.organization !== org.id) throw new HttpError(400, `${field}: ${JSON.stringify(email)} is not a member of ${org.id}`, 'AGNT_E_VALIDATION');
  return user.id;
}

const list = (body: Rec, key: string): Rec[] => (Array.isArray(body[key]) ? body[key] : []);

export function cloneContacts(store: Store, orgId: string, body: Rec): Rec {
  const org = cloneOrg(store, orgId);
  const items = list(body, 'contacts');
  // Every one checked before any is made: a bad request changes nothing.
  const owners = items.map((c, i) => member(store, org, c?.owner, `contacts[${i}].owner`));
  items.forEach((c, i) => {
    if (typeof c.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(c.email)) throw new HttpError(400, `contacts[${i}].email is not an e-mail address`, 'AGNT_E_VALIDATION');
  });
  items.forEach((c, i) => {
    const user = owners[i]!;
    makeContact(store, {
      account: org.account,
      user,
      email: c.email,
      name: typeof c.name === 'string' ? c.name : null,
      ...(Array.isArray(c.emails) && c.emails.length ? { emails: c.emails } : {}),
      ...(Array.isArray(c.phones) ? { phones: c.phones } : {}),
      ...(Array.isArray(c.tags) ? { tags: c.tags } : {}),
      source: { type: 'manual', userId: user },
    });
  });
  return { organization: orgId, made: items.length };
}

/** The fields of a span a clone copies as read (its people are named by e-mail beside them). */
export const SPAN_FIELDS = [
  'status',
  'startAt',
  'endAt',
  'reason',
  'requireManagerApproval',
  'approvedAt',
  'acceptedAt',
  'declinedAt',
  'rejectedAt',
  'activatedAt',
  'endedAt',
  'cancelledAt',
  'auditTag',
  'notifyPrincipal',
  'endGracePeriodMs',
];

export function cloneCoverage(store: Store, orgId: string, body: Rec): Rec {
  const org = cloneOrg(store, orgId);
  const spans = list(body, 'spans').map((s, i) => {
    if (typeof s.startAt !== 'string' || typeof s.endAt !== 'string') throw new HttpError(400, `spans[${i}] needs startAt and endAt`, 'AGNT_E_VALIDATION');
    const principals = (Array.isArray(s.principals) ? (s.principals as Rec[]) : []).map((p, j) => ({
      principal: member(store, org, p.principal, `spans[${i}].principals[${j}].principal`),
      backupCoordinator: member(store, org, p.backupCoordinator, `spans[${i}].principals[${j}].backupCoordinator`),
      primaryFollower: Boolean(p.primaryFollower),
      backupFollower: Boolean(p.backupFollower),
    }));
    const fields: Rec = {
      primaryCoordinator: member(store, org, s.primaryCoordinator ?? null, `spans[${i}].primaryCoordinator`),
      initiatedBy: member(store, org, s.initiatedBy ?? null, `spans[${i}].initiatedBy`),
      approvedBy: member(store, org, s.approvedBy ?? null, `spans[${i}].approvedBy`),
    };
    for (const k of SPAN_FIELDS) if (s[k] !== undefined) fields[k] = s[k];
    return { fields, principals };
  });
  for (const { fields, principals } of spans) {
    const span = store.insert('coverageSpans', 'cov', {
      account: org.account,
      status: 'draft',
      reason: 'manual',
      requireManagerApproval: false,
      ...NO_STAMPS,
      auditTag: null,
      notifyPrincipal: false,
      endGracePeriodMs: 0,
      ...fields,
    });
    for (const p of principals) store.insert('coverageSpanPrincipals', 'csp', { span: span.id, account: org.account, ...p, notificationSentAt: null });
  }
  return { organization: orgId, made: spans.length };
}
