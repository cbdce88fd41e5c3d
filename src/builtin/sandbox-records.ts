// `agnt sandbox ...` and `agnt mcp ...` as records: the local emulator and its rehearsal bench
// (clock, snapshots, fault rules, the journal of requests, status, stop), and the MCP server.
// Eager and cheap; each runner loads its implementation when it runs.
import type { BuiltinGroup, BuiltinOption, BuiltinRecord } from './record.ts';
import type { Outcome } from '../core/outcome.ts';

type ControlModule = typeof import('./sandbox-control.ts');
type Impl = (...args: unknown[]) => Promise<Outcome | undefined | void>;

/** A bench verb: it reaches a running sandbox through --url (or the `sandbox` profile). */
const URL_OPTION: BuiltinOption = { flags: '--url <url>', description: 'the sandbox (default: the `sandbox` profile, which `agnt sandbox start` writes)' };
const control =
  (pick: (m: ControlModule) => unknown): BuiltinRecord['run'] =>
  async (ctx, { args, opts }) =>
    (pick(await import('./sandbox-control.ts')) as Impl)(ctx, ...args, opts);

export const SANDBOX_GROUPS: readonly BuiltinGroup[] = [
  { command: 'sandbox', summary: 'run the local API emulator', description: 'A local, stateful emulator of the whole API, and a bench to rehearse against it' },
  { command: 'sandbox clock', summary: "show or move the sandbox's clock", description: "Show or move the sandbox's clock: timestamps, span states, expiries and audit events follow it" },
  { command: 'sandbox snapshot', summary: 'save and restore the state', description: 'Save the whole state (records and clock) under a name, and put it back' },
  { command: 'sandbox fault', summary: 'inject failures', description: 'Answer matching requests with failures on purpose, to rehearse retries' },
];

