// Turns the command records of commands/<area>.ts into commander commands: flags from fields,
// local validation (exit 2, nothing sent), help that names the endpoint, and output.
import { Command, Option } from 'commander';
import type { AreaSpec, CommandRecord, CommandSpec, FieldSpec, Invocation, Result } from './spec.ts';
import type { Context } from './context.ts';
import { AgntError, ApiError, Interrupted, UsageError } from './errors.ts';
import type { IdResult, Outcome } from './outcome.ts';
import { checkFormats, present } from './present.ts';
import { checkEnum, checkShape, flagOf, getDotted, jsonError, parseAssignment, parseFlagValue, readIdsFromStdin, readStructured, parseObjectText, setDotted, typedValue } from './input.ts';
import { flagObject, resolveCommand } from './resolve.ts';
import { shapeAt, stripServerSet, type Shape } from '../api/shape.ts';
import { type OnPage, paginate, parsePageOptions, type PageResult } from './paginate.ts';
import { pagingProgress } from './progress.ts';
import { confirm } from './io.ts';
import type { RequestSpec } from './http.ts';
import { oneValue } from './once.ts';
import { checkZone } from './zone.ts';

export type ContextFactory = (cmd: Command) => Context;

/**
 * What shell completion and the generated reference need to know about an option that commander
 * does not: enums the builder checks itself (commander's choices() would change the error text),
 * file values, and id flags. Kept beside the objects rather than on them so commander's types stay intact.
 */
export interface OptionHints {
  values?: readonly string[];
  file?: boolean;
  /** The value is an id of this resource (an ArgSpec exposed as a flag). */
  resource?: string;
  /** The FieldSpec type. */
  type?: string;
}
const optionHints = new WeakMap<Option, OptionHints>();
const leafSpecs = new WeakMap<Command, CommandSpec>();

export function hintsOf(option: Option): OptionHints | undefined {
  return optionHints.get(option);
}

/** The record a leaf command was built from; undefined for built-in commands. */
export function specOf(cmd: Command): CommandSpec | undefined {
  return leafSpecs.get(cmd);
}

export function hinted(option: Option, hints: OptionHints): Option {
  optionHints.set(option, hints);
  return option;
}

