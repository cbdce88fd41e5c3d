// Part 2, 4.5: coverage spans and their moves, backup routing rules, manager assignments.
import { deletedResult, person, personRef } from '../common.ts';
import { SPAN_REASONS, SPAN_STATUSES, type Move } from '../coverage-rules.ts';
import { defineArea, endpoint, type ApiArea, type Endpoint } from '../endpoint.ts';
import { any, arr, bool, email, enumOf, idOf, int, nul, num, obj, oneOf, recordId, ro, stamp, str, strs, timestamp, url } from '../shape.ts';

const spanId = idOf('coverage-spans', { description: 'coverage span id' });
const userRef = nul(oneOf([idOf('users'), obj({}, { open: true })]));
const reason = enumOf(SPAN_REASONS);

const draftFields = {
  startAt: timestamp({ description: 'start' }),
  endAt: timestamp({ description: 'end' }),
  reason,
  requireManagerApproval: bool({ description: "the coordinator's manager must approve" }),
  notifyPrincipal: bool({ description: 'tell the principals about the handover' }),
  auditTag: nul(str()),
};

const coverageSpan = obj(
  {
    id: recordId('coverage-spans'),
    account: ro(str()),
    primaryCoordinator: ro(userRef),
    status: ro(enumOf(SPAN_STATUSES)),
    ...draftFields,
    initiatedBy: ro(userRef),
    approvedBy: ro(userRef),
    submittedAt: stamp({ nullable: true }),
    approvedAt: stamp({ nullable: true }),
    acceptedAt: stamp({ nullable: true }),
    declinedAt: stamp({ nullable: true }),
    rejectedAt: stamp({ nullable: true }),
    activatedAt: stamp({ nullable: true }),
    endedAt: stamp({ nullable: true }),
    cancelledAt: stamp({ nullable: true }),
    endGracePeriodMs: ro(int()),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  {
    required: ['id', 'account', 'primaryCoordinator', 'status', 'startAt', 'endAt', 'reason', 'initiatedBy', 'requireManagerApproval', 'notifyPrincipal', 'endGracePeriodMs', 'createdAt', 'updatedAt'],
  },
);

const spanPrincipal = obj(
  {
    id: recordId('coverage-span-principals'),
    span: ro(idOf('coverage-spans')),
    principal: ro(userRef),
    account: ro(str()),
    backupCoordinator: ro(userRef),
    primaryFollower: ro(bool()),
    backupFollower: ro(bool()),
    notificationSentAt: stamp({ nullable: true }),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'span', 'principal', 'account', 'backupCoordinator', 'primaryFollower', 'backupFollower', 'createdAt', 'updatedAt'] },
);

const backupRoutingRule = obj(
  {
    id: recordId('backup-routing-rules'),
    account: ro(str()),
    primaryCoordinator: ro(userRef),
    principal: ro(userRef),
    backupCoordinator: ro(userRef),
    isOrgDefault: ro(bool()),
    createdBy: ro(nul(str())),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'primaryCoordinator', 'principal', 'backupCoordinator', 'isOrgDefault', 'createdAt', 'updatedAt'] },
);

const managerRef = nul(obj({ id: idOf('users'), firstName: str(), lastName: str(), name: str(), email: email(), avatar: nul(url()) }, { required: ['id'] }));
const managerAssignment = obj(
  {
    id: recordId('manager-assignments'),
    account: ro(str()),
    manager: ro(managerRef),
    role: ro(enumOf(['coordinator'])),
    managedUser: ro(managerRef),
    createdBy: ro(nul(str())),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'manager', 'role', 'managedUser', 'createdBy', 'createdAt', 'updatedAt'] },
);

const spanEvent = obj(
  {
    id: str(),
    spanId: idOf('coverage-spans'),
    principalRowId: str(),
    role: enumOf(['primary', 'backup', 'manager']),
    status: enumOf(['scheduled', 'active']),
    reason,
    startAt: timestamp(),
    endAt: timestamp(),
    primaryCoordinator: personRef,
    backupCoordinator: personRef,
    principal: personRef,
  },
  { required: ['id', 'spanId', 'principalRowId', 'startAt', 'endAt'] },
);

const transitionErrors = [
  { status: 409, code: 'AGNT_E_INVALID_TRANSITION', when: "the span's status does not allow this move (the body carries currentStatus and allowedFrom)", hint: 'see the coverage transition table' },
  { status: 403, when: 'the caller may not make this move on this span (wrong role)' },
];

