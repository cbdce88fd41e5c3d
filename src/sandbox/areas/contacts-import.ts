// Part 1, section 4.3: POST /contacts/bulk-import. The other contacts endpoints live in
// contacts.ts; this one upserts the caller's contacts by e-mail and reports per-row errors.
import type { SandboxArea } from '../types.ts';
import { fail, ok } from '../http.ts';
import { contactVisible, makeContact } from '../model.ts';
import type { Rec, Store } from '../store.ts';

// The spec leaves the maximum batch size open ("not shown"). Chosen: 1000 contacts per request,
// large enough that request overhead is small, small enough that one request stays well under a
// second and a few MB; over it the whole request is refused with 400 and `maxBatchSize`, so that
// a client can split and resend.
export const MAX_BULK_IMPORT = 1000;

// Looser than a full address grammar on purpose: the platform only refuses what cannot be an
// address; clients may check more strictly.
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]{2,}$/;

const EMAIL_TYPES = ['work', 'personal', 'other'];
const PHONE_TYPES = ['mobile', 'work', 'home', 'other'];

// Rows are checked one by one (a bad row is reported in `errors`, the others go in), so the body
// of this endpoint is not checked as a whole against the model (see its route).
type Check = (v: unknown, path: string) => string | undefined;
const is =
  (pred: (v: unknown) => boolean, what: string): Check =>
  (v, p) =>
    pred(v) ? undefined : `${p} must be ${what}`;
const t = {
  string: is((v) => typeof v === 'string', 'a string'),
  boolean: is((v) => typeof v === 'boolean', 'a boolean'),
  object: is((v) => !!v && typeof v === 'object' && !Array.isArray(v), 'an object'),
  stringArray: is((v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), 'an array of strings'),
  enum:
    (...values: string[]): Check =>
    (v, p) =>
      values.includes(v as string) ? undefined : `${p} must be one of: ${values.join(', ')}`,
  nullable:
    (inner: Check): Check =>
    (v, p) =>
      v === null ? undefined : inner(v, p),
  arrayOf:
    (inner: Check): Check =>
    (v, p) => {
      if (!Array.isArray(v)) return `${p} must be an array`;
      for (const [i, x] of v.entries()) {
        const e = inner(x, `${p}[${i}]`);
        if (e) return e;
      }
      return undefined;
    },
  shape:
    (fields: Record<string, Check>, required: string[] = []): Check =>
    (v, p) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return `${p} must be an object`;
      const o = v as Record<string, unknown>;
      for (const r of required) if (o[r] === undefined || o[r] === '') return `${p}.${r} is required`;
      for (const [k, check] of Object.entries(fields)) {
        const e = o[k] === undefined ? undefined : check(o[k], `${p}.${k}`);
        if (e) return e;
      }
      return undefined;
    },
};
const str = t.nullable(t.string);
const rowChecks: Record<string, Check> = {
  email: t.string,
  name: str,
  preferredName: str,
  phone: str,
  company: str,
  title: str,
  timezone: str,
  phones: t.arrayOf(t.shape({ number: t.string, type: t.enum(...PHONE_TYPES), primary: t.boolean }, ['number'])),
  emails: t.arrayOf(t.shape({ address: t.string, type: t.enum(...EMAIL_TYPES), primary: t.boolean }, ['address'])),
  properties: t.object,
  tags: t.stringArray,
};

function rowError(row: unknown): string | undefined {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return 'each contact must be an object';
  const r = row as Rec;
  if (r.email === undefined || r.email === null || r.email === '') return 'email is required';
  for (const [k, check] of Object.entries(rowChecks)) {
    if (r[k] === undefined) continue;
    const e = check(r[k], k);
    if (e) return e;
  }
  if (!EMAIL.test(r.email.trim())) return `email '${r.email}' is not a valid e-mail address`;
  for (const [i, e] of ((r.emails ?? []) as Rec[]).entries()) {
    if (!EMAIL.test(String(e.address).trim())) return `emails[${i}].address '${e.address}' is not a valid e-mail address`;
  }
  // A number with no digit at all ("n/a", "-") is a placeholder, not a phone number.
  const numbers = [...(typeof r.phone === 'string' ? [r.phone] : []), ...((r.phones ?? []) as Rec[]).map((p) => String(p.number))];
  for (const n of numbers) if (!/\d/.test(n)) return `phone '${n}' has no digits`;
  return undefined;
}

/** The Contact.company object for a company name (ids as the seed makes them). */
function companyOf(name: string, email: string): Rec {
  const slug = name.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'company';
  return { id: `co_${slug.replace(/-/g, '')}`, name, slug, domain: email.split('@')[1] ?? null };
}

