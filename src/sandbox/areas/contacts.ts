// Part 1, section 4.3: contacts, their relationships and external ids, bulk tagging, and
// property definitions. (POST /contacts/bulk-import lives in contacts-import.ts.)
import type { SandboxArea } from '../types.ts';
import { badRequest, bodyOf, deleted, forbidden, list, listSlice, matchesSearch, notFound, ok, pick } from '../http.ts';
import { contactVisible, makeContact } from '../model.ts';
import type { Rec, Store } from '../store.ts';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A company given by name becomes a company reference (the sandbox keeps no company records). */
function companyRef(name: string | null | undefined, email?: string | null): Rec | null {
  if (!name) return null;
  const slug = slugOf(name);
  return { id: `co_${slug.replace(/-/g, '')}`, name, slug, domain: email?.split('@')[1] ?? null };
}

function findContact(store: Store, caller: Rec, id: string): Rec {
  const c = store.get('contacts', id);
  if (!c || !contactVisible(caller, c)) notFound('contact', id);
  return c!;
}

/** A team-scoped contact or definition is only for the caller's own team. */
function teamFor(caller: Rec, scopeValue: string | undefined, team: string | null | undefined): string | null {
  if (scopeValue !== 'team') return null;
  const id = team ?? caller.team;
  if (!id) badRequest('scope team needs a team, and you are in none', 'AGNT_E_VALIDATION');
  if (id !== caller.team) forbidden(`you are not a member of team ${id}`);
  return id;
}

const relationshipsOf = (store: Store, contactId: string, side: 'fromContact' | 'toContact') => store.lookup('contactRelationships', side, contactId);

function detail(store: Store, c: Rec): Rec {
  return { ...c, outgoingRelationships: relationshipsOf(store, c.id, 'fromContact'), incomingRelationships: relationshipsOf(store, c.id, 'toContact') };
}

/** Keeps one entry per key (first wins) and exactly one primary when there is any entry. */
function unionBy(a: Rec[], b: Rec[], key: (x: Rec) => string, preferred?: string): Rec[] {
  const seen = new Set<string>();
  const out: Rec[] = [];
  for (const x of [...a, ...b]) {
    const k = key(x);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ ...x });
  }
  const primary = preferred ? out.find((x) => key(x) === preferred) : (out.find((x) => x.primary) ?? out[0]);
  for (const x of out) x.primary = x === primary;
  return out;
}

const emailKey = (e: Rec) => String(e.address).toLowerCase();
const phoneKey = (p: Rec) => String(p.number).replace(/[^\d+]/g, '');

const emailEntry = (e: Rec): Rec => ({ address: e.address, type: e.type ?? 'work', primary: e.primary ?? false, source: e.source ?? 'manual' });

function normalizeEmails(main: string | undefined, emails: Rec[] | undefined): Rec[] {
  const list = (emails ?? []).map(emailEntry);
  const first = main ? [{ address: main, type: 'work', primary: true, source: 'manual' }] : [];
  return unionBy(first, list, emailKey, main?.toLowerCase());
}

function normalizePhones(phones: Rec[] | undefined): Rec[] {
  return unionBy(
    [],
    (phones ?? []).map((p) => ({ number: p.number, type: p.type ?? 'mobile', primary: p.primary ?? false, source: p.source ?? 'manual' })),
    phoneKey,
  );
}

function merge(store: Store, target: Rec, other: Rec, preferredEmail: string | undefined): Rec {
  const emails = unionBy(target.emails ?? [], other.emails ?? [], emailKey, preferredEmail?.toLowerCase());
  if (preferredEmail && !emails.some((e) => emailKey(e) === preferredEmail.toLowerCase())) {
    badRequest(`preferredEmail ${preferredEmail} is not an e-mail of either contact`, 'AGNT_E_VALIDATION');
  }
  const phones = unionBy(target.phones ?? [], other.phones ?? [], phoneKey);
  const externalIds = unionBy(target.externalIds ?? [], other.externalIds ?? [], (x) => `${x.integration}\u0000${x.externalId}`).map(({ primary: _p, ...x }) => x);
  const filled: Rec = {};
  // Empty fields of the kept contact take the merged contact's values.
  for (const k of ['name', 'preferredName', 'company', 'title', 'timezone', 'photoUrl', 'website', 'bookingLink', 'introducedBy', 'lastContactedAt']) {
    if ((target[k] === null || target[k] === undefined) && other[k] != null) filled[k] = other[k];
  }
  for (const rel of store.filter('contactRelationships', (r) => r.fromContact === other.id || r.toContact === other.id)) {
    const from = rel.fromContact === other.id ? target.id : rel.fromContact;
    const to = rel.toContact === other.id ? target.id : rel.toContact;
    const duplicate = store.find('contactRelationships', (r) => r.id !== rel.id && r.fromContact === from && r.toContact === to && r.type === rel.type);
    if (from === to || duplicate) store.remove('contactRelationships', rel.id);
    else store.update('contactRelationships', rel.id, { fromContact: from, toContact: to });
  }
  store.remove('contacts', other.id);
  return store.update('contacts', target.id, {
    ...filled,
    emails,
    email: emails.find((e) => e.primary)?.address ?? target.email,
    phones,
    externalIds,
    tags: [...new Set([...(target.tags ?? []), ...(other.tags ?? [])])],
    properties: { ...(other.properties ?? {}), ...(target.properties ?? {}) },
  })!;
}

