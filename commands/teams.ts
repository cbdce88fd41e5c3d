// Part 2, section 4.2: teams, team members and team profiles; team invitations; and section
// 4.3, organization requests.
import type { AreaSpec, ArgSpec, Column } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/teams.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const team: ArgSpec = { name: 'teamId', description: 'team id', resource: 'teams' };
const member: ArgSpec = { name: 'memberId', description: "member id (the member's user id)", resource: 'users' };
const memberColumns: Column[] = [{ path: 'id' }, { path: 'name' }, { path: 'email' }, { path: 'role' }, { path: 'status' }];
const invitationColumns: Column[] = [{ path: 'id' }, { path: 'email' }, { path: 'status' }, { path: 'team' }, { path: 'invitedBy', header: 'INVITED_BY' }, { path: 'expiresAt' }];

export const teams: AreaSpec = {
  name: 'teams',
  aliases: ['team'],
  summary: 'Teams: members, roles and the team profile',
  groups: { 'teams members': 'Members of a team', 'teams profile': "A team's profile" },
  commands: [
    {
      command: 'teams list',
      aliases: ['ls'],
      summary: 'List teams',
      endpoint: E('teams.list'),
      columns: [{ path: 'id' }, { path: 'name' }, { path: 'organization' }, { path: 'owner' }, { path: 'memberCount', header: 'MEMBERS' }, { path: 'status' }],
      examples: ['agnt teams list', `agnt teams list --all --query "[?name=='Platform'].id | [0]"`],
    },
    {
      command: 'teams create',
      summary: 'Create a team',
      description: "An organization admin's team belongs to their organization and starts without members unless --owner-id is given; anyone else's team has no organization and they own it.",
      endpoint: E('teams.create'),
      fields: [{ name: 'adminApprovalRequired', hidden: true }],
      examples: ['agnt teams create --name Platform', 'agnt teams create --name Research --owner-id usr_manager -o id'],
    },
    {
      command: 'teams get',
      aliases: ['show'],
      summary: 'Show a team',
      endpoint: E('teams.get'),
      args: [team],
      examples: ['agnt teams get team_acme'],
    },
    {
      command: 'teams update',
      summary: 'Rename, archive or re-brand a team',
      endpoint: E('teams.update'),
      args: [team],
      fields: [{ name: 'adminApprovalRequired', hidden: true }],
      examples: ['agnt teams update team_acme --name "Executive Office" --branding-on-messages', 'agnt teams update team_labs --status archived'],
    },
    {
      command: 'teams delete',
      aliases: ['rm'],
      summary: 'Delete a team (it must have no other members)',
      endpoint: E('teams.delete'),
      args: [team],
      confirm: 'Delete team {id}?',
      examples: ['agnt teams delete team_labs --yes'],
    },
    {
      command: 'teams members list',
      aliases: ['ls'],
      summary: 'List the members of a team',
      endpoint: E('teams.members.list'),
      args: [team],
      columns: memberColumns,
      examples: ['agnt teams members list team_acme', 'agnt teams members list team_acme --status active -o id'],
    },
    {
      command: 'teams members add',
      summary: 'Add a user to a team (role owner hands ownership on)',
      endpoint: E('teams.members.create'),
      args: [team],
      columns: memberColumns,
      examples: ['agnt teams members add team_acme --user-id usr_ghost --role admin'],
    },
    {
      command: 'teams members update',
      summary: "Change a member's role or status",
      endpoint: E('teams.members.update'),
      args: [team, member],
      columns: memberColumns,
      examples: ['agnt teams members update team_acme usr_member --role admin', 'agnt teams members update team_acme usr_member --status inactive'],
    },
    {
      command: 'teams members remove',
      aliases: ['rm'],
      summary: 'Remove a member from a team',
      endpoint: E('teams.members.delete'),
      args: [team, member],
      confirm: 'Remove member {id}?',
      examples: ['agnt teams members remove team_acme usr_member --yes'],
    },
    {
      command: 'teams profile get',
      summary: "Show a team's profile (team members only)",
      endpoint: E('teams.profile.get'),
      args: [team],
      examples: ['agnt teams profile get team_acme', 'agnt teams profile get team_acme --yaml > team-profile.yaml'],
    },
    {
      command: 'teams profile set',
      summary: "Set a team's profile (team admins only); fields not given keep their value",
      endpoint: E('teams.profile.set'),
      args: [team],
      hints: { '403': "only the team's owner and admins change its profile (see `agnt teams members list <teamId>`)." },
      examples: ['agnt teams profile set team_acme --file examples/team-profile.yaml', 'agnt teams profile set team_acme --tagline "We make it happen" --values craft,candour'],
    },
  ],
};

