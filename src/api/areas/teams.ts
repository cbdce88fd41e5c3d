// Part 2, 4.2 and 4.3: teams, team members, team profiles, invitations, organization requests.
import { deletedResult } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { arr, bool, email, enumOf, idOf, int, nul, obj, recordId, ro, stamp, str, strs, url } from '../shape.ts';

const teamId = idOf('teams', { description: 'team id' });
// Team statuses are "not shown"; the sandbox's choice is active and archived.
const TEAM_STATUSES = ['active', 'archived'] as const;
const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
const MEMBER_STATUSES = ['active', 'inactive'] as const;

// The team's shape is "not shown": the fields the sandbox answers with, any others allowed.
const team = obj(
  {
    id: recordId('teams'),
    account: ro(str()),
    organization: ro(nul(idOf('organizations'))),
    name: str(),
    status: enumOf(TEAM_STATUSES),
    owner: ro(nul(idOf('users'))),
    brandingOnEvents: bool({ description: 'team branding on calendar events' }),
    brandingOnMessages: bool({ description: 'team branding on messages' }),
    memberCount: ro(int()),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id'], open: true },
);

const member = obj(
  {
    id: recordId('users'),
    userId: ro(idOf('users')),
    team: ro(idOf('teams')),
    email: ro(email()),
    name: ro(nul(str())),
    role: enumOf(MEMBER_ROLES),
    status: enumOf(MEMBER_STATUSES),
    userStatus: ro(str()),
  },
  { required: ['id'], open: true },
);

const profile = obj({
  tagline: nul(str()),
  mission: nul(str()),
  leadUserId: nul(idOf('users', { description: 'user id of the team lead' })),
  workingHours: nul(obj({ start: str(), end: str(), days: strs(), tz: str({ hint: 'time-zone' }) }, { description: 'working hours {start, end, days, tz}' })),
  rituals: arr(obj({ name: str(), cadence: str() }), { description: 'rituals [{name, cadence}]' }),
  currentGoals: strs(),
  kpis: strs(),
  commsStyle: nul(str()),
  values: strs(),
  docsLinks: arr(obj({ label: str(), url: url() }), { description: 'links [{label, url}]' }),
  primeDefaults: nul(obj({ supervisionMode: str(), defaultChannels: strs() }, { description: 'defaults {supervisionMode, defaultChannels}' })),
});

const invitation = obj(
  {
    id: recordId('team-invitations'),
    team: ro(nul(idOf('teams'))),
    email: ro(email()),
    invitedBy: ro(nul(idOf('users'))),
    status: ro(enumOf(['pending', 'accepted', 'revoked', 'expired'])),
    expiresAt: stamp(),
    acceptedAt: stamp({ nullable: true }),
    revokedAt: stamp({ nullable: true }),
    createdAt: stamp(),
    seatHeld: ro(obj({ task: str() }, { open: true })),
    teamName: ro(str()),
    inviterName: ro(nul(str())),
    inviterAvatarUrl: ro(nul(url())),
    teamId: ro(idOf('teams')),
    declined: ro(bool()),
  },
  { required: ['id', 'team', 'email', 'invitedBy', 'status', 'expiresAt', 'acceptedAt', 'revokedAt', 'createdAt'] },
);

// The organization request's shape is "not shown": the sandbox's fields, any others allowed.
const ORG_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
const organizationRequest = obj(
  {
    id: recordId('organization-requests'),
    account: ro(str()),
    name: str(),
    team: ro(idOf('teams')),
    requestedBy: ro(idOf('users')),
    notes: nul(str()),
    status: ro(enumOf(ORG_REQUEST_STATUSES)),
    reason: ro(nul(str())),
    organization: ro(nul(idOf('organizations'))),
    decidedBy: ro(nul(idOf('users'))),
    decidedAt: stamp({ nullable: true }),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id'], open: true },
);

const ownershipTransfer = {
  status: 400,
  code: 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED',
  when: 'the invitee owns a team that still has other active members (the body carries requiresOwnershipTransfer and teamId)',
  hint: 'name a member of that team as its new owner (newOwnerId)',
};

export const area: ApiArea = defineArea({
  name: 'teams',
  section: 'part 2, 4.2 and 4.3',
  resources: { team, member, profile, invitation, organizationRequest },
  endpoints: [
    endpoint({ id: 'teams.list', method: 'GET', path: '/teams', summary: 'List teams', query: obj({ status: enumOf(TEAM_STATUSES) }), resultKey: 'teams', result: arr(team), paging: 'page', resource: 'team' }),
    endpoint({
      id: 'teams.create', method: 'POST', path: '/teams', summary: 'Create a team',
      body: obj({ name: str(), id: str({ description: 'id for the new team' }), ownerId: idOf('users', { description: 'user id of the owner' }), adminApprovalRequired: bool({ deprecated: true, description: 'deprecated, ignored' }) }, { required: ['name'] }),
      status: [201], resultKey: 'team', result: team, resource: 'team',
    }),
    endpoint({ id: 'teams.get', method: 'GET', path: '/teams/{teamId}', params: { teamId }, summary: 'Show a team', resultKey: 'team', result: team, resource: 'team' }),
    endpoint({
      id: 'teams.update', method: 'PUT', path: '/teams/{teamId}', params: { teamId }, summary: 'Change a team',
      body: obj({ name: str(), status: enumOf(TEAM_STATUSES), brandingOnEvents: team.fields.brandingOnEvents!, brandingOnMessages: team.fields.brandingOnMessages!, adminApprovalRequired: bool({ deprecated: true, description: 'deprecated, ignored' }) }),
      resultKey: 'team', result: team, resource: 'team',
    }),
    endpoint({ id: 'teams.delete', method: 'DELETE', path: '/teams/{teamId}', params: { teamId }, summary: 'Delete a team', resultKey: 'team', result: deletedResult }),

    endpoint({
      id: 'teams.members.list', method: 'GET', path: '/teams/{teamId}/members', params: { teamId }, summary: 'List the members of a team',
      query: obj({ status: enumOf(MEMBER_STATUSES), search: str({ description: 'match name or e-mail' }) }), resultKey: 'members', result: arr(member), paging: 'page', resource: 'member',
    }),
    endpoint({
      id: 'teams.members.create', method: 'POST', path: '/teams/{teamId}/members', params: { teamId }, summary: 'Add a member to a team',
      body: obj({ userId: idOf('users'), role: enumOf(MEMBER_ROLES, { description: 'default member' }) }, { required: ['userId'] }), status: [201], resultKey: 'member', result: member, resource: 'member',
    }),
    endpoint({
      id: 'teams.members.update', method: 'PUT', path: '/teams/{teamId}/members/{memberId}', params: { teamId, memberId: idOf('users', { description: 'member (user) id' }) }, summary: "Change a member's role or status",
      body: obj({ role: enumOf(MEMBER_ROLES), status: enumOf(MEMBER_STATUSES) }), resultKey: 'member', result: member, resource: 'member',
    }),
    endpoint({
      id: 'teams.members.delete', method: 'DELETE', path: '/teams/{teamId}/members/{memberId}', params: { teamId, memberId: idOf('users', { description: 'member (user) id' }) }, summary: 'Remove a member from a team',
      resultKey: 'member', result: deletedResult,
      errors: [{ status: 409, code: 'AGNT_E_OWNERSHIP_TRANSFER_REQUIRED', when: 'the member owns the team and it has other active members', hint: 'make another member owner first' }],
    }),
    endpoint({
      id: 'teams.profile.get', method: 'GET', path: '/teams/{teamId}/profile', params: { teamId }, summary: "Show a team's profile", resultKey: 'profile', result: profile, resource: 'profile',
      errors: [{ status: 403, when: 'the caller is not a member of the team' }],
    }),
    endpoint({
      id: 'teams.profile.set', method: 'PATCH', path: '/teams/{teamId}/profile', params: { teamId }, summary: "Change a team's profile (team admins)", body: profile, resultKey: 'profile', result: profile, resource: 'profile',
      errors: [{ status: 403, when: 'the caller is not a team admin', hint: 'ask a team owner or admin' }],
    }),

    endpoint({
      id: 'invitations.list', method: 'GET', path: '/team-invitations', summary: 'List the pending invitations of a team',
      query: obj({ teamId }, { required: ['teamId'] }), resultKey: 'invitations', result: arr(invitation), paging: 'page', resource: 'invitation',
    }),
    endpoint({
      id: 'invitations.create', method: 'POST', path: '/team-invitations', summary: 'Invite someone to a team by e-mail',
      body: obj({ teamId, email: email(), taskId: str({ description: 'hold a seat for this task' }) }, { required: ['teamId', 'email'] }), status: [201], resultKey: 'invitation', result: invitation, resource: 'invitation',
    }),
    endpoint({
      id: 'invitations.get', method: 'GET', path: '/team-invitations/{invitationId}', params: { invitationId: idOf('team-invitations', { description: 'invitation id' }) },
      summary: 'Show an invitation (public: the invitation landing page)', resultKey: 'invitation', result: invitation, public: true, resource: 'invitation',
    }),
    endpoint({
      id: 'invitations.revoke', method: 'DELETE', path: '/team-invitations/{invitationId}', params: { invitationId: idOf('team-invitations', { description: 'invitation id' }) },
      summary: 'Revoke an invitation (team owners or admins) or decline it (the invitee)', resultKey: 'invitation', result: invitation,
    }),
    endpoint({
      id: 'invitations.accept', method: 'POST', path: '/team-invitations/{invitationId}/accept', params: { invitationId: idOf('team-invitations', { description: 'invitation id' }) },
      summary: 'Accept an invitation', body: obj({ newOwnerId: idOf('users', { description: 'user id of the member who takes over the team you own' }) }), resultKey: 'invitation', result: invitation,
      errors: [ownershipTransfer],
    }),

    endpoint({
      id: 'org-requests.list', method: 'GET', path: '/organization-requests', summary: 'List organization requests',
      query: obj({ status: enumOf(ORG_REQUEST_STATUSES) }), resultKey: 'organizationRequests', result: arr(organizationRequest), paging: 'page', resource: 'organizationRequest',
    }),
    endpoint({
      id: 'org-requests.create', method: 'POST', path: '/organization-requests', summary: 'Ask for an organization for a team',
      body: obj({ name: str({ description: 'name of the organization' }), teamId, notes: nul(str()) }, { required: ['name', 'teamId'] }), status: [201], resultKey: 'organizationRequest', result: organizationRequest,
    }),
    endpoint({
      id: 'org-requests.mine', method: 'GET', path: '/organization-requests/mine', summary: "Show your team's organization request",
      query: obj({ teamId: idOf('teams', { description: 'for this team' }) }), resultKey: 'organizationRequest', result: organizationRequest,
    }),
    endpoint({
      id: 'org-requests.approve', method: 'POST', path: '/organization-requests/{requestId}/approve', params: { requestId: idOf('organization-requests', { description: 'request id' }) },
      summary: 'Approve an organization request', resultKey: 'organizationRequest', result: organizationRequest,
      errors: [{ status: 409, code: 'AGNT_E_REQUEST_NOT_PENDING', when: 'the request was already decided' }],
    }),
    endpoint({
      id: 'org-requests.reject', method: 'POST', path: '/organization-requests/{requestId}/reject', params: { requestId: idOf('organization-requests', { description: 'request id' }) },
      summary: 'Reject an organization request', body: obj({ reason: nul(str({ description: 'told to the requester' })) }), resultKey: 'organizationRequest', result: organizationRequest,
      errors: [{ status: 409, code: 'AGNT_E_REQUEST_NOT_PENDING', when: 'the request was already decided' }],
    }),
  ],
});