function findRelationship(store: Store, contact: Rec, id: string): Rec {
  const r = store.get('contactRelationships', id);
  if (!r || (r.fromContact !== contact.id && r.toContact !== contact.id)) notFound('relationship', id);
  return r!;
}

/** Clears isPrimary on the contact's other relationships of the same type. */
function onlyPrimary(store: Store, rel: Rec): void {
  if (!rel.isPrimary) return;
  for (const o of store.filter('contactRelationships', (r) => r.id !== rel.id && r.fromContact === rel.fromContact && r.type === rel.type && r.isPrimary)) {
    store.update('contactRelationships', o.id, { isPrimary: false });
  }
}

const definitionVisible = (caller: Rec, d: Rec) => d.account === caller.account && (d.user === caller.id || (d.scope === 'team' && !!d.team && d.team === caller.team));

const area: SandboxArea = {
  name: 'contacts',
  seed(store) {
    store.insert('propertyDefinitions', 'prop', {
      account: 'acc_acme',
      user: 'usr_admin',
      entityType: 'contact',
      key: 'tier',
      label: 'Tier',
      type: 'select',
      options: ['gold', 'silver', 'bronze'],
      showForAll: true,
      scope: 'team',
      team: 'team_acme',
    });
  },
  register(r, sb) {
    const store = sb.store;
    let filtered: { key: string; version: number; items: Rec[] } | undefined;

    r.get('/contacts', (req) => {
      const q = req.query;
      const tags = q.tags
        ? q.tags
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
      const caller = req.user;
      const plain = (!q.userId || q.userId === caller.id) && !q.status && !q.scope && !q.sourceType && !tags.length && !q.search && !q.q;
      // Without filters, the caller's contacts are a slice of the owner index, unless team
      // contacts of others are visible too (then the scan below merges them in order).
      if (plain && (!caller.team || store.count('contacts', 'team', caller.team) === 0)) {
        const ids = store.ids('contacts', 'user', caller.id);
        const page = (start: number, end: number) => ids.slice(start, end).map((id) => store.get('contacts', id)!);
        return listSlice('contacts', ids.length, page, q);
      }
      const key = JSON.stringify([caller.id, q.userId, q.status, q.scope, q.sourceType, tags, q.search, q.q]);
      if (filtered?.key === key && filtered.version === store.version) return list('contacts', filtered.items, q);
      const items = store.filter(
        'contacts',
        (c) =>
          contactVisible(req.user, c) &&
          (!q.userId || c.user === q.userId) &&
          (!q.status || c.status === q.status) &&
          (!q.scope || c.scope === q.scope) &&
          (!q.sourceType || c.source?.type === q.sourceType) &&
          // Chosen: several tags narrow the list (a contact must carry every one).
          tags.every((tag) => c.tags?.includes(tag)) &&
          (!q.search || matchesSearch([c.name, c.preferredName, c.email, c.company?.name], q.search)) &&
          // Chosen: `q` is the broader search, also over every e-mail, phone, title and tag.
          (!q.q ||
            matchesSearch(
              [c.name, c.preferredName, c.email, c.company?.name, c.title, ...(c.emails ?? []).map((e: Rec) => e.address), ...(c.phones ?? []).map((p: Rec) => p.number), ...(c.tags ?? [])],
              q.q,
            )),
      );
      // A walk over a filtered list (--all) filters once while nothing changes, not once a page.
      filtered = { key, version: store.version, items };
      return list('contacts', items, q);
    });

    r.post('/contacts', (req) => {
      const b = bodyOf(req.body);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
      const c = makeContact(store, {
        ...pick(b, ['name', 'preferredName', 'title', 'timezone', 'properties', 'tags', 'priority', 'inheritCompanyPriority']),
        account: req.user.account,
        user: req.user.id,
        email: b.email,
        emails: normalizeEmails(b.email, b.emails),
        phones: normalizePhones(b.phones),
        company: companyRef(b.company, b.email),
        // Chosen: a source given as a string is its type.
        source: b.source === undefined ? { type: 'manual', userId: req.user.id } : typeof b.source === 'string' ? { type: b.source, userId: req.user.id } : b.source,
        externalIds: (b.externalIds ?? []).map((x: Rec) => ({ integration: x.integration, externalId: x.externalId, syncedAt: null })),
        scope: b.scope ?? 'user',
        team: teamFor(req.user, b.scope, b.team),
        consumer: b.consumerEmail ? consumerOf(store, String(b.consumerEmail)) : null,
      });
      return ok('contact', detail(store, c), 201);
    });

    r.post('/contacts/bulk-tag', (req) => {
      const b = bodyOf(req.body);
      const add: string[] = b.add ?? [];
      const remove = new Set<string>(b.remove ?? []);
      if (!add.length && !remove.size) badRequest('give tags to add or remove', 'AGNT_E_VALIDATION');
      const failed: Rec[] = [];
      let updated = 0;
      for (const id of b.ids as string[]) {
        const c = store.get('contacts', id);
        if (!c || !contactVisible(req.user, c)) {
          failed.push({ id, reason: 'contact not found or not visible to you' });
          continue;
        }
        store.update('contacts', c.id, { tags: [...new Set([...(c.tags ?? []), ...add])].filter((x) => !remove.has(x)) });
        updated++;
      }
      return ok('bulkTag', { ok: failed.length === 0, updated, total: b.ids.length, failed });
    });

    r.get('/contacts/by-external-id/{integration}/{externalId}', (req) => {
      const { integration, externalId } = req.params as { integration: string; externalId: string };
      const c = store.find('contacts', (x) => contactVisible(req.user, x) && (x.externalIds ?? []).some((e: Rec) => e.integration === integration && e.externalId === externalId));
      if (!c) notFound(`contact with ${integration} id`, externalId);
      return ok('contact', detail(store, c!));
    });

    r.get('/contacts/{contactId}', (req) => ok('contact', detail(store, findContact(store, req.user, req.params.contactId!))));

    r.put('/contacts/{contactId}', (req) => {
      const c = findContact(store, req.user, req.params.contactId!);
      const b = bodyOf(req.body);
      const patch = pick(b, [
        'name',
        'timezone',
        'status',
        'preferredName',
        'title',
        'website',
        'bookingLink',
        'introducedBy',
        'social',
        'address',
        'lastContactedAt',
        'enrichedAt',
        'properties',
        'tags',
        'priority',
        'inheritCompanyPriority',
      ]);
      if (b.company !== undefined) patch.company = companyRef(b.company && typeof b.company === 'object' ? b.company.name : b.company, c.email);
      if (b.phones) patch.phones = normalizePhones(b.phones);
      if (b.emails) {
        patch.emails = unionBy([], b.emails.map(emailEntry), emailKey);
        patch.email = patch.emails.find((e: Rec) => e.primary)?.address ?? null;
      }
      if (b.scope !== undefined || b.team !== undefined) {
        const s = b.scope ?? c.scope;
        patch.scope = s;
        patch.team = teamFor(req.user, s, b.team ?? c.team);
      }
      return ok('contact', detail(store, store.update('contacts', c.id, patch)!));
    });

    r.delete('/contacts/{contactId}', (req) => {
      const c = findContact(store, req.user, req.params.contactId!);
      for (const rel of store.filter('contactRelationships', (x) => x.fromContact === c.id || x.toContact === c.id)) store.remove('contactRelationships', rel.id);
      store.remove('contacts', c.id);
      return deleted('contact', c.id);
    });

    r.post('/contacts/{contactId}/merge', (req) => {
      const target = findContact(store, req.user, req.params.contactId!);
      const b = bodyOf(req.body);
      if (b.mergeContactId === target.id) badRequest('a contact cannot be merged into itself', 'AGNT_E_VALIDATION');
      const other = findContact(store, req.user, b.mergeContactId);
      const merged = merge(store, target, other, b.preferredEmail);
      return ok('contact', { ...detail(store, merged), merged: true, mergedContactId: other.id });
    });

    r.post('/contacts/{contactId}/relationships', (req) => {
      const from = findContact(store, req.user, req.params.contactId!);
      const b = bodyOf(req.body);
      const to = findContact(store, req.user, b.toContactId);
      if (to.id === from.id) badRequest('a contact cannot be related to itself', 'AGNT_E_VALIDATION');
      if (store.find('contactRelationships', (x) => x.fromContact === from.id && x.toContact === to.id && x.type === b.type)) {
        // 400, not 409: part 1 answers a duplicate with 400 (its 7.2 keeps 409 for part 2).
        badRequest(`${from.id} already has a ${b.type} relationship to ${to.id}`, 'AGNT_E_DUPLICATE');
      }
      const rel = store.insert('contactRelationships', 'rel', {
        account: from.account,
        user: req.user.id,
        fromContact: from.id,
        toContact: to.id,
        type: b.type,
        role: b.role ?? null,
        isPrimary: b.isPrimary ?? false,
        notes: b.notes ?? null,
      });
      onlyPrimary(store, rel);
      return ok('relationship', rel);
    });

    r.patch('/contacts/{contactId}/relationships/{relationshipId}', (req) => {
      const c = findContact(store, req.user, req.params.contactId!);
      const rel = findRelationship(store, c, req.params.relationshipId!);
      const b = bodyOf(req.body);
      const updated = store.update('contactRelationships', rel.id, pick(b, ['role', 'isPrimary', 'notes']))!;
      onlyPrimary(store, updated);
      return ok('relationship', updated);
    });

    r.delete('/contacts/{contactId}/relationships/{relationshipId}', (req) => {
      const c = findContact(store, req.user, req.params.contactId!);
      const rel = findRelationship(store, c, req.params.relationshipId!);
      store.remove('contactRelationships', rel.id);
      return deleted('relationship', rel.id);
    });

    r.put('/contacts/{contactId}/external-ids/{integration}', (req) => {
      const c = findContact(store, req.user, req.params.contactId!);
      const integration = req.params.integration!;
      const b = bodyOf(req.body);
      const holder = store.find(
        'contacts',
        (x) => x.id !== c.id && contactVisible(req.user, x) && (x.externalIds ?? []).some((e: Rec) => e.integration === integration && e.externalId === b.externalId),
      );
      if (holder) badRequest(`${integration} id ${b.externalId} already belongs to contact ${holder.id}`, 'AGNT_E_DUPLICATE');
      const rest = (c.externalIds ?? []).filter((e: Rec) => e.integration !== integration);
      const updated = store.update('contacts', c.id, { externalIds: [...rest, { integration, externalId: b.externalId, syncedAt: store.now() }] })!;
      return ok('contact', detail(store, updated));
    });

    r.get('/property-definitions', (req) => {
      const q = req.query;
      return list(
        'propertyDefinitions',
        store.filter('propertyDefinitions', (d) => definitionVisible(req.user, d) && (!q.entityType || d.entityType === q.entityType)),
        q,
      );
    });

    r.put('/property-definitions/{entityType}/{key}', (req) => {
      const { entityType, key } = req.params as { entityType: string; key: string };
      if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(key)) badRequest('key must start with a letter and hold only letters, digits, _ and - (64 at most)', 'AGNT_E_VALIDATION');
      const b = bodyOf(req.body);
      // Upserted by (entityType, key) among the definitions the caller can see.
      const existing = store.find('propertyDefinitions', (d) => definitionVisible(req.user, d) && d.entityType === entityType && d.key === key);
      const KEYS = ['label', 'type', 'options', 'showForAll', 'scope'];
      const base = existing ?? { label: key, type: 'text', options: [], showForAll: false, scope: 'user' };
      const next: Rec = { ...pick(base, KEYS), ...pick(b, KEYS) };
      if (next.type === 'select' && !next.options.length) badRequest('a select property needs options', 'AGNT_E_VALIDATION');
      next.team = teamFor(req.user, next.scope, b.team === undefined ? existing?.team : b.team);
      if (existing) return ok('propertyDefinition', store.update('propertyDefinitions', existing.id, next));
      return ok('propertyDefinition', store.insert('propertyDefinitions', 'prop', { ...next, account: req.user.account, user: req.user.id, entityType, key }));
    });
  },
};

export default area;

/** The consumer named by e-mail: the user with that address when there is one. */
function consumerOf(store: Store, email: string): Rec {
  // The users' e-mail index (case-insensitive): a bulk import names a consumer on every row.
  const u = store.lookup('users', 'email', email.trim())[0];
  return u ? { id: u.id, name: u.name ?? null, email } : { id: null, name: null, email };
}
