// The built-in commands as records (src/builtin/record.ts says what a record holds). Eager and
// cheap: each runner imports its implementation only when the command runs.
import { currentHost } from '../core/host.ts';
import type { Command } from 'commander';
import { PROFILE_SETTINGS } from '../core/config.ts';
import { EMPTY_WORD, SHELLS } from '../completion/shells.ts';
import { WAIT_KINDS } from '../workflows/wait-kinds.ts';
import { document } from '../core/outcome.ts';
import type { BuiltinEndpoint, BuiltinGroup, BuiltinRecord } from './record.ts';
import { MCP_RECORDS, SANDBOX_GROUPS, SANDBOX_RECORDS } from './sandbox-records.ts';
import { CHANGES_GROUPS, CHANGES_RECORDS } from './changes-records.ts';
import { KEYS_GROUPS, KEYS_RECORDS } from './keys-records.ts';

const ME: BuiltinEndpoint = { id: 'users.me.get' };
const SETTINGS = Object.keys(PROFILE_SETTINGS);
/**
 * Whether a word names a command, read off the program being run (every area's group and the
 * built-ins are on it whenever a built-in runs): the records cannot import the command-word table,
 * which is made from them.
 */
const commandWordIn = (program: Command) => (word: string) => word === 'help' || program.commands.some((c) => c.name() === word || c.aliases().includes(word));
const an = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export const BUILTIN_GROUPS: readonly BuiltinGroup[] = [
  ...SANDBOX_GROUPS,
  ...CHANGES_GROUPS,
  ...KEYS_GROUPS,
  { command: 'auth', summary: 'log in, check and log out of a server', description: 'Log in, check and log out of a server' },
  { command: 'config', summary: 'profile settings and profiles', description: 'Profile settings and profiles' },
  { command: 'extension', summary: 'agnt-NAME programs on PATH, run as agnt NAME', description: 'Extensions: executables named agnt-NAME on PATH, run as `agnt NAME ...` (docs/extending.md)' },
  {
    command: 'alias',
    summary: 'short names for command lines',
    description:
      "Short names for agnt command lines: `agnt alias set mine 'users list --status active'`, then `agnt mine`. In the\n" +
      'expansion $1, $2... are the arguments given, $@ the rest (appended at the end when there is no $@). --shell runs the\n' +
      'expansion with /bin/sh instead ($1... its arguments). An alias can never shadow a command.',
  },
  {
    command: 'wait',
    summary: 'wait for a coverage span, delegation, delivery job, drive file or onboarding session to reach a state',
    description:
      'Poll an object until a condition holds. Exit 0 when it does, 1 when the object reaches a state from which ' +
      'it cannot (a rejected or cancelled span for status=scheduled, a failed job), 8 when --timeout passes first.\n\n' +
      "--for takes FIELD=VALUE (dotted FIELD; several values comma-separated) or 'jmespath=EXPR', met when EXPR is " +
      'truthy. Polls start --interval apart and back off by half each time, up to --max-interval.',
  },
];

const auth: BuiltinRecord[] = [
  {
    command: 'auth login',
    summary: 'log in to a server',
    description:
      'Save a server and token in a profile, after checking the token with GET /users/me.\nOn a terminal it asks for both (the token masked); in scripts pass --with-token and the token on stdin.',
    options: [
      { flags: '--with-token', description: 'read the token from standard input' },
      { flags: '--use', description: 'make this profile the active one (the first profile always is; otherwise the active profile stays)' },
    ],
    endpoints: [ME],
    examples: [
      'agnt auth login   # on a terminal: asks for the base URL and the token',
      'agnt auth login --with-token < token.txt   # the base URL from AGNT_BASE_URL or the profile',
      'agnt auth login --profile staging --base-url "$AGNT_BASE_URL" --with-token < token.txt',
      'agnt auth login --profile staging --use --base-url "$AGNT_BASE_URL" --with-token < token.txt   # and make it the active profile',
    ],
    run: async (ctx, { opts }) => (await import('./auth.ts')).login(ctx, opts),
  },
  {
    command: 'auth status',
    summary: 'show who you are logged in as',
    description:
      'Show the active profile, server, user, masked token, where the token is stored, and where each setting came from. ' +
      'Exit 4 when the server rejects the token, 1 when the server cannot be reached (the token was not checked).',
    options: [{ flags: '--all', description: 'every profile, each checked with its own server and token (AGNT_TOKEN and AGNT_BASE_URL left out)' }],
    endpoints: [ME],
    examples: ['agnt auth status', 'agnt auth status --json', 'agnt auth status --all'],
    run: async (ctx, { opts }) => (await import('./auth.ts')).status(ctx, opts),
  },
  {
    command: 'auth token',
    summary: 'print the token, for scripts',
    description:
      "Print the token agnt would send (AGNT_TOKEN, else the profile's; --profile NAME for another profile) on stdout, alone, for\n`$(agnt auth token)`. It is a secret: print it only where it is needed.",
    examples: ['agnt auth token', 'curl -H "Authorization: Bearer $(agnt auth token --profile staging)" "$AGNT_BASE_URL/users/me"'],
    run: async (ctx) => (await import('./auth.ts')).token(ctx),
  },
  {
    command: 'auth logout',
    summary: 'forget the token of a profile',
    description: "Remove the active profile's token",
    examples: ['agnt auth logout', 'agnt auth logout --profile staging'],
    run: async (ctx) => (await import('./auth.ts')).logout(ctx),
  },
];

