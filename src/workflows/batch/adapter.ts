// The one place where `agnt batch` meets the command tree and the builder: a row's command line
// is parsed by the same commander tree as a typed command (flags, enums, ids, @files, --data,
// --set), the leaf's record turns it into an Invocation with the builder's parseInvocation, and
// the request goes through the one HTTP client. Nothing here spawns a process. Kept small and
// alone so that changes to the builder (issue 13) touch only this module.
import { Command, CommanderError, type Option } from 'commander';
import { buildArea, type ContextFactory, parseInvocation, perform, requestOf, specOf } from '../../core/builder.ts';
import { newParse } from '../../core/once.ts';
import { Context, type GlobalOptions } from '../../core/context.ts';
import { AgntError, UsageError } from '../../core/errors.ts';
import type { HttpClient, RequestSpec } from '../../core/http.ts';
import type { IO } from '../../core/io.ts';
import type { Settings } from '../../core/config.ts';
import type { CommandSpec, Invocation } from '../../core/spec.ts';

export interface Prepared {
  spec: CommandSpec;
  inv: Invocation;
  /** `--yes` was given in the row's command line. */
  yes: boolean;
}

/** A command-line problem that does not depend on a row's values: every row would fail alike. */
export class TemplateError extends UsageError {}

// Commander errors that say the command line itself is wrong, whatever the cells hold.
const STRUCTURAL = new Set([
  'commander.unknownOption',
  'commander.unknownCommand',
  'commander.excessArguments',
  'commander.missingArgument',
  'commander.optionMissingArgument',
  'commander.help',
  'commander.helpDisplayed',
  'commander.version',
]);

// Global flags that shape a whole run: they belong to `agnt batch`, before the `--`.
const RUN_FLAGS: Array<[keyof GlobalOptions, string]> = [
  ['output', '-o/--output'],
  ['json', '--json'],
  ['yaml', '--yaml'],
  ['jsonl', '--jsonl'],
  ['fields', '--fields'],
  ['query', '--query'],
  ['dryRun', '--dry-run'],
  ['profile', '--profile'],
  ['baseUrl', '--base-url'],
  ['debug', '--debug'],
  ['timeout', '--timeout'],
  ['quiet', '--quiet'],
];

/** A row's context: the run's settings and HTTP client, the row's own output. */
export class RowContext extends Context {
  constructor(
    global: GlobalOptions,
    signal: AbortSignal,
    io: IO,
    private outer: Context,
    private shared: HttpClient | undefined,
  ) {
    super(global, signal, io);
  }
  override settings(): Settings {
    return this.outer.settings();
  }
  override client(opts: { tokenOptional?: boolean } = {}): HttpClient {
    // Without a shared client (--dry-run) each row gets its own, which prints into the row.
    return this.shared ?? super.client(opts);
  }
}

interface Captured {
  spec: CommandSpec;
  opts: Record<string, unknown>;
  processedArgs: unknown[];
  globals: GlobalOptions;
}

export class CommandAdapter {
  private program!: Command;
  private captured: Captured | undefined;
  private errText = '';
  /** The command line with markers where cells go, as parsed once by check(). */
  private template: Captured | undefined;

  /**
   * A program with the run's global options and the API area the command names (only that one,
   * as `agnt` itself builds it). `globalOptions` are the root program's: handed in, rather than
   * imported from the entry module, so that no module imports itself through this one.
   */
  static async create(templateArgv: string[], globalOptions: readonly Option[]): Promise<CommandAdapter> {
    const a = new CommandAdapter();
    const { AREA_INDEX, loadArea } = await import('../../../commands/index.ts');
    // Leaves never run their own action here: parsing only captures what the row asked for.
    const never: ContextFactory = () => {
      throw new Error('unreachable');
    };
    const program = new Command('agnt').helpCommand(false);
    for (const o of globalOptions) program.addOption(o);
    const word = templateArgv[0];
    // Only the named area's records load, as in `agnt` itself.
    for (const entry of AREA_INDEX) {
      const full = word === entry.name || Boolean(word && entry.aliases?.includes(word));
      buildArea(program, full ? await loadArea(entry) : entry, never, full);
    }
    a.program = program;
    const walk = (c: Command) => {
      c.exitOverride();
      c.configureOutput({ writeOut: () => undefined, writeErr: (s) => (a.errText += s), outputError: (s) => (a.errText += s) });
      c.showHelpAfterError(false);
      const spec = specOf(c);
      if (spec) {
        c.action((...params: unknown[]) => {
          const cmd = params[params.length - 1] as Command;
          a.captured = { spec, opts: { ...cmd.opts() }, processedArgs: [...cmd.processedArgs], globals: cmd.optsWithGlobals() as GlobalOptions };
        });
      }
      for (const sub of c.commands) walk(sub);
    };
    walk(a.program);
    return a;
  }

