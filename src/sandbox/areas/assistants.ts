// Part 1, section 4.6: assistants, a user's assistant, generate and hire.
import type { SandboxArea } from '../types.ts';
import { badRequest, deleted, fail, forbidden, list, notFound, ok, pick, type Reply, bodyOf } from '../http.ts';
import { assistantVisible, isOrgAdmin, sameOrg, userView } from '../model.ts';
import type { Rec, Store } from '../store.ts';

const COMMON_KEYS = [
  'name',
  'email',
  'personality',
  'signature',
  'signatureEditorMode',
  'appearanceDescription',
  'tagline',
  'backstory',
  'displayPersonality',
  'tag1',
  'tag2',
  'pronouns',
  'country',
  'gender',
  'metadata',
  'talkToStrangers',
  'voice',
];

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const defaultStyle = () => ({ professionalism: 0.7, humor: 0.2, emojiUse: 0, characterInspiration: '', externalCommunication: 'concise', oneOnOneCommunication: 'warm' });

function find(store: Store, caller: Rec, id: string): Rec {
  const a = store.get('assistants', id);
  if (!a || !assistantVisible(caller, a)) notFound('assistant', id);
  return a!;
}

/** Who may create or change an assistant of a given scope. */
function mayManage(caller: Rec, scope: string, org: string | null, team: string | null, user: string | null): void {
  const teamAdmin = !!team && team === caller.team && ['admin', 'owner'].includes(caller.teamRole);
  const allowed =
    scope === 'user'
      ? user === caller.id || (isOrgAdmin(caller) && !!org && org === caller.organization)
      : scope === 'team'
        ? teamAdmin || (isOrgAdmin(caller) && !!org && org === caller.organization)
        : scope === 'organization'
          ? isOrgAdmin(caller) && org === caller.organization
          : isOrgAdmin(caller);
  if (!allowed) forbidden(`you may not manage ${scope}-scope assistants${scope === 'user' ? ' of other users' : ''}`);
}

function emailTaken(store: Store, email: string, except?: string): boolean {
  return !!store.find('assistants', (a) => a.id !== except && !a.deletedAt && a.email.toLowerCase() === email.toLowerCase());
}

function domainFor(caller: Rec): string {
  return `assistants.${String(caller.email ?? 'example.test').split('@')[1]}`;
}

/** Free e-mail addresses for an assistant name. */
function candidates(store: Store, caller: Rec, name: string, count = 3): string[] {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'assistant';
  const out: string[] = [];
  for (let i = 0; out.length < count && i < 100; i++) {
    const e = `${slug}${i ? i + 1 : ''}@${domainFor(caller)}`;
    if (!emailTaken(store, e)) out.push(e);
  }
  return out;
}