const settingArg = { name: 'key', description: `setting: ${SETTINGS.join(', ')}`, values: SETTINGS };
// The passphrase of key-file is kept in the OS keyring, never in the file: it can be set and unset, not read.
const secretArg = { name: 'key', description: `setting: ${SETTINGS.join(', ')}, key-passphrase (kept in the OS keyring)`, values: [...SETTINGS, 'key-passphrase'] };
const config: BuiltinRecord[] = [
  {
    command: 'config list',
    aliases: ['ls'],
    summary: 'list settings',
    description: 'List the settings of the active profile and where each value comes from',
    examples: ['agnt config list', 'agnt config list --profile sandbox --json'],
    run: async (ctx) => (await import('./config.ts')).list(ctx),
  },
  {
    command: 'config get',
    summary: 'print a setting',
    description: 'Print one setting of the active profile',
    args: [settingArg],
    examples: ['agnt config get output'],
    run: async (ctx, { args }) => (await import('./config.ts')).get(ctx, args[0]),
  },
  {
    command: 'config set',
    summary: 'change a setting',
    description: 'Set a setting of the active profile (the token is set with `agnt auth login`)',
    args: [secretArg, { name: 'value', description: 'value (key-passphrase: - to read it from stdin)' }],
    examples: ['agnt config set output json', 'agnt config set timeout 60 --profile staging', 'agnt config set timezone Europe/Paris', 'agnt config set http2 off   # HTTP/1.1 only'],
    run: async (ctx, { args }) => (await import('./config.ts')).set(ctx, args[0], args[1]),
  },
  {
    command: 'config unset',
    summary: 'remove a setting',
    description: 'Remove a setting from the active profile',
    args: [secretArg],
    examples: ['agnt config unset output'],
    run: async (ctx, { args }) => (await import('./config.ts')).unset(ctx, args[0]),
  },
  {
    command: 'config profiles',
    summary: 'list profiles',
    description: 'List profiles; the active one is marked',
    examples: ['agnt config profiles'],
    run: async (ctx) => (await import('./config.ts')).profiles(ctx),
  },
  {
    command: 'config use',
    summary: 'switch profile',
    description: 'Make a profile the active one',
    args: [{ name: 'profile', description: 'profile name' }],
    examples: ['agnt config use staging'],
    run: async (ctx, { args }) => (await import('./config.ts')).use(ctx, args[0]),
  },
  {
    command: 'config remove',
    aliases: ['rm'],
    summary: 'delete a profile',
    description: 'Delete a profile and its token',
    args: [{ name: 'profile', description: 'profile name' }],
    examples: ['agnt config remove staging --yes'],
    run: async (ctx, { args }) => (await import('./config.ts')).remove(ctx, args[0]),
  },
];