const overlapError = {
  status: 409,
  code: 'AGNT_E_OVERLAP',
  when: 'a principal of the span is already handed over in another span at an overlapping time',
  hint: 'change the times, or cancel the other span',
};

const MOVES: Array<[Exclude<Move, 'cancel'>, string]> = [
  ['submit', 'Submit a draft span to its backups'],
  ['accept', 'Accept a span as its backup'],
  ['decline', 'Decline a span as its backup'],
  ['approve', "Approve a span as the coordinator's manager"],
  ['reject', "Reject a span as the coordinator's manager"],
  ['end', 'End an active span now'],
];

const moveEndpoint = ([verb, summary]: (typeof MOVES)[number]): Endpoint =>
  endpoint({
    id: `coverage.spans.${verb}`,
    method: 'POST',
    path: `/coverage-spans/{spanId}/${verb}`,
    params: { spanId },
    summary,
    resultKey: 'coverageSpan',
    result: coverageSpan,
    errors: verb === 'submit' ? [...transitionErrors, overlapError] : transitionErrors,
  });

const chainPerson = obj({ ...person.fields, depth: num() }, { required: ['id'] });

export const area: ApiArea = defineArea({
  name: 'coverage',
  section: 'part 2, 4.5',
  resources: { coverageSpan, coverageSpanPrincipal: spanPrincipal, backupRoutingRule, managerAssignment, coverageEvent: spanEvent },
  endpoints: [
    endpoint({
      id: 'coverage.spans.list',
      method: 'GET',
      path: '/coverage-spans',
      summary: 'List coverage spans',
      query: obj({ role: str({ description: 'your role in the span: primary, backup, manager, principal' }), status: enumOf(SPAN_STATUSES) }),
      resultKey: 'coverageSpans',
      result: arr(coverageSpan),
      paging: 'page',
      takesLimit: true,
      resource: 'coverageSpan',
    }),
    endpoint({
      id: 'coverage.spans.create',
      method: 'POST',
      path: '/coverage-spans',
      summary: 'Create a coverage span (a draft)',
      body: obj(
        {
          ...draftFields,
          primaryCoordinator: idOf('users', { description: 'coordinator who is away (default: you)' }),
          principals: arr(obj({ principal: idOf('users'), backupCoordinator: idOf('users'), primaryFollower: bool(), backupFollower: bool() }, { required: ['principal', 'backupCoordinator'] })),
        },
        { required: ['startAt', 'endAt', 'principals'] },
      ),
      status: [201],
      resultKey: 'coverageSpan',
      result: coverageSpan,
      resource: 'coverageSpan',
    }),
    endpoint({
      id: 'coverage.spans.get',
      method: 'GET',
      path: '/coverage-spans/{spanId}',
      params: { spanId },
      summary: 'Show a coverage span',
      resultKey: 'coverageSpan',
      result: coverageSpan,
      resource: 'coverageSpan',
    }),
    endpoint({
      id: 'coverage.spans.update',
      method: 'PATCH',
      path: '/coverage-spans/{spanId}',
      params: { spanId },
      summary: 'Change a draft span',
      body: obj(draftFields),
      resultKey: 'coverageSpan',
      result: coverageSpan,
      resource: 'coverageSpan',
      errors: [{ status: 409, code: 'AGNT_E_INVALID_TRANSITION', when: 'the span is not a draft', hint: 'only drafts can be changed; cancel it and create a new one' }],
    }),
    endpoint({
      id: 'coverage.spans.cancel',
      method: 'DELETE',
      path: '/coverage-spans/{spanId}',
      params: { spanId },
      summary: 'Cancel a coverage span',
      resultKey: 'coverageSpan',
      result: coverageSpan,
      errors: transitionErrors,
    }),
    ...MOVES.map(moveEndpoint),
    endpoint({
      id: 'coverage.spans.active-for-principal',
      method: 'GET',
      path: '/coverage-spans/active-for-principal/{principalId}',
      params: { principalId: idOf('users', { description: 'principal user id' }) },
      summary: 'Who covers a principal now (chained resolution)',
      envelope: 'none',
      result: obj(
        { active: bool(), span: nul(coverageSpan), primaryCoordinator: nul(person), backupCoordinator: nul(person), chain: arr(chainPerson) },
        { required: ['active', 'primaryCoordinator', 'backupCoordinator'] },
      ),
    }),
    endpoint({
      id: 'coverage.spans.dashboard',
      method: 'GET',
      path: '/coverage-spans/dashboard',
      summary: 'Coverage dashboard (admins: the account; managers: their coordinators)',
      result: obj(
        {
          scope: enumOf(['admin', 'manager']),
          managedCoordinatorIds: nul(strs()),
          coverageMap: any(),
          activeSpans: any(),
          pendingSpans: any(),
          upcomingSpans: any(),
          coverageGaps: any(),
          delegateAccess: arr(any()),
          generatedAt: stamp(),
        },
        { required: ['managedCoordinatorIds'] },
      ),
    }),
    endpoint({
      id: 'coverage.spans.events',
      method: 'GET',
      path: '/coverage-spans/events',
      summary: 'Coverage events in a range, one per span and principal',
      query: obj(
        { rangeStart: timestamp({ description: 'range start' }), rangeEnd: timestamp({ description: 'range end' }), status: enumOf(['scheduled', 'active']) },
        { required: ['rangeStart', 'rangeEnd'] },
      ),
      resultKey: 'events',
      result: arr(spanEvent),
    }),
    endpoint({
      id: 'coverage.spans.principals',
      method: 'GET',
      path: '/coverage-spans/{spanId}/principals',
      params: { spanId },
      summary: "List a span's principals and their backups",
      resultKey: 'coverageSpanPrincipals',
      result: arr(spanPrincipal),
      paging: 'page',
      pageParams: false,
    }),

    endpoint({
      id: 'backup-rules.list',
      method: 'GET',
      path: '/backup-routing-rules',
      summary: 'List backup routing rules',
      resultKey: 'backupRoutingRules',
      result: arr(backupRoutingRule),
      paging: 'page',
      pageParams: false,
      resource: 'backupRoutingRule',
    }),
    endpoint({
      id: 'backup-rules.create',
      method: 'POST',
      path: '/backup-routing-rules',
      summary: 'Add a backup routing rule',
      body: obj(
        {
          backupCoordinator: idOf('users', { description: 'backup coordinator user id' }),
          primaryCoordinator: idOf('users', { description: 'coordinator the rule is for (default: you)' }),
          principal: nul(idOf('users', { description: 'only this principal (default: all)' })),
          isOrgDefault: bool({ description: 'the organization-wide default backup (admins)' }),
        },
        { required: ['backupCoordinator'] },
      ),
      status: [201],
      resultKey: 'backupRoutingRule',
      result: backupRoutingRule,
      errors: [{ status: 409, code: 'AGNT_E_DUPLICATE', when: 'a rule for this coordinator and principal (or the organization default) exists already', hint: 'delete it first' }],
    }),
    endpoint({
      id: 'backup-rules.delete',
      method: 'DELETE',
      path: '/backup-routing-rules/{ruleId}',
      params: { ruleId: idOf('backup-routing-rules', { description: 'rule id' }) },
      summary: 'Remove a backup routing rule',
      resultKey: 'backupRoutingRule',
      result: deletedResult,
    }),

    endpoint({
      id: 'manager-assignments.list',
      method: 'GET',
      path: '/manager-assignments',
      summary: 'List manager assignments',
      query: obj({ role: enumOf(['coordinator']), manager: idOf('users', { description: 'manager user id' }), managedUser: idOf('users', { description: 'managed user id' }) }),
      resultKey: 'managerAssignments',
      result: arr(managerAssignment),
      paging: 'page',
      pageParams: false,
    }),
    endpoint({
      id: 'manager-assignments.create',
      method: 'POST',
      path: '/manager-assignments',
      summary: 'Assign a manager to a coordinator (organization admins)',
      body: obj(
        {
          manager: idOf('users', { description: 'manager user id' }),
          role: enumOf(['coordinator'], { description: 'the managed role' }),
          managedUser: idOf('users', { description: 'coordinator user id' }),
        },
        { required: ['manager', 'role', 'managedUser'] },
      ),
      status: [201],
      resultKey: 'managerAssignment',
      result: managerAssignment,
      errors: [{ status: 409, code: 'AGNT_E_DUPLICATE', when: 'the manager already manages this user' }],
    }),
  ],
});
