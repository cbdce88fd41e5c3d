// The shape of a command as data. Each commands/<area>.ts exports CommandRecords: the CLI face
// of an endpoint of the API model (src/api): words, aliases, positional order, flag names,
// columns, examples, confirmations, and which workflow or renderer runs. The builder
// (src/core/builder.ts) resolves each against its endpoint into a CommandSpec (method, path,
// fields with their types and nested shapes) and turns it into a commander command.
import type { Method } from './http.ts';
import type { Context } from './context.ts';
import type { Column, Format } from './output.ts';
import type { Outcome } from './outcome.ts';
import type { Endpoint } from '../api/endpoint.ts';
import type { Shape } from '../api/shape.ts';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'string[]' | 'object' | 'array' | 'any';

export interface FieldSpec {
  /** The API's field (body key or query parameter). */
  name: string;
  type: FieldType;
  /** Flag name without dashes; default: the field name in kebab-case. */
  flag?: string;
  short?: string;
  enum?: readonly string[];
  required?: boolean;
  /** The word `null` is accepted and sent as null. */
  nullable?: boolean;
  /** Where it goes; default: query for GET and DELETE, body otherwise. */
  in?: 'query' | 'body';
  description?: string;
  /** The value names a local file (for completion). */
  file?: boolean;
  /** Fixed value sent when the flag is absent. */
  default?: unknown;
  hidden?: boolean;
  /** The model's shape of the value: nested values are checked against it before sending. */
  shape?: Shape;
}

/**
 * What a command changes about one field of its endpoint (by API field name), or a flag the
 * model does not have (then `type` is required). A dotted name ('message.content') is a field
 * inside an object field of the body.
 */
export type FieldOverride = { name: string } & Partial<Omit<FieldSpec, 'name' | 'shape'>>;

export interface ArgSpec {
  /** The path parameter it fills ('userId'). */
  name: string;
  description?: string;
  /** Accepts several ids, or '-' for ids on stdin; the request runs once per id. */
  multi?: boolean;
  /** Default when omitted (e.g. 'me' for drive's userId). */
  default?: string;
  /** Exposed as a flag instead of a positional (e.g. --user for drive paths). */
  flag?: string;
  /** Which resource the id belongs to, for dynamic completion. */
  resource?: string;
  /** Allowed values, checked before any request (path segments such as an entity type). */
  enum?: readonly string[];
  /** The value names a local file (completion offers paths): contacts import FILE, drive upload PATH. */
  file?: boolean;
}

// Column is the output layer's type (output.ts), named here too for the command records.
export type { Column };

/** What a handler returns: an Outcome (outcome.ts); the presenter prints it. */
export type Result = Outcome;

/**
 * A workflow. `O` is the type of the options it reads (its record's `options`, as commander
 * parses them: strings, booleans, lists for repeatable flags), so that handlers read typed
 * options without casts.
 */
export type Handler<O extends object = Record<string, unknown>> = (ctx: Context, input: Invocation<O>) => Promise<Result | void>;

/** The list flags the builder adds to a list command, as commander parses them. */
export type PageFlags = { all?: boolean; limit?: string; page?: string; perPage?: string };

export interface Invocation<O extends object = Record<string, unknown>> {
  spec: CommandSpec;
  /** Positional values by path parameter name. */
  args: Record<string, string>;
  /** Variadic positional values (ids) for `multi` args, after stdin expansion. */
  ids: string[];
  /** The ids came from stdin ('-'): the result is always a list, and none is not an error. */
  fromStdin?: boolean;
  /** Body objects reached only by a dotted --set: a PUT merges them into the current record's. */
  merge?: string[];
  /** The record the request replaces, when the merge read it (the change journal keeps it). */
  before?: unknown;
  /** Parsed field values by API field name (query and body fields). */
  fields: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** All commander options, for handler-specific flags. */
  opts: O;
}

export interface OptionSpec {
  /** commander flag syntax, e.g. '--wait' or '--output-dir <dir>'. */
  flags: string;
  description: string;
  enum?: readonly string[];
  default?: unknown;
  file?: boolean;
  /** Collect repeated values into an array. */
  repeatable?: boolean;
}

