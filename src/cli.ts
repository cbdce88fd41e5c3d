// Builds the commander program and runs it. The only place that decides the process's exit
// code; bin/agnt.js only loads this module.
import { Command, CommanderError, Help, Option } from 'commander';
import { AREA_INDEX, loadArea } from '../commands/index.ts';
import { buildArea, hinted, type ContextFactory } from './core/builder.ts';
import { Context, type GlobalOptions } from './core/context.ts';
import { AgntError, ApiError, EXIT, OutcomeExit, Interrupted, NetworkError, UsageError, apiTag } from './core/errors.ts';
import { escapeControls, FORMATS, parseFormat, safeJson } from './core/output.ts';
import { maskSecrets, redactUrls, redactValue } from './core/redact.ts';
import { VERSION } from './core/version.ts';
import { oneValue } from './core/once.ts';
import { handleStdoutErrors } from './core/stdio.ts';
import { currentHost, hostEnv, theProcessHost, withHost, type Host } from './core/host.ts';
import { addBuiltins } from './builtins.ts';
import { isCommandWord } from './command-words.ts';
import { topicsLine } from './help/topic-names.ts';
import { helpTopicText, jsonFieldsHint, jsonFieldsMistake } from './help/answers.ts';
import { rememberCommandLine } from './core/journal-run.ts';

const VALUE_FLAGS = new Set(['-o', '--output', '--fields', '--query', '--profile', '--base-url', '--timeout', '--guardrails']);

/** The first command word, skipping global flags, so that only that area's commands are built. */
export function firstWord(argv: string[]): string | undefined {
  return commandWords(argv, 1)[0];
}

/** The first `n` command words (area, verb), skipping global flags. */
export function commandWords(argv: string[], n: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < n; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1, i + 1 + n - words.length));
      break;
    }
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    words.push(a);
  }
  return words;
}

function globalOptions(program: Command): void {
  const opts = [
    // Checked in makeContext rather than with choices(), so that a command that declares its own
    // --output (drive download: a destination path) can read the value as its own.
    hinted(new Option('-o, --output <format>', `output format: ${FORMATS.join(', ')} (org plan and drift: markdown)`), { values: FORMATS }),
    new Option('--json', 'short for --output json'),
    new Option('--yaml', 'short for --output yaml'),
    new Option('--jsonl', 'short for --output jsonl (one record per line)'),
    new Option('--fields <list>', 'keep these fields (comma-separated, dotted paths allowed)'),
    new Option('--query <expr>', 'JMESPath expression applied to the result'),
    new Option('--csv-raw', 'with -o csv: cells as the server sent them (control characters and formulas unescaped)'),
    new Option('--dry-run', 'print the request that would be sent (token masked) and exit'),
    new Option('--profile <name>', 'profile to use (env AGNT_PROFILE)'),
    new Option('--base-url <url>', 'server base URL (env AGNT_BASE_URL)'),
    new Option('--yes', 'answer yes to confirmations'),
    new Option('--no-input', 'never prompt'),
    new Option('--debug', 'log each HTTP exchange to stderr, secrets masked'),
    new Option('--quiet', 'less output on stderr'),
    new Option('--no-color', 'no colour (env NO_COLOR)'),
    new Option('--timeout <seconds>', 'per-request time limit (default 30)'),
    new Option('--guardrails <file>', 'check every write against the guardrails of this organization document (profile setting guardrails)'),
  ];
  for (const o of opts) program.addOption((o.required || o.optional ? oneValue(o) : o).helpGroup(GLOBAL_GROUP));
}

const GLOBAL_GROUP = 'Global options:';