/** Flags every leaf gets from the root program; a field may not reuse them. */
export const RESERVED_FLAGS = new Set([
  'output',
  'json',
  'yaml',
  'jsonl',
  'fields',
  'query',
  'csv-raw',
  'dry-run',
  'profile',
  'base-url',
  'yes',
  'no-input',
  'input',
  'debug',
  'quiet',
  'no-color',
  'color',
  'timeout',
  'help',
  'version',
  'all',
  'limit',
  'page',
  'per-page',
  'data',
  'file',
  'set',
]);

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function fieldLocation(spec: CommandSpec, f: FieldSpec): 'query' | 'body' {
  return f.in ?? (spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body');
}

function bodyFields(spec: CommandSpec): FieldSpec[] {
  return (spec.fields ?? []).filter((f) => fieldLocation(spec, f) === 'body');
}

/** Whether the command takes a body (--data, --set): the MCP tools offer the same inputs. */
export function acceptsBody(spec: CommandSpec): boolean {
  return spec.bodyInput ?? (bodyFields(spec).length > 0 || Boolean(spec.openBody));
}

function describeField(f: FieldSpec): string {
  const bits: string[] = [];
  if (f.description) bits.push(f.description);
  else bits.push(f.name.split('.').pop()!);
  const notes: string[] = [];
  if (f.enum) notes.push(`one of: ${f.enum.join(', ')}`);
  if (f.type === 'string[]') notes.push('repeat or comma-separate');
  if (f.type === 'object' || f.type === 'array' || f.type === 'any') notes.push('JSON or YAML text, or @file');
  if (f.nullable) notes.push("'null' to clear");
  if (f.required) notes.push('required');
  return `${bits.join(' ')}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

const VALUE_NAMES: Record<string, string> = { integer: 'n', number: 'n', 'string[]': 'values', object: 'json', array: 'json', any: 'json' };

function addFieldOption(cmd: Command, spec: CommandSpec, f: FieldSpec): void {
  const flag = flagOf(f);
  if (RESERVED_FLAGS.has(flag)) throw new Error(`${spec.command}: field '${f.name}' would reuse the global flag --${flag}; give it another flag name`);
  if (f.type === 'boolean') {
    const on = new Option(`--${flag}`, describeField(f));
    const off = new Option(`--no-${flag}`, `send ${f.name}: false`);
    if (f.hidden) {
      on.hideHelp();
      off.hideHelp();
    }
    cmd.addOption(hinted(on, { type: 'boolean' })).addOption(off);
    return;
  }
  const value = f.enum && f.type === 'string' ? 'value' : (VALUE_NAMES[f.type] ?? 'value');
  const opt = new Option(`${f.short ? `-${f.short}, ` : ''}--${flag} <${value}>`, describeField(f));
  if (f.type === 'string[]') opt.argParser(collect);
  else oneValue(opt);
  if (f.hidden) opt.hideHelp();
  cmd.addOption(hinted(opt, { type: f.type, values: f.enum, file: f.file }));
}

/** 'METHOD /path' of each endpoint the command sends to (none for an offline command). */
export function endpointsOf(spec: CommandSpec): string[] {
  return spec.offline ? [] : [`${spec.method} ${spec.path}`, ...(spec.also ?? []).map((a) => `${a.method} ${a.path}`)];
}

function helpText(spec: CommandSpec): string {
  const lines = ['', 'Endpoint:', ...(spec.offline ? ['  none: works offline, sends no request'] : endpointsOf(spec).map((e) => `  ${e}`))];
  lines.push('', 'Examples:', ...spec.examples.map((e) => `  $ ${e}`));
  return lines.join('\n');
}

export function buildLeaf(spec: CommandSpec, makeContext: ContextFactory): Command {
  const words = spec.command.split(' ');
  const cmd = new Command(words[words.length - 1]!);
  cmd.description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary);
  cmd.summary(spec.summary);
  if (spec.aliases) cmd.aliases(spec.aliases);
  for (const a of spec.args ?? []) {
    if (a.flag) {
      cmd.addOption(
        hinted(oneValue(new Option(`--${a.flag} <id>`, `${a.description ?? a.name}${a.default ? ` (default: ${a.default})` : ''}`)), { type: 'string', resource: a.resource, values: a.enum }),
      );
      continue;
    }
    const label = a.multi ? `${a.name}...` : a.name;
    const allowed = a.enum ? ` (one of: ${a.enum.join(', ')})` : '';
    cmd.argument(a.default !== undefined ? `[${label}]` : `<${label}>`, `${a.description ?? a.name}${allowed}${a.multi ? " (several, or '-' to read them from stdin)" : ''}`);
  }
  for (const f of spec.fields ?? []) addFieldOption(cmd, spec, f);
  if (acceptsBody(spec)) {
    cmd.addOption(oneValue(new Option('--data <json>', 'the whole request body as JSON; flags override its fields')));
    cmd.addOption(hinted(oneValue(new Option('--file <path>', "the whole request body from a JSON or YAML file, or '-' for stdin; flags override its fields")), { file: true }));
    cmd.option('--set <path=value>', `set a (dotted) body field; repeatable${spec.method === 'PUT' ? '; a.b=c changes only that key (the current object is read and sent whole)' : ''}`, collect);
  }
  for (const o of spec.options ?? []) {
    const opt = new Option(o.flags, o.enum ? `${o.description} (one of: ${o.enum.join(', ')})` : o.description);
    if (o.enum) opt.choices(o.enum as string[]);
    if (o.default !== undefined) opt.default(o.default);
    if (o.repeatable) opt.argParser(collect);
    else if (opt.required || opt.optional) oneValue(opt);
    cmd.addOption(hinted(opt, { file: o.file }));
  }
  if (spec.list) {
    cmd.option('--all', 'fetch every page');
    cmd.addOption(oneValue(new Option('--limit <n>', 'at most this many records, across pages')));
    cmd.addOption(oneValue(new Option('--page <n>', 'page number (from 1)')));
    cmd.addOption(oneValue(new Option('--per-page <n>', 'records per page (--all follows a server cap)')));
    // Lists print the API's UTC times unless asked for a zone; a handler's list prints its own.
    if (!spec.handler && !cmd.options.some((o) => o.long === '--tz')) {
      cmd.addOption(oneValue(new Option('--tz <zone>', 'show times in this zone (tables, csv; default UTC)')));
    }
  }
  if (spec.localTimes) {
    if (!cmd.options.some((o) => o.long === '--tz')) cmd.addOption(oneValue(new Option('--tz <zone>', "show times in this zone (tables; default: your user's)")));
    if (!cmd.options.some((o) => o.long === '--utc')) cmd.option('--utc', 'show times in UTC (tables)');
  }
  cmd.addHelpText('after', helpText(spec));
  if (spec.hidden) (cmd as Command & { _hidden: boolean })._hidden = true;
  leafSpecs.set(cmd, spec);
  cmd.action(async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command;
    const ctx = makeContext(command);
    const inv = await parseInvocation(ctx, spec, command);
    await execute(ctx, spec, inv);
  });
  return cmd;
}

/** A leaf's parsed flags and arguments as an Invocation (also used by `agnt batch` for each row). */
export async function parseInvocation(ctx: Context, spec: CommandSpec, command: Pick<Command, 'opts' | 'processedArgs'>): Promise<Invocation> {
  const opts = command.opts() as Record<string, unknown>;
  const args: Record<string, string> = {};
  let ids: string[] = [];
  let fromStdin = false;
  const positional = command.processedArgs as unknown[];
  let i = 0;
  for (const a of spec.args ?? []) {
    if (a.flag) {
      const v = opts[camel(a.flag)] as string | undefined;
      const value = v ?? a.default;
      if (value === undefined) throw new UsageError(`--${a.flag} is required`);
      checkEnum(`--${a.flag}`, value, a.enum);
      args[a.name] = value;
      continue;
    }
    const v = positional[i++];
    if (a.multi) {
      const list = (v as string[] | undefined) ?? [];
      fromStdin = list.includes('-');
      ids = fromStdin ? [...list.filter((x) => x !== '-'), ...(await readIdsFromStdin(() => ctx.io.readStdin()))] : list;
      // An empty stdin is not an error: `... -o id | agnt x delete - --yes` matched nothing.
      if (!ids.length && !fromStdin) throw new UsageError(`missing ${a.name}`);
      continue;
    }
    let value = (v as string | undefined) ?? a.default;
    if (value === undefined) throw new UsageError(`missing ${a.name}`);
    // '-' reads the one id from stdin (as `-o id | agnt x get -`); never sent as an id.
    if (value === '-' && (a.resource !== undefined || /Id$/.test(a.name))) {
      const read = await readIdsFromStdin(() => ctx.io.readStdin());
      if (read.length !== 1) throw new UsageError(`${a.name} '-' reads one id from standard input, which held ${read.length ? `${read.length} ids` : 'none'}`);
      value = read[0]!;
    }
    checkEnum(a.name, value, a.enum);
    args[a.name] = value;
  }

  const fields: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const f of spec.fields ?? []) {
    const key = camel(flagOf(f));
    const raw = opts[key];
    if (raw === undefined) continue;
    const value = await parseFlagValue(f, raw);
    fields[f.name] = value;
    if (fieldLocation(spec, f) === 'query') query[f.name] = value;
  }
  // Time fields of plain endpoint commands are read locally by the one time parser (handlers read
  // their own, with their own rules): a bad time is exit 2, never a server 400.
  if (!spec.handler) await readTimeFields(ctx, spec, fields, query);

  let body: Record<string, unknown> | undefined;
  const merge = new Set<string>();
  if (acceptsBody(spec)) {
    body = await assembleBody(ctx, spec, opts, fields, merge);
  }
  for (const f of spec.fields ?? []) {
    if (fieldLocation(spec, f) === 'query' && f.default !== undefined && query[f.name] === undefined) query[f.name] = f.default;
    if (!f.required) continue;
    const present = fieldLocation(spec, f) === 'query' ? query[f.name] !== undefined : body !== undefined && getDotted(body, f.name) !== undefined;
    if (!present) throw new UsageError(`--${flagOf(f)} is required${fieldLocation(spec, f) === 'body' && acceptsBody(spec) ? ' (or give it in --file/--data)' : ''}`);
  }
  if (body && spec.bodyKey) body = { [spec.bodyKey]: body };
  return { spec, args, ids, fromStdin, fields, query, body, opts, ...(merge.size && !spec.bodyKey ? { merge: [...merge] } : {}) };
}

/**
 * ISO 8601, 'now', local time in the user's zone, and (for query filters, which look back) a
 * duration meaning that long ago: each time field's text becomes an ISO instant.
 */
async function readTimeFields(ctx: Context, spec: CommandSpec, fields: Record<string, unknown>, query: Record<string, unknown>): Promise<void> {
  const times = (spec.fields ?? []).filter((f) => f.shape?.hint === 'timestamp' && typeof fields[f.name] === 'string');
  if (!times.length) return;
  const { iso, looksAbsolute, needsZone, parseWhen, resolveZone } = await import('./time.ts');
  // The zone is looked up only when a value needs it, or cannot be read (then the hint names it).
  const tz = times.some((f) => needsZone(String(fields[f.name]))) ? await resolveZone(ctx, undefined) : 'UTC';
  const now = Date.now();
  for (const f of times) {
    const inQuery = fieldLocation(spec, f) === 'query';
    if (looksAbsolute(fields[f.name])) continue; // sent as written
    const at = iso(parseWhen(String(fields[f.name]), tz, now, { flag: `--${flagOf(f)}`, ago: inQuery }));
    fields[f.name] = at;
    if (inQuery) query[f.name] = at;
  }
}

/**
 * The body from --file, --data, flags and --set, in that order (later wins). A file or --data
 * value is checked against the model's shape of the body (errors name the field path, exit 2).
 * For an update of a record (PUT or PATCH of a resource), the fields the server sets, and those
 * this command does not change, are dropped with one note on stderr, so that `get -o yaml`
 * output can be sent back as it is.
 */
async function assembleBody(ctx: Context, spec: CommandSpec, opts: Record<string, unknown>, fields: Record<string, unknown>, merge: Set<string>): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  const known = new Map(bodyFields(spec).map((f) => [f.name, f]));
  const shape = flagObject(spec);
  const record = spec.method === 'PUT' || spec.method === 'PATCH' ? spec.endpoint.record : undefined;
  const ignored: string[] = [];
  const fromInput = async (value: unknown, where: string) => {
    let v = value;
    if (spec.bodyKey && v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && spec.bodyKey in v) {
      v = (v as Record<string, unknown>)[spec.bodyKey];
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UsageError(`${where}: the body must be an object`);
    let obj = v as Record<string, unknown>;
    if (record && shape) {
      const stripped = stripServerSet(record, obj);
      ignored.push(...stripped.removed);
      obj = stripped.value as Record<string, unknown>;
      // Fields of the record that this update does not take (an organization's sso, a user's e-mail).
      if (record.kind === 'object') {
        for (const k of Object.keys(obj)) {
          if (!(k in shape.fields) && (k in record.fields || spec.ignores?.includes(k))) {
            ignored.push(k);
            delete obj[k];
          }
        }
      }
    }
    if (shape) checkShape(where, shape, obj, { partial: true });
    return obj;
  };
  if (opts.file !== undefined) body = { ...body, ...(await fromInput(await readStructured(String(opts.file), () => ctx.io.readStdin()), String(opts.file) === '-' ? 'stdin' : String(opts.file))) };
  if (opts.data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(opts.data));
    } catch (e) {
      parsed = await parseObjectText(String(opts.data), '--data').catch(() => {
        throw jsonError(String(opts.data), '--data', e);
      });
    }
    body = { ...body, ...(await fromInput(parsed, '--data')) };
  }
  if (ignored.length) ctx.io.info(`note: ignored ${ignored.length === 1 ? 'a field' : 'fields'} the server sets or this command does not change: ${[...new Set(ignored)].join(', ')}`);
  for (const [name, value] of Object.entries(fields)) if (known.has(name)) setDotted(body, name, value);
  const given = new Set(Object.keys(body));
  const sets = (opts.set as string[] | undefined) ?? [];
  for (const assignment of sets) {
    const [path, raw] = parseAssignment(assignment, '--set');
    const top = path.split('.')[0]!;
    // A dotted --set into an object the command does not otherwise send: the rest of that
    // object comes from the current record (see mergeCurrent), so only this key changes.
    if (path.includes('.') && !given.has(top)) merge.add(top);
    if (shape && !shape.open && !(top in shape.fields)) throw new UsageError(`--set: unknown field '${top}' (allowed: ${Object.keys(shape.fields).join(', ')})`);
    setDotted(body, path, setValue(shape ? shapeAt(shape, path) : undefined, raw));
  }
  if (sets.length && shape) checkShape('--set', shape, body, { partial: true });
  for (const f of known.values()) if (f.default !== undefined && getDotted(body, f.name) === undefined) setDotted(body, f.name, f.default);
  return body;
}

// `--set address.city=12345` or `--set name=true` means the text where the model says the field
// is a string (or one of fixed strings); elsewhere true, false, numbers and JSON are typed. null
// is null everywhere: the model's check then says whether the field may be cleared.
function setValue(field: Shape | undefined, raw: string): unknown {
  if (field && (field.kind === 'string' || field.kind === 'enum') && raw !== 'null') return raw;
  return typedValue(raw);
}

function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function describeIds(inv: Invocation): string {
  const vals = inv.ids.length ? inv.ids : Object.values(inv.args);
  return vals.join(', ');
}

/**
 * Runs a command's handler. The one place parsed options (commander's, untyped) meet the
 * option type a handler declares (`Handler<O>`).
 */
export async function runHandler(ctx: Context, spec: CommandSpec, inv: Invocation): Promise<Result | undefined> {
  if (!spec.handler) return undefined;
  const handler = await spec.handler();
  return (await handler(ctx, inv as Invocation<never>)) ?? undefined;
}

/** The plain-words hint for an API error: the command's own, else the model's. */
function hintFor(spec: CommandSpec, e: ApiError): string | undefined {
  const own = spec.hints && ((e.code && spec.hints[e.code]) || spec.hints[String(e.status)]);
  if (own) return own;
  const docs = spec.endpoint.errors ?? [];
  return (docs.find((d) => d.code !== undefined && d.code === e.code) ?? docs.find((d) => d.code === undefined && d.status === e.status))?.hint;
}

/** Performs a command, then presents its Outcome: the path of every command line. */
export async function execute(ctx: Context, spec: CommandSpec, inv: Invocation): Promise<void> {
  try {
    checkFormats(ctx, spec);
    await present(ctx, spec, await perform(ctx, spec, inv));
  } catch (e) {
    if (e instanceof ApiError && !e.hint) e.hint = hintFor(spec, e);
    throw e;
  }
}

export interface PerformOptions {
  /** The caller asked already (batch checks --yes for the whole file). */
  confirmed?: boolean;
}

/**
 * The one executor: runs a command's request, list walk, per-id loop or workflow and returns
 * what came of it, printing nothing (progress on stderr aside). A list's pages are walked when
 * the presenter asks for them, so that they print as they arrive. `agnt batch` calls it per row.
 * Undefined: a dry run (the request was printed) or a handler that returned nothing.
 */
export async function perform(ctx: Context, spec: CommandSpec, inv: Invocation, opts: PerformOptions = {}): Promise<Outcome | undefined> {
  if (!spec.localTimes) return await performRequests(ctx, spec, inv, opts);
  // Bad zone flags are refused before anything is sent.
  if (inv.opts.utc && inv.opts.tz) throw new UsageError('give --tz or --utc, not both');
  if (typeof inv.opts.tz === 'string') checkZone(inv.opts.tz, '--tz');
  return inLocalTime(ctx, inv, await performRequests(ctx, spec, inv, opts));
}

/**
 * The README's time rule for a command's table: --utc, else --tz, else the user's zone (a
 * request, made only when a table is drawn). json, yaml, jsonl, csv and id keep the API's times.
 */
function inLocalTime(ctx: Context, inv: Invocation, o: Outcome | undefined): Outcome | undefined {
  if (!o || o.view || o.pages || o.stream) return o;
  const zone = async () => (inv.opts.utc ? 'UTC' : (await import('./time.ts')).resolveZone(ctx, inv.opts.tz));
  return { ...o, view: async (data) => ({ ...o, perId: undefined, data, zone: await zone() }) };
}

async function performRequests(ctx: Context, spec: CommandSpec, inv: Invocation, opts: PerformOptions): Promise<Outcome | undefined> {
  if (inv.fromStdin && !inv.ids.length) return { perId: { results: [], fromStdin: true } };
  await mergeCurrent(ctx, spec, inv);
  if (spec.confirm && !ctx.dryRun && !opts.confirmed) {
    await confirm(ctx.io, spec.confirm.replace('{id}', describeIds(inv)), ctx.global.yes);
  }
  if (spec.handler) return await runHandler(ctx, spec, inv);
  const client = ctx.client({ tokenOptional: spec.public });
  const request = requestOf(spec, inv);

  if (spec.list) {
    const zone = typeof inv.opts.tz === 'string' ? checkZone(inv.opts.tz, '--tz') : undefined;
    const pageOpts = parsePageOptions(inv.opts);
    const walk = async (onPage: OnPage): Promise<PageResult> => {
      const shown = pagingProgress(ctx.io, client, Boolean(pageOpts.all));
      try {
        return await paginate(shown.client, request, pageOpts, (items) => {
          shown.add(items.length);
          return onPage(items);
        });
      } finally {
        shown.end();
      }
    };
    return { zone, pages: { walk } };
  }

  const multiArg = spec.args?.find((a) => a.multi);
  if (multiArg) {
    const results: IdResult[] = [];
    for (const id of inv.ids) {
      try {
        const res = await client.request({ ...request, params: { ...inv.args, [multiArg.name]: id } });
        if (res.dryRun) continue;
        results.push({ id, ok: true, data: res.data ?? { id } });
      } catch (e) {
        if (ctx.signal.aborted) {
          const failed = results.filter((r) => !r.ok).length;
          throw interruptedAt(spec, `${results.length - failed} of ${inv.ids.length} done, ${failed} failed, stopped at ${id}`);
        }
        // One id typed on the command line fails as itself; ids from stdin are always a list.
        if (!(e instanceof AgntError) || e.exitCode === 130 || e.exitCode === 2 || (inv.ids.length === 1 && !inv.fromStdin)) throw e;
        results.push({ id, ok: false, error: e });
      }
    }
    if (ctx.dryRun) return undefined;
    return { perId: { results, fromStdin: Boolean(inv.fromStdin) } };
  }

  const res = await client.request(request).catch((e: unknown) => {
    throw ctx.signal.aborted ? interruptedAt(spec) : e;
  });
  if (res.dryRun) return undefined;
  return { data: selected(spec, res.data) };
}

/** The one request a plain endpoint command sends (per id, for a command of several ids). */
export function requestOf(spec: CommandSpec, inv: Invocation): RequestSpec {
  return {
    method: spec.method,
    path: spec.path,
    params: inv.args,
    query: inv.query,
    body: inv.body,
    resultKey: spec.resultKey,
    envelope: spec.envelope,
    shape: spec.list ? 'list' : spec.resultKey ? 'record' : undefined,
    nullable: spec.nullable,
    endpoint: spec.endpoint,
    ...(inv.before !== undefined ? { before: inv.before } : {}),
  };
}

/** What a plain command shows of its answer: the whole result, or its `select` key (`org sso get`). */
export function selected(spec: CommandSpec, data: unknown): unknown {
  return spec.select && data && typeof data === 'object' ? (data as Record<string, unknown>)[spec.select] : data;
}

/**
 * A PUT replaces the nested objects it is sent: `--set address.city=Aarhus` alone would leave an
 * address holding only the city. Read the current record and send each object `--set` reached
 * into whole, with the changes merged in. A dry run reads too (never writes), so that it shows
 * the body a real run sends. Does nothing for any other invocation. `agnt batch` calls it per row.
 */
export async function mergeCurrent(ctx: Context, spec: CommandSpec, inv: Invocation): Promise<void> {
  if (!inv.merge?.length || !inv.body || spec.method !== 'PUT') return;
  const from = spec.mergeFrom?.endpoint ?? spec;
  const field = spec.mergeFrom?.field;
  const res = await ctx.client({ tokenOptional: spec.public }).request({ method: 'GET', path: from.path, params: inv.args, resultKey: from.resultKey, shape: 'record', readInDryRun: true });
  let current = res.data as Record<string, unknown> | null | undefined;
  // The record the write replaces, for the change journal (which then reads nothing).
  if (!spec.mergeFrom && !spec.args?.some((a) => a.multi)) inv.before = current ?? null;
  if (field) current = current?.[field] as Record<string, unknown> | null | undefined;
  for (const key of inv.merge ?? []) {
    const now = current?.[key];
    if (isPlainObject(now) && isPlainObject(inv.body![key])) inv.body![key] = deepMerge(now, inv.body![key]);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `patch` over `base`: objects merge key by key; lists, scalars and null replace. */
export function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isPlainObject(v) && isPlainObject(base[k]) ? deepMerge(base[k], v) : v;
  return out;
}

/** Ctrl-C during a plain request: what may or may not have happened. */
function interruptedAt(spec: CommandSpec, progress?: string): Interrupted {
  const effect = spec.method === 'GET' ? 'nothing was changed' : 'the request in flight may or may not have reached the server';
  return new Interrupted(`interrupted: ${spec.command}${progress ? ` (${progress})` : ''}; ${effect}`);
}

/** Adds an area's commands (or just its group, when only another area will run). */
/**
 * `verb`: the word after the area on the command line. When it names one of the area's
 * commands (or subgroups), only the records under it are built: a run needs its own command,
 * and the others' options and help would cost start-up time for nothing. Otherwise (no verb,
 * a typo, the area's help) every record is built, for the listing and the suggestions.
 */
export function buildArea(program: Command, area: Omit<AreaSpec, 'commands'> & { commands?: AreaSpec['commands'] }, makeContext: ContextFactory, full: boolean, verb?: string): Command {
  const group = program.command(area.name).description(area.summary).summary(area.summary);
  if (area.aliases) group.aliases(area.aliases);
  if (!full || !area.commands) return group;
  const groups = new Map<string, Command>([[area.name, group]]);
  const under = (rec: CommandRecord) => {
    const words = rec.command.split(' ');
    return words[1] === verb || (words.length === 2 && Boolean(rec.aliases?.includes(verb!)));
  };
  const only = verb !== undefined && area.commands.some(under);
  for (const rec of area.commands) {
    if (only && !under(rec)) continue;
    const spec = resolveCommand(rec);
    const words = spec.command.split(' ');
    if (words[0] !== area.name) throw new Error(`${spec.command}: belongs to area '${words[0]}', not '${area.name}'`);
    let parent = group;
    for (let i = 1; i < words.length - 1; i++) {
      const key = words.slice(0, i + 1).join(' ');
      let g = groups.get(key);
      if (!g) {
        const summary = area.groups?.[key] ?? `${words[i]} commands`;
        g = parent.command(words[i]!).description(summary).summary(summary);
        groups.set(key, g);
      }
      parent = g;
    }
    parent.addCommand(buildLeaf(spec, makeContext));
  }
  return group;
}
