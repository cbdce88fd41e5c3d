// Part 1, section 4.4: users and workspace.
import type { SandboxArea } from '../types.ts';
import { badRequest, deleted, fail, forbidden, list, matchesSearch, notFound, ok, okMany, pick, type Req, bodyOf } from '../http.ts';
import { assistantVisible, isOrgAdmin, makeUser, sameOrg, userView } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { recordEvent } from './org-shared.ts';
import { provisionedIdentifier } from './identifiers.ts';

/**
 * A user named by id: `me` stands for the caller only where the API documents it (the literal
 * paths GET and PATCH /users/me, GET /me/profile); a {userId} takes an id, and 'me' is none.
 */
function findUser(store: Store, caller: Rec, id: string): Rec {
  const u = store.get('users', id);
  if (!u || u.account !== caller.account) notFound('user', id);
  return u!;
}

/** Organization-scoped tokens (every seeded token) may only change users of their organization. */
function mayChange(caller: Rec, target: Rec): void {
  if (caller.id === target.id) return;
  if (!sameOrg(caller, target)) forbidden(`user ${target.id} belongs to another organization`, 'AGNT_E_CROSS_ORGANIZATION');
  if (!isOrgAdmin(caller)) forbidden('organization admin required');
}

function detail(store: Store, u: Rec): Rec {
  return {
    ...userView(store, u),
    identifiers: store.filter('identifiers', (i) => i.user === u.id).map((i) => ({ id: i.id, type: i.type, value: i.value, verified: i.verified, primary: i.primary, createdAt: i.createdAt })),
    // From the owner index: one lookup, not a pass over every contact (a million, unpacked).
    contacts: store.lookup('contacts', 'user', u.id).map((c) => ({ id: c.id, name: c.name, email: c.email })),
    memories: store.filter('memories', (m) => m.user === u.id),
  };
}

function workspaceProfile(store: Store, u: Rec): Rec | null {
  if (u.id === 'usr_member') return null; // a user whose workspace never ran
  const ws = ((store.meta.workspace ??= {})[u.id] ??= { currentDiskBytes: 2_400_000_000, diskQuotaBytes: 10_000_000_000 });
  return {
    userId: u.id,
    accountId: u.account,
    updatedAt: store.now(),
    lastActiveAt: store.now(),
    peakMemoryBytes: 1_800_000_000,
    avgMemoryBytes: 950_000_000,
    currentDiskBytes: ws.currentDiskBytes,
    diskQuotaBytes: ws.diskQuotaBytes,
    avgCpuLoadAvg: 0.42,
    totalActiveMinutes: 1260,
    topMcpSlugs: ['calendar', 'mail', 'drive'],
    memoryLimitBytes: 4_000_000_000,
  };
}