export const SANDBOX_RECORDS: readonly BuiltinRecord[] = [
  {
    command: 'sandbox start',
    summary: 'start the sandbox server',
    description:
      'Serve the platform API on 127.0.0.1 with a seeded account (organization, team, admin, coordinator,\nmanager, members, principals, an assistant, contacts) and one token per seeded user, or with the\norganizations of --seed documents (as `agnt org export` writes them), or --empty (one admin). Prints a\ncontrol token for the bench verbs (clock, snapshot, fault, requests, status, stop) and writes a profile\nnamed `sandbox` with the admin token and the control token. Serves until SIGINT, SIGTERM or `agnt sandbox stop`.',
    options: [
      { flags: '--port <n>', description: 'port (0 picks a free one)', default: '0' },
      { flags: '--host <address>', description: 'loopback address to listen on', default: '127.0.0.1' },
      { flags: '--data <file>', description: 'persist the state to this JSON file (loaded if it exists); snapshots go beside it', file: true },
      { flags: '--seed <file>', description: 'start with the organization of this document (repeatable)', file: true, repeatable: true },
      { flags: '--empty', description: 'start with one organization and its admin only' },
      { flags: '--replace-data', description: 'with --seed or --empty: replace the state a --data file already holds (refused without it)' },
      { flags: '--clock <time>', description: "start the sandbox's clock at this time (ISO 8601), frozen unless --clock-rate" },
      { flags: '--clock-rate <n>', description: 'sandbox seconds per real second (0 frozen, 1 running)' },
      { flags: '--faults <file>', description: 'fault rules to install at start (YAML or JSON, as `agnt sandbox fault add` takes them)', file: true },
      { flags: '--tls', description: 'serve HTTPS with HTTP/2 (and HTTP/1.1), on a certificate from a local CA made at start' },
      { flags: '--tls-cert <file>', description: 'with --tls: serve this certificate (PEM) instead', file: true },
      { flags: '--tls-key <file>', description: "with --tls: the --tls-cert's private key (PEM)", file: true },
      { flags: '--tls-client-ca <file>', description: 'with --tls: require a client certificate signed by this CA (mutual TLS)', file: true },
      { flags: '--no-profile', description: 'do not write the `sandbox` profile' },
    ],
    examples: [
      'agnt sandbox start   # serves until Ctrl-C',
      'agnt sandbox start --port 0 --data sandbox.json   # any free port; the state kept in sandbox.json',
      'agnt sandbox start --json --no-profile   # first line: {"baseUrl", "tokens", "controlToken", "clock"}',
      'agnt sandbox start --seed examples/org.yaml --clock 2026-12-01T09:00:00Z   # that organization, on a frozen clock',
      'agnt sandbox start --tls   # https://127.0.0.1:PORT over HTTP/2; the profile trusts its CA',
    ],
    run: async (ctx, { opts }) => (await import('./sandbox.ts')).start(ctx, opts),
  },
  {
    command: 'sandbox clock show',
    isDefault: true,
    summary: 'show the clock',
    description: "Show the sandbox's clock (also `agnt sandbox clock`)",
    options: [URL_OPTION],
    examples: ['agnt sandbox clock', 'agnt sandbox clock show -o json'],
    run: control((m) => m.clockShow),
  },
  {
    command: 'sandbox clock set',
    summary: 'set the clock',
    description: 'Set the clock. It never goes back past the latest stored record (exit 2); restore a snapshot for that.',
    args: [{ name: 'time', description: 'ISO 8601 time with its zone, e.g. 2026-12-01T09:00:00Z' }],
    options: [{ flags: '--rate <n>', description: 'and run at this rate from there (0 frozen, 1 running)' }, URL_OPTION],
    examples: ['agnt sandbox clock set 2027-01-04T09:00:00Z', 'agnt sandbox clock set 2027-01-04T09:00:00Z --rate 60   # a minute per second'],
    run: control((m) => m.clockSet),
  },
  {
    command: 'sandbox clock advance',
    summary: 'move the clock forward',
    description: 'Move the clock forward',
    args: [{ name: 'duration', description: 'e.g. 90m, 36h, 5d, 2w' }],
    options: [URL_OPTION],
    examples: ['agnt sandbox clock advance 5d', 'agnt sandbox clock advance 1d12h'],
    run: control((m) => m.clockAdvance),
  },
  {
    command: 'sandbox snapshot save',
    summary: 'save a snapshot',
    description: 'Save the state under NAME (replacing a snapshot of that name)',
    args: [{ name: 'name', description: 'letters, digits, . _ -' }],
    options: [URL_OPTION],
    examples: ['agnt sandbox snapshot save before-import'],
    run: control((m) => m.snapshotSave),
  },
  {
    command: 'sandbox snapshot restore',
    summary: 'restore a snapshot',
    description: 'Put back every record and the clock as saved; tokens stay valid',
    args: [{ name: 'name', description: 'a saved snapshot' }],
    options: [URL_OPTION],
    examples: ['agnt sandbox snapshot restore before-import'],
    run: control((m) => m.snapshotRestore),
  },
  {
    command: 'sandbox snapshot list',
    aliases: ['ls'],
    summary: 'list snapshots',
    description: 'List the snapshots',
    options: [URL_OPTION],
    examples: ['agnt sandbox snapshot list'],
    run: control((m) => m.snapshotList),
  },
  {
    command: 'sandbox snapshot delete',
    summary: 'delete a snapshot',
    description: 'Delete a snapshot',
    args: [{ name: 'name', description: 'a saved snapshot' }],
    options: [URL_OPTION],
    examples: ['agnt sandbox snapshot delete before-import'],
    run: control((m) => m.snapshotDelete),
  },
  {
    command: 'sandbox fault add',
    summary: 'add a fault rule',
    description: 'Add a fault rule. A rule that matches no endpoint of the API model is refused (exit 2).',
    options: [
      { flags: '--method <method>', description: 'GET, POST, PUT, PATCH or DELETE', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      { flags: '--path <glob>', description: "path glob: * within a segment, ** across ('/contacts/*')" },
      { flags: '--param <name=value>', description: 'only requests with this query parameter value (page=3); repeatable, all must hold', repeatable: true },
      { flags: '--endpoint <id>', description: 'an endpoint id of the model (an operationId of `agnt api spec`)' },
      { flags: '--user <user>', description: "only this user's requests (id or e-mail)" },
      { flags: '--status <code>', description: 'answer with this HTTP status' },
      { flags: '--rate <share>', description: 'on this share of matching requests (0-1)' },
      { flags: '--times <n>', description: 'on the next N matching requests only' },
      { flags: '--after <n>', description: 'let the first N matching requests through, then fire' },
      { flags: '--retry-after <duration>', description: 'send Retry-After (e.g. 2s)' },
      { flags: '--delay <duration>', description: 'answer after this long (e.g. 800ms); alone, the real answer comes late' },
      { flags: '--reset', description: 'drop the connection instead of answering' },
      URL_OPTION,
    ],
    examples: [
      "agnt sandbox fault add --method POST --path '/contacts/*' --status 503 --rate 0.2 --retry-after 2s",
      'agnt sandbox fault add --endpoint users.me.get --status 429 --times 3',
      "agnt sandbox fault add --method GET --path '/teams' --reset --times 1",
      "agnt sandbox fault add --method POST --path '/contacts/bulk-import' --status 503 --after 20   # an import that breaks part-way",
      'agnt sandbox fault add --method GET --path /users --param page=3 --status 502   # the third page of a walk',
    ],
    run: control((m) => m.faultAdd),
  },
  {
    command: 'sandbox fault list',
    aliases: ['ls'],
    summary: 'list fault rules',
    description: 'List the fault rules, with how often each answered',
    options: [URL_OPTION],
    examples: ['agnt sandbox fault list'],
    run: control((m) => m.faultList),
  },
  {
    command: 'sandbox fault clear',
    summary: 'remove fault rules',
    description: 'Remove one fault rule, or all of them',
    args: [{ name: 'id', description: 'one rule (default: all)', required: false }],
    options: [URL_OPTION],
    examples: ['agnt sandbox fault clear'],
    run: control((m) => m.faultClear),
  },
  {
    command: 'sandbox requests',
    summary: 'list the requests the sandbox served',
    description: 'The journal of what the sandbox received and answered: method, path, query, body (secrets masked), status, user, the fault rule that answered, time on the sandbox clock',
    options: [
      { flags: '--since <id>', description: 'only requests after this one' },
      { flags: '--method <method>', description: 'only this method', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      { flags: '--path <glob>', description: "only paths matching this glob ('/contacts/**')" },
      { flags: '--follow', description: 'keep printing requests as they arrive, until Ctrl-C' },
      URL_OPTION,
    ],
    examples: ['agnt sandbox requests --method POST --path /contacts/bulk-import -o json', 'agnt sandbox requests --since 120 -o jsonl'],
    run: control((m) => m.requests),
  },
  {
    command: 'sandbox status',
    summary: "show the sandbox's state",
    description: 'The URL, clock, records per collection, snapshots, fault rules and data file',
    options: [URL_OPTION],
    examples: ['agnt sandbox status', 'agnt sandbox status -o json'],
    run: control((m) => m.status),
  },
  {
    command: 'sandbox clone',
    summary: 'copy a live organization into the sandbox',
    description:
      "Copy an organization, read with another profile's token as `agnt org export` reads it (its document: domains, SSO without its secrets,\nteams, members, invitations, rules, and the members' supervision matrices as its policy), into the running sandbox: a new\norganization with the same name, made by `agnt org apply`, with a token for every member. --pseudonymize replaces e-mail\naddresses and free text deterministically and writes the mapping (and its key) beside the clone, 0600. What a clone cannot\ncopy is listed at the end. Take a snapshot first to go back.\n--with contacts,coverage also copies the members' contacts and the coverage spans, their people mapped to the cloned members\n(pseudonymized with the same mapping). Contacts are what the profile's token can read: its own user's in full (name, e-mails,\nphone numbers, tags), every other member's by name and e-mail only (the member's detail, GET /users/{id}).",
    args: [{ name: 'org', description: "the organization to copy (default: the organization of the profile's user)", required: false }],
    options: [
      { flags: '--from-profile <name>', description: 'the profile of the organization to copy (its server and token)' },
      { flags: '--pseudonymize', description: 'replace e-mail addresses and free text by pseudonyms (the same input, the same pseudonym)' },
      { flags: '--mapping <file>', description: 'where --pseudonymize writes the mapping (default: beside the data file, else here); an existing one keeps its key', file: true },
      { flags: '--with <list>', description: "also copy, comma-separated: contacts (the members' contacts), coverage (coverage spans)" },
      URL_OPTION,
    ],
    examples: [
      'agnt sandbox clone --from-profile staging --pseudonymize --with contacts,coverage   # the organization of the staging profile, its contacts and coverage spans, e-mails and free text replaced',
    ],
    run: async (ctx, { args, opts }) => (await import('./sandbox-clone.ts')).clone(ctx, args[0] as string | undefined, opts),
  },
  {
    command: 'sandbox stop',
    summary: 'stop the sandbox',
    description: 'Stop the sandbox (its data file, if any, is written first)',
    options: [URL_OPTION],
    examples: ['agnt sandbox stop'],
    run: control((m) => m.stop),
  },
];

const CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const;

export const MCP_RECORDS: readonly BuiltinRecord[] = [
  {
    command: 'mcp',
    summary: 'serve agnt to AI agents (Model Context Protocol)',
    description:
      'Serve agnt to AI agents over the Model Context Protocol (stdio; --http for Streamable HTTP on 127.0.0.1), as the\n' +
      'active profile; the token never appears in a tool. A few tools by default (search, describe, run a read, plan a\n' +
      'write, apply a plan, inbox, wait...); --tools all or --toolsets one tool per command. Writes are refused unless\n' +
      '--allow-writes; a destructive plan then needs the user to type its target back, or --allow-destructive.',
    options: [
      { flags: '--http', description: 'serve Streamable HTTP on 127.0.0.1 (at /mcp) instead of stdio' },
      { flags: '--port <n>', description: 'port for --http (default 8765; 0 picks a free one)' },
      { flags: '--token-file <file>', description: 'with --http: the bearer token clients must send (default: a new one, made at start)', file: true },
      { flags: '--allow-writes', description: 'let apply_plan send the writes it planned' },
      { flags: '--allow-destructive', description: 'apply destructive plans without asking the user (needs --allow-writes)' },
      { flags: '--tools <set>', description: "'all': one tool per command instead of the compact set", values: ['all'] },
      { flags: '--toolsets <areas>', description: 'one tool per command of these areas (comma-separated: contacts,coverage)' },
      { flags: '--grant <file>', description: 'bound each session: the areas it may use, the records it may write, its write budget (YAML)', file: true },
    ],
    endpointsNote: 'the endpoints of the commands its tools run',
    examples: [
      'agnt mcp   # the client starts it and talks on stdin and stdout; it stops when stdin ends',
      'agnt mcp --toolsets contacts,coverage --allow-writes',
      'agnt mcp install --client claude-code --profile sandbox',
    ],
    run: async (ctx, { opts }) => (await import('../mcp/command.ts')).serve(ctx, opts),
  },
  {
    command: 'mcp install',
    summary: 'add agnt to an MCP client',
    description:
      "Write (or update) a client's configuration entry that runs `agnt mcp --profile NAME`, with no token in it;\n" + 'the rest of the file is kept byte for byte. --print shows the entry instead.',
    options: [
      { flags: '--client <name>', description: CLIENTS.join(', ').replace(/, (\S+)$/, ' or $1'), values: CLIENTS },
      { flags: '--print', description: 'print the entry; change nothing' },
      { flags: '--config <file>', description: "the client's configuration file, when not the usual one", file: true },
      { flags: '--name <name>', description: 'the server name in the file (default agnt)' },
      { flags: '--url <url>', description: 'an entry for agnt mcp --http at this URL (http://127.0.0.1:PORT/mcp), with its bearer token' },
      { flags: '--token-from <file>', description: 'with --url: the --token-file agnt mcp --http serves with (default: the token it made)', file: true },
    ],
    examples: [
      'agnt mcp install --client vscode --profile sandbox',
      'agnt mcp install --client cursor --print',
      'agnt mcp install --client claude-code --url http://127.0.0.1:8765/mcp   # exit 2 until agnt mcp --http has run once (it makes the token)',
    ],
    run: async (ctx, { opts }) => (await import('../mcp/install.ts')).install(ctx, opts),
  },
];