export const invitations: AreaSpec = {
  name: 'invitations',
  aliases: ['invitation', 'invites'],
  summary: 'Team invitations: invite, revoke or decline, accept',
  commands: [
    {
      command: 'invitations list',
      aliases: ['ls'],
      summary: "List a team's pending invitations",
      endpoint: E('invitations.list'),
      columns: invitationColumns,
      examples: ['agnt invitations list --team-id team_acme', `agnt invitations list --team-id team_acme --query "[?email=='new@acme.test'].id | [0]"`],
    },
    {
      command: 'invitations create',
      summary: 'Invite someone to a team by e-mail',
      endpoint: E('invitations.create'),
      columns: invitationColumns,
      examples: ['agnt invitations create --team-id team_acme --email new@acme.test', 'agnt invitations create --team-id team_acme --email ops@acme.test -o id'],
    },
    {
      command: 'invitations get',
      aliases: ['show'],
      summary: 'Show an invitation (no login needed: it is what the landing page shows)',
      endpoint: E('invitations.get'),
      args: [{ name: 'invitationId', description: 'invitation id' }],
      examples: ['agnt invitations get inv_newhire'],
    },
    {
      command: 'invitations revoke',
      aliases: ['decline'],
      summary: 'Revoke an invitation (team owners and admins) or decline it (the invitee)',
      endpoint: E('invitations.revoke'),
      args: [{ name: 'invitationId', description: 'invitation id', multi: true }],
      columns: invitationColumns,
      examples: [
        'agnt invitations revoke inv_newhire',
        'agnt invitations decline inv_mia   # as the invitee, member@acme.test',
        'agnt invitations list --team-id team_acme -o id | agnt invitations revoke -',
      ],
    },
    {
      command: 'invitations accept',
      summary: 'Accept an invitation (--new-owner hands your current team on when you own it)',
      description:
        'If you own a team that has other active members, the team needs a new owner before you leave it: the API answers 400 (requiresOwnershipTransfer). Name the member who takes it over with --new-owner.',
      endpoint: E('invitations.accept'),
      args: [{ name: 'invitationId', description: 'invitation id' }],
      fields: [{ name: 'newOwnerId', flag: 'new-owner' }],
      handler: async () => (await import('../src/workflows/teams.ts')).acceptInvitation,
      examples: ['agnt invitations accept inv_mia   # as the invitee, member@acme.test', 'agnt invitations accept inv_ada --new-owner usr_manager   # Ada owns a team: she hands it over'],
    },
  ],
};

export const orgRequests: AreaSpec = {
  name: 'org-requests',
  aliases: ['organization-requests'],
  summary: 'Organization requests: a team asks for its own organization; admins approve or reject',
  commands: [
    {
      command: 'org-requests list',
      aliases: ['ls'],
      summary: 'List organization requests (admins see all of the account, others their own)',
      endpoint: E('org-requests.list'),
      columns: [{ path: 'id' }, { path: 'name' }, { path: 'team' }, { path: 'requestedBy', header: 'REQUESTED_BY' }, { path: 'status' }, { path: 'createdAt' }],
      examples: ['agnt org-requests list --status pending', 'agnt org-requests list --status pending -o id'],
    },
    {
      command: 'org-requests create',
      summary: 'Ask for an organization for your team',
      endpoint: E('org-requests.create'),
      examples: ['agnt org-requests create --name "Acme Research" --team-id team_acme --notes "for the lab"'],
    },
    {
      command: 'org-requests mine',
      summary: 'Show your latest organization request',
      endpoint: E('org-requests.mine'),
      examples: ['agnt org-requests mine', "agnt org-requests mine --team-id team_labs --query 'status'"],
    },
    {
      command: 'org-requests approve',
      summary: 'Approve an organization request (creates the organization)',
      endpoint: E('org-requests.approve'),
      args: [{ name: 'requestId', description: 'request id', multi: true }],
      examples: ['agnt org-requests approve orq_labs', 'agnt org-requests list --status pending -o id | agnt org-requests approve -'],
    },
    {
      command: 'org-requests reject',
      summary: 'Reject an organization request, with a reason',
      endpoint: E('org-requests.reject'),
      args: [{ name: 'requestId', description: 'request id' }],
      examples: ['agnt org-requests reject orq_labs --reason "use the existing Research organization"'],
    },
  ],
};
