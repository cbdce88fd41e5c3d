// `agnt sandbox clock | snapshot | fault | requests | status | stop`: the verbs that drive a running
// sandbox through its control namespace (src/sandbox/control.ts). The sandbox is the one --url
// names, else the `sandbox` profile's (what `agnt sandbox start` writes, with the control token);
// the control token comes from that profile or AGNT_SANDBOX_TOKEN, never from the command line.
import { hostEnv } from '../core/host.ts';
import { readFileSync } from 'node:fs';
import type { Context } from '../core/context.ts';
import { readConfig } from '../core/config.ts';
import { durationFlag, durationMs } from '../core/duration.ts';
import { AgntError, ApiError, EXIT, NetworkError, UsageError } from '../core/errors.ts';
import { HttpClient, isLoopback, type RequestSpec } from '../core/http.ts';
import { VERSION } from '../core/version.ts';
import { CONTROL_PREFIX } from '../sandbox/control-prefix.ts';
import { loadYaml } from '../core/yaml.ts';
import { sleep } from '../core/sleep.ts';
import type { Outcome, StreamSink } from '../core/outcome.ts';

type Rec = Record<string, any>;

export interface Target {
  url: string;
  token: string;
}

export function target(ctx: Context, url: string | undefined): Target {
  const profileName = ctx.global.profile ?? 'sandbox';
  const profile = readConfig().profiles?.[profileName];
  const base = url ?? profile?.baseUrl;
  if (!base) throw new UsageError(`no sandbox to talk to: give --url, or start one with \`agnt sandbox start\` (it writes the '${profileName}' profile)`);
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    throw new UsageError(`--url: cannot read '${base}' as a URL`);
  }
  if (!isLoopback(parsed.hostname.replace(/^\[|\]$/g, ''))) throw new UsageError(`--url must be a sandbox on this machine (a loopback address), got '${parsed.host}'`);
  const fromProfile = profile && (!url || profile.baseUrl === url) ? profile.controlToken : undefined;
  const token = hostEnv().AGNT_SANDBOX_TOKEN || fromProfile;
  if (!token) throw new UsageError(`no control token for ${parsed.origin}: set AGNT_SANDBOX_TOKEN to the control token \`agnt sandbox start\` printed`);
  return { url: parsed.origin, token };
}

// One client per command and sandbox, through the HTTP core as every request (its timeout,
// --debug, the token masked); not retried: a control verb is sent once.
const clients = new WeakMap<Context, Map<string, HttpClient>>();

function clientFor(ctx: Context, t: Target): HttpClient {
  let mine = clients.get(ctx);
  if (!mine) clients.set(ctx, (mine = new Map()));
  let client = mine.get(t.url);
  if (!client) {
    client = new HttpClient({
      baseUrl: t.url,
      token: t.token,
      timeoutMs: (ctx.settings().timeout.value ?? 30) * 1000,
      retries: 1,
      debug: ctx.global.debug ? (line) => ctx.io.err(line) : undefined,
      signal: ctx.signal,
      userAgent: `agnt/${VERSION}`,
    });
    mine.set(t.url, client);
  }
  return client;
}

