// Part 1, 4.4: users, provisioning, the workspace and the layered profile.
import { ORG_ROLES, USER_STATUSES, user, voice } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, map, nul, num, obj, ro, stamp, str, strs, url } from '../shape.ts';

const userId = idOf('users', { description: 'user id' });
const metadata = map(any());

const workspaceProfile = obj(
  {
    userId: ro(idOf('users')),
    accountId: ro(str()),
    updatedAt: stamp({ nullable: true }),
    lastActiveAt: stamp({ nullable: true }),
    peakMemoryBytes: ro(num()),
    avgMemoryBytes: ro(num()),
    currentDiskBytes: ro(num()),
    diskQuotaBytes: ro(num()),
    avgCpuLoadAvg: ro(num()),
    totalActiveMinutes: ro(num()),
    topMcpSlugs: ro(strs()),
    memoryLimitBytes: ro(nul(num())),
  },
  { required: ['userId', 'accountId', 'updatedAt', 'lastActiveAt', 'peakMemoryBytes', 'avgMemoryBytes', 'currentDiskBytes', 'diskQuotaBytes', 'avgCpuLoadAvg', 'totalActiveMinutes', 'topMcpSlugs', 'memoryLimitBytes'] },
);

const snapshot = obj(
  {
    userId: ro(idOf('users')),
    timestamp: stamp(),
    memoryUsedBytes: ro(nul(num())),
    memoryTotalBytes: ro(nul(num())),
    diskUsedBytes: ro(nul(num())),
    diskQuotaBytes: ro(nul(num())),
    cpuLoadAvg: ro(nul(num())),
    containerUptime: ro(nul(num())),
    activeMcpSlugs: ro(strs()),
  },
  { required: ['userId', 'timestamp', 'memoryUsedBytes', 'memoryTotalBytes', 'diskUsedBytes', 'diskQuotaBytes', 'cpuLoadAvg', 'containerUptime', 'activeMcpSlugs'] },
);

// Further personal fields, and the identifiers and audit-log parts: "not shown" (open).
const layeredProfile = obj(
  {
    professional: obj(
      {
        role: str(),
        companyId: nul(idOf('companies')),
        companyDisplayName: nul(str()),
        department: str(),
        startDate: str({ hint: 'date' }),
        officeLocation: str(),
        workHours: obj({ start: str(), end: str(), days: strs() }),
        pronouns: str(),
        profNetAUrl: url(),
        bio: str(),
        responsibilities: strs(),
        currentProjects: strs(),
        managerId: nul(idOf('users')),
        reports: strs(),
        languages: strs(),
        commsStyle: str(),
      },
      { open: true },
    ),
    personal: obj({ birthday: str({ hint: 'date' }), nicknames: strs() }, { open: true }),
  },
  { open: true },
);

const provisionResult = obj(
  { user, teamId: nul(idOf('teams')), created: bool(), addedToTeam: bool(), alreadyMember: bool(), joinSkipped: bool() },
  { required: ['user', 'teamId', 'created', 'addedToTeam', 'alreadyMember', 'joinSkipped'] },
);