/** A command as commands/<area>.ts write it: the CLI face of one endpoint. */
export interface CommandRecord {
  /** Words after `agnt`: 'users get', 'org sso set'. */
  command: string;
  aliases?: string[];
  summary: string;
  description?: string;
  /** The endpoint it calls (src/api). */
  endpoint: Endpoint;
  /**
   * Sends no request (org validate checks a file offline): `endpoint` then only names the area's
   * resource; the help says it works offline and the catalogue has no row for it.
   */
  offline?: boolean;
  /** Further endpoints this command calls (catalogue and help rows), from the model. */
  also?: readonly Endpoint[];
  /** The path parameters as positionals, in the order given (description and resource default to the model's). */
  args?: ArgSpec[];
  /** Changes to the flags the endpoint's query or body fields give (flag names, descriptions...), and extra flags. */
  fields?: FieldOverride[];
  /** Fields of the endpoint that get no flag (a handler fills them); 'all': none does. */
  omit?: readonly string[] | 'all';
  /** Extra flags read by a handler. */
  options?: OptionSpec[];
  /** The envelope key shown, when not the endpoint's own. */
  resultKey?: string;
  /** Show only this key of the result (`org sso get`: the organization's sso). */
  select?: string;
  /** false: one record found in a list endpoint (no paging flags). */
  list?: false;
  columns?: Column[];
  /**
   * A table shows the API's times in your zone (--tz, --utc, else the user's: the README's time
   * rule); the builder adds the flags and the presenter reads the zone only when it draws a table.
   */
  localTimes?: boolean;
  examples: string[];
  /** Destructive: confirm on a terminal, --yes in scripts. */
  confirm?: string;
  /** Flags fill this object field of the body ({preferences: {...}}); a file holds its value. */
  bodyKey?: string;
  /** Accepts a whole body from --data/--file. Default: true when the command has body fields. */
  bodyInput?: boolean;
  /**
   * Keys the matching `get` shows beside the record (coverage get's `principals`): in a file
   * they are dropped with the one note, like server-set fields, so that its output round-trips.
   */
  ignores?: readonly string[];
  /**
   * Where a PUT's current record is read for a dotted --set merge; default: GET of the same
   * path and resultKey. `field`: the objects sit under this key of that record.
   */
  mergeFrom?: { endpoint: Endpoint; field?: string };
  /** Lazily loaded handler for commands that do more than one plain request. */
  handler?: () => Promise<Handler<never>>;
  /**
   * The only output formats the command writes, the first its default when no flag names one
   * (`org export`: yaml, json). Checked before anything is sent.
   */
  formats?: readonly Format[];
  /** The command also writes -o markdown (a pull-request comment), which its Outcome carries. */
  markdown?: boolean;
  /** Lazily loaded terminal renderer for the table format. */
  render?: () => Promise<(data: unknown, ctx: Context) => string | undefined | Promise<string | undefined>>;
  /** Plain-words hints for API errors, by error_code or status, beyond (or instead of) the model's. */
  hints?: Readonly<Record<string, string>>;
  hidden?: boolean;
}

/** A command resolved against its endpoint: what the builder, handlers and completion read. */
export interface CommandSpec extends Omit<CommandRecord, 'fields' | 'list'> {
  method: Method;
  path: string;
  fields: FieldSpec[];
  /** Envelope key holding the result. */
  resultKey?: string;
  /** The success body has no `ok` envelope. */
  envelope?: 'auto' | 'none';
  /** The documented result may be null (`object|null`); any other null answer is refused. */
  nullable?: boolean;
  /** A paginated list: gets --page, --per-page, --limit, --all. */
  list?: boolean;
  /** Body keys beyond `fields` are passed through unchecked (the model leaves the object open). */
  openBody?: boolean;
  /** The endpoint needs no login (the spec calls it public); a token is sent when there is one. */
  public?: boolean;
}

export interface AreaSpec {
  /** First word: 'users'. Groups ('org sso') come from the command words. */
  name: string;
  aliases?: string[];
  summary: string;
  /** Summaries of sub-groups, by their words ('org sso'). */
  groups?: Record<string, string>;
  commands: CommandRecord[];
}

/**
 * More commands of an area whose AreaSpec is in another file (the contacts importer, members
 * sync): the name says which; the aliases and summary are the AreaSpec's alone.
 */
export type AreaPart = Omit<AreaSpec, 'aliases' | 'summary'>;

/** An area as the index that start-up reads names it (commands/area-index.ts, generated). */
export interface AreaEntry {
  name: string;
  aliases?: string[];
  summary: string;
  /** The area's records: its AreaSpec, then any AreaParts in other files. */
  load: () => Promise<[AreaSpec, ...AreaPart[]]>;
}