export async function call(ctx: Context, t: Target, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Rec> {
  try {
    const res = await clientFor(ctx, t).request<Rec>({ method: method as RequestSpec['method'], path: `${CONTROL_PREFIX}${path}`, body, envelope: 'none', signal: signal ?? ctx.signal });
    return (res.body ?? {}) as Rec;
  } catch (e) {
    // What the sandbox refuses as bad input (a bad rule, a clock moved backwards, an unknown
    // snapshot) is the caller's mistake: exit 2, and the sandbox unchanged.
    if (e instanceof ApiError && [400, 404, 409].includes(e.status)) throw new AgntError(e.message, EXIT.usage);
    if (e instanceof NetworkError && !ctx.signal.aborted) throw new AgntError(`cannot reach the sandbox at ${t.url}: ${e.message}`, EXIT.failure, 'is `agnt sandbox start` running?');
    // Not an API call: the API's hints (log in again...) do not apply.
    if (e instanceof ApiError) throw new AgntError(e.message, e.exitCode);
    throw e;
  }
}

/** A value for the presenter, with its table columns. */
function show(value: unknown, columns?: Array<{ path: string }>): Outcome {
  return { data: value, columns };
}

// ---- clock ------------------------------------------------------------------------------------

/** An ISO 8601 time with a zone (the sandbox's clock is absolute). */
export function parseInstant(text: string, flag: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text.trim());
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T00:00:00Z` : text.trim());
  if (!ok || Number.isNaN(ms) || (!/(Z|[+-]\d{2}:?\d{2})$/.test(text.trim()) && text.includes('T')))
    throw new UsageError(`${flag}: cannot read '${text}' as a time`, 'give an ISO 8601 time with its zone, e.g. 2026-12-01T09:00:00Z (or a date: 2026-12-01)');
  return new Date(ms).toISOString();
}

export function parseRate(text: string, flag: string): number {
  const n = Number(text);
  if (String(text).trim() === '' || !Number.isFinite(n) || n < 0 || n > 1_000_000) throw new UsageError(`${flag} must be a number from 0 (frozen) to 1000000, got '${text}'`);
  return n;
}

export async function clockShow(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const opts = rawOpts as { url?: string };
  const t = target(ctx, opts.url);
  return show((await call(ctx, t, 'GET', 'clock')).clock);
}

export async function clockSet(ctx: Context, time: string, rawOpts: unknown): Promise<Outcome | undefined> {
  const opts = rawOpts as { url?: string; rate?: string };
  const body: Rec = { set: parseInstant(time, 'TIME') };
  if (opts.rate !== undefined) body.rate = parseRate(opts.rate, '--rate');
  return show((await call(ctx, target(ctx, opts.url), 'POST', 'clock', body)).clock);
}

export async function clockAdvance(ctx: Context, duration: string, rawOpts: unknown): Promise<Outcome | undefined> {
  const opts = rawOpts as { url?: string };
  const ms = durationMs(durationFlag(duration, 'DURATION'));
  return show((await call(ctx, target(ctx, opts.url), 'POST', 'clock', { advance: ms })).clock);
}

// ---- snapshots --------------------------------------------------------------------------------

const SNAPSHOT_COLUMNS = [{ path: 'name' }, { path: 'clock' }, { path: 'records' }];
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function snapshotName(name: string): string {
  if (!NAME.test(name)) throw new UsageError(`NAME: a snapshot name is letters, digits, '.', '_' and '-' (at most 64), got '${name}'`);
  return name;
}

export async function snapshotSave(ctx: Context, name: string, rawOpts: unknown): Promise<Outcome | undefined> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  return show((await call(ctx, t, 'POST', 'snapshots', { name: snapshotName(name) })).snapshot);
}

export async function snapshotRestore(ctx: Context, name: string, rawOpts: unknown): Promise<Outcome | undefined> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  return show((await call(ctx, t, 'POST', `snapshots/${encodeURIComponent(snapshotName(name))}/restore`)).snapshot);
}

export async function snapshotList(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  return show((await call(ctx, t, 'GET', 'snapshots')).snapshots, SNAPSHOT_COLUMNS);
}

export async function snapshotDelete(ctx: Context, name: string, rawOpts: unknown): Promise<void> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  await call(ctx, t, 'DELETE', `snapshots/${encodeURIComponent(snapshotName(name))}`);
  ctx.io.info(`Deleted snapshot ${name}.`);
}

// ---- faults -----------------------------------------------------------------------------------

const FAULT_COLUMNS = [
  { path: 'id' },
  { path: 'method' },
  { path: 'path' },
  { path: 'query' },
  { path: 'endpoint' },
  { path: 'user' },
  { path: 'status' },
  { path: 'rate' },
  { path: 'times' },
  { path: 'after' },
  { path: 'hits' },
];

/** 800ms, 2s, 1m: milliseconds. */
export function millis(text: string, flag: string): number {
  const ms = /^\s*(\d+)\s*ms\s*$/i.exec(String(text));
  if (ms) return Number(ms[1]);
  if (/^\s*\d+(\.\d+)?\s*$/.test(String(text))) return Math.round(Number(text) * 1000);
  return durationMs(durationFlag(String(text), flag));
}

/** A fault rule from the flags of `fault add` (checked again, against the model, by the sandbox). */
export function ruleFromFlags(o: Rec): Rec {
  const rule: Rec = {};
  if (o.method !== undefined) rule.method = String(o.method).toUpperCase();
  if (o.path !== undefined) rule.path = o.path;
  if (o.endpoint !== undefined) rule.endpoint = o.endpoint;
  if (o.user !== undefined) rule.user = o.user;
  const params = [o.param ?? []].flat() as string[];
  if (params.length) {
    rule.query = {};
    for (const p of params) {
      const eq = String(p).indexOf('=');
      if (eq < 1) throw new UsageError(`--param must be NAME=VALUE (page=3), got '${p}'`);
      rule.query[String(p).slice(0, eq)] = String(p).slice(eq + 1);
    }
  }
  if (o.status !== undefined) {
    const n = Number(o.status);
    if (!Number.isInteger(n) || n < 400 || n > 599) throw new UsageError(`--status must be an HTTP error status (400-599), got '${o.status}'`);
    rule.status = n;
  }
  if (o.rate !== undefined) {
    const n = Number(o.rate);
    if (!(n > 0 && n <= 1)) throw new UsageError(`--rate must be more than 0 and at most 1, got '${o.rate}'`);
    rule.rate = n;
  }
  if (o.times !== undefined) {
    const n = Number(o.times);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--times must be a whole number of at least 1, got '${o.times}'`);
    rule.times = n;
  }
  if (o.after !== undefined) {
    const n = Number(o.after);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--after must be a whole number of at least 1, got '${o.after}'`);
    rule.after = n;
  }
  if (rule.rate !== undefined && rule.times !== undefined) throw new UsageError('give --rate or --times, not both');
  if (o.retryAfter !== undefined) rule.retryAfter = millis(o.retryAfter, '--retry-after') / 1000;
  if (o.delay !== undefined) rule.delay = millis(o.delay, '--delay');
  if (o.reset) rule.reset = true;
  if (rule.reset && rule.status !== undefined) throw new UsageError('give --status or --reset, not both');
  if (rule.status === undefined && !rule.reset && rule.delay === undefined) throw new UsageError('a fault needs --status, --delay or --reset');
  if (rule.retryAfter !== undefined && rule.status === undefined) throw new UsageError('--retry-after goes with --status');
  return rule;
}

/** The rules of a rules file (YAML or JSON): a list, or {rules: [...]}; durations may be text. */
export async function readRulesFile(file: string): Promise<Rec[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e: any) {
    throw new UsageError(`cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  const { parse } = await loadYaml();
  let value: any;
  try {
    value = parse(text);
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  const rules = Array.isArray(value) ? value : value?.rules;
  if (!Array.isArray(rules)) throw new UsageError(`${file}: a rules file is a list of rules (or rules: [...])`);
  return rules.map((r: Rec, i: number) => {
    if (!r || typeof r !== 'object') throw new UsageError(`${file}: rule ${i + 1} is not a mapping`);
    const out = { ...r };
    try {
      if (typeof out.retryAfter === 'string') out.retryAfter = millis(out.retryAfter, 'retryAfter') / 1000;
      if (typeof out.delay === 'string') out.delay = millis(out.delay, 'delay');
    } catch (e) {
      throw new UsageError(`${file}: rule ${i + 1}: ${(e as Error).message}`);
    }
    return out;
  });
}

export async function faultAdd(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const opts = rawOpts as Rec;
  const rule = ruleFromFlags(opts);
  const t = target(ctx, opts.url);
  return show((await call(ctx, t, 'POST', 'faults', rule)).faults[0]);
}

export async function faultList(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  return show((await call(ctx, t, 'GET', 'faults')).faults, FAULT_COLUMNS);
}

export async function faultClear(ctx: Context, id: string | undefined, rawOpts: unknown): Promise<void> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  await call(ctx, t, 'DELETE', id ? `faults/${encodeURIComponent(id)}` : 'faults');
  ctx.io.info(id ? `Removed fault rule ${id}.` : 'Removed every fault rule.');
}