const alias: BuiltinRecord[] = [
  {
    command: 'alias set',
    summary: 'add or change an alias',
    description: 'Make NAME stand for EXPANSION: agnt arguments ($1, $2, $@), or with --shell a shell command. NAME may not be a command.',
    args: [
      { name: 'name', description: 'the alias: letters, digits, - and _' },
      { name: 'expansion', description: 'what it stands for, quoted as one argument' },
    ],
    options: [{ flags: '--shell', description: 'run the expansion with /bin/sh (pipes, several commands)' }],
    examples: ["agnt alias set mine 'users list --status active'", "agnt alias set who 'users get $1 --query email'", "agnt alias set emails --shell 'agnt users list --all -o jsonl | jq -r .email'"],
    run: async (ctx, { args, opts, program }) => (await import('./alias.ts')).set(ctx, args[0], args[1], opts, commandWordIn(program)),
  },
  {
    command: 'alias list',
    aliases: ['ls'],
    summary: 'list aliases',
    description: 'List aliases with their expansions',
    examples: ['agnt alias list', 'agnt alias list --json'],
    run: async () => (await import('./alias.ts')).list(),
  },
  {
    command: 'alias delete',
    aliases: ['rm'],
    summary: 'delete an alias',
    description: 'Delete an alias (exit 3 when there is none of that name)',
    args: [{ name: 'name', description: 'the alias' }],
    examples: ["agnt alias set mine 'users list --status active' && agnt alias delete mine"],
    run: async (ctx, { args }) => (await import('./alias.ts')).remove(ctx, args[0]),
  },
  {
    command: 'alias export',
    summary: 'print every alias as JSON',
    description: 'Print every alias as JSON, for `agnt alias import` on another machine',
    examples: ['agnt alias export > aliases.json'],
    run: async () => (await import('./alias.ts')).exportAliases(),
  },
  {
    command: 'alias import',
    summary: 'add aliases from a file',
    description: 'Add the aliases of a JSON or YAML file (what alias export prints), or - for stdin; refused whole if one would shadow a command, or change an alias without --clobber',
    args: [{ name: 'file', description: "JSON or YAML file, or '-' for stdin", file: true }],
    options: [{ flags: '--clobber', description: 'replace aliases of the same name' }],
    examples: ['agnt alias export > aliases.json && agnt alias import aliases.json', 'agnt alias export | agnt alias import - --clobber'],
    run: async (ctx, { args, opts, program }) => (await import('./alias.ts')).importAliases(ctx, args[0], opts, commandWordIn(program)),
  },
];

const extension: BuiltinRecord = {
  command: 'extension list',
  aliases: ['ls'],
  summary: 'list the agnt-NAME extensions on PATH',
  description:
    'List the executables named agnt-NAME on PATH, which run as `agnt NAME ...`, with their paths, and the version and\n' +
    'description each gives for `agnt-NAME --agnt-metadata`. One that a built-in command shadows is named on stderr:\n' +
    'it never runs. See docs/extending.md.',
  examples: ['agnt extension list', 'agnt extension list --json'],
  run: async (_ctx, { program }) => (await import('./extension.ts')).list(commandWordIn(program)),
};

const api: BuiltinRecord[] = [
  {
    command: 'api',
    summary: 'send a raw API request',
    description:
      'Send any request to the API: the raw escape hatch. Fields go to the query string for GET and DELETE\nand to the JSON body otherwise. -F converts true, false, null, numbers and JSON; -f sends strings.',
    args: [
      { name: 'method', description: 'GET, POST, PUT, PATCH or DELETE' },
      { name: 'path', description: 'path relative to the base URL, e.g. /users/me' },
    ],
    options: [
      { flags: '-F, --field <key=value>', description: 'typed field (repeatable)', repeatable: true },
      { flags: '-f, --raw-field <key=value>', description: 'string field (repeatable)', repeatable: true },
      { flags: '--file <path>', description: "request body from a JSON or YAML file, or '-' for stdin", file: true },
      { flags: '--paginate', description: 'follow page/perPage/total until every page is read' },
    ],
    endpointsNote: 'any: the method and path given',
    examples: [
      'agnt api GET /users/me',
      'agnt api GET /users -F perPage=5 --paginate --jsonl',
      'agnt api POST /identifiers -f type=email -f value=a@example.com',
      'agnt api PATCH /users/me --file examples/me.yaml',
    ],
    run: async (ctx, { args, opts }) => (await import('./api.ts')).api(ctx, args[0], args[1], opts),
  },
  {
    command: 'api spec',
    summary: 'print the OpenAPI document of the API',
    description:
      "Print the OpenAPI 3.1 document of the API (YAML; -o json for JSON), generated from agnt's model of it:\nevery endpoint an operation, its id the operationId. docs/openapi.yaml is the same document.",
    examples: ['agnt api spec > openapi.yaml', "agnt api spec -o json | jq '.paths | keys | length'"],
    formats: ['yaml', 'json'],
    run: async () => (await import('./api-spec.ts')).spec(),
  },
];

// The inbox's and the console's: times in the user's zone, as the README's time rule says.
const ZONE_FLAGS = [
  { flags: '--tz <zone>', description: "time zone for times (default: your user's timezone)" },
  { flags: '--utc', description: 'show times in UTC' },
];