function mergeBy<T extends Rec>(existing: T[], incoming: T[], key: keyof T): T[] {
  const out = existing.map((e) => ({ ...e }));
  for (const item of incoming) {
    const k = String(item[key]).toLowerCase();
    const i = out.findIndex((e) => String(e[key]).toLowerCase() === k);
    // A known address or number keeps its spelling, type and source.
    if (i >= 0) out[i] = { ...item, ...out[i]!, primary: out[i]!.primary || Boolean(item.primary) };
    else out.push({ ...item, primary: out.length === 0 ? true : Boolean(item.primary) });
  }
  return out;
}

/** The fields an import row sets on a contact. Absent and empty values change nothing. */
function fieldsOf(row: Rec, email: string, existing: Rec | undefined): Rec {
  const f: Rec = {};
  for (const k of ['name', 'preferredName', 'title', 'timezone']) if (typeof row[k] === 'string' && row[k].trim()) f[k] = row[k].trim();
  if (typeof row.company === 'string' && row.company.trim()) f.company = companyOf(row.company.trim(), email);
  const emails = [
    { address: email, type: 'work', primary: true, source: 'imported' },
    ...((row.emails ?? []) as Rec[]).map((e) => ({ address: String(e.address).trim(), type: e.type ?? 'other', primary: Boolean(e.primary), source: 'imported' })),
  ];
  const phones = [
    ...(typeof row.phone === 'string' && row.phone.trim() ? [{ number: row.phone.trim(), type: 'other', primary: true, source: 'imported' }] : []),
    ...((row.phones ?? []) as Rec[]).map((p) => ({ number: String(p.number).trim(), type: p.type ?? 'other', primary: Boolean(p.primary), source: 'imported' })),
  ];
  // Existing entries keep their type and source; a new address or number is appended.
  f.emails = mergeBy(existing?.emails ?? [], existing ? emails.map((e) => ({ ...e, primary: false })) : emails, 'address');
  if (phones.length || existing) f.phones = mergeBy(existing?.phones ?? [], phones, 'number');
  if (row.tags?.length || existing) f.tags = [...new Set([...(existing?.tags ?? []), ...((row.tags ?? []) as string[]).map((x) => x.trim()).filter(Boolean)])];
  if (row.properties || existing) f.properties = { ...(existing?.properties ?? {}), ...(row.properties ?? {}) };
  return f;
}

function changes(existing: Rec, patch: Rec): boolean {
  return Object.entries(patch).some(([k, v]) => JSON.stringify(existing[k]) !== JSON.stringify(v));
}

export function bulkImport(store: Store, caller: Rec, rows: unknown[]): Rec {
  const result = { success: true, total: rows.length, created: 0, updated: 0, skipped: 0, errors: [] as Rec[] };
  rows.forEach((row, index) => {
    const r = row as Rec;
    const err = rowError(row);
    if (err) {
      result.errors.push({ index, email: typeof r?.email === 'string' ? r.email : '', error: err });
      return;
    }
    const email = (r.email as string).trim();
    // Upsert key: the caller's own contact with this primary e-mail (case-insensitive).
    const existing = store.lookup('contacts', 'email', email).find((c) => c.user === caller.id && contactVisible(caller, c));
    if (!existing) {
      makeContact(store, { account: caller.account, user: caller.id, email, source: { type: 'imported', userId: caller.id }, ...fieldsOf(r, email, undefined) });
      result.created++;
      return;
    }
    const patch = fieldsOf(r, email, existing);
    // A row that would change nothing is skipped, so re-importing a file is harmless.
    if (!changes(existing, patch)) {
      result.skipped++;
      return;
    }
    store.update('contacts', existing.id, patch);
    result.updated++;
  });
  result.success = result.errors.length === 0;
  return result;
}

const area: SandboxArea = {
  name: 'contacts-import',
  register(r, sb) {
    r.post(
      '/contacts/bulk-import',
      (req) => {
        const body = req.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) fail(400, 'the request body must be a JSON object', 'AGNT_E_VALIDATION');
        if (body.contacts === undefined) fail(400, 'contacts is required', 'AGNT_E_VALIDATION');
        if (!Array.isArray(body.contacts)) fail(400, 'contacts must be an array', 'AGNT_E_VALIDATION');
        if (body.contacts.length > MAX_BULK_IMPORT) {
          fail(400, `too many contacts in one request: ${body.contacts.length} (at most ${MAX_BULK_IMPORT})`, 'AGNT_E_BATCH_TOO_LARGE', { maxBatchSize: MAX_BULK_IMPORT });
        }
        return ok('bulkImport', bulkImport(sb.store, req.user, body.contacts));
      },
      { checksItsBody: true },
    );
  },
};

export default area;