// ---- journal, status, stop ------------------------------------------------------------------------

const REQUEST_COLUMNS = [{ path: 'id' }, { path: 'time' }, { path: 'method' }, { path: 'path' }, { path: 'status' }, { path: 'user' }, { path: 'fault' }];

export async function requests(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const opts = rawOpts as { url?: string; since?: string; method?: string; path?: string; follow?: boolean };
  let since: number | undefined;
  if (opts.since !== undefined) {
    since = Number(opts.since);
    if (!Number.isInteger(since) || since < 0) throw new UsageError(`--since must be a request id (a whole number), got '${opts.since}'`);
  }
  if (opts.method !== undefined && !/^(GET|POST|PUT|PATCH|DELETE)$/i.test(opts.method)) throw new UsageError(`--method must be GET, POST, PUT, PATCH or DELETE, got '${opts.method}'`);
  if (opts.path !== undefined && !opts.path.startsWith('/')) throw new UsageError(`--path is a glob starting with '/', got '${opts.path}'`);
  const t = target(ctx, opts.url);
  const query = (extra: Rec) => {
    const q = new URLSearchParams();
    if (since !== undefined) q.set('since', String(since));
    if (opts.method) q.set('method', opts.method.toUpperCase());
    if (opts.path) q.set('path', opts.path);
    for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
    return `requests?${q}`;
  };
  if (!opts.follow) return show((await call(ctx, t, 'GET', query({}))).requests, REQUEST_COLUMNS);
  // --follow: each request as it arrives (each poll's a table of its own on a terminal), until Ctrl-C.
  ctx.interruptIsStop = true;
  const follow = async (sink: StreamSink): Promise<void> => {
    while (!ctx.signal.aborted) {
      let page: Rec;
      try {
        // A long poll, answered well within the request's --timeout.
        page = await call(ctx, t, 'GET', query({ wait: Math.max(1, Math.min(25, Math.floor((ctx.settings().timeout.value ?? 30) / 2))) }));
      } catch (e) {
        if (ctx.signal.aborted) break;
        throw e;
      }
      const items = page.requests as Rec[];
      if (items.length) {
        await sink.emit(items);
        since = items[items.length - 1]!.id;
      } else if (since === undefined) since = page.lastId;
      await sleep(0, ctx.signal).catch(() => undefined);
    }
  };
  return { columns: REQUEST_COLUMNS, stream: { table: 'batch', run: follow } };
}