const inbox: BuiltinRecord = {
  command: 'inbox',
  summary: 'what waits for you: spans to accept or approve, drafts, delegations, invitations, requests',
  description:
    'What waits for you, across your roles: coverage spans to accept (backup) or approve (manager), your drafts not ' +
    'yet submitted, delegations to confirm (principal), delegations whose calendar access is degraded ' +
    "(coordinator), your team's pending invitations (team owners and admins) and organization requests to decide " +
    '(organization admins). Each item comes with the commands that act on it. Times are in your time zone.\n\n' +
    'With --watch it polls: on a terminal the screen is redrawn; in a pipe only new items are printed, one JSON ' +
    'object per line (or one id per line with -o id). A source that cannot be read is named on stderr (exit 6).',
  options: [
    { flags: '--watch', description: 'keep polling; Ctrl-C stops' },
    { flags: '--interval <duration>', description: 'pause between polls with --watch or --tui (default 30s)' },
    { flags: '--tui', description: 'the full-screen console: act on each item with one key (as `agnt console`)' },
    { flags: '--plain', description: 'with --tui: numbered lines and prompts instead of the full screen (also TERM=dumb)' },
    ...ZONE_FLAGS,
  ],
  endpoints: [
    ME,
    { id: 'coverage.spans.list', note: 'role backup, manager, primary' },
    { id: 'coverage.spans.principals' },
    { id: 'delegations.list', note: 'role principal, coordinator' },
    { id: 'invitations.list' },
    { id: 'org-requests.list' },
  ],
  examples: [
    'agnt inbox',
    'agnt inbox -o json',
    'agnt inbox --watch --interval 1m',
    'agnt inbox --tui   # on a terminal: the full-screen console (agnt console)',
    'agnt inbox --watch | while read -r item; do notify-send agnt "$item"; done',
    'agnt inbox -o jsonl | jq -r \'select(.kind == "coverage.accept") | .id\' | agnt coverage accept -',
  ],
  run: async (ctx, { opts }) => {
    if (opts.tui) return (await import('../workflows/console/run.ts')).consoleCommand(ctx, opts);
    return (await import('../workflows/inbox.ts')).inbox(ctx, opts);
  },
};

const consoleRecord: BuiltinRecord = {
  command: 'console',
  summary: 'a full-screen view of your inbox: accept, approve, decline with one key each',
  description:
    'Everything `agnt inbox` finds, in a full-screen view: a list (kind, who, when in your time zone, state) and the ' +
    "selected item's details (principals, backup, conflicts). One key per action the item allows (a accept/approve/" +
    'confirm, d decline/reject, s submit, c cancel, v reverify, x revoke), each confirmed in the view and sent as the ' +
    'command it stands for; its outcome, or its failure, is shown on the item. / filters, o sorts, r refreshes (and ' +
    'every --interval), ? helps, q or Ctrl-C quits. From 80x24 up. --plain (and TERM=dumb) gives numbered lines and ' +
    'prompts instead. Needs a terminal. See docs/coordination.md.',
  options: [
    { flags: '--plain', description: 'numbered lines and prompts instead of the full screen (also TERM=dumb)' },
    { flags: '--interval <duration>', description: 'refresh every this long (default 30s)' },
    ...ZONE_FLAGS,
  ],
  endpoints: inbox.endpoints,
  examples: ['agnt console   # on a terminal: the full-screen view', 'agnt console --plain   # on a terminal: numbered items and prompts'],
  run: async (ctx, { opts }) => (await import('../workflows/console/run.ts')).consoleCommand(ctx, opts),
};

// One record per kind of object, derived from WAIT_KINDS (which the poll loop reads too).
const wait: BuiltinRecord[] = WAIT_KINDS.map((k) => ({
  command: `wait ${k.name}`,
  aliases: k.aliases,
  summary: `wait for ${an(k.what)}`,
  description: `Wait for ${an(k.what)} to meet a condition (statuses: ${k.statuses})`,
  args: [{ name: k.arg, description: `${k.what} id` }],
  options: [
    { flags: '--for <condition>', description: `FIELD=VALUE[,VALUE...] or 'jmespath=EXPR' (default: ${k.defaultFor})` },
    // The root program owns --timeout (seconds per request) and reads it wherever it stands;
    // here it is how long to wait, and the per-request limit comes from AGNT_TIMEOUT or the profile.
    { flags: '--timeout <duration>', description: 'how long to wait before giving up with exit 8: 30s, 10m, 2h, 1d (default 10m)' },
    { flags: '--interval <duration>', description: 'first pause between polls (default 1s)' },
    { flags: '--max-interval <duration>', description: 'longest pause between polls (default 15s)' },
    ...(k.flag ? [{ flags: `--${k.flag.flag} <id>`, description: `${k.flag.description}${k.flag.default ? ` (default: ${k.flag.default})` : ''}` }] : []),
  ],
  endpoints: [{ id: k.endpoint }],
  examples: k.examples,
  run: async (ctx, { args, opts }) => {
    const timeout = ctx.global.timeout;
    ctx.global.timeout = undefined;
    return await (await import('../workflows/wait.ts')).wait(ctx, k, String(args[0]), { ...opts, timeout });
  },
}));

