// Part 2, 4.1: organizations, domains, SSO and SCIM, members, audit events and audit-log
// delivery, default model tiers, and the organization profile.
import { MODEL_TIERS, auditEvent, deletedResult } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { arr, bool, email, enumOf, idOf, num, nul, obj, openObj, recordId, ro, secret, stamp, str, strs, timestamp, url } from '../shape.ts';

const orgId = idOf('organizations', { description: 'organization id' });
const domainId = idOf('domains', { description: 'domain id' });

/** The inner fields of the SSO objects are not shown: any keys. */
const ssoObject = (what: string) => nul(openObj({ description: `${what} settings` }));
export const ssoWritable = obj({
  enabled: bool({ description: 'SSO on' }),
  enforced: bool({ description: 'members must sign in with SSO' }),
  provider: nul(str({ description: 'identity provider, e.g. saml, provider1, provider2' })),
  provider1Workspace: ssoObject('provider1Workspace'),
  provider2Directory: ssoObject('provider2Directory'),
  saml: ssoObject('SAML'),
  scim: ssoObject('SCIM'),
  memberSync: ssoObject('member sync'),
});

// The organization's shape is "not shown"; these are the fields the sandbox answers with, and
// any others are allowed.
const organization = obj(
  {
    id: recordId('organizations'),
    account: ro(str()),
    name: str(),
    defaultTeam: nul(idOf('teams', { description: 'team id' })),
    defaultAssistant: nul(idOf('assistants', { description: 'assistant id' })),
    // Changed through PUT /organizations/{orgId}/sso, not through the organization's update.
    sso: ro(ssoWritable),
    scimTokenRotatedAt: stamp({ nullable: true }),
    admins: ro(strs()),
    createdBy: ro(nul(str())),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id'], open: true },
);

const domain = obj(
  {
    id: recordId('domains'),
    organization: ro(str()),
    domain: ro(str()),
    autoJoin: bool({ description: 'users with an e-mail address at this domain join automatically' }),
    verified: ro(bool()),
    verifiedAt: stamp({ nullable: true }),
    verification: ro(obj({ type: str(), name: str(), value: str() }, { open: true })),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'domain', 'autoJoin'], open: true },
);

const member = obj(
  { id: recordId('users'), email: email(), name: nul(str()), avatarUrl: nul(url()), organizationRole: str(), createdAt: stamp() },
  { required: ['id', 'email', 'name', 'organizationRole', 'createdAt'] },
);

const auditLoggingWritable = {
  enabled: bool(),
  storageBucketArn: nul(str({ description: 'bucket ARN' })),
  storagePrefix: str({ description: 'key prefix inside the bucket' }),
  roleArn: nul(str({ description: 'role ARN the platform assumes to write' })),
  region: nul(str()),
};
const auditLogging = obj(
  { ...auditLoggingWritable, lastDeliveredAt: stamp({ nullable: true }), deliveryConfigured: ro(bool()) },
  { required: ['enabled', 'storageBucketArn', 'storagePrefix', 'roleArn', 'region', 'lastDeliveredAt', 'deliveryConfigured'] },
);

const deliveryJob = obj(
  {
    id: recordId('audit-delivery-jobs'),
    organization: ro(str()),
    requestedBy: ro(nul(str())),
    status: ro(enumOf(['pending', 'running', 'completed', 'failed'])),
    from: timestamp(),
    to: timestamp(),
    filesCopied: ro(num()),
    errors: ro(strs()),
    completedAt: stamp({ nullable: true }),
    createdAt: stamp(),
  },
  { required: ['id', 'organization', 'requestedBy', 'status', 'from', 'to', 'filesCopied', 'errors', 'completedAt', 'createdAt'] },
);

const tier = nul(enumOf(MODEL_TIERS));
const modelTiers = obj({ chat: { ...tier, description: 'tier for chats' }, task: { ...tier, description: 'tier for tasks' } }, { required: ['chat', 'task'] });

