// Part 1, section 4.5: identifiers.
import type { SandboxArea } from '../types.ts';
import { badRequest, deleted, list, notFound, ok, pick, bodyOf } from '../http.ts';
import { makeUser, userView } from '../model.ts';
import type { Rec, Store } from '../store.ts';

const windowEntry = () => ({ warmUntil: null, lastInboundAt: null });

export function makeIdentifier(store: Store, fields: Rec): Rec {
  return store.insert('identifiers', 'idn', {
    // Seeded identifiers have fixed ids that help examples name.
    ...(fields.id ? { id: fields.id } : {}),
    account: fields.account,
    user: fields.user ?? null,
    type: fields.type,
    value: fields.value,
    verified: fields.verified ?? false,
    primary: fields.primary ?? false,
    label: fields.label ?? null,
    platforms: fields.platforms ?? {},
    metadata: fields.metadata ?? {},
    appmsgBCapable: null,
    appmsgACapable: null,
    preferredTextPlatform: null,
    messagingWindow: { appmsgA: windowEntry(), appmsgACarrierB: windowEntry(), appmsgACarrierA: windowEntry(), appmsgB: windowEntry() },
  });
}

/**
 * A user made from an e-mail alone (POST /users, /users/provision, organization members) gets
 * that e-mail as its primary identifier, as every seeded user has one (the never-signed-up
 * usr_ghost included): the user-level preference endpoints act on the primary identifier.
 */
export function provisionedIdentifier(store: Store, u: Rec): void {
  if (!u.email || store.lookup('identifiers', 'user', u.id).length) return;
  makeIdentifier(store, { account: u.account, user: u.id, type: 'email', value: u.email, verified: false, primary: true });
}

/** In lists the user is a summary; elsewhere a full User. */
function view(store: Store, i: Rec, full: boolean): Rec {
  const u = i.user ? store.get('users', i.user) : null;
  const user = !u ? null : full ? userView(store, u) : { id: u.id, name: u.name ?? null, status: u.status };
  return { ...i, user };
}

function find(store: Store, caller: Rec, id: string): Rec {
  const i = store.get('identifiers', id);
  if (!i || i.account !== caller.account) notFound('identifier', id);
  return i!;
}

const area: SandboxArea = {
  name: 'identifiers',
  seed(store) {
    for (const u of store.all('users')) {
      makeIdentifier(store, { id: `idn_${String(u.id).replace(/^usr_/, '')}_email`, account: u.account, user: u.id, type: 'email', value: u.email, verified: true, primary: true, label: 'work' });
    }
    makeIdentifier(store, { id: 'idn_principal_home', account: 'acc_acme', user: 'usr_principal', type: 'email', value: 'pat@home.test', verified: true, label: 'personal' });
    makeIdentifier(store, { id: 'idn_principal_phone', account: 'acc_acme', user: 'usr_principal', type: 'phone', value: '+15550100001', verified: true, label: 'mobile' });
  },
  register(r, sb) {
    const store = sb.store;

    r.get('/identifiers', (req) => {
      const q = req.query;
      const items = store.filter('identifiers', (i) => i.account === req.user.account && (!q.type || i.type === q.type) && (!q.userId || i.user === q.userId));
      return list(
        'identifiers',
        items.map((i) => view(store, i, false)),
        q,
      );
    });

    r.post('/identifiers', (req) => {
      const b = bodyOf(req.body);
      if (b.type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.value)) badRequest('value is not a valid e-mail address', 'AGNT_E_VALIDATION');
      if (store.find('identifiers', (i) => i.account === req.user.account && i.type === b.type && i.value.toLowerCase() === b.value.toLowerCase())) {
        badRequest(`a ${b.type} identifier '${b.value}' already exists`, 'AGNT_E_DUPLICATE');
      }
      let userId = b.userId;
      if (userId) {
        const u = store.get('users', userId);
        if (!u || u.account !== req.user.account) notFound('user', userId);
      } else {
        // Chosen: with no userId, a new (unregistered) user is made from userData.
        const d = b.userData ?? {};
        const u = makeUser(store, {
          ...pick(d, ['name', 'firstName', 'lastName', 'timezone', 'locale']),
          avatarUrl: d.avatar ?? null,
          email: b.type === 'email' ? b.value : undefined,
          account: req.user.account,
          organization: req.user.organization,
          registered: false,
        });
        userId = u.id;
      }
      const isFirstEmail = b.type === 'email' && !store.find('identifiers', (i) => i.user === userId && i.type === 'email');
      const idn = makeIdentifier(store, { ...pick(b, ['type', 'value', 'verified', 'label', 'platforms']), account: req.user.account, user: userId, primary: isFirstEmail });
      return ok('identifier', view(store, idn, true), 201);
    });

    r.get('/identifiers/{identifierId}', (req) => ok('identifier', view(store, find(store, req.user, req.params.identifierId!), true)));

    r.put('/identifiers/{identifierId}', (req) => {
      const i = find(store, req.user, req.params.identifierId!);
      const b = bodyOf(req.body);
      return ok('identifier', view(store, store.update('identifiers', i.id, pick(b, ['verified', 'label', 'platforms', 'metadata']))!, true));
    });

    r.delete('/identifiers/{identifierId}', (req) => {
      const i = find(store, req.user, req.params.identifierId!);
      store.remove('identifiers', i.id);
      return deleted('identifier', i.id);
    });

    r.post('/identifiers/{identifierId}/link', (req) => {
      const i = find(store, req.user, req.params.identifierId!);
      const b = bodyOf(req.body);
      const u = store.get('users', b.userId);
      if (!u || u.account !== req.user.account) notFound('user', b.userId);
      return ok('identifier', view(store, store.update('identifiers', i.id, { user: u!.id, primary: false })!, true));
    });

    r.post('/identifiers/{identifierId}/make-primary', (req) => {
      const i = find(store, req.user, req.params.identifierId!);
      if (i.type !== 'email') badRequest(`only e-mail identifiers can be primary; ${i.id} is a ${i.type}`, 'AGNT_E_VALIDATION');
      if (!i.user) badRequest(`identifier ${i.id} is not linked to a user`, 'AGNT_E_VALIDATION');
      for (const other of store.filter('identifiers', (x) => x.user === i.user && x.type === 'email' && x.primary)) store.update('identifiers', other.id, { primary: false });
      store.update('identifiers', i.id, { primary: true });
      const u = store.update('users', i.user, { email: i.value })!;
      return ok('makePrimary', { user: userView(store, u), identifier: { id: i.id, type: i.type, value: i.value, verified: i.verified, primary: true } });
    });
  },
};

export default area;
