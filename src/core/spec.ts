// The shape of a command as data. Each commands/<area>.ts exports records of this shape; the
// builder (src/core/builder.ts) turns them into commander commands with validation, help and
// output. Only workflows that need more than one request get a handler.
import type { Method } from './http.ts';
import type { Context } from './context.ts';
import type { Column } from './output.ts';

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
  /** For object/array fields: the keys a file or JSON value may hold (checked locally). */
  keys?: readonly string[];
}

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
}

// Column is the output layer's type (output.ts), named here too for the command records.
export type { Column };

export interface Result {
  data: unknown;
  /** Table columns for `data`; default: the command's columns. */
  columns?: Column[];
  /** A terminal rendering that replaces the table (summaries, grids, timelines). */
  text?: string;
  /** Exit code other than 0 (e.g. 6 for partial failure), with a message for stderr. */
  exitCode?: number;
  message?: string;
}

export type Handler = (ctx: Context, input: Invocation) => Promise<Result | void>;

export interface Invocation {
  spec: CommandSpec;
  /** Positional values by path parameter name. */
  args: Record<string, string>;
  /** Variadic positional values (ids) for `multi` args, after stdin expansion. */
  ids: string[];
  /** The ids came from stdin ('-'): the result is always a list, and none is not an error. */
  fromStdin?: boolean;
  /** Body objects reached only by a dotted --set: a PUT merges them into the current record's. */
  merge?: string[];
  /** Parsed field values by API field name (query and body fields). */
  fields: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** All commander options, for handler-specific flags. */
  opts: Record<string, unknown>;
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

export interface CommandSpec {
  /** Words after `agnt`: 'users get', 'org sso set'. */
  command: string;
  aliases?: string[];
  summary: string;
  description?: string;
  method: Method;
  path: string;
  /** Further endpoints this command calls (catalogue rows). */
  also?: Array<{ method: Method; path: string }>;
  args?: ArgSpec[];
  fields?: FieldSpec[];
  /** Extra flags read by a handler. */
  options?: OptionSpec[];
  /** The documented result may be null (`object|null`); any other null answer is refused. */
  nullable?: boolean;
  /** Envelope key holding the result. */
  resultKey?: string;
  /** The success body has no `ok` envelope. */
  envelope?: 'auto' | 'none';
  /** A paginated list: gets --page, --per-page, --limit, --all. */
  list?: boolean;
  columns?: Column[];
  examples: string[];
  /** Destructive: confirm on a terminal, --yes in scripts. */
  confirm?: string;
  /** Send the fields wrapped in this key ({preferences: {...}}). */
  bodyKey?: string;
  /** Accepts a whole body from --data/--file. Default: true when the command has body fields. */
  bodyInput?: boolean;
  /** Body keys beyond `fields` are passed through unchecked (the spec leaves them open). */
  openBody?: boolean;
  /**
   * Where a PUT's current record is read for a dotted --set merge; default: GET of the same
   * path and resultKey. `field`: the objects sit under this key of that record.
   */
  mergeFrom?: { path: string; resultKey?: string; field?: string };
  /** Lazily loaded handler for commands that do more than one plain request. */
  handler?: () => Promise<Handler>;
  /** Lazily loaded terminal renderer for the table format. */
  render?: () => Promise<(data: unknown, ctx: Context) => string | undefined | Promise<string | undefined>>;
  hidden?: boolean;
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
  commands: CommandSpec[];
}