export function create(store: Store, caller: Rec, b: Rec, owner?: Rec): Rec {
  const scope = owner ? 'user' : (b.scope ?? 'user');
  const organization = scope === 'account' ? null : b.organization !== undefined ? b.organization : (caller.organization ?? null);
  const team = scope === 'team' ? (b.team ?? caller.team ?? null) : null;
  const user = scope === 'user' ? (owner?.id ?? caller.id) : null;
  if (scope === 'team' && !team) badRequest('a team-scope assistant needs a team', 'AGNT_E_VALIDATION');
  mayManage(caller, scope, organization, team, user);
  const email = b.email ?? candidates(store, caller, b.name, 1)[0];
  if (!EMAIL.test(email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
  if (emailTaken(store, email)) badRequest(`an assistant with email ${email} already exists`, 'AGNT_E_DUPLICATE');
  return store.insert('assistants', 'ast', {
    account: caller.account,
    organization,
    team,
    user,
    member: user,
    scope,
    avatarUrl: b.avatar ?? null,
    signature: null,
    signatureEditorMode: 'visual',
    personality: '',
    tagline: null,
    backstory: null,
    role: null,
    displayPersonality: null,
    tag1: null,
    tag2: null,
    pronouns: null,
    country: null,
    gender: null,
    signaturePhrases: [],
    voice: null,
    status: 'active',
    isSystemTemplate: false,
    talkToStrangers: false,
    metadata: {},
    inboxPlatform: null,
    inboxAuthError: false,
    channels: {},
    appearanceDescription: '',
    tags: {},
    deletedAt: null,
    retiredEmail: null,
    emailReleasedAt: null,
    ...pick(b, COMMON_KEYS),
    email,
    writingStyle: { ...defaultStyle(), ...(b.writingStyle ?? {}) },
  });
}

function change(store: Store, caller: Rec, a: Rec, body: unknown): Rec {
  const b = bodyOf(body);
  if (b.email !== undefined && !EMAIL.test(b.email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
  if (b.email !== undefined && emailTaken(store, b.email, a.id)) badRequest(`an assistant with email ${b.email} already exists`, 'AGNT_E_DUPLICATE');
  mayManage(caller, a.scope, a.organization, a.team, a.user);
  const patch = pick(b, [...COMMON_KEYS, 'status', 'inboxPlatform', 'scope', 'organization', 'team']);
  if (b.avatar !== undefined) patch.avatarUrl = b.avatar;
  if (b.writingStyle) patch.writingStyle = { ...a.writingStyle, ...b.writingStyle };
  if (b.channels) {
    const merged: Rec = { ...(a.channels ?? {}) };
    for (const [k, v] of Object.entries(b.channels as Rec)) merged[k] = v && typeof v === 'object' ? { ...(merged[k] ?? {}), ...v } : v;
    patch.channels = merged;
  }
  if (patch.scope || patch.organization !== undefined || patch.team !== undefined) {
    const s = patch.scope ?? a.scope;
    if (s === 'user' && !a.user) patch.user = caller.id;
    if (s === 'team' && !(patch.team ?? a.team)) patch.team = caller.team ?? null;
    const next = (k: string) => (patch[k] !== undefined ? patch[k] : a[k]);
    mayManage(caller, s, next('organization'), next('team'), s === 'user' ? next('user') : null);
  }
  // Write-only: kept outside the record so that no view of it can carry the token.
  if (b.carrierCCredentials) ((store.meta.carrierC ??= {}) as Rec)[a.id] = b.carrierCCredentials.accessToken;
  return store.update('assistants', a.id, patch)!;
}

/** Soft delete: the record stays (deletedAt, retiredEmail) and users lose it as their assistant. */
function retire(store: Store, a: Rec): Reply {
  for (const u of store.filter('users', (x) => x.assistant === a.id)) store.update('users', u.id, { assistant: null, assistantName: null });
  if (store.meta.carrierC) delete store.meta.carrierC[a.id];
  const now = store.now();
  store.update('assistants', a.id, { deletedAt: now, retiredEmail: a.email, emailReleasedAt: now, status: 'inactive' });
  return deleted('assistant', a.id);
}

/** The user of /users/{userId}/assistant and /hire, by id (`me` is no id: part 1, 4.4 and 4.6). */
function targetUser(store: Store, caller: Rec, id: string): Rec {
  const u = store.get('users', id);
  if (!u || u.account !== caller.account) notFound('user', id);
  // Chosen: the user themself, or an organization admin of their organization.
  if (u!.id !== caller.id && !(isOrgAdmin(caller) && sameOrg(caller, u))) forbidden(`you may not manage the assistant of user ${u!.id}`);
  return u!;
}

function assistantOf(store: Store, u: Rec): Rec {
  const a = u.assistant ? store.get('assistants', u.assistant) : undefined;
  if (!a || a.deletedAt) notFound(`assistant of user ${u.id}`);
  return a!;
}

const area: SandboxArea = {
  name: 'assistants',
  register(r, sb) {
    const store = sb.store;

    r.get('/assistants', (req) => {
      const email = req.query.email?.toLowerCase();
      return list(
        'assistants',
        store.filter('assistants', (a) => assistantVisible(req.user, a) && (!email || a.email.toLowerCase() === email)),
        req.query,
      );
    });

    // Chosen: every live assistant of the account, whatever its scope; organization admins only.
    r.get('/assistants/all', (req) => {
      if (!isOrgAdmin(req.user)) forbidden('organization admin required');
      return list(
        'assistants',
        store.filter('assistants', (a) => a.account === req.user.account && !a.deletedAt),
        req.query,
      );
    });

    // No `ok` (spec); without a name, one is chosen.
    r.get('/assistants/generate', (req) => {
      const name = req.query.name?.trim() || 'Avery';
      return { status: 200, body: { name, emails: candidates(store, req.user, name) } };
    });

    r.post('/assistants', (req) => {
      const b = bodyOf(req.body);
      return ok('assistant', create(store, req.user, b), 201);
    });

    r.get('/assistants/{assistantId}', (req) => ok('assistant', find(store, req.user, req.params.assistantId!)));

    r.put('/assistants/{assistantId}', (req) => ok('assistant', change(store, req.user, find(store, req.user, req.params.assistantId!), req.body)));

    r.delete('/assistants/{assistantId}', (req) => {
      const a = find(store, req.user, req.params.assistantId!);
      mayManage(req.user, a.scope, a.organization, a.team, a.user);
      return retire(store, a);
    });

    r.get('/users/{userId}/assistant', (req) => ok('assistant', assistantOf(store, targetUser(store, req.user, req.params.userId!))));

    r.post('/users/{userId}/assistant', (req) => {
      const u = targetUser(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      const current = u.assistant ? store.get('assistants', u.assistant) : undefined;
      if (current && !current.deletedAt && current.scope === 'user' && current.user === u.id)
        // 400, not 409: part 1 answers a duplicate with 400 (its 7.2 keeps 409 for part 2).
        badRequest(`user ${u.id} already has an assistant (${current.id}); update it instead`, 'AGNT_E_ASSISTANT_EXISTS');
      const a = create(store, req.user, b, u);
      store.update('users', u.id, { assistant: a.id, assistantName: a.name });
      return ok('assistant', a, 201);
    });

    r.put('/users/{userId}/assistant', (req) => {
      const u = targetUser(store, req.user, req.params.userId!);
      return ok('assistant', change(store, req.user, assistantOf(store, u), req.body));
    });

    // Chosen: a personal (user-scope) assistant is deleted; a shared one is only unassigned.
    r.delete('/users/{userId}/assistant', (req) => {
      const u = targetUser(store, req.user, req.params.userId!);
      const a = assistantOf(store, u);
      if (a.scope === 'user' && a.user === u.id) return retire(store, a);
      store.update('users', u.id, { assistant: null, assistantName: null });
      return ok('assistant', { id: a.id, deleted: false, message: `shared assistant ${a.id} unassigned from user ${u.id}` });
    });

    // The response is not shown; chosen: {ok, user} with the user's new assistant.
    r.post('/users/{userId}/hire', (req) => {
      const u = targetUser(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      if (b.assistantId === undefined) fail(400, 'assistantId is required (an assistant id or null)', 'AGNT_E_VALIDATION');
      let name: string | null = null;
      if (b.assistantId !== null) {
        const a = store.get('assistants', b.assistantId);
        if (!a || !assistantVisible(req.user, a)) forbidden(`assistant ${b.assistantId} is not visible to you`, 'AGNT_E_ASSISTANT_NOT_VISIBLE');
        name = a!.name;
      }
      return ok('user', userView(store, store.update('users', u.id, { assistant: b.assistantId, assistantName: name })!));
    });
  },
};

export default area;
