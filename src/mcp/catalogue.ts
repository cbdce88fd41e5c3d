// The command records as MCP sees them: which commands read and which write, which writes are
// destructive, the MCP annotations that follow from that, and each command's input as JSON
// Schema, all derived from the API model (src/api) and the records of commands/.
import { loadAreas } from '../../commands/index.ts';
import { schemaOf } from '../api/openapi.ts';
import type { Endpoint } from '../api/endpoint.ts';
import { acceptsBody } from '../core/builder.ts';
import { flagOf } from '../core/input.ts';
import { resolveCommand } from '../core/resolve.ts';
import type { CommandSpec, FieldSpec, OptionSpec } from '../core/spec.ts';

export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface Entry {
  spec: CommandSpec;
  area: string;
  /** Every endpoint it calls is a GET, and it writes no local file. */
  read: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** The endpoints it calls, as 'METHOD /path'. */
  endpoints: string[];
}

// Verbs whose writes take something away, beyond a DELETE (the list, and the model's
// confirmations): a plan of one needs the user's confirmation.
const DESTRUCTIVE_VERBS = new Set(['delete', 'remove', 'revoke', 'rotate', 'prune', 'disable', 'reset', 'clear', 'deprovision', 'cleanup']);
// GET commands whose handler writes a local file: not offered as reads over MCP.
const LOCAL_WRITES = new Set(['drive download']);
// Options that name a local file to write (the answer is the tool's), or set an exit code (a
// tool has none): left out of the MCP input.
const OUTPUT_FILE_FLAGS = new Set(['--out', '--output', '--action-csv', '--errors-out', '--ledger']);
const NO_MEANING = new Set(['exit-code', 'watch']);
const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

function endpointsOf(spec: CommandSpec): Endpoint[] {
  return [spec.endpoint, ...(spec.also ?? [])];
}

export function entryOf(spec: CommandSpec, area: string): Entry {
  const eps = endpointsOf(spec);
  const methods = spec.offline ? ['GET'] : eps.map((e) => e.method);
  const verb = spec.command.split(' ').pop()!;
  const read = methods.every((m) => m === 'GET') && !LOCAL_WRITES.has(spec.command);
  const destructive = !read && (methods.includes('DELETE') || Boolean(spec.confirm) || DESTRUCTIVE_VERBS.has(verb));
  return {
    spec,
    area,
    read,
    destructive,
    idempotent: methods.every((m) => IDEMPOTENT_METHODS.has(m)),
    endpoints: spec.offline ? [] : eps.map((e) => `${e.method} ${e.path}`),
  };
}

export function annotationsOf(e: Entry): Annotations {
  return { readOnlyHint: e.read, destructiveHint: e.destructive, idempotentHint: e.idempotent, openWorldHint: !e.spec.offline };
}

let loaded: Promise<Entry[]> | undefined;

/** Every command of every area (hidden ones left out), in help order. */
export function catalogue(): Promise<Entry[]> {
  loaded ??= loadAreas().then((areas) => areas.flatMap((a) => a.commands.filter((r) => !r.hidden).map((r) => entryOf(resolveCommand(r), a.name))));
  return loaded;
}

export async function findEntry(command: string): Promise<Entry | undefined> {
  const words = command.trim().split(/\s+/).join(' ');
  return (await catalogue()).find((e) => e.spec.command === words || e.spec.command.replaceAll(' ', '_') === words);
}

// Words that say nothing of which command is meant ("find user by email").
const STOP_WORDS = new Set(['a', 'an', 'the', 'by', 'for', 'of', 'with', 'to', 'in', 'on', 'at', 'from', 'and', 'or', 'all', 'my', 'their', 'its', 'some', 'someone']);
// Words that ask to read: the commands that only read rank first for them.
const READ_WORDS = new Set(['find', 'search', 'lookup', 'look', 'get', 'show', 'read', 'fetch', 'view', 'which', 'who', 'what', 'where', 'see', 'check']);

/**
 * Catalogue rows ranked by how well the words name them: a word that is one of the command's own
 * words (or its plural) counts most, then one of its flags or fields (`users list --email` for
 * "find user by email"), then one found in its summary or endpoints. A request to find or show
 * something favours the commands that only read.
 */
export async function search(words: string, limit = 20, areas?: ReadonlySet<string>): Promise<Array<Record<string, unknown>>> {
  const all = words
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const wantsRead = all.some((t) => READ_WORDS.has(t));
  const terms = all.filter((t) => !STOP_WORDS.has(t));
  const scored: Array<[number, Entry]> = [];
  for (const e of await catalogue()) {
    if (areas && !areas.has(e.area)) continue;
    const own = e.spec.command.split(' ');
    const inputs = new Set([...e.spec.fields.map((f) => f.name.toLowerCase()), ...(e.spec.options ?? []).map((o) => optionName(o).name)]);
    const hay = `${e.spec.command} ${e.spec.summary} ${e.endpoints.join(' ')} ${e.spec.aliases?.join(' ') ?? ''}`.toLowerCase();
    let score = 0;
    let matched = 0;
    for (const t of terms) {
      const points = own.some((w) => w === t || w === `${t}s` || `${w}s` === t) ? 4 : e.spec.command.includes(t) ? 3 : inputs.has(t) ? 2 : hay.includes(t) ? 1 : 0;
      if (points) matched++;
      score += points;
    }
    if (terms.length === 1 && !matched) continue;
    if (score > 0 && wantsRead && e.read) score += 2;
    if (score > 0 || !terms.length) scored.push([score, e]);
  }
  return scored
    .sort((a, b) => b[0] - a[0])
    .slice(0, limit)
    .map(([, e]) => ({ command: e.spec.command, summary: e.spec.summary, access: e.read ? 'read' : e.destructive ? 'write, destructive' : 'write', endpoint: e.endpoints[0] ?? 'none (offline)' }));
}