const batch: BuiltinRecord = {
  command: 'batch',
  summary: 'run a command once per row of a file',
  description:
    'Run an agnt command once per row of a CSV, TSV, JSONL or YAML file, in process, a few rows at a time.\n' +
    "{column} in the command is replaced by the row's value ({{ and }} are literal braces). Each row is recorded in a\n" +
    'ledger (FILE.batch-ledger.jsonl) before its request is sent; after Ctrl-C or a crash, the same command with --resume\n' +
    'runs every row exactly once: a row that may already have reached the server is looked up first where the API\n' +
    'allows it, and reported as unknown where it does not. Results come out as one stream (-o jsonl, csv, json, table)\n' +
    "with the row number and key columns; failed rows go to --errors-out in the input's own columns plus batch_error.\n" +
    'Exit codes: 0 every row succeeded, 6 some rows failed, 7 some rows refused by the guardrails (docs/guardrails.md), 2 bad options or placeholders (nothing sent), 130 interrupted.',
  args: [
    { name: 'file', description: "CSV, TSV, JSONL or YAML file, or '-' for stdin (CSV unless --input-format); none with --plan", file: true, required: false },
    { name: 'command', description: 'after --: the agnt command line, with {column} placeholders', required: false, variadic: true },
  ],
  options: [
    { flags: '--concurrency <n>', description: 'rows in flight at once (default 64, at most 128: the connections agnt opens)' },
    { flags: '--serial', description: 'one row at a time (same as --concurrency 1)' },
    { flags: '--match <column=regex>', description: 'only rows whose column matches the regular expression; repeatable (all must match)', repeatable: true },
    { flags: '--skip-rows <n>', description: 'skip the first N data rows' },
    { flags: '--max-rows <n>', description: 'run at most N rows (try a few first)' },
    { flags: '--key <columns>', description: 'columns that identify a row in output and errors (default: the columns the command uses)', repeatable: true },
    { flags: '--errors-out <file>', description: "write the failed rows, in the input's own columns plus batch_error", file: true },
    { flags: '--ledger <file>', description: 'where to keep the ledger (default: FILE.batch-ledger.jsonl; required for --resume with stdin)', file: true },
    { flags: '--resume', description: 'finish an interrupted run from its ledger' },
    { flags: '--input-format <format>', description: 'csv, tsv, jsonl, yaml or json instead of guessing from the file name', values: ['csv', 'tsv', 'jsonl', 'yaml', 'json'] },
    { flags: '--delimiter <char>', description: 'CSV field delimiter instead of detecting it (comma, semicolon, tab, pipe, or one character)' },
    { flags: '--encoding <name>', description: 'text encoding instead of detecting it', values: ['utf8', 'utf16le', 'utf16be', 'windows-1252'] },
    { flags: '--plan-out <file>', description: 'send nothing: save every row’s request as a plan (for agnt approve and --plan)', file: true },
    { flags: '--plan <file>', description: 'send the requests of a saved plan, and only those, after checking its signatures (docs/guardrails.md)', file: true },
  ],
  endpointsNote: 'those of the command after --, once per row',
  examples: [
    "agnt batch examples/hr-export.csv --max-rows 5 -- users provision --email '{Work Email}' --first-name '{First}' --last-name '{Last}' --team-id team_acme",
    "agnt batch examples/invitees.csv --errors-out failed.csv -o jsonl -- invitations create --team-id team_acme --email '{email}'",
    "agnt batch examples/managers.yaml --dry-run -- manager-assignments create --manager '{manager}' --managed-user '{coordinator}'",
    "agnt batch examples/invitees.csv --resume -- invitations create --team-id team_acme --email '{email}'",
    "agnt batch examples/leavers.csv --yes --match 'status=^left$' -- users update '{id}' --status suspended",
  ],
  run: async (ctx, { args, opts, program }) => (await import('../workflows/batch/command.ts')).batch(ctx, args[0], args[1], opts, program.options),
};