const ownOrgProfile = obj(
  {
    mission: str(),
    values: strs(),
    founded: str(),
    stage: str(),
    leadership: arr(obj({ name: str(), title: str(), userId: nul(idOf('users')) })),
    keyProducts: strs(),
    targetCustomers: str(),
    brandVoice: str(),
    internalTools: strs(),
    holidays: arr(obj({ name: str(), date: str({ hint: 'date' }) })),
    meetingNorms: str(),
    confidentialityNotes: str(),
    launchDate: str(),
  },
  { description: 'the company profile (mission, values, leadership, ...)' },
);

const profileWritable = {
  name: str(),
  industry: nul(str()),
  website: nul(url()),
  location: nul(str()),
  profNetAUrl: nul(url({ description: 'profNetA profile URL' })),
  ownOrgProfile,
};
const profile = obj({ companyId: ro(idOf('companies')), ...profileWritable, domain: ro(nul(str())), claimed: ro(bool()) }, { required: ['companyId', 'name', 'ownOrgProfile'] });
// The spec lists the PATCH fields as strings; the profile answers them as string|null. Chosen:
// null is accepted and clears the field, so that a profile read back from a file can be sent.
const profilePatch = obj(profileWritable);

const scim = obj({ token: secret(ro(str({ description: 'the SCIM token, shown once' }))) }, { required: ['token'] });