// The root help lists the global flags in full; every other help lists its own flags and then
// the global ones on a few lines (as gh's INHERITED FLAGS does), so a leaf's help stays short.
function globalFlagsSection(cmd: Command, width: number): string {
  let root = cmd;
  while (root.parent) root = root.parent;
  const terms = root.options.filter((o) => o.helpGroupHeading === GLOBAL_GROUP && !o.hidden).map((o) => o.flags);
  const lines: string[] = [];
  let line = ' ';
  for (const t of terms) {
    if (line.length + 2 + t.length > width && line.trim()) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${t} `;
  }
  if (line.trim()) lines.push(line);
  return `\nGlobal flags (described in agnt --help):\n${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

// Long descriptions are written wrapped at about 100 columns; commander keeps every newline and
// wraps again at the terminal's width, which leaves ragged half-lines on a narrower one. A line
// break inside a sentence is joined back; one after a full stop or colon, before an indented or
// listed line, or a blank line, is the author's and stays.
export function reflow(text: string): string {
  return text.replace(/([^.:;!?\n])\n(?![\s\-*$]|\d+\.\s)/g, '$1 ');
}

const ROOT_EXAMPLES = `
Examples:
  # An admin: an organization, its SSO and its members, safe to re-run
  $ agnt org list --all --query "[?name=='Acme'].id | [0]"
  $ agnt org sso set org_acme --file examples/sso.yaml
  $ agnt org members add org_acme --email ops@acme.test

  # A coordinator: what waits for me, then accept it
  $ agnt coverage list --role backup --status pending_acceptance
  $ agnt coordinator schedule --days 7

  # A shell pipeline: records as JSON lines or CSV, ids from one command into the next
  $ agnt users list --all -o csv --fields id,email,status > users.csv
  $ agnt contacts list --tags stale -o id | agnt contacts delete - --yes

  # Bulk work: contacts from a CSV another tool exported
  $ agnt contacts import examples/google-contacts.csv --errors-out failed.csv

Help for an area or a command: agnt help <area> [<verb>], or agnt <area> <verb> --help.
${topicsLine()}
`;

function applyToAll(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const c of cmd.commands) applyToAll(c, fn);
}

export async function buildProgram(argv: string[], makeContext: ContextFactory, onlyArea?: string | null, jsonErrors: () => boolean = () => false): Promise<Command> {
  const host = currentHost();
  const program = new Command('agnt');
  program.description('Command-line administration for the Assistant Platform API').version(VERSION, '-v, --version', 'print the version').helpCommand(false).addHelpText('after', ROOT_EXAMPLES);
  globalOptions(program);
  const [first, verb] = commandWords(argv, 2);
  const word = onlyArea === undefined ? first : onlyArea;
  // Only the invoked area's records (and its API model) are loaded; the others get their group
  // (name, aliases, summary) from the index, for the root help and unknown-command errors.
  const full = (e: (typeof AREA_INDEX)[number]) => word != null && (alwaysFull(word) || word === e.name || Boolean(e.aliases?.includes(word)));
  const loaded = await Promise.all(AREA_INDEX.map((e) => (full(e) ? loadArea(e) : undefined)));
  // A run of one area's command (not the whole-tree commands) builds that area alone, narrowed
  // to the verb: nothing else is reachable from its words, and the other areas and the
  // built-in commands (auth, config, sandbox, api...) would cost start-up time for nothing.
  const invoked = onlyArea === undefined && !alwaysFull(first) ? AREA_INDEX.findIndex(full) : -1;
  for (const [i, e] of AREA_INDEX.entries()) {
    if (invoked < 0 || i === invoked) buildArea(program, loaded[i] ?? e, makeContext, loaded[i] !== undefined, invoked < 0 ? undefined : verb);
  }
  // The built-ins in full only where their words are on the command line (or the whole tree is needed).
  if (invoked < 0) await addBuiltins(program, makeContext, onlyArea === undefined && !alwaysFull(first) ? (first ?? '') : undefined);
  applyToAll(program, (c) => {
    c.exitOverride();
    c.helpCommand(false);
    c.configureHelp({
      sortSubcommands: false,
      // commander leaves a description unwrapped when fewer than 40 columns remain beside its
      // flag, which on a narrow terminal made every long option line overflow.
      minWidthToWrap: 16,
      commandDescription: (cmd: Command) => reflow(cmd.description()),
      // An option with choices already says "(one of: a, b)" in its description, in the same
      // words as a field's; commander's own '(choices: "a", "b")' after it would say it twice.
      optionDescription(this: Help, option: Option): string {
        const choices = option.argChoices;
        if (!choices || !option.description.includes('(one of: ')) return Help.prototype.optionDescription.call(this, option);
        option.argChoices = undefined;
        try {
          return Help.prototype.optionDescription.call(this, option);
        } finally {
          option.argChoices = choices;
        }
      },
      formatHelp(this: Help, cmd: Command, helper: Help): string {
        const base = Help.prototype.formatHelp.call(this, cmd, helper);
        return cmd.parent ? base + globalFlagsSection(cmd, helper.helpWidth ?? 80) : base;
      },
    });
    c.configureOutput({
      // Help goes to the descriptor, and is sized and styled by what the descriptors are:
      // commander's defaults ask process.stdout, which makes the stream (stdio.ts says why not).
      // agnt's help carries no colour, so there is none to keep.
      writeOut: (s) => host.writeOut(s),
      getOutHelpWidth: () => (host.isTTY(1) ? terminalWidth(host.columns(1)) : 80),
      getErrHelpWidth: () => (host.isTTY(2) ? terminalWidth(host.columns(2)) : 80),
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      // In the JSON error form commander's own error text (and the help after it) is replaced
      // by the one JSON object printError writes.
      writeErr: (s) => {
        if (!jsonErrors()) host.stderr.write(s);
      },
      outputError: (s, write) => {
        // commander's message may hold its own line breaks ("\n(Did you mean list?)"): each line
        // is escaped, the breaks kept.
        if (!jsonErrors()) write((s.startsWith('error:') ? s : `error: ${s}`).split('\n').map(escapeControls).join('\n'));
      },
    });
    c.showHelpAfterError('(run with --help for usage)');
  });
  return program;
}

/** A terminal's width: what it reports, else COLUMNS (a pseudo-terminal may report 0), else 80. */
function terminalWidth(reported: number | undefined): number {
  return reported || Number(hostEnv().COLUMNS) || 80;
}

/** For `agnt help a b`: the first word that names no command there, as an error message. */
function unknownCommand(program: Command, words: string[]): string | undefined {
  let cmd = program;
  for (const w of words) {
    if (w.startsWith('-')) break;
    const next = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (!next) return `unknown command '${[...words.slice(0, words.indexOf(w)), w].join(' ')}' (see agnt --help)`;
    cmd = next;
  }
  return undefined;
}

/** Commands that read the whole tree build every area. */
function alwaysFull(word: string | undefined): boolean {
  return word === 'commands' || word === 'completion' || word === '__complete' || word === '__man';
}

/**
 * Whether failures are reported as one JSON object: --json, --jsonl, -o json|jsonl, or
 * AGNT_ERROR_FORMAT=json. Read from argv as well as from parsed options, because commander's
 * own parse errors come before any option is parsed.
 */
export function wantsJsonErrors(argv: string[], global: GlobalOptions = {}, env: NodeJS.ProcessEnv = currentHost().env): boolean {
  if ((env.AGNT_ERROR_FORMAT ?? '').toLowerCase() === 'json') return true;
  if (global.json || global.jsonl || global.output === 'json' || global.output === 'jsonl') return true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--json' || a === '--jsonl') return true;
    if ((a === '-o' || a === '--output') && (argv[i + 1] === 'json' || argv[i + 1] === 'jsonl')) return true;
    if (/^(--output=|-o=?)(json|jsonl)$/.test(a)) return true;
  }
  return false;
}

export interface ErrorObject {
  message: string;
  exitCode: number;
  status?: number;
  code?: string;
  hint?: string;
  field?: string;
  details?: unknown;
}

/** A prompt library's Ctrl-C (inquirer rejects with ExitPromptError) is an interruption. */
function isPromptExit(e: unknown): boolean {
  const name = (e as Error | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

/** The one description of a failure, for either form. */
export function describeError(e: unknown): ErrorObject | undefined {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' || e.exitCode === 0) return undefined;
    const message = e.message.replace(/^error: /, '');
    const flag = /option '(-[^' ]*(?:, )?(--[^' ]+)?)/.exec(message);
    const field = flag ? (flag[2] ?? flag[1])!.replace(/^-+/, '') : undefined;
    const hint = (e as CommanderError & { hint?: string }).hint;
    return { message, exitCode: EXIT.usage, ...(hint ? { hint } : {}), ...(field ? { field } : {}) };
  }
  if (isPromptExit(e)) return { message: 'interrupted at a prompt; nothing was sent', exitCode: EXIT.interrupted };
  if (e instanceof AgntError) {
    const out: ErrorObject = { message: redactUrls(e.message), exitCode: e.exitCode };
    if (e instanceof ApiError) {
      out.status = e.status;
      if (e.code) out.code = e.code;
      const { status: _s, error: _e, error_code: _c, ...rest } = e.body;
      if (Object.keys(rest).length) out.details = redactValue(rest);
    } else if (e instanceof NetworkError && e.code) out.code = e.code;
    if (e.hint) out.hint = e.hint;
    const field = e.field ?? (e instanceof UsageError ? /^--([a-z0-9][a-z0-9-]*)\b/.exec(e.message)?.[1] : undefined);
    if (field) out.field = field;
    return out;
  }
  const err = e as Error;
  return { message: err?.message ?? String(e), exitCode: EXIT.failure };
}

/** Prints a failure on stderr (one line and a hint, or one JSON object) and returns its exit code. */
export function printError(e: unknown, global: GlobalOptions, json = wantsJsonErrors([], global), host: Host = currentHost()): number {
  const d = describeError(e);
  if (!d) return 0;
  const stderr = host.stderr;
  // Exit 7 and 8 are outcomes: their document is on stdout, and no error object follows it.
  if (e instanceof OutcomeExit && json) return d.exitCode;
  if (json) {
    stderr.write(`${maskSecrets(safeJson({ error: d }, false))}\n`);
    return d.exitCode;
  }
  if (e instanceof CommanderError) return d.exitCode; // commander printed it already
  if (d.exitCode === EXIT.interrupted || d.exitCode === EXIT.changes || e instanceof OutcomeExit) {
    // Not an "error": what an interrupted command had done, or (plan/drift --exit-code) that
    // the plan printed holds changes.
    stderr.write(`${escapeLine(maskSecrets(d.message))}\n`);
    return d.exitCode;
  }
  let line = `error: ${d.message}`;
  if (d.status !== undefined) line += apiTag({ status: d.status, code: d.code });
  stderr.write(`${escapeLine(maskSecrets(line))}\n`);
  if (d.hint) stderr.write(`hint: ${escapeLine(maskSecrets(d.hint))}\n`);
  if (!(e instanceof AgntError) && host.env.AGNT_TRACE) stderr.write(`${(e as Error)?.stack}\n`);
  return d.exitCode;
}

// An error line quotes server text: the same escaping as table output (C0, C1, DEL, bidi).
const escapeLine = escapeControls;

/**
 * Runs one command line against `host` (the process's own by default; a test's fake one in
 * test/support/inproc.ts) and returns the exit code. Never ends the process itself, and keeps
 * nothing between runs: what lasts a run lives in its Host.
 */
export function main(argv: string[], host: Host = theProcessHost()): Promise<number> {
  return withHost(host, () => runLine(argv, host));
}

async function runLine(argv: string[], host: Host): Promise<number> {
  const controller = new AbortController();
  rememberCommandLine(host, argv);
  let interrupted = false;
  let jsonErrors = wantsJsonErrors(argv, {}, host.env);
  const offInterrupt = host.onInterrupt(() => {
    if (interrupted) return host.exit(EXIT.interrupted);
    interrupted = host.interrupted = true;
    controller.abort();
  });
  let ctx: Context | undefined;
  const makeContext: ContextFactory = (cmd) => {
    const global = cmd.optsWithGlobals() as GlobalOptions;
    jsonErrors ||= wantsJsonErrors([], global);
    ctx = new Context(global, controller.signal);
    ctx.jsonErrors = jsonErrors;
    if (global.output !== undefined && !cmd.options.some((o) => o.long === '--output')) parseFormat(global.output);
    return ctx;
  };
  let code = 0;
  // `agnt help coverage create` is `agnt coverage create --help`, as in git, gh and kubectl.
  const helpWords = argv[0] === 'help' ? argv.slice(1) : undefined;
  if (helpWords) argv = helpWords.length ? [...helpWords, '--help'] : [];
  try {
    const topic = helpWords?.length === 1 ? await helpTopicText(helpWords[0], host.isTTY(1) ? terminalWidth(host.columns(1)) : 80) : undefined;
    if (topic !== undefined) {
      host.writeOut(topic);
      return 0;
    }
    // A first word that names no command may be an alias, else an extension (agnt-NAME on PATH);
    // both load only then, so that commands pay nothing for them.
    if (argv[0] && !argv[0].startsWith('-') && !isCommandWord(argv[0])) {
      const aliased = await (await import('./alias/run.ts')).runAlias(argv, isCommandWord);
      if (aliased && 'exitCode' in aliased) return aliased.exitCode;
      if (aliased) argv = aliased.argv;
      else {
        const code = await (await import('./extension/run.ts')).runExtension(argv);
        if (code !== undefined) return code;
      }
    }
    const mistake = jsonFieldsMistake(argv);
    if (mistake) throw mistake;
    const program = await buildProgram(argv, makeContext, undefined, () => jsonErrors);
    if (helpWords) {
      const unknown = unknownCommand(program, helpWords);
      if (unknown) throw new UsageError(unknown);
    }
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
    if (interrupted && !ctx?.interruptIsStop) code = printError(new Interrupted(), ctx?.global ?? {}, jsonErrors);
  } catch (e) {
    let err = e;
    if (e instanceof CommanderError && e.code === 'commander.excessArguments') (e as CommanderError & { hint?: string }).hint = jsonFieldsHint(argv);
    // Ctrl-C surfaces as whatever the aborted work threw; report it as the interruption.
    if (interrupted && !(e instanceof AgntError && e.exitCode === EXIT.interrupted)) err = new Interrupted();
    code = printError(err, ctx?.global ?? {}, jsonErrors);
    if (interrupted) code = EXIT.interrupted;
  } finally {
    await ctx?.close();
    offInterrupt();
  }
  return code;
}

export async function run(): Promise<void> {
  const host = theProcessHost();
  // A reader that goes away (`agnt users list --all | head -1`) ends the run quietly; a full
  // disk is one line (stdio.ts).
  handleStdoutErrors();
  // A rejection nobody waited for (a page fetched ahead, then abandoned) must not end the
  // run with a stack trace quoting the bundle: it is reported like any failure.
  process.on('unhandledRejection', (e) => {
    // A request or pause that Ctrl-C aborted, settling after its caller has moved on: main
    // reports the interruption (or, for --watch, the stop) with its own exit code.
    if (host.interrupted && isAbortLike(e)) return;
    const code = printError(e, {}, wantsJsonErrors(process.argv.slice(2)));
    process.exit(code || EXIT.failure);
  });
  const code = await main(process.argv.slice(2), host);
  process.exitCode = code;
  // The work is done and its exit code known: a Ctrl-C while the process winds down (sockets
  // closing, stdout draining) must not turn that outcome into death by SIGINT (exit 130).
  process.on('SIGINT', () => process.exit(code));
  // Flush stdout before leaving; keep-alive sockets are already closed by ctx.close().
  if (code !== 0) setTimeout(() => process.exit(code), 0).unref();
}

function isAbortLike(e: unknown): boolean {
  if (e instanceof Interrupted) return true;
  const err = e as { name?: string; code?: string } | null;
  return err?.name === 'AbortError' || err?.code === 'UND_ERR_ABORTED' || err?.code === 'ABORT_ERR';
}