export async function status(ctx: Context, rawOpts: unknown): Promise<Outcome | undefined> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  const s = await call(ctx, t, 'GET', 'status');
  // A reading for people (a table's view): one line per part.
  const view = async () => {
    const lines = [
      `url        ${s.url}`,
      `clock      ${s.clock.now}${s.clock.frozen ? ' (frozen)' : s.clock.rate === 1 ? '' : ` (rate ${s.clock.rate})`}`,
      `data file  ${s.dataFile ?? '(none: in memory)'}`,
      `snapshots  ${s.snapshots.length ? s.snapshots.join(', ') : '(none)'}`,
      `faults     ${s.faults.length ? s.faults.map((f: Rec) => `${f.id} ${[f.method, f.path ?? f.endpoint].filter(Boolean).join(' ')} -> ${f.reset ? 'reset' : (f.status ?? `delay ${f.delay}ms`)}`).join('; ') : '(none)'}`,
      `requests   ${s.requests.lastId} served`,
      'records',
      ...Object.entries(s.collections as Record<string, number>).map(([k, v]) => `  ${k.padEnd(28)} ${v}`),
    ];
    return { data: s, text: lines.join('\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '?') };
  };
  return { data: s, view };
}

export async function stop(ctx: Context, rawOpts: unknown): Promise<void> {
  const t = target(ctx, (rawOpts as { url?: string }).url);
  await call(ctx, t, 'POST', 'stop');
  ctx.io.info(`Stopping the sandbox at ${t.url}.`);
}