export const area: ApiArea = defineArea({
  name: 'organizations',
  section: 'part 2, 4.1',
  resources: { organization, domain, member, sso: ssoWritable, auditEvent, auditLogging, deliveryJob, modelTiers, profile, scim },
  endpoints: [
    endpoint({
      id: 'orgs.list',
      method: 'GET',
      path: '/organizations',
      summary: 'List organizations',
      resultKey: 'organizations',
      result: arr(organization),
      paging: 'page',
      takesLimit: true,
      resource: 'organization',
    }),
    endpoint({
      id: 'orgs.create',
      method: 'POST',
      path: '/organizations',
      summary: 'Create an organization (the caller becomes its admin)',
      body: obj({ name: str() }, { required: ['name'] }),
      status: [201],
      resultKey: 'organization',
      result: organization,
      resource: 'organization',
      errors: [{ status: 409, code: 'AGNT_E_ORG_NAME_TAKEN', when: 'an organization with this name already exists', hint: 'look it up instead of creating it again' }],
    }),
    endpoint({
      id: 'orgs.get',
      method: 'GET',
      path: '/organizations/{orgId}',
      params: { orgId },
      summary: 'Show an organization',
      resultKey: 'organization',
      result: organization,
      resource: 'organization',
    }),
    endpoint({
      id: 'orgs.update',
      method: 'PUT',
      path: '/organizations/{orgId}',
      params: { orgId },
      summary: 'Change an organization',
      body: obj({ name: str(), defaultTeam: organization.fields.defaultTeam!, defaultAssistant: organization.fields.defaultAssistant! }),
      resultKey: 'organization',
      result: organization,
      resource: 'organization',
      errors: [{ status: 409, code: 'AGNT_E_ORG_NAME_TAKEN', when: 'another organization already has this name' }],
    }),
    endpoint({
      id: 'orgs.delete',
      method: 'DELETE',
      path: '/organizations/{orgId}',
      params: { orgId },
      summary: 'Delete an organization',
      resultKey: 'organization',
      result: deletedResult,
      errors: [{ status: 409, code: 'AGNT_E_ORG_NOT_EMPTY', when: 'the organization still has members', hint: 'remove its members first' }],
    }),

    endpoint({
      id: 'orgs.domains.list',
      method: 'GET',
      path: '/organizations/{orgId}/domains',
      params: { orgId },
      summary: "List an organization's domains",
      resultKey: 'domains',
      result: arr(domain),
      paging: 'page',
      pageParams: false,
      resource: 'domain',
    }),
    endpoint({
      id: 'orgs.domains.create',
      method: 'POST',
      path: '/organizations/{orgId}/domains',
      params: { orgId },
      summary: 'Add a domain',
      body: obj({ domain: str(), autoJoin: domain.fields.autoJoin! }, { required: ['domain'] }),
      status: [201],
      resultKey: 'domain',
      result: domain,
      resource: 'domain',
      errors: [{ status: 409, code: 'AGNT_E_DOMAIN_TAKEN', when: 'the domain is already added here or belongs to another organization' }],
    }),
    endpoint({
      id: 'orgs.domains.update',
      method: 'PUT',
      path: '/organizations/{orgId}/domains/{domainId}',
      params: { orgId, domainId },
      summary: 'Turn auto-join on or off for a domain',
      body: obj({ autoJoin: domain.fields.autoJoin! }),
      resultKey: 'domain',
      result: domain,
      resource: 'domain',
    }),
    endpoint({
      id: 'orgs.domains.delete',
      method: 'DELETE',
      path: '/organizations/{orgId}/domains/{domainId}',
      params: { orgId, domainId },
      summary: 'Remove a domain',
      resultKey: 'domain',
      result: deletedResult,
      errors: [{ status: 409, code: 'AGNT_E_SSO_DOMAIN_REQUIRED', when: 'it is the last verified domain while SSO is on', hint: 'disable SSO first' }],
    }),
    endpoint({
      id: 'orgs.domains.verify',
      method: 'POST',
      path: '/organizations/{orgId}/domains/{domainId}/verify',
      params: { orgId, domainId },
      summary: 'Verify a domain by its TXT record',
      resultKey: 'domain',
      result: domain,
      resource: 'domain',
      errors: [{ status: 400, code: 'AGNT_E_DOMAIN_VERIFICATION_FAILED', when: 'the TXT record was not found', hint: "publish the domain's verification TXT record, wait for DNS, and verify again" }],
    }),

    endpoint({
      id: 'orgs.sso.set',
      method: 'PUT',
      path: '/organizations/{orgId}/sso',
      params: { orgId },
      summary: 'Configure single sign-on (fields not given keep their value)',
      body: ssoWritable,
      resultKey: 'organization',
      result: organization,
      resource: 'sso',
      errors: [{ status: 400, code: 'AGNT_E_SSO_DOMAIN_REQUIRED', when: 'SSO is enabled with no verified domain', hint: 'add and verify a domain first' }],
    }),
    endpoint({
      id: 'orgs.sso.disable',
      method: 'DELETE',
      path: '/organizations/{orgId}/sso',
      params: { orgId },
      summary: 'Turn single sign-on off (its settings are kept)',
      resultKey: 'organization',
      result: organization,
    }),
    endpoint({
      id: 'orgs.scim-token.rotate',
      method: 'POST',
      path: '/organizations/{orgId}/scim-token',
      params: { orgId },
      summary: 'Make a new SCIM token; the old one stops working',
      resultKey: 'scim',
      result: scim,
    }),

    endpoint({
      id: 'orgs.members.list',
      method: 'GET',
      path: '/organizations/{orgId}/members',
      params: { orgId },
      summary: 'List the members of an organization',
      query: obj({ search: str({ description: 'match name or e-mail' }) }),
      resultKey: 'members',
      result: arr(member),
      paging: 'page',
      takesLimit: true,
    }),
    endpoint({
      id: 'orgs.members.create',
      method: 'POST',
      path: '/organizations/{orgId}/members',
      params: { orgId },
      summary: 'Provision a member by e-mail',
      body: obj({ email: email() }, { required: ['email'] }),
      status: [201, 200],
      resultKey: 'member',
      result: member,
      errors: [{ status: 409, code: 'AGNT_E_MEMBER_ELSEWHERE', when: 'the user belongs to another organization or account', hint: 'remove them there first' }],
    }),
    endpoint({
      id: 'orgs.members.delete',
      method: 'DELETE',
      path: '/organizations/{orgId}/members/{userId}',
      params: { orgId, userId: idOf('users', { description: 'user id' }) },
      summary: 'Remove a member from an organization',
      resultKey: 'member',
      result: deletedResult,
      errors: [{ status: 409, code: 'AGNT_E_LAST_ADMIN', when: 'the member is the last admin of the organization', hint: 'make someone else an admin first' }],
    }),

    endpoint({
      id: 'orgs.audit-events.list',
      method: 'GET',
      path: '/organizations/{orgId}/audit-events',
      params: { orgId },
      summary: "List an organization's audit events, newest first",
      query: obj({
        actor: str({ description: 'user id (or e-mail) of who made the change' }),
        action: str({ description: "e.g. domain.verified; a trailing * matches a prefix ('domain.*')" }),
        entityType: str({ description: 'e.g. organization, domain, member, team, invitation' }),
        after: timestamp({ description: 'only events after this time' }),
        before: timestamp({ description: 'only events before this time' }),
      }),
      resultKey: 'events',
      result: arr(auditEvent),
      paging: 'page',
      takesLimit: true,
    }),
    endpoint({
      id: 'orgs.audit-logging.get',
      method: 'GET',
      path: '/organizations/{orgId}/audit-logging',
      params: { orgId },
      summary: 'Show the audit-log delivery config',
      resultKey: 'auditLogging',
      result: auditLogging,
      resource: 'auditLogging',
    }),
    endpoint({
      id: 'orgs.audit-logging.set',
      method: 'PUT',
      path: '/organizations/{orgId}/audit-logging',
      params: { orgId },
      summary: 'Set the audit-log delivery config (fields not given keep their value)',
      body: obj(auditLoggingWritable),
      resultKey: 'auditLogging',
      result: auditLogging,
      resource: 'auditLogging',
    }),
    endpoint({
      id: 'orgs.audit-logging.deliver',
      method: 'POST',
      path: '/organizations/{orgId}/audit-logging/deliver',
      params: { orgId },
      summary: "Deliver audit logs to the organization's object storage (a job)",
      body: obj({ from: timestamp({ description: 'start of the period' }), to: timestamp({ description: 'end of the period' }) }),
      status: [202],
      resultKey: 'deliveryJob',
      result: deliveryJob,
    }),
    endpoint({
      id: 'orgs.audit-logging.job',
      method: 'GET',
      path: '/organizations/{orgId}/audit-logging/deliver/{jobId}',
      params: { orgId, jobId: idOf('audit-delivery-jobs', { description: 'delivery job id' }) },
      summary: 'Show an audit-log delivery job',
      resultKey: 'deliveryJob',
      result: deliveryJob,
    }),

    endpoint({
      id: 'orgs.model-tiers.get',
      method: 'GET',
      path: '/organizations/{orgId}/settings/model-tiers',
      params: { orgId },
      summary: 'Show the default model tiers',
      resultKey: 'defaultModelTiers',
      result: modelTiers,
      resource: 'modelTiers',
    }),
    endpoint({
      id: 'orgs.model-tiers.set',
      method: 'PATCH',
      path: '/organizations/{orgId}/settings/model-tiers',
      params: { orgId },
      summary: 'Set the default model tiers',
      body: obj(modelTiers.fields),
      resultKey: 'defaultModelTiers',
      result: modelTiers,
      resource: 'modelTiers',
    }),

    endpoint({
      id: 'orgs.profile.get',
      method: 'GET',
      path: '/orgs/{id}/profile',
      params: { id: idOf('companies', { description: "company id (or your organization's id)" }) },
      summary: "Show the account's own organization profile",
      resultKey: 'profile',
      result: profile,
      resource: 'profile',
      errors: [
        { status: 403, when: 'the caller is not an organization member' },
        { status: 404, when: "the company is not this account's own organization" },
      ],
    }),
    endpoint({
      id: 'orgs.profile.set',
      method: 'PATCH',
      path: '/orgs/{id}/profile',
      params: { id: idOf('companies', { description: "company id (or your organization's id)" }) },
      summary: "Set the account's own organization profile (the first call claims the company)",
      body: profilePatch,
      resultKey: 'profile',
      result: profile,
      resource: 'profile',
      errors: [
        { status: 403, code: 'org_admin_required', when: 'the caller does not have the org_admin role', hint: 'ask an organization admin' },
        { status: 409, code: 'own_company_conflict', when: 'the account already has a different own-organization company', hint: 'use the company your account already claimed' },
        { status: 409, code: 'company_already_claimed', when: 'the company is claimed by another account' },
      ],
    }),
  ],
});
