// Part 2, 4.4: coordinator views: dashboard, a principal, pending invites, the coverage
// schedule, the manager overview and the manager's audit events.
import { auditEvent, person, personRef } from '../common.ts';
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { supervisionMatrix } from '../supervision.ts';
import { any, arr, bool, enumOf, idOf, int, nul, obj, oneOf, stamp, str, timestamp } from '../shape.ts';

const orNull = nul(str());
const assistantRef = nul(obj({ id: idOf('assistants'), name: str(), email: str() }, { required: ['id'] }));
const health = enumOf(['ok', 'calendar_degraded', 'calendar_lost']);
const provider = nul(enumOf(['provider2', 'provider1']));

const dashboard = obj(
  {
    activePrincipals: arr(
      obj(
        {
          delegationId: idOf('delegations'),
          principal: nul(person),
          assistant: assistantRef,
          accessHealth: health,
          delegationSource: str(),
          calendarProvider: provider,
          isDefault: bool(),
          confirmedAt: timestamp({ nullable: true }),
          lastAccessCheckAt: timestamp({ nullable: true }),
        },
        { required: ['delegationId', 'principal', 'assistant', 'accessHealth', 'delegationSource', 'calendarProvider', 'isDefault'] },
      ),
    ),
    myActiveCoverage: arr(
      obj({ spanId: str(), status: str(), startAt: timestamp(), endAt: timestamp(), reason: str(), primaryCoordinator: nul(person), principal: nul(person) }, { required: ['reason'] }),
    ),
    myHandoffsOut: arr(
      obj({ id: str(), status: str(), reason: str(), startAt: timestamp(), endAt: timestamp(), primaryCoordinator: nul(person) }, { required: ['id', 'status', 'reason', 'startAt', 'endAt'] }),
    ),
    principals: arr(obj({ id: str(), principal: personRef, backupCoordinator: personRef }, { required: ['id', 'principal', 'backupCoordinator'] })),
    upcomingCoverage: arr(any()),
    recentTasks: arr(
      obj(
        { id: str(), type: str(), status: str(), summary: orNull, owner: nul(person), ownerEmail: orNull, scheduledAt: timestamp({ nullable: true }), createdAt: timestamp(), updatedAt: timestamp() },
        { required: ['status', 'summary', 'updatedAt'] },
      ),
    ),
    healthWarnings: obj({
      degradedDelegations: arr(obj({ delegationId: str(), principal: personRef, accessHealth: health, lastAccessCheckAt: timestamp({ nullable: true }) })),
      recentRevocations: arr(obj({ delegationId: str(), principal: personRef, revokedAt: timestamp(), revokedBy: orNull }, { required: ['revokedAt'] })),
      pendingInvitesCount: int(),
    }),
    generatedAt: stamp(),
  },
  { required: ['healthWarnings', 'generatedAt'] },
);

const principalDetail = obj({
  delegation: obj({}, { open: true, description: 'the delegation (part 2, 2.4)' }),
  assistant: assistantRef,
  supervisionMatrix,
  accessHealth: obj({ status: str(), lastAccessCheckAt: timestamp({ nullable: true }) }, { required: ['status'] }),
  lastVerifiedAt: timestamp({ nullable: true }),
  recentTasks: arr(any()),
});

const pendingInvite = obj({
  id: idOf('delegations'),
  principal: nul(person),
  delegationSource: str(),
  calendarProvider: provider,
  createdAt: timestamp(),
  confirmationTokenExpiresAt: timestamp({ nullable: true }),
});

const scheduleEvent = obj({
  id: str(),
  spanId: idOf('coverage-spans'),
  role: enumOf(['primary', 'backup']),
  status: str(),
  startAt: timestamp(),
  endAt: timestamp(),
  reason: str(),
  principal: nul(person),
  primaryCoordinator: nul(person),
  backupCoordinator: nul(person),
});

const overview = obj({
  scope: enumOf(['admin', 'manager']),
  coordinators: arr(obj({ coordinator: nul(person), principalCount: int(), pendingInviteCount: int(), todayActivityCount: int(), pendingApprovalCount: int(), accessHealthIssues: int() })),
  generatedAt: stamp(),
});

export const area: ApiArea = defineArea({
  name: 'coordinator',
  section: 'part 2, 4.4',
  resources: { dashboard, principalDetail, pendingInvite, scheduleEvent, overview },
  endpoints: [
    endpoint({ id: 'coordinator.dashboard', method: 'GET', path: '/coordinator/dashboard', summary: 'Your coordinator dashboard: principals, coverage, handoffs, tasks, warnings', result: dashboard }),
    endpoint({
      id: 'coordinator.principal',
      method: 'GET',
      path: '/coordinator/principals/{id}',
      params: { id: oneOf([idOf('users'), idOf('delegations')], { description: "principal's user id (or the delegation id)" }) },
      summary: 'One principal in detail',
      result: principalDetail,
    }),
    endpoint({
      id: 'coordinator.pending-invites',
      method: 'GET',
      path: '/coordinator/pending-invites',
      summary: 'Delegations waiting for their principal',
      resultKey: 'pendingInvites',
      result: arr(pendingInvite),
      paging: 'page',
      pageParams: false,
    }),
    endpoint({
      id: 'coordinator.coverage-schedule',
      method: 'GET',
      path: '/coordinator/coverage-schedule',
      summary: 'Coverage events in a range, one per span and principal',
      query: obj({ from: timestamp({ description: 'range start' }), to: timestamp({ description: 'range end' }) }, { required: ['from', 'to'] }),
      result: obj({ from: timestamp(), to: timestamp(), events: arr(scheduleEvent) }),
    }),
    endpoint({
      id: 'coordinator.manager-overview',
      method: 'GET',
      path: '/coordinator/manager-overview',
      summary: 'Your coordinators at a glance (ea_manager or organization admin)',
      result: overview,
      errors: [{ status: 403, when: 'the caller has neither ea_manager in managerRoles nor organization admin', hint: 'ask an organization admin for the ea_manager role' }],
    }),
    endpoint({
      id: 'coordinator.manager-audit-events',
      method: 'GET',
      path: '/coordinator/manager-audit-events',
      summary: 'Audit events (coordinator.*) of the coordinators you oversee',
      query: obj({
        from: timestamp({ description: 'events at or after this time' }),
        to: timestamp({ description: 'events before this time' }),
        principalId: idOf('users'),
        coordinatorId: idOf('users'),
        action: str({ description: 'e.g. coordinator.delegation.reverify' }),
      }),
      resultKey: 'events',
      result: arr(auditEvent),
      paging: 'before',
    }),
  ],
});
