// Part 2, section 4.1: organizations, domains, SSO and SCIM, members, audit events and audit-log
// delivery, default model tiers, and the organization profile (/orgs/{id}/profile).
import { ListCache } from '../list-cache.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxArea } from '../types.ts';
import { badRequest, conflict, deleted, fail, forbidden, list, matchesSearch, notFound, ok, pick, bodyOf, listSlice, listViews } from '../http.ts';
import { makeUser } from '../model.ts';
import type { Rec, Store } from '../store.ts';
import { EMAIL, accountOf, findOrg, recordEvent, requireOrgAdmin, requireOrgMember } from './org-shared.ts';
import { provisionedIdentifier } from './identifiers.ts';

const SSO_OBJECTS = ['provider1Workspace', 'provider2Directory', 'saml', 'scim', 'memberSync'] as const;

function defaultSso(): Rec {
  return { enabled: false, enforced: false, provider: null, provider1Workspace: null, provider2Directory: null, saml: null, scim: null, memberSync: null };
}

// The shape of an organization is "not shown". Chosen: the fields below; the SCIM token is kept
// only as a hash in its own collection and never appears in any answer but the rotation's.
function orgView(store: Store, o: Rec): Rec {
  const scim = store.get('scimTokens', o.id);
  return {
    id: o.id,
    account: o.account,
    name: o.name,
    defaultTeam: o.defaultTeam ?? null,
    defaultAssistant: o.defaultAssistant ?? null,
    sso: { ...defaultSso(), ...(o.sso ?? {}) },
    scimTokenRotatedAt: scim?.rotatedAt ?? null,
    admins: o.admins ?? [],
    createdBy: o.createdBy ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

function domainView(d: Rec): Rec {
  return {
    id: d.id,
    organization: d.organization,
    domain: d.domain,
    autoJoin: d.autoJoin,
    verified: d.verified,
    verifiedAt: d.verifiedAt ?? null,
    verification: d.verification,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** Members are the users whose organization it is, plus the admins listed on it. */
function membersOf(store: Store, org: Rec): Rec[] {
  const admins: string[] = org.admins ?? [];
  // Through the users' organization index (a page of a 20,000-member organization scanned every
  // user); an admin from outside the organization, which is rare, needs the scan to keep the order.
  const outside = admins.some((id) => {
    const u = store.get('users', id);
    return u !== undefined && u.account === org.account && u.organization !== org.id;
  });
  if (!outside) return store.lookup('users', 'organization', org.id).filter((u) => u.account === org.account);
  return store.filter('users', (u) => u.account === org.account && (u.organization === org.id || admins.includes(u.id)));
}

function memberView(org: Rec, u: Rec, withAvatar: boolean): Rec {
  const role = (org.admins ?? []).includes(u.id) ? 'admin' : u.organizationRole;
  return { id: u.id, email: u.email, name: u.name ?? null, ...(withAvatar ? { avatarUrl: u.avatarUrl ?? null } : {}), organizationRole: role, createdAt: u.createdAt };
}

const DEFAULT_AUDIT_LOGGING = { enabled: false, storageBucketArn: null, storagePrefix: '', roleArn: null, region: null, lastDeliveredAt: null };

function auditConfig(store: Store, orgId: string): Rec {
  const c = store.get('auditLogging', orgId) ?? DEFAULT_AUDIT_LOGGING;
  const view: Rec = pick(c, ['enabled', 'storageBucketArn', 'storagePrefix', 'roleArn', 'region', 'lastDeliveredAt']);
  for (const [k, v] of Object.entries(DEFAULT_AUDIT_LOGGING)) if (view[k] === undefined) view[k] = v;
  view.deliveryConfigured = Boolean(view.enabled && view.storageBucketArn && view.roleArn && view.region);
  return view;
}

// Job progress is "not shown". Chosen: a job is pending for its first second, running until its
// third, then completed (one file per UTC day of the range that holds events) or failed when the
// delivery config is missing at that moment. Moved lazily by the store clock when it is read.
const RUN_AFTER_MS = 1000;
const DONE_AFTER_MS = 3000;

function advanceJob(store: Store, job: Rec): Rec {
  if (job.status === 'completed' || job.status === 'failed') return job;
  const age = store.clock() - Date.parse(job.createdAt);
  if (age < RUN_AFTER_MS) return job;
  if (age < DONE_AFTER_MS) return job.status === 'running' ? job : store.update('auditDeliveryJobs', job.id, { status: 'running' })!;
  const config = auditConfig(store, job.organization);
  const completedAt = new Date(Date.parse(job.createdAt) + DONE_AFTER_MS).toISOString();
  if (!config.deliveryConfigured) {
    const missing = [!config.enabled && 'enabled', !config.storageBucketArn && 'storageBucketArn', !config.roleArn && 'roleArn', !config.region && 'region'].filter(Boolean);
    return store.update('auditDeliveryJobs', job.id, {
      status: 'failed',
      completedAt,
      errors: [`audit-log delivery is not configured: set ${missing.join(', ')} (PUT /organizations/${job.organization}/audit-logging)`],
    })!;
  }
  const from = Date.parse(job.from);
  const to = Date.parse(job.to);
  const days = new Set(
    store.filter('auditEvents', (e) => e.organization === job.organization && Date.parse(e.createdAt) >= from && Date.parse(e.createdAt) < to).map((e) => String(e.createdAt).slice(0, 10)),
  );
  const done = store.update('auditDeliveryJobs', job.id, { status: 'completed', completedAt, filesCopied: days.size })!;
  const prev = store.get('auditLogging', job.organization);
  if (prev) store.update('auditLogging', job.organization, { lastDeliveredAt: completedAt });
  else store.insert('auditLogging', 'alc', { ...DEFAULT_AUDIT_LOGGING, id: job.organization, lastDeliveredAt: completedAt });
  return done;
}

function jobView(j: Rec): Rec {
  return pick(j, ['id', 'organization', 'requestedBy', 'status', 'from', 'to', 'filesCopied', 'errors', 'completedAt', 'createdAt']);
}

function isoParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) fail(400, `${name} must be an ISO 8601 timestamp, got '${value}'`, 'AGNT_E_VALIDATION');
  return ms;
}

// ---- organization profile (companies) -----------------------------------------------------

function emptyOwnOrgProfile(): Rec {
  return {
    mission: '',
    values: [],
    founded: '',
    stage: '',
    leadership: [],
    keyProducts: [],
    targetCustomers: '',
    brandVoice: '',
    internalTools: [],
    holidays: [],
    meetingNorms: '',
    confidentialityNotes: '',
    launchDate: '',
  };
}

function profileView(c: Rec): Rec {
  return {
    companyId: c.id,
    name: c.name,
    industry: c.industry ?? null,
    website: c.website ?? null,
    domain: c.domain ?? null,
    location: c.location ?? null,
    profNetAUrl: c.profNetAUrl ?? null,
    ownOrgProfile: { ...emptyOwnOrgProfile(), ...(c.ownOrgProfile ?? {}) },
    claimed: !!c.claimedBy,
  };
}

/**
 * {id} is a company id (the profile is "the company of the account's own organization").
 * Chosen convenience: the caller's organization id stands for the account's own company.
 */
function resolveCompany(store: Store, caller: Rec, id: string): Rec | undefined {
  const direct = store.get('companies', id);
  if (direct) return direct;
  if (id === caller.organization) return store.find('companies', (c) => c.claimedBy === accountOf(store, caller));
  return undefined;
}

const area: SandboxArea = {
  name: 'organizations',
  seed(store) {
    store.update('organizations', 'org_acme', { admins: [], createdBy: 'usr_admin', defaultModelTiers: { chat: 'medium', task: 'low' } });
    store.update('organizations', 'org_globex', { admins: [], createdBy: 'usr_globex', defaultModelTiers: { chat: null, task: null } });
    store.insert('domains', 'dom', {
      id: 'dom_acme',
      organization: 'org_acme',
      domain: 'acme.test',
      autoJoin: true,
      verified: true,
      verifiedAt: store.now(),
      verification: { type: 'TXT', name: '_agnt-challenge.acme.test', value: 'agnt-verify=seeded' },
    });
    store.insert('auditEvents', 'aev', {
      account: 'acc_acme',
      organization: 'org_acme',
      actor: 'usr_admin',
      action: 'organization.created',
      entityType: 'organization',
      entityId: 'org_acme',
      metadata: { name: 'Acme Corp' },
      createdAt: '2026-01-05T09:00:00.000Z',
    });
    store.insert('auditEvents', 'aev', {
      account: 'acc_acme',
      organization: 'org_acme',
      actor: 'usr_admin',
      action: 'domain.verified',
      entityType: 'domain',
      entityId: 'dom_acme',
      metadata: { domain: 'acme.test' },
      createdAt: '2026-01-05T09:05:00.000Z',
    });
    // Companies for /orgs/{id}/profile: Acme's is claimed by its account (usr_admin holds
    // org_admin); Globex's account has not claimed one yet; Initech is nobody's.
    store.insert('companies', 'co', {
      id: 'co_acme',
      name: 'Acme Corp',
      industry: 'Manufacturing',
      website: 'https://acme.test',
      domain: 'acme.test',
      location: 'New York',
      profNetAUrl: null,
      ownOrgProfile: { ...emptyOwnOrgProfile(), mission: 'Make everything', values: ['craft', 'candour'] },
      claimedBy: 'acc_acme',
      orgAdmins: ['usr_admin'],
    });
    store.insert('companies', 'co', { id: 'co_globex', name: 'Globex', industry: 'Energy', website: 'https://globex.test', domain: 'globex.test', claimedBy: null, orgAdmins: [] });
    store.insert('companies', 'co', { id: 'co_initech', name: 'Initech', industry: 'Software', website: 'https://initech.test', domain: 'initech.test', claimedBy: null, orgAdmins: [] });
  },
  seedExamples(store) {
    // A finished audit-log delivery of Acme's, with a fixed id for the help's examples.
    store.insert('auditDeliveryJobs', 'adj', {
      id: 'adj_november',
      organization: 'org_acme',
      requestedBy: 'usr_admin',
      status: 'completed',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      filesCopied: 1,
      errors: [],
      completedAt: '2026-11-02T00:05:00.000Z',
      createdAt: '2026-11-02T00:00:00.000Z',
    });
  },
  register(r, sb) {
    const store = sb.store;
    const auditLists = new ListCache(store);

    r.get('/organizations', (req) =>
      list(
        'organizations',
        store.filter('organizations', (o) => o.account === req.user.account || o.id === req.user.organization).map((o) => orgView(store, o)),
        req.query,
      ),
    );

    r.post('/organizations', (req) => {
      const b = bodyOf(req.body);
      const name = b.name.trim();
      if (!name) badRequest('name must not be empty', 'AGNT_E_VALIDATION');
      // Chosen: only organization admins create organizations, and names are unique per account
      // so that a re-run script cannot make a second "Acme Labs" by accident.
      if (!(req.user.organizationRole === 'admin' && req.user.organization)) forbidden('organization admin required to create an organization');
      const account = accountOf(store, req.user);
      const same = store.find('organizations', (o) => o.account === account && o.name.toLowerCase() === name.toLowerCase());
      if (same) conflict(`an organization named '${same.name}' already exists (${same.id})`, 'AGNT_E_ORG_NAME_TAKEN');
      const o = store.insert('organizations', 'org', {
        account,
        name,
        defaultTeam: null,
        defaultAssistant: null,
        sso: defaultSso(),
        admins: [req.user.id],
        createdBy: req.user.id,
        defaultModelTiers: { chat: null, task: null },
      });
      recordEvent(store, o.id, req.user, 'organization.created', 'organization', o.id, { name });
      return ok('organization', orgView(store, o), 201);
    });

    r.get('/organizations/{orgId}', (req) => ok('organization', orgView(store, findOrg(store, req.user, req.params.orgId!))));

    r.put('/organizations/{orgId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      const patch = pick(b, ['name', 'defaultTeam', 'defaultAssistant']);
      if (typeof b.name === 'string') {
        patch.name = b.name.trim();
        if (!patch.name) badRequest('name must not be empty', 'AGNT_E_VALIDATION');
        const same = store.find('organizations', (o) => o.id !== org.id && o.account === org.account && o.name.toLowerCase() === patch.name.toLowerCase());
        if (same) conflict(`an organization named '${same.name}' already exists (${same.id})`, 'AGNT_E_ORG_NAME_TAKEN');
      }
      if (typeof b.defaultTeam === 'string') {
        const team = store.get('teams', b.defaultTeam);
        if (!team || team.organization !== org.id) badRequest(`defaultTeam: team ${b.defaultTeam} is not a team of ${org.id}`, 'AGNT_E_VALIDATION');
      }
      if (typeof b.defaultAssistant === 'string') {
        const a = store.get('assistants', b.defaultAssistant);
        const usable = a && !a.deletedAt && ((a.scope === 'organization' && a.organization === org.id) || (a.scope === 'account' && a.account === org.account));
        if (!usable) badRequest(`defaultAssistant: assistant ${b.defaultAssistant} is not an organization or account assistant of ${org.id}`, 'AGNT_E_VALIDATION');
      }
      const o = store.update('organizations', org.id, patch)!;
      recordEvent(store, org.id, req.user, 'organization.updated', 'organization', org.id, { fields: Object.keys(patch) });
      return ok('organization', orgView(store, o));
    });

    r.delete('/organizations/{orgId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      // Chosen: an organization with members (other than its listed admins) is not deleted; remove them first.
      const members = store.filter('users', (u) => u.organization === org.id);
      if (members.length) conflict(`organization ${org.id} still has ${members.length} member(s); remove them first`, 'AGNT_E_ORG_NOT_EMPTY');
      for (const d of store.filter('domains', (x) => x.organization === org.id)) store.remove('domains', d.id);
      for (const team of store.filter('teams', (x) => x.organization === org.id)) store.update('teams', team.id, { organization: null });
      store.remove('auditLogging', org.id);
      store.remove('scimTokens', org.id);
      recordEvent(store, org.id, req.user, 'organization.deleted', 'organization', org.id, { name: org.name });
      store.remove('organizations', org.id);
      return ok('organization', { id: org.id, deleted: true, message: `organization ${org.id} (${org.name}) deleted` });
    });

    // ---- domains ----

    const findDomain = (org: Rec, id: string): Rec => {
      const d = store.get('domains', id);
      if (!d || d.organization !== org.id) notFound('domain', id);
      return d!;
    };

    r.get('/organizations/{orgId}/domains', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      return list('domains', store.filter('domains', (d) => d.organization === org.id).map(domainView), req.query);
    });

    r.post('/organizations/{orgId}/domains', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      const domain = b.domain.trim().toLowerCase().replace(/\.$/, '');
      if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) badRequest(`'${b.domain}' is not a domain name`, 'AGNT_E_VALIDATION');
      const taken = store.find('domains', (d) => d.domain === domain);
      if (taken) conflict(taken.organization === org.id ? `domain ${domain} is already added (${taken.id})` : `domain ${domain} belongs to another organization`, 'AGNT_E_DOMAIN_TAKEN');
      const d = store.insert('domains', 'dom', {
        organization: org.id,
        domain,
        autoJoin: b.autoJoin ?? false,
        verified: false,
        verifiedAt: null,
        verification: { type: 'TXT', name: `_agnt-challenge.${domain}`, value: `agnt-verify=${randomBytes(12).toString('hex')}` },
      });
      recordEvent(store, org.id, req.user, 'domain.added', 'domain', d.id, { domain, autoJoin: d.autoJoin });
      return ok('domain', domainView(d), 201);
    });

    r.put('/organizations/{orgId}/domains/{domainId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const d = findDomain(org, req.params.domainId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      const u = store.update('domains', d.id, pick(b, ['autoJoin']))!;
      recordEvent(store, org.id, req.user, 'domain.updated', 'domain', d.id, pick(b, ['autoJoin']));
      return ok('domain', domainView(u));
    });

    r.delete('/organizations/{orgId}/domains/{domainId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const d = findDomain(org, req.params.domainId!);
      requireOrgAdmin(req.user, org);
      const sso = org.sso ?? {};
      const others = store.filter('domains', (x) => x.organization === org.id && x.verified && x.id !== d.id);
      if (sso.enabled && d.verified && !others.length) conflict(`${d.domain} is the last verified domain and SSO is on; disable SSO first`, 'AGNT_E_SSO_DOMAIN_REQUIRED');
      store.remove('domains', d.id);
      recordEvent(store, org.id, req.user, 'domain.removed', 'domain', d.id, { domain: d.domain });
      return deleted('domain', d.id);
    });

    r.post('/organizations/{orgId}/domains/{domainId}/verify', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const d = findDomain(org, req.params.domainId!);
      requireOrgAdmin(req.user, org);
      if (d.verified) return ok('domain', domainView(d));
      // Chosen: the sandbox finds the TXT record for every domain except those under the
      // reserved .invalid top-level domain, so tests can exercise a failed verification.
      if (d.domain.endsWith('.invalid')) badRequest(`no TXT record ${d.verification.name} with value ${d.verification.value} was found`, 'AGNT_E_DOMAIN_VERIFICATION_FAILED');
      const u = store.update('domains', d.id, { verified: true, verifiedAt: store.now() })!;
      recordEvent(store, org.id, req.user, 'domain.verified', 'domain', d.id, { domain: d.domain });
      return ok('domain', domainView(u));
    });

    // ---- SSO and SCIM ----

    r.put('/organizations/{orgId}/sso', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      // PUT replaces the keys it names and keeps the others (chosen: the spec lists every field as optional).
      const next = { ...defaultSso(), ...(org.sso ?? {}), ...pick(b, ['enabled', 'enforced', 'provider', ...SSO_OBJECTS]) };
      if (next.enforced && !next.enabled) badRequest('SSO cannot be enforced while it is disabled', 'AGNT_E_VALIDATION');
      if (next.enabled && !next.provider) badRequest('provider is required to enable SSO', 'AGNT_E_VALIDATION');
      // Chosen: SSO needs a verified domain to route sign-ins by e-mail address.
      if (next.enabled && !store.find('domains', (d) => d.organization === org.id && d.verified))
        badRequest('SSO needs at least one verified domain; add and verify one first', 'AGNT_E_SSO_DOMAIN_REQUIRED');
      const o = store.update('organizations', org.id, { sso: next })!;
      recordEvent(store, org.id, req.user, 'sso.updated', 'organization', org.id, {
        fields: Object.keys(b).filter((k) => k in next),
        enabled: next.enabled,
        enforced: next.enforced,
        provider: next.provider,
      });
      return ok('organization', orgView(store, o));
    });

    r.delete('/organizations/{orgId}/sso', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      const o = store.update('organizations', org.id, { sso: { ...defaultSso(), ...(org.sso ?? {}), enabled: false, enforced: false } })!;
      recordEvent(store, org.id, req.user, 'sso.disabled', 'organization', org.id);
      return ok('organization', orgView(store, o));
    });

    r.post('/organizations/{orgId}/scim-token', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      const token = `scim_${randomBytes(24).toString('base64url')}`;
      const rec = { hash: createHash('sha256').update(token).digest('hex'), rotatedAt: store.now(), rotatedBy: req.user.id };
      if (store.get('scimTokens', org.id)) store.update('scimTokens', org.id, rec);
      else store.insert('scimTokens', 'scim', { id: org.id, ...rec });
      recordEvent(store, org.id, req.user, 'scim_token.rotated', 'organization', org.id);
      return ok('scim', { token });
    });

    // ---- members ----

    r.get('/organizations/{orgId}/members', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgMember(req.user, org);
      const items = membersOf(store, org).filter((u) => matchesSearch([u.name, u.email, u.firstName, u.lastName], req.query.search));
      return listViews('members', items, (u) => memberView(org, u, true), req.query);
    });

    r.post('/organizations/{orgId}/members', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      const email = b.email.trim();
      if (!EMAIL.test(email)) badRequest('email is not a valid e-mail address', 'AGNT_E_VALIDATION');
      let user = store.find('users', (u) => u.email?.toLowerCase() === email.toLowerCase());
      // Chosen: provisioning is idempotent. A member already there is answered with 200 and
      // the same record, so that a re-run script does not fail; a user of another
      // organization or account is a conflict.
      if (user && (user.organization === org.id || (org.admins ?? []).includes(user.id))) return ok('member', memberView(org, user, false));
      if (user && user.account !== org.account) conflict(`${email} belongs to another account`, 'AGNT_E_MEMBER_ELSEWHERE');
      if (user?.organization) conflict(`${email} is a member of organization ${user.organization}; remove them there first`, 'AGNT_E_MEMBER_ELSEWHERE');
      if (user) user = store.update('users', user.id, { organization: org.id, organizationRole: 'member' })!;
      else {
        user = makeUser(store, { email, account: org.account, organization: org.id, organizationRole: 'member', registered: false });
        provisionedIdentifier(store, user);
      }
      recordEvent(store, org.id, req.user, 'member.added', 'member', user.id, { email });
      return ok('member', memberView(org, user, false), 201);
    });

    r.delete('/organizations/{orgId}/members/{userId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      // An id: the spec gives `me` to no path of this area.
      const id = req.params.userId!;
      const user = membersOf(store, org).find((u) => u.id === id);
      if (!user) notFound('member', id);
      const adminsLeft = membersOf(store, org).filter((u) => u.id !== id && memberView(org, u, false).organizationRole === 'admin');
      if (memberView(org, user!, false).organizationRole === 'admin' && !adminsLeft.length) conflict(`${id} is the last admin of ${org.id}`, 'AGNT_E_LAST_ADMIN');
      if ((org.admins ?? []).includes(id)) store.update('organizations', org.id, { admins: org.admins.filter((x: string) => x !== id) });
      if (user!.organization === org.id) store.update('users', id, { organization: null, organizationRole: 'member' });
      recordEvent(store, org.id, req.user, 'member.removed', 'member', id, { email: user!.email });
      return ok('member', { id, deleted: true, message: `${user!.email} removed from ${org.id}` });
    });

    // ---- audit events and delivery ----

    r.get('/organizations/{orgId}/audit-events', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      const q = req.query;
      const after = isoParam(q.after, 'after');
      const before = isoParam(q.before, 'before');
      // Chosen: actor matches a user id or that user's e-mail; action matches exactly, or as a
      // prefix when it ends with '*' ('domain.*'); after and before are exclusive bounds.
      const actorIds = q.actor ? new Set([q.actor, ...store.filter('users', (u) => u.email?.toLowerCase() === q.actor!.toLowerCase()).map((u) => u.id)]) : undefined;
      const action = q.action;
      const view = (e: Rec) => pick(e, ['id', 'account', 'organization', 'actor', 'action', 'entityType', 'entityId', 'metadata', 'createdAt']);
      // The organization's events through an index, newest (last inserted) first; with no other
      // filter a page is a slice of it, so it costs the page, not the log.
      const ids = store.ids('auditEvents', 'organization', org.id);
      const newest = (i: number) => store.get('auditEvents', ids[ids.length - 1 - i]!)!;
      if (!actorIds && !action && !q.entityType && after === undefined && before === undefined) {
        return listSlice('events', ids.length, (start, end) => Array.from({ length: end - start }, (_, k) => view(newest(start + k))), q);
      }
      // A filtered walk keeps its matches across its pages (list-cache.ts).
      const items = auditLists.get([org.id, q.actor, action, q.entityType, after, before].join('\u0000'), () => {
        const hits: Rec[] = [];
        for (let i = 0; i < ids.length; i++) {
          const e = newest(i);
          if (actorIds && !actorIds.has(e.actor)) continue;
          if (action && (action.endsWith('*') ? !e.action.startsWith(action.slice(0, -1)) : e.action !== action)) continue;
          if (q.entityType && e.entityType !== q.entityType) continue;
          const at = Date.parse(e.createdAt);
          if (after !== undefined && !(at > after)) continue;
          if (before !== undefined && !(at < before)) continue;
          hits.push(e);
        }
        return hits;
      });
      return listViews('events', items, view, q);
    });

    r.get('/organizations/{orgId}/audit-logging', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      return ok('auditLogging', auditConfig(store, org.id));
    });

    r.put('/organizations/{orgId}/audit-logging', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      for (const k of ['storageBucketArn', 'roleArn'] as const) {
        if (typeof b[k] === 'string' && !/^arn:[^:]+:[^:]+:/.test(b[k])) badRequest(`${k} must be an ARN (arn:partition:service:...), got '${b[k]}'`, 'AGNT_E_VALIDATION');
      }
      const patch = pick(b, ['enabled', 'storageBucketArn', 'roleArn', 'region', 'storagePrefix']);
      if (store.get('auditLogging', org.id)) store.update('auditLogging', org.id, patch);
      else store.insert('auditLogging', 'alc', { ...DEFAULT_AUDIT_LOGGING, ...patch, id: org.id });
      recordEvent(store, org.id, req.user, 'audit_logging.updated', 'organization', org.id, patch);
      return ok('auditLogging', auditConfig(store, org.id));
    });

    r.post('/organizations/{orgId}/audit-logging/deliver', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      // Chosen: `to` defaults to now and `from` to the last delivery (or 24 hours before `to`).
      const to = b.to !== undefined ? isoParam(b.to, 'to')! : store.clock();
      const last = auditConfig(store, org.id).lastDeliveredAt;
      const from = b.from !== undefined ? isoParam(b.from, 'from')! : last ? Date.parse(last) : to - 86_400_000;
      if (from >= to) badRequest('from must be before to', 'AGNT_E_VALIDATION');
      const job = store.insert('auditDeliveryJobs', 'adj', {
        organization: org.id,
        requestedBy: req.user.id,
        status: 'pending',
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        filesCopied: 0,
        errors: [],
        completedAt: null,
      });
      recordEvent(store, org.id, req.user, 'audit_logging.delivery_requested', 'audit_delivery_job', job.id, { from: job.from, to: job.to });
      return ok('deliveryJob', jobView(job), 202);
    });

    r.get('/organizations/{orgId}/audit-logging/deliver/{jobId}', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgAdmin(req.user, org);
      const job = store.get('auditDeliveryJobs', req.params.jobId!);
      if (!job || job.organization !== org.id) notFound('delivery job', req.params.jobId);
      return ok('deliveryJob', jobView(advanceJob(store, job!)));
    });

    // ---- model tiers ----

    r.get('/organizations/{orgId}/settings/model-tiers', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      requireOrgMember(req.user, org);
      return ok('defaultModelTiers', { chat: null, task: null, ...(org.defaultModelTiers ?? {}) });
    });

    r.patch('/organizations/{orgId}/settings/model-tiers', (req) => {
      const org = findOrg(store, req.user, req.params.orgId!);
      const b = bodyOf(req.body);
      requireOrgAdmin(req.user, org);
      const tiers = { chat: null, task: null, ...(org.defaultModelTiers ?? {}), ...pick(b, ['chat', 'task']) };
      store.update('organizations', org.id, { defaultModelTiers: tiers });
      recordEvent(store, org.id, req.user, 'model_tiers.updated', 'organization', org.id, pick(b, ['chat', 'task']));
      return ok('defaultModelTiers', tiers);
    });

    // ---- organization profile ----

    r.get('/orgs/{id}/profile', (req) => {
      if (!req.user.organization) forbidden('you are not a member of an organization');
      const c = resolveCompany(store, req.user, req.params.id!);
      if (!c || c.claimedBy !== accountOf(store, req.user)) notFound("your account's own organization profile", req.params.id);
      return ok('profile', profileView(c!));
    });

    r.patch('/orgs/{id}/profile', (req) => {
      const b = bodyOf(req.body);
      if (!req.user.organization) forbidden('you are not a member of an organization');
      const c = resolveCompany(store, req.user, req.params.id!);
      if (!c) notFound('company', req.params.id);
      const account = accountOf(store, req.user);
      if (c!.claimedBy && c!.claimedBy !== account) conflict(`company ${c!.id} is already claimed by another account`, 'company_already_claimed');
      const own = store.find('companies', (x) => x.claimedBy === account);
      if (own && own.id !== c!.id) conflict(`your account's own organization is already ${own.id} (${own.name}); it cannot also claim ${c!.id}`, 'own_company_conflict');
      const patch: Rec = pick(b, ['name', 'industry', 'website', 'location', 'profNetAUrl']);
      if (b.ownOrgProfile) patch.ownOrgProfile = { ...emptyOwnOrgProfile(), ...(c!.ownOrgProfile ?? {}), ...b.ownOrgProfile };
      let action = 'org_profile.updated';
      if (!own) {
        patch.claimedBy = account;
        patch.orgAdmins = [req.user.id];
        action = 'org_profile.claimed';
      } else if (!(own.orgAdmins ?? []).includes(req.user.id)) {
        forbidden('org admin required: only users with the org_admin role change the organization profile', 'org_admin_required');
      }
      const u = store.update('companies', c!.id, patch)!;
      recordEvent(store, req.user.organization, req.user, action, 'org_profile', c!.id, { fields: Object.keys(b) });
      return ok('profile', profileView(u));
    });
  },
};

export default area;
