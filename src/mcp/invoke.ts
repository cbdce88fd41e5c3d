// How an MCP tool runs a command: its JSON input becomes the command line the CLI would parse
// (the same commander tree, checks and Invocation as `agnt batch` uses), and its requests go
// through the one HTTP client, wrapped so that a read can never write, a plan sends nothing
// but the reads a dry run sends, and an apply sends exactly the planned writes or stops.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { Context, type GlobalOptions } from '../core/context.ts';
import { AgntError, UsageError } from '../core/errors.ts';
import { type ApiResponse, HttpClient, type RequestSpec } from '../core/http.ts';
import { flagOf } from '../core/input.ts';
import type { IO } from '../core/io.ts';
import { createIO } from '../core/io.ts';
import { VERSION } from '../core/version.ts';
import { CommandAdapter, type Prepared } from '../workflows/batch/adapter.ts';
import { type Entry, mcpOptions, optionName } from './catalogue.ts';
import type { Grant } from './grant.ts';

/**
 * The signal of the tool call being served (the client may cancel it), for the commands it runs:
 * carried by the call's async context rather than through every tool's arguments.
 */
export const callSignal = new AsyncLocalStorage<AbortSignal>();

/** One write request as a plan shows and binds it. */
export interface PlannedRequest {
  method: string;
  /** Path and query, as sent (relative to the profile's server). */
  path: string;
  body?: unknown;
}

export type Mode =
  | { kind: 'read' }
  | { kind: 'plan'; writes: PlannedRequest[]; reads: PlannedRequest[] }
  /** `changeSet`: the plan's writes are one change set of the journal, which `agnt undo` reverts. */
  | { kind: 'apply'; left: PlannedRequest[]; sent: PlannedRequest[]; changeSet?: RequestSpec['changeSet'] };

function bodyOf(spec: RequestSpec): unknown {
  if (spec.method === 'GET') return undefined;
  if (spec.json !== undefined) return JSON.parse(spec.json);
  return spec.body;
}

const same = (a: PlannedRequest, b: PlannedRequest) => a.method === b.method && a.path === b.path && JSON.stringify(a.body ?? null) === JSON.stringify(b.body ?? null);

/**
 * The HTTP client a tool's command gets: the session's one client underneath (one connection
 * pool, one token), with the tool's rule on top.
 */
class GuardedClient extends HttpClient {
  constructor(
    private inner: HttpClient,
    private mode: Mode,
    private signal: AbortSignal,
  ) {
    super({ baseUrl: inner.base.href, timeoutMs: inner.timeoutSeconds * 1000, retries: 0 });
  }

  override async request<T = unknown>(given: RequestSpec): Promise<ApiResponse<T>> {
    // `me` is the caller's id here too, so that a plan names the paths the inner client will send.
    const spec = await this.inner.withoutMe({ ...given, signal: given.signal ?? this.signal });
    const m = this.mode;
    const body = bodyOf(spec);
    const planned: PlannedRequest = { method: spec.method, path: this.target(spec), ...(body !== undefined ? { body } : {}) };
    if (m.kind === 'read') {
      if (spec.method !== 'GET') throw new AgntError(`refused: a read tool does not send ${spec.method} ${planned.path}`);
      return this.inner.request<T>(spec);
    }
    if (m.kind === 'plan') {
      // As a dry run: the reads a real run merges into its body are sent; nothing else is.
      if (spec.method === 'GET' && spec.readInDryRun) return this.inner.request<T>(spec);
      (spec.method === 'GET' ? m.reads : m.writes).push(planned);
      return { status: 0, headers: {}, body: undefined, data: undefined as T, meta: {}, dryRun: true };
    }
    if (spec.method !== 'GET') {
      const i = m.left.findIndex((p) => same(p, planned));
      if (i < 0) throw new AgntError(`refused: ${spec.method} ${planned.path} is not in the plan, so it was not sent; plan the command again`);
      m.left.splice(i, 1);
      m.sent.push(planned);
      if (m.changeSet) return this.inner.request<T>({ ...spec, changeSet: m.changeSet });
    }
    return this.inner.request<T>(spec);
  }

  override external(_method: 'GET' | 'PUT', _url: string): Promise<Dispatcher.ResponseData> {
    return Promise.reject(new UsageError('file transfers (presigned URLs) are not available through agnt mcp; run this command in a shell'));
  }

  override async close(): Promise<void> {}
}

/** What a command printed, kept instead of reaching the MCP stream. */
export interface Captured {
  out: string[];
  err: string[];
}

function captureIO(c: Captured): IO {
  const base = createIO({ noColor: true, noInput: true, quiet: false });
  const sink = new Writable({
    write(chunk, _enc, done) {
      c.out.push(String(chunk));
      done();
    },
  });
  const err = (text: string) => void c.err.push(text);
  return {
    ...base,
    stdout: sink,
    stderr: new Writable({
      write(chunk, _enc, done) {
        err(String(chunk));
        done();
      },
    }),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    animated: false,
    noInput: true,
    canPrompt: () => false,
    out: (text) => void c.out.push(text),
    write: (text) => void c.out.push(text),
    err,
    warn: (text) => err(`warning: ${text}`),
    info: err,
    readStdin: () => Promise.reject(new UsageError('an MCP tool cannot read standard input: give the values in its input')),
    columns: () => 120,
  };
}

