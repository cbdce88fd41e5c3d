// Part 2, section 4.1: organizations, domains, SSO and SCIM, members, audit events and audit-log
// delivery, default model tiers, and the organization profile.
import type { AreaSpec, ArgSpec, FieldOverride, Handler } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/organizations.ts';
import { endpointsOf } from '../src/api/endpoint.ts';
import { area as usersApi } from '../src/api/areas/users.ts';
import { area as teamsApi } from '../src/api/areas/teams.ts';
import { area as coverageApi } from '../src/api/areas/coverage.ts';
import { area as prefsApi } from '../src/api/areas/preferences.ts';
import { TAIL_OPTIONS } from './audit-tail-options.ts';

const E = endpointsOf(api);
const Users = endpointsOf(usersApi);
const Teams = endpointsOf(teamsApi);
const Coverage = endpointsOf(coverageApi);
const Prefs = endpointsOf(prefsApi);

const org: ArgSpec = { name: 'orgId', description: 'organization id', resource: 'organizations' };
type OrgHandlers = typeof import('../src/workflows/org.ts');
type CodeHandlers = typeof import('../src/workflows/org-as-code/handlers.ts');
// The handlers among the module's exports (it also exports helpers that explain shares).
type CodeHandler = { [K in keyof CodeHandlers]: CodeHandlers[K] extends Handler ? K : never }[keyof CodeHandlers];
const code = (name: CodeHandler) => async () => (await import('../src/workflows/org-as-code/handlers.ts'))[name];
const explain = async () => (await import('../src/workflows/org-as-code/supervision-explain.ts')).explainOrg;
const optionalOrg: ArgSpec = { ...org, default: '', description: 'organization id (default: the organization the file names)' };
const docFile = { flags: '-f, --file <file>', description: 'the organization document (YAML or JSON)', file: true };
const stateFile = { flags: '--state <file>', description: 'where agnt records the objects it created (default: $AGNT_CONFIG_DIR/org-state/<host>/<org>.json)', file: true };
// Values that differ between environments: `${var:NAME}` in the document (variables.ts).
const varOptions = [
  { flags: '--var <name=value>', description: `a value for \${var:NAME} in the document (repeatable)`, repeatable: true },
  { flags: '--vars <file>', description: `values for \${var:NAME} from a YAML file (NAME: value); --var wins`, file: true },
];
const exitCode = { flags: '--exit-code', description: `exit ${7} when something differs, 0 when nothing does` };
// Every read an organization document needs (catalogue rows of export, plan and drift).
const READS = [
  E('orgs.domains.list'),
  E('orgs.members.list'),
  E('orgs.model-tiers.get'),
  E('orgs.audit-logging.get'),
  E('orgs.profile.get'),
  Teams('teams.list'),
  Teams('teams.members.list'),
  Teams('teams.profile.get'),
  Teams('invitations.list'),
  Coverage('backup-rules.list'),
  Coverage('manager-assignments.list'),
  Prefs('preferences.matrix.get'),
] as const;
type TailHandlers = typeof import('../src/workflows/audit-tail.ts');
const tail = (name: keyof TailHandlers) => async () => (await import('../src/workflows/audit-tail.ts'))[name];
// Handlers load only when their command runs.
const h = (name: keyof OrgHandlers) => async () => (await import('../src/workflows/org.ts'))[name];

const ssoObject = (name: string): FieldOverride => ({ name, type: 'object', nullable: true });

const profileFields: FieldOverride[] = [
  {
    name: 'ownOrgProfile',
    type: 'object',
  },
];

