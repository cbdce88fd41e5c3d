// Help topics (`agnt help environment`, `exit-codes`, `formatting`, `config`) as data: the same
// entries make the text `agnt help TOPIC` prints and the sections of the man page
// (src/help/man.ts). test/unit/help-topics.test.ts holds the environment list to every variable
// the code reads, and the exit codes to EXIT.
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS, PROFILE_SETTINGS } from '../core/config.ts';
import { EXIT } from '../core/errors.ts';
import { FORMATS } from '../core/output.ts';

export interface EnvEntry {
  name: string;
  meaning: string;
  default?: string;
}

/** Every environment variable agnt reads, in the order a user meets them. */
export const environment = (): readonly EnvEntry[] => [
  { name: 'AGNT_TOKEN', meaning: "the API token; beats the profile's (never put it in argv)", default: "the profile's token" },
  { name: 'AGNT_BASE_URL', meaning: 'the server base URL (as --base-url)', default: "the profile's base URL" },
  { name: 'AGNT_PROFILE', meaning: 'the profile to use (as --profile)', default: "the current profile (agnt config use), else 'default'" },
  { name: 'AGNT_OUTPUT', meaning: `output format: ${FORMATS.join(', ')} (as -o)`, default: "the profile's output, else table" },
  { name: 'AGNT_TIMEOUT', meaning: 'per-request time limit in seconds (as --timeout)', default: `the profile's timeout, else ${DEFAULT_TIMEOUT_SECONDS}` },
  { name: 'AGNT_RETRIES', meaning: 'retries of a request that failed in a way that may pass (429, 5xx, reset connections)', default: `the profile's retries, else ${DEFAULT_RETRIES}` },
  {
    name: 'AGNT_TIMEZONE',
    meaning: 'IANA time zone for times you type and times agnt shows (as --tz where a command has it)',
    default: "the profile's timezone, else your platform user's, else the machine's",
  },
  { name: 'AGNT_CA_FILE', meaning: 'a PEM bundle of certificate authorities to trust (as the ca-file setting)', default: "the profile's ca-file, else Node's authorities" },
  { name: 'AGNT_CERT_FILE, AGNT_KEY_FILE', meaning: 'a client certificate and its key for mutual TLS (as cert-file, key-file)', default: "the profile's, else none" },
  { name: 'AGNT_KEY_PASSPHRASE', meaning: 'the passphrase of an encrypted key-file (never kept in the config file)', default: "the OS keyring's, set by `agnt config set key-passphrase -`" },
  { name: 'AGNT_HTTP2', meaning: 'auto: offer HTTP/2 to an https server; off: HTTP/1.1 only (as the http2 setting)', default: "the profile's http2, else auto" },
  { name: 'AGNT_CONFIG_DIR', meaning: 'the folder holding config.json (profiles)', default: '$XDG_CONFIG_HOME/agnt, else ~/.config/agnt' },
  { name: 'AGNT_KEYRING', meaning: 'off (or 0, false, no): keep tokens in the config file instead of the OS keyring', default: 'the OS keyring when one is available' },
  { name: 'AGNT_KEYRING_MODULE', meaning: 'a module with the API of @napi-rs/keyring to use instead (tests)', default: '@napi-rs/keyring' },
  { name: 'AGNT_NO_INPUT', meaning: '1: never prompt (as --no-input)', default: 'prompt on a terminal' },
  { name: 'AGNT_ERROR_FORMAT', meaning: 'json: report every failure as one JSON object on stderr (as --json does)', default: 'one line, and a hint line' },
  { name: 'AGNT_TRACE', meaning: 'any value: print the stack of an unexpected error (a bug) after its message', default: 'unset' },
  { name: 'AGNT_BACKOFF_MS', meaning: 'first pause before a retry, in milliseconds; doubles each time, up to 8 s (a server Retry-After wins)', default: '500' },
  {
    name: 'AGNT_LOCK_WAIT',
    meaning: 'seconds a second writer of a file agnt keeps (config, aliases, a ledger, a state or cursor file) waits for the lock before it refuses, naming the holder',
    default: '15 (config, aliases), 1 (ledgers, state, cursor)',
  },
  { name: 'AGNT_RETRY_BUDGET', meaning: 'retries one run may make across all its requests, so a failing server is not hammered', default: '10' },
  { name: 'AGNT_COMPLETE_TIMEOUT_MS', meaning: 'how long shell completion waits for ids from the server, in milliseconds', default: '900' },
  { name: 'AGNT_COMPLETE_TTL', meaning: 'how long shell completion keeps ids it fetched, in seconds (0: not at all)', default: '60' },
  { name: 'AGNT_<PATH>', meaning: `org-as-code secrets: a file value $\{env:AGNT_SSO_SAML_PRIVATE_KEY} is read from that variable`, default: 'none' },
  { name: 'NO_COLOR', meaning: 'non-empty: no colour (spinners and progress still show on a terminal)', default: 'unset' },
  { name: 'FORCE_COLOR', meaning: '0 or false: no colour; 1-3: that colour level, even in a pipe', default: 'unset' },
  { name: 'TERM', meaning: 'dumb: no colour and no animation; *-256color: 256 colours', default: "the terminal's" },
  { name: 'COLORTERM', meaning: 'truecolor or 24bit: 24-bit colour', default: "the terminal's" },
  { name: 'CI', meaning: 'set (not 0 or false): a log is kept, not watched; no colour, no animation, no prompts', default: 'unset' },
  { name: 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY', meaning: 'proxy for API calls and presigned transfers (either case); loopback is not exempt', default: 'no proxy' },
  { name: 'NODE_EXTRA_CA_CERTS', meaning: "a PEM file of extra certificate authorities Node trusts (a company's own CA)", default: "Node's bundled authorities" },
  { name: 'COLUMNS', meaning: 'the width help is wrapped to, on a terminal that reports none', default: "the terminal's width, else 80" },
  { name: 'PATH', meaning: 'where agnt-NAME extensions are found (agnt extension list; docs/extending.md)', default: "the shell's" },
  { name: 'XDG_CONFIG_HOME', meaning: 'where the config folder goes when AGNT_CONFIG_DIR is unset', default: '~/.config' },
  { name: 'AGNT_CACHE_DIR', meaning: "the folder for `agnt usage report`'s cache of chat rollups", default: '$AGNT_CONFIG_DIR/cache when that is set, else $XDG_CACHE_HOME/agnt, else ~/.cache/agnt' },
  { name: 'XDG_CACHE_HOME', meaning: 'where the cache folder goes when AGNT_CACHE_DIR is unset', default: '~/.cache' },
  { name: 'APPDATA', meaning: "Windows: where `agnt mcp install` finds Claude Desktop's and VS Code's configuration", default: '%USERPROFILE%\\AppData\\Roaming' },
  { name: 'NODE_DISABLE_COMPILE_CACHE', meaning: "any value: keep no cache of compiled code (Node's own switch, honoured on Node 20 too)", default: 'unset' },
];

// Functions, not constants: the root help imports this module at start-up, where the modules
// these tables read (output.ts, config.ts) may not be evaluated yet.
const exitMeanings = (): Record<keyof typeof EXIT, string> => ({
  ok: 'success',
  failure: 'failure: server error, network error, timeout',
  usage: 'usage error: unknown flag, bad value, missing argument, bad local file; nothing was sent',
  notFound: 'not found (404)',
  auth: 'not authenticated or not allowed (401, 403)',
  rejected: 'rejected: invalid request, conflict, quota (400, 409, 422)',
  partial: 'partial failure of a bulk operation (some rows or items failed)',
  changes:
    'a finding, not an error: org plan / org drift with --exit-code (the organization differs from the file); usage report --budget N --exit-code (the period cost more than N); a write the guardrails refuse (nothing sent)',
  waitTimeout: 'agnt wait timed out: the condition did not hold within --timeout',
  interrupted: 'interrupted (Ctrl-C)',
});

export const exitCodes = (): ReadonlyArray<{ code: number; meaning: string }> => (Object.keys(EXIT) as Array<keyof typeof EXIT>).map((k) => ({ code: EXIT[k], meaning: exitMeanings()[k] }));

const settingMeanings = (): Record<keyof typeof PROFILE_SETTINGS, string> => ({
  'base-url': 'the server base URL',
  output: `the default output format (${PROFILE_SETTINGS.output.enum.join(', ')})`,
  timeout: `per-request time limit in seconds (default ${DEFAULT_TIMEOUT_SECONDS})`,
  retries: `retries of a request that may pass (default ${DEFAULT_RETRIES})`,
  timezone: 'IANA time zone for times you type and agnt shows (Europe/Paris)',
  guardrails: 'the organization document whose guardrails every write is checked against when the command has none (docs/guardrails.md)',
  'ca-file': 'a PEM bundle of certificate authorities to trust for this server (AGNT_CA_FILE)',
  'cert-file': 'a client certificate (PEM) for servers that require mutual TLS (AGNT_CERT_FILE)',
  'key-file': "the client certificate's private key (PEM; its passphrase from AGNT_KEY_PASSPHRASE or the keyring)",
  http2: 'offer HTTP/2 to an https server: auto (default) or off (AGNT_HTTP2)',
});

/** A block of a topic: a paragraph, a two-column list, or examples. */
export type Block = { kind: 'text'; text: string } | { kind: 'list'; rows: ReadonlyArray<readonly [string, string]> } | { kind: 'examples'; lines: readonly string[] };

export interface Topic {
  name: string;
  summary: string;
  blocks: readonly Block[];
}

const text = (t: string): Block => ({ kind: 'text', text: t });

export { TOPIC_NAMES, topicsLine } from './topic-names.ts';

export const topics = (): readonly Topic[] => [
  {
    name: 'environment',
    summary: 'every environment variable agnt reads, with its meaning and default',
    blocks: [
      text('A flag beats the environment, which beats the profile (agnt help config). Each variable, its meaning, and its default in brackets:'),
      { kind: 'list', rows: environment().map((e) => [e.name, e.default ? `${e.meaning} [default: ${e.default}]` : e.meaning] as const) },
    ],
  },
  {
    name: 'exit-codes',
    summary: 'what each exit code means',
    blocks: [
      { kind: 'list', rows: exitCodes().map((e) => [String(e.code), e.meaning] as const) },
      text(
        'Errors are one line on stderr, `error: <message> (HTTP <status>, <error_code>)`, with a `hint:` line where one helps. ' +
          'With --json, --jsonl, -o json|jsonl or AGNT_ERROR_FORMAT=json every failure is one JSON object on stderr: ' +
          '{"error": {"message", "exitCode", "status", "code", "hint", "field", "details"}}.',
      ),
    ],
  },
  {
    name: 'formatting',
    summary: 'output formats, --fields, --query and -o id, with examples',
    blocks: [
      text(
        `-o FORMAT chooses the output: ${FORMATS.join(', ')}. table is the default (a profile or AGNT_OUTPUT may set another); ` +
          '--json, --yaml and --jsonl are short forms. stdout carries data only; progress, prompts and errors go to stderr.',
      ),
      {
        kind: 'list',
        rows: [
          ['table', 'aligned columns for people; the columns a command chose'],
          ['json', "the API's result, pretty on a terminal and compact in a pipe"],
          ['yaml', 'the same as json, in YAML; a string a YAML 1.1 reader would take as another type (no, on, 1:20, a date) is quoted'],
          ['jsonl', 'one record per line; streams page by page with --all'],
          [
            'csv',
            "a header line, then one line per record; streams with --all. Control characters escaped, a cell a spreadsheet would evaluate (=, +, -, @) led by '; a list of objects is one JSON cell",
          ],
          ['--csv-raw', 'with -o csv: cells as the server sent them (no escaping, no formula guard)'],
          ['markdown', 'org plan and org drift only: the plan as a pull-request comment'],
          ['id', 'one id per line, for the next command in a pipe'],
          ['--fields a,b.c', 'keep these fields (table columns, or keys in json, yaml, csv); dotted paths reach nested values'],
          ['--query EXPR', 'a JMESPath expression (jmespath.org) applied to the result, or to each record with jsonl, csv and id'],
        ],
      },
      {
        kind: 'examples',
        lines: [
          'agnt users list --fields id,email,status',
          'agnt users list --all -o csv --fields id,email > users.csv',
          "agnt users list --json --query '[?status==`active`].email'",
          'agnt contacts list --tags stale -o id | agnt contacts delete - --yes',
          "agnt users me --query 'team.name'",
        ],
      },
    ],
  },
  {
    name: 'config',
    summary: 'profiles, their settings, and where each value comes from',
    blocks: [
      text(
        'A profile holds a server, a token and settings. Profiles live in config.json in AGNT_CONFIG_DIR ' +
          '(default $XDG_CONFIG_HOME/agnt, else ~/.config/agnt), mode 0600; tokens go to the OS keyring when there is one ' +
          '(AGNT_KEYRING=off keeps them in the file). agnt auth login writes a profile; agnt config use NAME makes one the current one; ' +
          '--profile NAME or AGNT_PROFILE picks one for a command.',
      ),
      text('Each value comes from the first of: a flag, the environment (agnt help environment), the profile, the default. agnt config list shows where each came from. The settings:'),
      { kind: 'list', rows: (Object.keys(PROFILE_SETTINGS) as Array<keyof typeof PROFILE_SETTINGS>).map((k) => [k, settingMeanings()[k]] as const) },
      { kind: 'examples', lines: ['agnt config set timezone Europe/Paris', 'agnt config set output json --profile staging', 'agnt config list', 'agnt config profiles', 'agnt auth status --all'] },
    ],
  },
];

export function findTopic(name: string | undefined): Topic | undefined {
  return topics().find((t) => t.name === name);
}

/** Words wrapped at `width`, each line after the first indented by `indent`. */
export function wrap(words: string, width: number, indent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The topic as `agnt help TOPIC` prints it, wrapped at `width` columns. */
export function topicText(topic: Topic, width = 80): string {
  const out: string[] = [...wrap(`${topic.name}: ${topic.summary}`, width, 2), ''];
  for (const b of topic.blocks) {
    if (b.kind === 'text') out.push(...wrap(b.text, width), '');
    else if (b.kind === 'examples') out.push('Examples:', ...b.lines.map((l) => `  $ ${l}`), '');
    else {
      const keyWidth = Math.min(Math.max(...b.rows.map(([k]) => k.length)), 24);
      for (const [k, v] of b.rows) {
        const pad = 2 + keyWidth + 2;
        const body = wrap(v, Math.max(30, width - pad), 0);
        if (k.length > keyWidth) out.push(`  ${k}`, ...body.map((l) => ' '.repeat(pad) + l));
        else out.push(`  ${k.padEnd(keyWidth)}  ${body[0] ?? ''}`, ...body.slice(1).map((l) => ' '.repeat(pad) + l));
      }
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