const tree: BuiltinRecord[] = [
  {
    command: 'commands',
    summary: 'list commands and endpoints',
    description: 'List every command, built-in ones included, with the endpoints it calls; --json prints the catalogue',
    options: [{ flags: '--markdown', description: 'print the command reference (docs/commands.md) as Markdown' }],
    examples: ['agnt commands', 'agnt commands --json', 'agnt commands --markdown > commands.md'],
    run: async (ctx, { opts, program }) => {
      if (opts.markdown) return document((await import('../completion/reference.ts')).commandReference(program));
      return (await import('./commands.ts')).list(ctx, program);
    },
  },
  {
    command: 'completion',
    summary: 'print a shell completion script',
    description:
      "Print a completion script for bash, zsh, fish or PowerShell, generated from the command tree: commands, flags,\nflag values, file paths, and ids of the active profile's server (asked with a short timeout, cached for a minute).",
    args: [{ name: 'shell', description: SHELLS.join(', ').replace(/, (\w+)$/, ' or $1'), choices: SHELLS }],
    examples: [
      'mkdir -p ~/.local/share/bash-completion/completions && agnt completion bash > ~/.local/share/bash-completion/completions/agnt',
      'mkdir -p ~/.zfunc && agnt completion zsh > ~/.zfunc/_agnt   # with fpath=(~/.zfunc $fpath) in ~/.zshrc',
      'mkdir -p ~/.config/fish/completions && agnt completion fish > ~/.config/fish/completions/agnt.fish',
      'source <(agnt completion bash)',
      'agnt completion powershell > ~/agnt.ps1   # and in $PROFILE: . ~/agnt.ps1',
    ],
    run: async (_ctx, { args, program }) => {
      const { completionScript } = await import('../completion/scripts.ts');
      return document(completionScript(program, args[0] as (typeof SHELLS)[number]));
    },
  },
  {
    command: 'version',
    summary: 'print the versions of agnt, Node and the platform',
    description: 'Print the version of agnt, of the Node.js running it, and the platform (for bug reports); -o json for a record',
    examples: ['agnt version', 'agnt version --json'],
    run: async () => (await import('./version.ts')).version(),
  },
  // Writes docs/reference.md; scripts/completions.mjs runs it at build time (src/help/reference.ts).
  {
    command: '__reference',
    summary: 'print the help topics as Markdown (docs/reference.md)',
    examples: [],
    hidden: true,
    run: async () => document((await import('../help/reference.ts')).referenceMarkdown()),
  },
  // Writes the man page; scripts/completions.mjs runs it at build time (src/help/man.ts).
  {
    command: '__man',
    summary: 'print the man page agnt(1) in roff',
    examples: [],
    hidden: true,
    run: async (_ctx, { program }) => document((await import('../help/man.ts')).manPage(program)),
  },
  // Called by the completion scripts as `agnt __complete -- <words...>`; the `--` keeps commander
  // from reading the user's half-typed flags (--help, -v) as its own.
  {
    command: '__complete',
    summary: 'print completions for a partial command line',
    description: 'Print completions for a partial command line, one value<TAB>description per line',
    args: [{ name: 'words', description: 'the words typed so far', required: false, variadic: true }],
    examples: [],
    hidden: true,
    raw: true,
    run: async (_ctx, { args, program }) => {
      const words = ((args[0] as string[] | undefined) ?? []).map((w, i, all) => (i === all.length - 1 && w === EMPTY_WORD ? '' : w));
      // An extension completes its own words: `agnt-NAME __complete WORDS...`.
      if (words.length > 1 && !commandWordIn(program)(words[0]!)) {
        const out = await (await import('../extension/complete.ts')).completeExtension(words);
        if (out !== undefined) return out ? document(out) : undefined;
      }
      return (await import('../completion/complete.ts')).complete(program, words, currentHost().startedAt);
    },
  },
];

/** Every built-in command, in help order. */
export const BUILTINS: readonly BuiltinRecord[] = [
  ...auth,
  ...config,
  ...SANDBOX_RECORDS,
  ...MCP_RECORDS,
  ...CHANGES_RECORDS,
  ...KEYS_RECORDS,
  ...alias,
  extension,
  ...api,
  inbox,
  consoleRecord,
  ...wait,
  batch,
  ...tree,
];