export const orgArea: AreaSpec = {
  name: 'org',
  aliases: ['orgs', 'organizations'],
  summary: 'Organizations: domains, SSO, SCIM, members, audit logging, model tiers, profile',
  groups: {
    'org domains': 'Domains of an organization: add, verify, auto-join',
    'org sso': 'Single sign-on of an organization',
    'org scim-token': 'The SCIM provisioning token',
    'org members': 'Members of an organization',
    'org audit-events': 'Audit events of an organization',
    'org audit-logging': 'Audit-log delivery to object storage',
    'org model-tiers': 'Default model tiers',
    'org profile': "Your account's own organization profile (company)",
  },
  commands: [
    {
      command: 'org list',
      aliases: ['ls'],
      summary: 'List organizations',
      endpoint: E('orgs.list'),
      columns: [
        { path: 'id' },
        { path: 'name' },
        { path: 'defaultTeam', header: 'DEFAULT_TEAM' },
        { path: 'sso.enabled', header: 'SSO' },
        { path: 'sso.enforced', header: 'ENFORCED' },
        { path: 'createdAt' },
      ],
      examples: ['agnt org list', `agnt org list --all --query "[?name=='Acme Labs'].id | [0]"`],
    },
    {
      command: 'org create',
      summary: 'Create an organization (you become its admin)',
      endpoint: E('orgs.create'),
      examples: ['agnt org create --name "Acme Labs"', 'agnt org create --name "Acme Research" -o id'],
    },
    {
      command: 'org get',
      aliases: ['show'],
      summary: 'Show an organization',
      endpoint: E('orgs.get'),
      args: [org],
      examples: ['agnt org get org_acme', "agnt org get org_acme --query 'sso'"],
    },
    {
      command: 'org update',
      summary: 'Rename an organization or set its default team and assistant',
      endpoint: E('orgs.update'),
      args: [org],
      examples: ['agnt org update org_acme --name "Acme Corporation"', 'agnt org update org_acme --default-team team_acme --default-assistant null'],
    },
    {
      command: 'org delete',
      aliases: ['rm'],
      summary: 'Delete an organization (on a terminal you type its name to confirm; --yes in scripts)',
      endpoint: E('orgs.delete'),
      also: [E('orgs.get')],
      args: [org],
      handler: h('deleteOrg'),
      examples: ['org=$(agnt org create --name Scratch -o id) && agnt org delete "$org"   # on a terminal: asks first', 'agnt org delete "$(agnt org create --name "Scratch 2" -o id)" --yes'],
    },

    // ---- domains ----
    {
      command: 'org domains list',
      aliases: ['ls'],
      summary: "List an organization's domains",
      endpoint: E('orgs.domains.list'),
      args: [org],
      columns: [
        { path: 'id' },
        { path: 'domain' },
        { path: 'verified' },
        { path: 'autoJoin', header: 'AUTO_JOIN' },
        { path: 'verification.name', header: 'TXT_NAME' },
        { path: 'verification.value', header: 'TXT_VALUE' },
      ],
      examples: ['agnt org domains list org_acme', `agnt org domains list org_acme --query "[?domain=='labs.acme.test'].id | [0]"`],
    },
    {
      command: 'org domains add',
      summary: 'Add a domain (then publish its TXT record and verify it)',
      endpoint: E('orgs.domains.create'),
      args: [org],
      examples: ['agnt org domains add org_acme --domain labs.acme.test --auto-join', "agnt org domains add org_acme --domain research.acme.test --query 'verification'"],
    },
    {
      command: 'org domains get',
      summary: 'Show one domain of an organization (its verification TXT record too)',
      endpoint: E('orgs.domains.list'),
      args: [org, { name: 'domainId', description: 'domain id', resource: 'domains' }],
      list: false,
      handler: h('domainGet'),
      examples: ['agnt org domains get org_acme dom_acme', 'agnt org domains get org_acme dom_acme -o yaml > domain.yaml && agnt org domains update org_acme dom_acme --file domain.yaml'],
    },
    {
      command: 'org domains update',
      summary: 'Turn auto-join on or off for a domain',
      endpoint: E('orgs.domains.update'),
      args: [org, { name: 'domainId', description: 'domain id', resource: 'domains' }],
      examples: ['agnt org domains update org_acme dom_acme --no-auto-join'],
    },
    {
      command: 'org domains remove',
      aliases: ['rm', 'delete'],
      summary: 'Remove a domain',
      endpoint: E('orgs.domains.delete'),
      args: [org, { name: 'domainId', description: 'domain id', resource: 'domains' }],
      confirm: 'Remove domain {id}?',
      examples: ['agnt org domains remove org_acme dom_acme --yes'],
    },
    {
      command: 'org domains verify',
      summary: 'Verify a domain by its TXT record (verifying a verified domain changes nothing)',
      endpoint: E('orgs.domains.verify'),
      args: [org, { name: 'domainId', description: 'domain id', resource: 'domains' }],
      examples: ['agnt org domains verify org_acme dom_acme'],
    },

    // ---- SSO and SCIM ----
    {
      command: 'org sso get',
      summary: "Show an organization's single sign-on settings (the sso of the organization)",
      endpoint: E('orgs.get'),
      args: [org],
      select: 'sso',
      columns: [{ path: 'enabled' }, { path: 'enforced' }, { path: 'provider' }],
      examples: ['agnt org sso get org_acme', 'agnt org sso get org_acme -o yaml > sso.yaml && agnt org sso set org_acme --file sso.yaml'],
    },
    {
      command: 'org sso set',
      summary: 'Configure single sign-on (flags, a YAML/JSON file, or a guided set-up on a terminal)',
      description:
        'Fields not given keep their value. --set saml.ssoUrl=URL changes only that key: agnt reads the current settings and sends the whole saml object (a PUT replaces nested objects); --saml @saml.yaml replaces the whole object. The nested objects (provider1Workspace, provider2Directory, saml, scim, memberSync) are easiest to keep in a YAML file under version control: `--file sso.yaml`. On a terminal, with no flags and no file, a short guided set-up asks for the provider and its settings.',
      endpoint: E('orgs.sso.set'),
      mergeFrom: { endpoint: E('orgs.get'), field: 'sso' },
      args: [org],
      fields: [ssoObject('provider1Workspace'), ssoObject('provider2Directory'), ssoObject('saml'), ssoObject('scim'), ssoObject('memberSync')],
      options: [{ flags: '--guided', description: 'ask for the settings even when flags are given (terminal only)' }],
      handler: h('ssoSet'),
      columns: [{ path: 'id' }, { path: 'sso.enabled', header: 'ENABLED' }, { path: 'sso.enforced', header: 'ENFORCED' }, { path: 'sso.provider', header: 'PROVIDER' }],
      examples: [
        'agnt org sso set org_acme --file examples/sso.yaml',
        'agnt org sso set org_acme --enabled --provider saml --saml @examples/saml.yaml',
        'agnt org sso set org_acme --set saml.ssoUrl=https://idp.example.com/sso   # the rest of saml is kept',
        'agnt org sso set org_acme   # on a terminal: guided set-up',
      ],
    },
    {
      command: 'org sso disable',
      summary: 'Turn single sign-on off (its settings are kept)',
      endpoint: E('orgs.sso.disable'),
      args: [org],
      confirm: 'Disable single sign-on for {id}? Members will sign in with passwords again',
      examples: ['agnt org sso disable org_acme --yes'],
    },
    {
      command: 'org scim-token rotate',
      summary: 'Make a new SCIM token (printed once, to stdout only); the old one stops working',
      endpoint: E('orgs.scim-token.rotate'),
      args: [org],
      confirm: 'Rotate the SCIM token of {id}? The current token stops working at once',
      handler: h('scimRotate'),
      examples: ['agnt org scim-token rotate org_acme --yes > scim-token.txt', 'agnt org scim-token rotate org_acme --yes | (umask 077 && cat > scim-token.txt)'],
    },

    // ---- members ----
    {
      command: 'org members list',
      aliases: ['ls'],
      summary: 'List the members of an organization',
      endpoint: E('orgs.members.list'),
      args: [org],
      columns: [{ path: 'id' }, { path: 'name' }, { path: 'email' }, { path: 'organizationRole', header: 'ROLE' }, { path: 'createdAt' }],
      examples: ['agnt org members list org_acme', 'agnt org members list org_acme --search ada -o id'],
    },
    {
      command: 'org members add',
      summary: 'Provision a member by e-mail (an existing member is answered as it is)',
      endpoint: E('orgs.members.create'),
      args: [org],
      examples: ['agnt org members add org_acme --email new.person@acme.test'],
    },
    {
      command: 'org members remove',
      aliases: ['rm'],
      summary: 'Remove a member from an organization',
      endpoint: E('orgs.members.delete'),
      args: [org, { name: 'userId', description: 'user id', resource: 'users' }],
      confirm: 'Remove member {id}?',
      examples: ['agnt org members remove org_acme usr_ghost --yes'],
    },

    // ---- audit events and audit logging ----
    {
      command: 'org audit-events list',
      aliases: ['ls'],
      summary: "List an organization's audit events, newest first",
      description:
        "--after, --before and --since take an ISO 8601 time, a relative one: 90s, 30m, 24h, 7d, 2w (that long ago), 'now', or local time ('2026-12-01 09:00', 'today') in your time zone (--tz, else AGNT_TIMEZONE, the profile's timezone, your user's timezone, the machine's).",
      endpoint: E('orgs.audit-events.list'),
      args: [org],
      options: [
        { flags: '--since <when>', description: 'short for --after: 24h, 7d, or a time' },
        { flags: '--tz <zone>', description: "time zone for local times (default: AGNT_TIMEZONE, the profile's, your user's)" },
      ],
      handler: h('auditEvents'),
      columns: [{ path: 'createdAt' }, { path: 'actor' }, { path: 'action' }, { path: 'entityType', header: 'ENTITY' }, { path: 'entityId', header: 'ENTITY_ID' }],
      examples: [
        'agnt org audit-events list org_acme --since 24h',
        'agnt org audit-events list org_acme --action "domain.*" --all -o jsonl',
        'agnt org audit-events list org_acme --actor usr_admin --after 2026-01-01 --before 7d',
      ],
    },
    {
      command: 'org audit-events tail',
      summary: 'Audit events oldest first, each once; --follow for new ones, --cursor-file to resume (for a SIEM)',
      description:
        'Prints every event at or after --since (default: all), oldest first, then with --follow polls every --interval for new ones. With --cursor-file the position is saved after each batch written, so a restart (after a crash or kill -9) goes on with no gap and no duplicate. JSON lines in a pipe, a table on a terminal; --schema ecs writes Elastic Common Schema documents (docs/audit-and-usage.md). Ctrl-C ends a follow with exit 0.',
      endpoint: E('orgs.audit-events.list'),
      args: [org],
      list: false,
      omit: ['after', 'before'],
      options: TAIL_OPTIONS,
      handler: tail('orgTail'),
      columns: [{ path: 'createdAt' }, { path: 'actor' }, { path: 'action' }, { path: 'entityType', header: 'ENTITY' }, { path: 'entityId', header: 'ENTITY_ID' }],
      examples: [
        'agnt org audit-events tail org_acme --since 24h',
        'agnt org audit-events tail org_acme --cursor-file acme.cursor >> acme-audit.jsonl',
        'agnt org audit-events tail org_acme --since 7d --schema ecs --action "member.*"',
      ],
    },
    {
      command: 'org audit-logging get',
      summary: 'Show the audit-log delivery config',
      endpoint: E('orgs.audit-logging.get'),
      args: [org],
      examples: ['agnt org audit-logging get org_acme', "agnt org audit-logging get org_acme --query 'deliveryConfigured'"],
    },
    {
      command: 'org audit-logging set',
      summary: 'Set the audit-log delivery config (fields not given keep their value)',
      endpoint: E('orgs.audit-logging.set'),
      args: [org],
      examples: [
        'agnt org audit-logging set org_acme --enabled --storage-bucket-arn arn:aws:s3:::acme-audit --role-arn arn:aws:iam::123456789012:role/agnt-audit --region us-east-1',
        'agnt org audit-logging set org_acme --file examples/audit-logging.yaml',
      ],
    },
    {
      command: 'org audit-logging deliver',
      summary: 'Deliver audit logs to object storage (a job); --wait follows it to the end',
      description:
        "--from and --to take an ISO 8601 time, a relative one (24h, 7d: that long ago; 'now'), or local time ('2026-12-01 09:00') in your time zone (--tz to choose). With --wait the command exits 0 when the job completed and 1 when it failed, with the job's errors.",
      endpoint: E('orgs.audit-logging.deliver'),
      also: [E('orgs.audit-logging.job')],
      args: [org],
      options: [
        { flags: '--wait', description: 'poll the job until it completed or failed' },
        { flags: '--interval <seconds>', description: 'seconds (or a duration: 5s, 1m) between polls with --wait', default: '1' },
        { flags: '--max-wait <seconds>', description: 'give up waiting after this long (seconds, or 90s, 10m...)', default: '600' },
        { flags: '--tz <zone>', description: "time zone for local times (default: AGNT_TIMEZONE, the profile's, your user's)" },
      ],
      handler: h('deliver'),
      columns: [{ path: 'id' }, { path: 'status' }, { path: 'from' }, { path: 'to' }, { path: 'filesCopied', header: 'FILES' }, { path: 'completedAt' }],
      examples: [
        'agnt org audit-logging set org_acme --file examples/audit-logging.yaml && agnt org audit-logging deliver org_acme --from 24h --to now --wait',
        'agnt org audit-logging deliver org_acme --from 2026-11-01 --to 2026-11-02 -o id',
      ],
    },
    {
      command: 'org audit-logging job',
      summary: 'Show an audit-log delivery job (--wait follows it to the end)',
      endpoint: E('orgs.audit-logging.job'),
      args: [org, { name: 'jobId', description: 'delivery job id' }],
      options: [
        { flags: '--wait', description: 'poll the job until it completed or failed' },
        { flags: '--interval <seconds>', description: 'seconds between polls with --wait', default: '1' },
        { flags: '--max-wait <seconds>', description: 'give up waiting after this long', default: '600' },
      ],
      handler: h('job'),
      columns: [{ path: 'id' }, { path: 'status' }, { path: 'from' }, { path: 'to' }, { path: 'filesCopied', header: 'FILES' }, { path: 'completedAt' }],
      examples: ['agnt org audit-logging job org_acme adj_november', 'agnt org audit-logging job org_acme adj_november --wait'],
    },

    // ---- model tiers ----
    {
      command: 'org model-tiers get',
      summary: 'Show the default model tiers for chats and tasks',
      endpoint: E('orgs.model-tiers.get'),
      args: [org],
      examples: ['agnt org model-tiers get org_acme'],
    },
    {
      command: 'org model-tiers set',
      summary: 'Set the default model tiers',
      endpoint: E('orgs.model-tiers.set'),
      args: [org],
      examples: ['agnt org model-tiers set org_acme --chat high --task medium', 'agnt org model-tiers set org_acme --task null'],
    },

    // ---- organization profile ----
    {
      command: 'org profile get',
      summary: "Show your account's own organization profile",
      endpoint: E('orgs.profile.get'),
      args: [{ name: 'id', description: "company id (or your organization's id)" }],
      examples: ['agnt org profile get co_acme', "agnt org profile get co_acme --query 'ownOrgProfile.values'"],
    },
    {
      command: 'org profile set',
      summary: "Set your account's own organization profile (the first call claims the company)",
      description:
        'The first call for an account claims the company and grants you org_admin; later calls need org_admin. Keep ownOrgProfile in a YAML file: `--file profile.yaml` (keys name, industry, website, location, profNetAUrl, ownOrgProfile).',
      endpoint: E('orgs.profile.set'),
      args: [{ name: 'id', description: "company id (or your organization's id)" }],
      fields: profileFields,
      hints: {
        own_company_conflict:
          'your account already has its own organization profile, for a different company, and an account has only one. Edit that one instead (see `agnt org profile get <your organization id>`).',
        company_already_claimed:
          'another account has already claimed this company as its own organization, so you cannot claim or edit its profile. If that is wrong, ask platform support to release the claim.',
        org_admin_required: 'the profile is already claimed and only users with the org_admin role change it; the person who first set it holds that role. Ask them to make the change.',
        '403': 'only organization members with the org_admin role change the organization profile.',
      },
      examples: ['agnt org profile set co_acme --file examples/org-profile.yaml', 'agnt org profile set co_acme --industry Robotics --set ownOrgProfile.mission="Build things"'],
    },
    // ---- organization as code (docs/org-as-code.md) ----
    {
      command: 'org export',
      summary: 'Write an organization as one document (YAML, or JSON with -o json): domains, SSO, teams, members, rules',
      description: `Server-set fields are left out; secrets are never written (each becomes a \${env:NAME} reference). Users are named by e-mail, teams by name. Two exports of the same organization are byte-identical.`,
      endpoint: E('orgs.get'),
      also: [...READS],
      args: [org],
      handler: code('exportOrg'),
      formats: ['yaml', 'json'],
      examples: ['agnt org export org_acme > org.yaml', 'agnt org export org_acme -o json > org.json'],
    },
    {
      command: 'org validate',
      summary: 'Check an organization document offline against its schema (line, column and field of every problem)',
      description: 'Sends no request. Exit 0 when the file is valid, 2 with one line per problem (FILE:LINE:COLUMN: field: message) when not. The schema is schemas/org.schema.json in the package.',
      endpoint: E('orgs.get'),
      offline: true,
      args: [{ name: 'file', description: 'the organization document (YAML or JSON)', file: true }],
      options: [...varOptions],
      handler: code('validateOrg'),
      examples: ['agnt org validate examples/org.yaml', 'agnt org validate examples/org.yaml -o json'],
    },
    {
      command: 'org plan',
      summary: 'Show, field by field, what apply would change to make the organization match the file (sends no write)',
      description: `Reads the live organization and prints each create, update and delete with old and new values, grouped by resource (secrets masked). -o json gives the plan as data; --out saves it for apply --plan. With --exit-code: 0 when nothing would change, 7 when something would.`,
      endpoint: E('orgs.get'),
      also: [...READS],
      args: [optionalOrg],
      options: [
        docFile,
        ...varOptions,
        { flags: '--out <file>', description: 'save the plan as JSON (for apply --plan)', file: true },
        { flags: '--rename', description: "plan giving ORG the file's organization.name (as apply --rename)" },
        exitCode,
        stateFile,
      ],
      handler: code('planOrg'),
      markdown: true,
      examples: [
        'agnt org plan -f examples/org.yaml',
        'agnt org plan -f examples/org.yaml org_acme --out plan.json --exit-code   # exit 7: there are changes',
        'agnt org plan -f examples/org.yaml -o json',
        'agnt org plan -f examples/org.yaml -o markdown   # the plan as a pull-request comment',
      ],
    },
    {
      command: 'org apply',
      summary: 'Make the organization match the file, in dependency order; a second run changes nothing',
      description:
        'Order: organization, domains, SSO, teams, members, invitations, rules; one request per changed object. On a terminal it shows the plan and asks; in scripts it needs --yes. With --plan it refuses, writing nothing, when the organization or the file changed since the plan. It stops at the first failure, saying what was done and what remains; running it again continues. Deletes happen only with --prune, only for the kinds named in --allow-delete, and only for objects agnt created from a file (recorded in the --state file).',
      endpoint: E('orgs.update'),
      // The document gives the body, through the handler: no flags or --file body of the endpoint's own.
      omit: 'all',
      bodyInput: false,
      also: [
        ...READS,
        Users('users.me.get'),
        E('orgs.domains.create'),
        E('orgs.domains.update'),
        E('orgs.domains.verify'),
        E('orgs.domains.delete'),
        E('orgs.sso.set'),
        E('orgs.audit-logging.set'),
        E('orgs.model-tiers.set'),
        E('orgs.profile.set'),
        E('orgs.members.create'),
        E('orgs.members.delete'),
        Users('users.update'),
        Teams('teams.create'),
        Teams('teams.update'),
        Teams('teams.delete'),
        Teams('teams.members.create'),
        Teams('teams.members.update'),
        Teams('teams.members.delete'),
        Teams('teams.profile.set'),
        Teams('invitations.create'),
        Teams('invitations.revoke'),
        Coverage('backup-rules.create'),
        Coverage('backup-rules.delete'),
        Coverage('manager-assignments.create'),
        Prefs('preferences.matrix.update'),
        Prefs('preferences.exceptions.create'),
        Prefs('preferences.exceptions.delete'),
      ],
      args: [optionalOrg],
      options: [
        docFile,
        ...varOptions,
        { flags: '--plan <file>', description: 'apply this saved plan (agnt org plan --out); refused when the organization changed since', file: true },
        { flags: '--rename', description: "give ORG the file's organization.name (without it, an organization keeps its own name)" },
        { flags: '--receipt <file>', description: 'write a receipt of this apply (the plan, what each change answered, a fingerprint of each object read), for --rehearsed', file: true },
        { flags: '--rehearsed <file>', description: 'refuse (exit 7, nothing sent) unless the plan and every object are as in this rehearsal receipt', file: true },
        { flags: '--prune', description: 'delete objects agnt created from a file that the file no longer lists (with --allow-delete)' },
        { flags: '--allow-delete <kinds>', description: 'kinds --prune may delete: domains, members, teams, team-members, invitations, backup-rules (comma-separated)', repeatable: true },
        stateFile,
      ],
      handler: code('applyOrg'),
      examples: [
        'agnt org apply -f examples/org.yaml --yes',
        'agnt org plan -f examples/org.yaml --out plan.json && agnt org apply -f examples/org.yaml --plan plan.json --yes',
        'agnt org apply -f examples/org.yaml --prune --allow-delete teams,invitations --yes',
      ],
    },
    {
      command: 'org drift',
      summary: 'Like plan, and names who changed each drifted field and when, from the audit events',
      description:
        'For each field that differs from the file: the live and file values, and the newest audit event that explains it (actor, action, event id, time). -o jsonl gives one line per field for CI; --exit-code: 0 when nothing drifted, 7 when something did.',
      endpoint: E('orgs.audit-events.list'),
      also: [E('orgs.get'), ...READS],
      args: [optionalOrg],
      omit: 'all',
      list: false,
      options: [docFile, ...varOptions, exitCode, stateFile],
      handler: code('driftOrg'),
      markdown: true,
      columns: [{ path: 'path' }, { path: 'live' }, { path: 'file' }, { path: 'actor' }, { path: 'eventId', header: 'EVENT' }, { path: 'at' }],
      examples: ['agnt org drift -f examples/org.yaml', 'agnt org drift -f examples/org.yaml org_acme -o jsonl --exit-code   # exit 7: something drifted'],
    },
    {
      command: 'org explain',
      summary: 'Show the supervision matrix the file gives one member, which line of the file decided each cell, and the guardrails that bind them',
      description:
        'For each cell (or only CELL): the value from the supervision section, where it comes from (the baseline, or rule N at FILE:LINE and what it matches), a lock of the file, and whether the organization locked the cell above the user (parentLockedCells). Team and role are those the file gives the member, else the live ones. Then the guardrails of the file that bind writes to the member (protected, cells never auto, limits, approval, write hours: docs/guardrails.md).',
      endpoint: E('orgs.get'),
      also: [...READS],
      args: [
        { name: 'user', description: 'the member: e-mail address or user id' },
        { name: 'cell', default: '', description: 'one cell of the matrix (default: every cell)' },
        { name: 'orgId', flag: 'org', default: '', description: 'organization id (default: the organization the file names)', resource: 'organizations' },
      ],
      omit: 'all',
      list: false,
      options: [docFile, ...varOptions],
      handler: explain,
      examples: ['agnt org explain admin@acme.test -f examples/org.yaml', 'agnt org explain member@acme.test email_as_assistant -f examples/org.yaml --org org_acme -o json'],
    },
  ],
};
