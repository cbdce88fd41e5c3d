// Builds the commander program and runs it. The only place that decides the process's exit
// code; bin/agnt.js only loads this module.
import { Command, CommanderError, Help, Option } from 'commander';
import { AREA_INDEX, loadArea } from '../commands/index.ts';
import { buildArea, hinted, type ContextFactory } from './core/builder.ts';
import { Context, type GlobalOptions } from './core/context.ts';
import { AgntError, ApiError, ChangesFound, EXIT, UsageError } from './core/errors.ts';
import { escapeControls, FORMATS, parseFormat, safeJson } from './core/output.ts';
import { redactUrls, redactValue } from './core/redact.ts';
import { VERSION } from './core/version.ts';
import { addBuiltins } from './builtins.ts';

const VALUE_FLAGS = new Set(['-o', '--output', '--fields', '--query', '--profile', '--base-url', '--timeout']);

/** The first command word, skipping global flags, so that only that area's commands are built. */
export function firstWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return argv[i + 1];
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}

function globalOptions(program: Command): void {
  const opts = [
    // Checked in makeContext rather than with choices(), so that a command that declares its own
    // --output (drive download: a destination path) can read the value as its own.
    hinted(new Option('-o, --output <format>', `output format: ${FORMATS.join(', ')}`), { values: FORMATS }),
    new Option('--json', 'short for --output json'),
    new Option('--yaml', 'short for --output yaml'),
    new Option('--jsonl', 'short for --output jsonl (one record per line)'),
    new Option('--fields <list>', 'keep these fields (comma-separated, dotted paths allowed)'),
    new Option('--query <expr>', 'JMESPath expression applied to the result'),
    new Option('--dry-run', 'print the request that would be sent (token masked) and exit'),
    new Option('--profile <name>', 'profile to use (env AGNT_PROFILE)'),
    new Option('--base-url <url>', 'server base URL (env AGNT_BASE_URL)'),
    new Option('--yes', 'answer yes to confirmations'),
    new Option('--no-input', 'never prompt'),
    new Option('--debug', 'log each HTTP exchange to stderr, secrets masked'),
    new Option('--quiet', 'less output on stderr'),
    new Option('--no-color', 'no colour (env NO_COLOR)'),
    new Option('--timeout <seconds>', 'per-request time limit (default 30)'),
  ];
  for (const o of opts) program.addOption(o.helpGroup(GLOBAL_GROUP));
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

const ROOT_EXAMPLES = `
Examples:
  # An admin: an organization, its SSO and its members, safe to re-run
  $ agnt org list --all --query "[?name=='Acme'].id | [0]"
  $ agnt org sso set org_acme --file examples/sso.yaml
  $ agnt org members add org_acme --email ops@acme.test

  # A coordinator: what waits for me, then accept it
  $ agnt coverage list --role backup --status pending_acceptance
  $ agnt coordinator schedule --from today --to 7d

  # A shell pipeline: records as JSON lines or CSV, ids from one command into the next
  $ agnt users list --all -o csv --fields id,email,status > users.csv
  $ agnt contacts list --tags stale -o id | agnt contacts delete - --yes

  # Bulk work: contacts from a CSV another tool exported
  $ agnt contacts import examples/google-contacts.csv --errors-out failed.csv

Help for an area or a command: agnt help <area> [<verb>], or agnt <area> <verb> --help.
`;

function applyToAll(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const c of cmd.commands) applyToAll(c, fn);
}