const area: SandboxArea = {
  name: 'users',
  register(r, sb) {
    const store = sb.store;

    // GET /users/me is the call every CLI command and health check makes first. Its answer is a
    // function of the stored state alone, so its JSON text is kept per user until the store
    // changes (store.version moves on every insert, update, remove and meta change).
    const meText = new Map<string, { version: number; json: string }>();
    r.get('/users/me', (req) => {
      const hit = meText.get(req.user.id);
      if (hit?.version === store.version) return { status: 200, json: hit.json };
      const json = JSON.stringify(ok('user', userView(store, req.user)).body);
      meText.set(req.user.id, { version: store.version, json });
      return { status: 200, json };
    });

    r.patch('/users/me', (req) => {
      const b = bodyOf(req.body);
      if (typeof b.assistant === 'string') {
        const a = store.get('assistants', b.assistant);
        if (!a || !assistantVisible(req.user, a)) forbidden(`assistant ${b.assistant} is not visible to you`, 'AGNT_E_ASSISTANT_NOT_VISIBLE');
      }
      const patch = pick(b, ['firstName', 'lastName', 'timezone', 'locale', 'city', 'country', 'assistant', 'voice', 'coordinatorEnabled']);
      if (b.avatar !== undefined) patch.avatarUrl = b.avatar;
      if (b.firstName !== undefined || b.lastName !== undefined) {
        patch.name = [b.firstName ?? req.user.firstName, b.lastName ?? req.user.lastName].filter(Boolean).join(' ');
      }
      return ok('user', userView(store, store.update('users', req.user.id, patch)!));
    });

    r.get('/users', (req) => {
      const q = req.query;
      const items = store.filter(
        'users',
        (u) =>
          u.account === req.user.account &&
          (!q.status || u.status === q.status) &&
          (!q.email || u.email?.toLowerCase() === q.email.toLowerCase()) &&
          (!q.externalId || u.externalId === q.externalId) &&
          (!q.organizationId || u.organization === q.organizationId) &&
          matchesSearch([u.name, u.email, u.firstName, u.lastName], q.search),
      );
      return list(
        'users',
        items.map((u) => userView(store, u)),
        q,
      );
    });

    r.post('/users', (req) => {
      const b = bodyOf(req.body);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
      if (store.find('users', (u) => u.email?.toLowerCase() === b.email.toLowerCase())) badRequest(`a user with email ${b.email} already exists`, 'AGNT_E_DUPLICATE');
      let assistant: string | null = null;
      if (b.assistantEmail) {
        const a = store.find('assistants', (x) => x.email === b.assistantEmail && assistantVisible(req.user, x));
        if (!a) badRequest(`no visible assistant with email ${b.assistantEmail}`, 'AGNT_E_VALIDATION');
        assistant = a!.id;
      }
      const u = makeUser(store, {
        ...pick(b, ['email', 'name', 'firstName', 'lastName', 'timezone', 'locale', 'externalId', 'metadata']),
        avatarUrl: b.avatar ?? null,
        account: req.user.account,
        organization: isOrgAdmin(req.user) ? req.user.organization : null,
        assistant,
        registered: false,
      });
      provisionedIdentifier(store, u);
      return ok('user', userView(store, u), 201);
    });

    r.get('/users/{userId}', (req) => ok('user', detail(store, findUser(store, req.user, req.params.userId!))));

    r.put('/users/{userId}', (req) => {
      const target = findUser(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      mayChange(req.user, target);
      const patch = pick(b, ['name', 'firstName', 'lastName', 'timezone', 'locale', 'externalId', 'status', 'organization', 'organizationRole', 'managerRoles', 'metadata']);
      if (b.avatar !== undefined) patch.avatarUrl = b.avatar;
      if (b.organization && !store.get('organizations', b.organization)) notFound('organization', b.organization);
      if (b.assistantEmail !== undefined) {
        if (b.assistantEmail === null) patch.assistant = null;
        else {
          const a = store.find('assistants', (x) => x.email === b.assistantEmail && assistantVisible(req.user, x));
          if (!a) badRequest(`no visible assistant with email ${b.assistantEmail}`, 'AGNT_E_VALIDATION');
          patch.assistant = a!.id;
        }
      }
      const before = { organization: target.organization ?? null, organizationRole: target.organizationRole };
      const updated = store.update('users', target.id, patch)!;
      // Organization membership and role are organization changes: audited like the members
      // endpoints, so that `agnt org drift` can say who made them.
      if ('organization' in patch && (patch.organization ?? null) !== before.organization) {
        recordEvent(store, before.organization, req.user, 'member.removed', 'member', target.id, { email: target.email });
        recordEvent(store, patch.organization, req.user, 'member.added', 'member', target.id, { email: target.email });
      } else if ('organizationRole' in patch && patch.organizationRole !== before.organizationRole) {
        recordEvent(store, before.organization, req.user, 'member.updated', 'member', target.id, { email: target.email, fields: ['role'], role: patch.organizationRole });
      }
      return ok('user', userView(store, updated));
    });

    r.delete('/users/{userId}', (req) => {
      const target = findUser(store, req.user, req.params.userId!);
      mayChange(req.user, target);
      recordEvent(store, target.organization, req.user, 'member.removed', 'member', target.id, { email: target.email, userDeleted: true });
      store.remove('users', target.id);
      for (const i of store.filter('identifiers', (x) => x.user === target.id)) store.remove('identifiers', i.id);
      return deleted('user', target.id);
    });

    r.patch('/users/{userId}/assistant', (req) => {
      const target = findUser(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      if (b.assistant === undefined) fail(400, 'assistant is required (an assistant id or null)', 'AGNT_E_VALIDATION');
      const allowed = target.id === req.user.id || target.registered === false;
      if (!allowed) forbidden(`you may set the assistant only of yourself or of a principal who has not signed up`, 'AGNT_E_ASSISTANT_NOT_VISIBLE');
      if (b.assistant !== null) {
        const a = store.get('assistants', b.assistant);
        if (!a || !assistantVisible(req.user, a)) forbidden(`assistant ${b.assistant} is not visible to you`, 'AGNT_E_ASSISTANT_NOT_VISIBLE');
      }
      const a = b.assistant ? store.get('assistants', b.assistant) : null;
      return ok('user', userView(store, store.update('users', target.id, { assistant: b.assistant, assistantName: a?.name ?? null })!));
    });

    r.post('/users/provision', (req) => {
      const b = bodyOf(req.body);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(b.email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
      const teamId = b.teamId ?? req.user.team ?? store.get('organizations', req.user.organization)?.defaultTeam;
      const team = teamId ? store.get('teams', teamId) : undefined;
      if (!team) notFound('team', teamId);
      if (!isOrgAdmin(req.user) && !(req.user.team === team!.id && ['admin', 'owner'].includes(req.user.teamRole))) forbidden('organization admin or team admin required');
      let user = store.find('users', (u) => u.email?.toLowerCase() === b.email.toLowerCase());
      const created = !user;
      if (!user) {
        if (b.id && store.get('users', b.id)) badRequest(`user id ${b.id} is taken`, 'AGNT_E_DUPLICATE');
        user = makeUser(store, { id: b.id, email: b.email, firstName: b.firstName, lastName: b.lastName, account: req.user.account, organization: team!.organization ?? null, registered: false });
        provisionedIdentifier(store, user);
        recordEvent(store, user.organization, req.user, 'member.added', 'member', user.id, { email: user.email });
      }
      let addedToTeam = false;
      let alreadyMember = false;
      let joinSkipped = false;
      if (user.team === team!.id) alreadyMember = !created;
      else {
        const ownsOther = user.team && user.teamRole === 'owner' && store.filter('users', (u) => u.team === user!.team && u.id !== user!.id && u.status === 'active').length > 0;
        if (ownsOther) joinSkipped = true;
        else {
          store.update('users', user.id, { team: team!.id, teamRole: 'member', organization: user.organization ?? team!.organization ?? null });
          recordEvent(store, team!.organization, req.user, 'team_member.added', 'team_member', user.id, { team: team!.id, role: 'member' });
          addedToTeam = true;
        }
      }
      if (created) alreadyMember = false;
      return okMany({ user: userView(store, user), teamId: team!.id, created, addedToTeam, alreadyMember, joinSkipped }, created ? 201 : 200);
    });

    r.post('/users/deprovision', (req) => {
      const b = bodyOf(req.body);
      const team = store.get('teams', b.teamId);
      if (!team) notFound('team', b.teamId);
      if (!isOrgAdmin(req.user) && !(req.user.team === team!.id && ['admin', 'owner'].includes(req.user.teamRole))) forbidden('organization admin or team admin required');
      const user = store.find('users', (u) => u.email?.toLowerCase() === b.email.toLowerCase());
      if (!user) notFound('user with email', b.email);
      if (user!.team !== team!.id) return okMany({ deleted: false, userDeleted: false, userId: user!.id, message: `${b.email} is not a member of team ${team!.id}` });
      // Chosen: a user who never signed up has nothing else holding them and is deleted too.
      const userDeleted = user!.registered === false;
      if (userDeleted) store.remove('users', user!.id);
      else store.update('users', user!.id, { team: null, teamRole: null });
      recordEvent(store, team!.organization, req.user, 'team_member.removed', 'team_member', user!.id, { team: team!.id });
      if (userDeleted) recordEvent(store, user!.organization, req.user, 'member.removed', 'member', user!.id, { email: user!.email, userDeleted: true });
      return okMany({ deleted: true, userDeleted, userId: user!.id, message: `${b.email} removed from team ${team!.id}${userDeleted ? ' and deleted' : ''}` });
    });

    r.get('/workspace/profile', (req) => ok('profile', workspaceProfile(store, req.user)));

    r.get('/workspace/snapshots', (req: Req) => {
      const base = Date.parse('2026-11-01T00:00:00Z');
      const snaps = Array.from({ length: 48 }, (_, i) => ({
        userId: req.user.id,
        timestamp: new Date(base + i * 3600_000).toISOString(),
        memoryUsedBytes: 900_000_000 + ((i * 37) % 11) * 50_000_000,
        memoryTotalBytes: 4_000_000_000,
        diskUsedBytes: 2_000_000_000 + i * 10_000_000,
        diskQuotaBytes: 10_000_000_000,
        cpuLoadAvg: Number((0.2 + ((i * 13) % 7) / 10).toFixed(2)),
        containerUptime: i * 3600,
        activeMcpSlugs: i % 2 ? ['calendar', 'mail'] : ['calendar'],
      }));
      return list('snapshots', snaps, req.query);
    });

    r.post('/workspace/cleanup', (req) => {
      const b = bodyOf(req.body);
      const scope = b.scope ?? 'cache';
      const profile = workspaceProfile(store, req.user);
      const ws = store.meta.workspace?.[req.user.id];
      const freed = scope === 'sites' ? 600_000_000 : 150_000_000;
      const freedBytes = ws ? Math.min(freed, Math.max(0, ws.currentDiskBytes - 1_000_000_000)) : 0;
      if (ws) ws.currentDiskBytes -= freedBytes;
      store.touch();
      return okMany({
        scope,
        freedNote: scope === 'sites' ? 'cleared caches and local website checkouts' : 'cleared browser downloads, package cache and temp files',
        freedBytes,
        usedBytes: profile ? ws.currentDiskBytes : 0,
      });
    });

    r.get('/me/profile', (req) => {
      const u = req.user;
      const p = (store.meta.meProfiles ??= {})[u.id] ?? {
        professional: {
          role: u.organizationRole === 'admin' ? 'Chief of Staff' : 'Team member',
          companyId: 'co_acme',
          companyDisplayName: 'Acme Corp',
          department: 'Operations',
          startDate: '2024-03-01',
          officeLocation: 'New York',
          workHours: { start: '09:00', end: '17:30', days: ['MO', 'TU', 'WE', 'TH', 'FR'] },
          pronouns: '',
          profNetAUrl: '',
          bio: '',
          responsibilities: [],
          currentProjects: [],
          managerId: null,
          reports: [],
          languages: ['en'],
          commsStyle: 'direct',
        },
        personal: { birthday: '', nicknames: [] },
      };
      const identifiers = store.filter('identifiers', (i) => i.user === u.id).map((i) => ({ id: i.id, type: i.type, value: i.value, verified: i.verified, primary: i.primary }));
      return okMany({ profile: p, identifiers, auditLog: [] });
    });
  },
};

export default area;