  /** Parses a command line with commander; structural errors are TemplateErrors. */
  private capture(argv: string[]): Captured {
    this.captured = undefined;
    this.errText = '';
    newParse();
    try {
      this.program.parse(argv, { from: 'user' });
    } catch (e) {
      if (e instanceof AgntError) throw e;
      if (e instanceof CommanderError) {
        const msg = (this.errText || e.message)
          .trim()
          .split('\n')[0]!
          .replace(/^error:\s*/, '');
        if (STRUCTURAL.has(e.code))
          throw new TemplateError(e.code === 'commander.help' || e.code === 'commander.helpDisplayed' ? `'${argv.join(' ')}' is not a complete command` : `the command: ${msg}`);
        throw new UsageError(msg);
      }
      throw e;
    }
    if (!this.captured) throw new TemplateError(`'${argv.join(' ')}' is not a complete command`);
    return this.captured;
  }

  /** Checks the command line once before any row: the command exists, its flags too, no run flags. */
  check(argv: string[], yes: boolean, dryRun: boolean): CommandSpec {
    const c = this.capture(argv);
    this.template = c;
    for (const [key, flag] of RUN_FLAGS) {
      if (c.globals[key] !== undefined) throw new TemplateError(`${flag} belongs to agnt batch itself: put it before the --`);
    }
    if (c.spec.confirm && !yes && !c.globals.yes && !dryRun) {
      throw new TemplateError(`${c.spec.command} asks for confirmation before each change: add --yes to run it from a file`);
    }
    if (c.spec.args?.some((a) => a.multi) && c.processedArgs.some((v) => Array.isArray(v) && v.includes('-'))) {
      throw new TemplateError("'-' (ids from stdin) cannot be used in a batch: put the ids in the file");
    }
    return c.spec;
  }

  /**
   * A row as an Invocation: the row's values (by marker) replace the markers in the options and
   * operands parsed from the command line, so a cell is always a value, never a flag. A bad
   * value is a UsageError for that row alone.
   */
  async prepare(values: ReadonlyMap<string, string>, ctx: Context): Promise<Prepared> {
    const c = this.template;
    if (!c) throw new Error('check() parses the command line before any row');
    const sub = (v: unknown): unknown => (typeof v === 'string' ? (values.get(v) ?? v) : Array.isArray(v) ? v.map(sub) : v);
    const opts = Object.fromEntries(Object.entries(c.opts).map(([k, v]) => [k, sub(v)]));
    const processedArgs = c.processedArgs.map(sub);
    const inv = await parseInvocation(ctx, c.spec, { opts: () => opts, processedArgs } as unknown as Pick<Command, 'opts' | 'processedArgs'>);
    return { spec: c.spec, inv, yes: Boolean(c.globals.yes) };
  }

  /**
   * One whole command line as an Invocation, parsed as typed: for callers that build a command
   * line from structured input themselves (the MCP tools, `--flag=value` each), not from a file.
   */
  async prepareArgv(argv: string[], ctx: Context): Promise<Prepared> {
    const c = this.capture(argv);
    const inv = await parseInvocation(ctx, c.spec, { opts: () => c.opts, processedArgs: c.processedArgs } as unknown as Pick<Command, 'opts' | 'processedArgs'>);
    return { spec: c.spec, inv, yes: Boolean(c.globals.yes) };
  }

  /** The request a plain endpoint command sends (undefined for commands with a handler). */
  static request(p: Prepared): RequestSpec | undefined {
    const { spec, inv } = p;
    if (spec.handler) return undefined;
    return requestOf(spec, inv);
  }

  /**
   * Runs a row's command through the one executor (perform, as a typed command runs) and keeps
   * its value: a list's pages collected, one id's result, a handler's data. A failure throws.
   */
  static async run(p: Prepared, ctx: Context): Promise<unknown> {
    const outcome = await perform(ctx, p.spec, p.inv, { confirmed: true });
    if (!outcome) return undefined;
    if (outcome.exitCode) throw new AgntError(outcome.message ?? 'failed', outcome.exitCode);
    if (outcome.pages) {
      const items: unknown[] = [];
      await outcome.pages.walk((page) => items.push(...page));
      return items;
    }
    if (outcome.perId) {
      const { results } = outcome.perId;
      const failed = results.find((r) => !r.ok);
      if (failed && !failed.ok) throw failed.error;
      const values = results.map((r) => (r.ok ? r.data : undefined));
      return values.length === 1 ? values[0] : values;
    }
    return outcome.data;
  }
}