/** A command's context inside the server: the session's profile, the tool's client, captured output. */
class ToolContext extends Context {
  constructor(
    global: GlobalOptions,
    io: IO,
    signal: AbortSignal,
    private session: Session,
    private guarded: HttpClient,
  ) {
    super(global, signal, io);
  }
  override settings() {
    return this.session.base.settings();
  }
  override client(): HttpClient {
    return this.guarded;
  }
}

export class Session {
  private client?: HttpClient;
  private adapters = new Map<string, Promise<CommandAdapter>>();
  /**
   * This agent session's id: in every plan it makes, in the change journal with every write, and
   * sent as X-Agnt-Session so that a server which logs headers can tell agent writes from human ones.
   */
  readonly id = `mcp_${randomUUID()}`;
  /** Write requests this session has sent (its grant's budget counts them). */
  writesSent = 0;
  constructor(
    readonly base: Context,
    readonly grant?: Grant,
  ) {}

  /** The profile's token: only ever used to keep it out of what the server says. */
  get token(): string | undefined {
    return this.base.settings().token.value;
  }

  /**
   * The one client of the session, made from what `Context.client` makes the CLI's with (it
   * checks the login), less a dry run's printing: the session's stdout is the protocol's.
   */
  http(): HttpClient {
    this.client ??= new HttpClient({ ...this.base.clientOptions(), dryRun: undefined, userAgent: `agnt/${VERSION} node/${process.versions.node} mcp`, session: this.id });
    return this.client;
  }

  context(mode: Mode, captured: Captured, extra: GlobalOptions = {}): ToolContext {
    const global: GlobalOptions = { json: true, input: false, ...extra, ...(mode.kind === 'plan' ? { dryRun: true } : {}) };
    const call = callSignal.getStore();
    const signal = call ? AbortSignal.any([this.base.signal, call]) : this.base.signal;
    return new ToolContext(global, captureIO(captured), signal, this, new GuardedClient(this.http(), mode, signal));
  }

  async prepare(entry: Entry, args: Record<string, unknown>, ctx: Context): Promise<Prepared> {
    const area = entry.spec.command.split(' ')[0]!;
    let a = this.adapters.get(area);
    if (!a) {
      a = CommandAdapter.create([area], []);
      this.adapters.set(area, a);
    }
    return (await a).prepareArgv(argvOf(entry, args), ctx);
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}

/**
 * The command line for a tool's input: the command words, `--flag=value` for each flag (so that a
 * value starting with '-' stays a value), then `--` and the positional ids.
 */
export function argvOf(entry: Entry, input: Record<string, unknown>): string[] {
  const spec = entry.spec;
  const flags: string[] = [];
  const positional: string[] = [];
  const known = new Set<string>();
  const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  for (const a of spec.args ?? []) {
    const key = a.flag ?? a.name;
    known.add(key);
    const v = input[key];
    if (v === undefined || v === null) continue;
    if (a.flag) flags.push(`--${a.flag}=${str(v)}`);
    else if (Array.isArray(v)) positional.push(...v.map(str));
    else positional.push(str(v));
  }
  for (const f of spec.fields) {
    const key = flagOf(f);
    known.add(key);
    const v = input[key];
    if (v === undefined || f.hidden) continue;
    if (f.type === 'boolean') flags.push(v === false ? `--no-${key}` : `--${key}`);
    else if (f.type === 'string[]') for (const x of Array.isArray(v) ? v : [v]) flags.push(`--${key}=${str(x)}`);
    else flags.push(`--${key}=${v === null ? 'null' : str(v)}`);
  }
  for (const o of mcpOptions(spec)) {
    const { name, value } = optionName(o);
    if (known.has(name)) continue;
    known.add(name);
    const v = input[name];
    if (v === undefined || v === null) continue;
    if (!value) {
      if (v === true) flags.push(`--${name}`);
      continue;
    }
    for (const x of Array.isArray(v) ? v : [v]) flags.push(`--${name}=${str(x)}`);
  }
  if (input.data !== undefined) {
    known.add('data');
    flags.push(`--data=${JSON.stringify(input.data)}`);
  }
  if (input.set !== undefined) {
    known.add('set');
    for (const s of Array.isArray(input.set) ? input.set : [input.set]) flags.push(`--set=${str(s)}`);
  }
  // A workflow's list is read whole (a cursor then continues in it); a plain list is paged by
  // the tool itself.
  if (spec.list && spec.handler) flags.push('--all');
  const unknown = Object.keys(input).filter((k) => !known.has(k));
  if (unknown.length) throw new UsageError(`${spec.command}: unknown input ${unknown.map((k) => `'${k}'`).join(', ')} (describe_command lists its input)`);
  return [...spec.command.split(' '), ...flags, '--', ...positional];
}