export const area: ApiArea = defineArea({
  name: 'users',
  section: 'part 1, 4.4',
  resources: { user, workspaceProfile, snapshot, layeredProfile },
  endpoints: [
    endpoint({ id: 'users.me.get', method: 'GET', path: '/users/me', summary: 'Show the caller', resultKey: 'user', result: user, resource: 'user' }),
    endpoint({
      id: 'users.me.update', method: 'PATCH', path: '/users/me', summary: 'Change your own profile',
      body: obj({
        firstName: str(),
        lastName: str(),
        timezone: str({ hint: 'time-zone', description: 'IANA time zone, e.g. Europe/Paris' }),
        locale: str(),
        city: str(),
        avatar: url({ description: 'avatar URL' }),
        country: nul(str()),
        assistant: nul(idOf('assistants', { description: 'assistant id' })),
        voice: nul({ ...voice, description: 'voice {voiceId, provider}' }),
        coordinatorEnabled: bool({ description: 'act as a coordinator' }),
      }),
      resultKey: 'user', result: user, resource: 'user',
      errors: [{ status: 403, code: 'AGNT_E_ASSISTANT_NOT_VISIBLE', when: 'the assistant does not exist or is not visible to you', hint: 'pick an assistant from the list of assistants you can see' }],
    }),
    endpoint({ id: 'users.me.profile', method: 'GET', path: '/me/profile', summary: 'Show your layered profile (professional and personal)', result: obj({ profile: layeredProfile }, { open: true }) }),
    endpoint({
      id: 'users.list', method: 'GET', path: '/users', summary: 'List users',
      query: obj({ status: enumOf(USER_STATUSES), email: email(), externalId: str(), organizationId: idOf('organizations'), search: str({ description: 'match name or email' }) }),
      resultKey: 'users', result: arr(user), paging: 'page', resource: 'user',
    }),
    endpoint({
      id: 'users.create', method: 'POST', path: '/users', summary: 'Create a user',
      body: obj(
        { email: email(), name: str(), firstName: str(), lastName: str(), avatar: url({ description: 'avatar URL' }), timezone: str({ hint: 'time-zone' }), locale: str(), externalId: str(), assistantEmail: email({ description: 'e-mail of the assistant to give the user' }), metadata },
        { required: ['email'] },
      ),
      status: [201], resultKey: 'user', result: user, resource: 'user',
      errors: [{ status: 400, code: 'AGNT_E_DUPLICATE', when: 'a user with this e-mail already exists' }],
    }),
    endpoint({ id: 'users.get', method: 'GET', path: '/users/{userId}', params: { userId }, summary: 'Show a user with identifiers, contacts and memories', resultKey: 'user', result: user, resource: 'user' }),
    endpoint({
      id: 'users.update', method: 'PUT', path: '/users/{userId}', params: { userId }, summary: 'Change a user',
      body: obj({
        // The user answers name as string|null; null is accepted so a user read back from a file can be sent.
        name: nul(str()),
        firstName: str(),
        lastName: str(),
        avatar: url({ description: 'avatar URL' }),
        timezone: str({ hint: 'time-zone' }),
        locale: str(),
        externalId: str(),
        status: enumOf(USER_STATUSES),
        assistantEmail: nul(email()),
        organization: nul(idOf('organizations', { description: 'organization id' })),
        organizationRole: enumOf(ORG_ROLES),
        managerRoles: strs({ description: 'e.g. ea_manager' }),
        metadata,
      }),
      resultKey: 'user', result: user, resource: 'user',
      errors: [{ status: 403, when: 'the user is in another organization than your credentials' }],
    }),
    endpoint({ id: 'users.delete', method: 'DELETE', path: '/users/{userId}', params: { userId }, summary: 'Delete a user', resultKey: 'user', result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }) }),
    endpoint({
      id: 'users.assistant.set', method: 'PATCH', path: '/users/{userId}/assistant', params: { userId }, summary: "Set a user's assistant (yourself, or a user who never signed up)",
      body: obj({ assistant: nul(idOf('assistants', { description: "assistant id, or 'null' to clear" })) }, { required: ['assistant'] }), resultKey: 'user', result: user,
      errors: [{ status: 403, code: 'AGNT_E_ASSISTANT_NOT_VISIBLE', when: 'the assistant is not visible to you, or you may not change this user', hint: 'pick an assistant from the list of assistants you can see' }],
    }),
    endpoint({
      id: 'users.provision', method: 'POST', path: '/users/provision', summary: 'Find or create a user by e-mail and add them to a team',
      body: obj({ email: email(), id: str({ description: 'id for a new user' }), teamId: idOf('teams', { description: "team to join (default: the caller's team)" }), firstName: str(), lastName: str() }, { required: ['email'] }),
      status: [200, 201], result: provisionResult,
    }),
    endpoint({
      id: 'users.deprovision', method: 'POST', path: '/users/deprovision', summary: 'Remove a user from a team (and delete them when nothing else holds them)',
      body: obj({ email: email(), teamId: idOf('teams') }, { required: ['email', 'teamId'] }),
      result: obj({ deleted: bool(), userDeleted: bool(), userId: idOf('users'), message: str() }, { required: ['deleted'] }),
    }),

    endpoint({ id: 'workspace.profile', method: 'GET', path: '/workspace/profile', summary: 'Show your workspace usage profile', resultKey: 'profile', result: nul(workspaceProfile) }),
    endpoint({ id: 'workspace.snapshots', method: 'GET', path: '/workspace/snapshots', summary: 'List workspace snapshots (chronological)', resultKey: 'snapshots', result: arr(snapshot), paging: 'page' }),
    endpoint({
      id: 'workspace.cleanup', method: 'POST', path: '/workspace/cleanup', summary: 'Free workspace disk space',
      body: obj({ scope: enumOf(['cache', 'sites'], { description: 'what to clear: cache (default), or sites too' }) }),
      result: obj({ ok: bool(), scope: str(), freedNote: str(), freedBytes: num(), usedBytes: num() }),
    }),
  ],
});