type Json = Record<string, unknown>;

function fieldSchema(f: FieldSpec): Json {
  let s: Json;
  if (f.shape && f.type !== 'string[]') s = schemaOf(f.shape, new Map());
  else if (f.type === 'string[]') s = { type: 'array', items: f.enum ? { type: 'string', enum: [...f.enum] } : { type: 'string' } };
  else if (f.type === 'any') s = {};
  else s = { type: f.type };
  if (f.enum && f.type === 'string') s = { type: 'string', enum: [...f.enum] };
  if (f.description && !s.description) s.description = f.description;
  return s;
}

/** An option's long name and whether it takes a value (commander flag syntax). */
export function optionName(o: OptionSpec): { name: string; value: boolean } {
  const long = /--([a-z0-9][a-z0-9-]*)/.exec(o.flags)?.[1] ?? o.flags;
  return { name: long, value: /[<[]/.test(o.flags) };
}

export function mcpOptions(spec: CommandSpec): OptionSpec[] {
  return (spec.options ?? []).filter((o) => {
    const { name, value } = optionName(o);
    if (NO_MEANING.has(name)) return false;
    return !(OUTPUT_FILE_FLAGS.has(`--${name}`) && value);
  });
}

/**
 * The command's input as JSON Schema: its positional ids by name, its flags by flag name (the
 * model's shapes, enums and required marks), and for writes the whole body (`data`) and
 * dotted `set` assignments, as on the command line.
 */
export function inputSchema(spec: CommandSpec): Json {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const a of spec.args ?? []) {
    const key = a.flag ?? a.name;
    const one: Json = { type: 'string', ...(a.enum ? { enum: [...a.enum] } : {}) };
    properties[key] = { ...(a.multi ? { type: 'array', items: one, minItems: 1 } : one), description: a.description ?? a.name };
    if (a.default === undefined) required.push(key);
  }
  for (const f of spec.fields) {
    if (f.hidden) continue;
    properties[flagOf(f)] = fieldSchema(f);
    if (f.required) required.push(flagOf(f));
  }
  for (const o of mcpOptions(spec)) {
    const { name, value } = optionName(o);
    if (properties[name]) continue;
    let s: Json = value ? { type: 'string' } : { type: 'boolean' };
    if (o.enum) s = { type: 'string', enum: [...o.enum] };
    if (o.repeatable) s = { type: 'array', items: s };
    properties[name] = { ...s, description: o.description };
  }
  if (acceptsBody(spec)) {
    properties.data = { type: 'object', description: 'the whole request body; other inputs override its fields' };
    properties.set = { type: 'array', items: { type: 'string' }, description: 'dotted path=value assignments into the body' };
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

// A sub-schema this long, met twice or more in one description, is written once under $defs.
const SHARED_MIN = 120;

/**
 * A JSON Schema with every repeated sub-schema written once, in its `$defs`, and referenced where it
 * stood: a supervision matrix's 12 cells share one cell schema, which describe_command repeated
 * twelve times (12 KB of an agent's context for one command). Found by text, so it does not
 * depend on how the model builds its shapes; the largest repeat first, then again inside what is left.
 */
export function shareRepeats(doc: Json): Json {
  let root = doc;
  const defs: Record<string, unknown> = {};
  for (let n = 1; ; n++) {
    const counts = new Map<string, number>();
    const visit = (v: unknown, top: boolean): void => {
      if (!v || typeof v !== 'object') return;
      if (!top && !Array.isArray(v)) {
        const text = JSON.stringify(v);
        if (text.length >= SHARED_MIN) counts.set(text, (counts.get(text) ?? 0) + 1);
      }
      for (const x of Object.values(v)) visit(x, false);
    };
    visit(root, true);
    for (const d of Object.values(defs)) visit(d, true);
    let best: string | undefined;
    for (const [text, c] of counts) if (c > 1 && (!best || text.length > best.length)) best = text;
    if (!best) break;
    const name = `shared${n}`;
    const ref = { $ref: `#/$defs/${name}` };
    const replace = (v: unknown): unknown => {
      if (!v || typeof v !== 'object') return v;
      if (!Array.isArray(v) && JSON.stringify(v) === best) return ref;
      return Array.isArray(v) ? v.map(replace) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replace(x)]));
    };
    root = Object.fromEntries(Object.entries(root).map(([k, x]) => [k, replace(x)]));
    for (const k of Object.keys(defs)) defs[k] = Object.fromEntries(Object.entries(defs[k] as Json).map(([kk, x]) => [kk, replace(x)]));
    defs[name] = JSON.parse(best);
  }
  return Object.keys(defs).length ? { ...root, $defs: defs } : root;
}

export async function describe(e: Entry): Promise<Json> {
  const s = e.spec;
  return {
    command: s.command,
    summary: s.summary,
    ...(s.description ? { description: s.description } : {}),
    access: e.read ? 'read' : 'write',
    destructive: e.destructive,
    endpoints: e.endpoints,
    ...(s.list ? { returns: 'a list of records, paged by run_command (limit, cursor)' } : {}),
    ...(s.endpoint.result && !s.offline && !s.handler ? { result: shareRepeats(schemaOf(s.endpoint.result, new Map())) } : {}),
    input: shareRepeats(inputSchema(s)),
    examples: s.examples,
  };
}
