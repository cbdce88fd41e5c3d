// Builds the commander program and runs it. The only place that decides the process's exit
// code; bin/agnt.js only loads this module.
import { Command, CommanderError, Option } from 'commander';
import { areas } from '../commands/index.ts';
import { buildArea, hinted, type ContextFactory } from './core/builder.ts';
import { Context, type GlobalOptions } from './core/context.ts';
import { AgntError, ApiError, ChangesFound, EXIT } from './core/errors.ts';
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
  const g = 'Global options:';
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
  for (const o of opts) program.addOption(o.helpGroup(g));
}

function applyToAll(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const c of cmd.commands) applyToAll(c, fn);
}

export function buildProgram(argv: string[], makeContext: ContextFactory, onlyArea?: string | null): Command {
  const program = new Command('agnt');
  program
    .description('Command-line administration for the Assistant Platform API')
    .version(VERSION, '-v, --version', 'print the version')
    .helpCommand(false)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false });
  globalOptions(program);
  const word = onlyArea === undefined ? firstWord(argv) : onlyArea;
  for (const area of areas) {
    const full = word != null && (alwaysFull(word) || word === area.name || Boolean(area.aliases?.includes(word)));
    buildArea(program, area, makeContext, full);
  }
  addBuiltins(program, makeContext);
  applyToAll(program, (c) => {
    c.exitOverride();
    c.helpCommand(false);
    c.configureHelp({ showGlobalOptions: true, sortSubcommands: false });
    c.configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(s.startsWith('error:') ? s : `error: ${s}`),
    });
    c.showHelpAfterError('(run with --help for usage)');
  });
  return program;
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
  try {
    const program = buildProgram(argv, makeContext);
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