export async function buildProgram(argv: string[], makeContext: ContextFactory, onlyArea?: string | null): Promise<Command> {
  const program = new Command('agnt');
  program.description('Command-line administration for the Assistant Platform API').version(VERSION, '-v, --version', 'print the version').helpCommand(false).addHelpText('after', ROOT_EXAMPLES);
  globalOptions(program);
  const word = onlyArea === undefined ? firstWord(argv) : onlyArea;
  // Only the invoked area's records (and its API model) are loaded; the others get their group
  // (name, aliases, summary) from the index, for the root help and unknown-command errors.
  const full = (e: (typeof AREA_INDEX)[number]) => word != null && (alwaysFull(word) || word === e.name || Boolean(e.aliases?.includes(word)));
  const loaded = await Promise.all(AREA_INDEX.map((e) => (full(e) ? loadArea(e) : undefined)));
  for (const [i, e] of AREA_INDEX.entries()) buildArea(program, loaded[i] ?? e, makeContext, loaded[i] !== undefined);
  addBuiltins(program, makeContext);
  applyToAll(program, (c) => {
    c.exitOverride();
    c.helpCommand(false);
    c.configureHelp({
      sortSubcommands: false,
      formatHelp(this: Help, cmd: Command, helper: Help): string {
        const base = Help.prototype.formatHelp.call(this, cmd, helper);
        return cmd.parent ? base + globalFlagsSection(cmd, helper.helpWidth ?? 80) : base;
      },
    });
    c.configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(s.startsWith('error:') ? s : `error: ${s}`),
    });
    c.showHelpAfterError('(run with --help for usage)');
  });
  return program;
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
  return word === 'commands' || word === 'completion' || word === '__complete';
}

export function printError(e: unknown, global: GlobalOptions): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    return e.exitCode === 0 ? 0 : EXIT.usage;
  }
  if (e instanceof ChangesFound) {
    // Not an error: the plan was printed; the code tells a script that there is something to do.
    process.stderr.write(`${escapeLine(e.message)}\n`);
    return e.exitCode;
  }
  if (e instanceof AgntError) {
    let line = `error: ${e.message}`;
    if (e instanceof ApiError) {
      const tags = [`HTTP ${e.status}`, e.code].filter(Boolean).join(', ');
      line += ` (${tags})`;
    }
    // A message may quote a presigned URL the server handed out: never with its signature.
    process.stderr.write(`${escapeLine(redactUrls(line))}\n`);
    if (e.hint) process.stderr.write(`hint: ${e.hint}\n`);
    if (e instanceof ApiError && (global.json || global.jsonl || global.output === 'json' || global.output === 'jsonl')) {
      // The error body as the API sent it, less anything secret-looking it may echo.
      process.stderr.write(`${safeJson(redactValue(e.body), false)}\n`);
    }
    return e.exitCode;
  }
  const err = e as Error;
  process.stderr.write(`error: ${escapeLine(err?.message ?? String(e))}\n`);
  if (process.env.AGNT_TRACE) process.stderr.write(`${err?.stack}\n`);
  return EXIT.failure;
}

// An error line quotes server text: the same escaping as table output (C0, C1, DEL, bidi).
const escapeLine = escapeControls;

export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(EXIT.interrupted);
    interrupted = true;
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  let ctx: Context | undefined;
  const makeContext: ContextFactory = (cmd) => {
    const global = cmd.optsWithGlobals() as GlobalOptions;
    if (global.output !== undefined && !cmd.options.some((o) => o.long === '--output')) parseFormat(global.output);
    ctx = new Context(global, controller.signal);
    return ctx;
  };
  let code = 0;
  // `agnt help coverage create` is `agnt coverage create --help`, as in git, gh and kubectl.
  const helpWords = argv[0] === 'help' ? argv.slice(1) : undefined;
  if (helpWords) argv = helpWords.length ? [...helpWords, '--help'] : [];
  try {
    const program = await buildProgram(argv, makeContext);
    if (helpWords) {
      const unknown = unknownCommand(program, helpWords);
      if (unknown) throw new UsageError(unknown);
    }
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    code = interrupted ? EXIT.interrupted : printError(e, ctx?.global ?? {});
    if (interrupted && !(e instanceof AgntError && e.exitCode === EXIT.interrupted)) printError(e, ctx?.global ?? {});
  } finally {
    await ctx?.close();
    process.off('SIGINT', onSigint);
  }
  if (interrupted && code === 0 && !ctx?.interruptIsStop) code = EXIT.interrupted;
  return code;
}

export async function run(): Promise<void> {
  // A reader that goes away (`agnt users list --all | head -1`) ends the run quietly, like
  // other Unix tools, instead of with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const code = await main(process.argv.slice(2));
  process.exitCode = code;
  // Flush stdout before leaving; keep-alive sockets are already closed by ctx.close().
  if (code !== 0) setTimeout(() => process.exit(code), 0).unref();
}
