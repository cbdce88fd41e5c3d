// `agnt __complete -- <words...>`: prints what the last word can become, one `value<TAB>description`
// per line. The shell scripts call it only for ids, which come from the active profile's server
// through the list command of the id's resource, and for profile names. Whatever goes wrong (no login, server down,
// slow, odd data) it prints nothing and exits 0: text on stdout would land in the user's command
// line, and a hang would freeze their shell.
import { writeFileAtomic } from '../core/atomic-file.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { configDir, profileNames, readConfig, resolveSettings } from '../core/config.ts';
import { document, type Outcome } from '../core/outcome.ts';
import { HttpClient } from '../core/http.ts';
import { hasControls } from '../core/output.ts';
import type { ArgSpec, CommandSpec } from '../core/spec.ts';
import { analyze, offeredFlags, type LineState } from './engine.ts';
import { listCommandFor, LOCAL_PROFILES, LOCAL_RESOURCES, modelOf, type Node } from './model.ts';
import { currentHost, hostEnv } from '../core/host.ts';

export type Candidate = [value: string, description: string];

const DEFAULT_BUDGET_MS = 900;
const DEFAULT_TTL_SECONDS = 60;
const PER_PAGE = 100;
const MAX_CACHE_ENTRIES = 50;

/** `started` is when the TAB began: by default the start of the process, which the shell spawned for it. */
/** The lines for the shell, written by the presenter as they are (none when nothing fits). */
export async function complete(program: Command, words: string[], started = performance.timeOrigin): Promise<Outcome | undefined> {
  let out: Candidate[] = [];
  try {
    out = await candidates(program, words, started);
  } catch {
    out = [];
  }
  return out.length ? document(out.map(([v, d]) => (d ? `${v}\t${d}` : v)).join('\n')) : undefined;
}

export async function candidates(program: Command, words: string[], started = Date.now()): Promise<Candidate[]> {
  const root = modelOf(program);
  const state = analyze(root, words.length ? words : ['']);
  const cur = state.current;
  const byPrefix = (list: Candidate[]) => list.filter(([v]) => v.startsWith(cur));
  switch (state.target.kind) {
    case 'commands':
      return byPrefix(state.node.children.filter((c) => !c.hidden).map((c) => [c.name, c.summary]));
    case 'flags':
      return byPrefix(
        offeredFlags(root, state.node)
          .filter((f) => !f.hidden && f.long)
          .map((f) => [f.long!, f.description]),
      );
    case 'nothing':
      return [];
  }
  const kind = state.target.kind === 'flag-value' ? state.target.flag.value : state.target.positional.value;
  if (kind.kind === 'enum') return byPrefix(kind.values.map((v) => [v, '']));
  if (kind.kind !== 'dynamic') return [];
  let list: Candidate[];
  if (LOCAL_RESOURCES.has(kind.resource)) list = localResource(kind.resource);
  else list = await remoteIds(root, state, kind.resource, started);
  // Ids already on the line are not offered again (several ids for one command).
  const taken = state.target.kind === 'positional' && state.target.positional.variadic ? new Set(state.positionals) : new Set<string>();
  return byPrefix(list).filter(([v]) => !taken.has(v));
}

function localResource(resource: string): Candidate[] {
  if (resource !== LOCAL_PROFILES) return [];
  const data = readConfig();
  return profileNames(data).map((name) => [name, clean(data.profiles?.[name]?.baseUrl ?? '')]);
}

// ---------------------------------------------------------------------------------------------
// Asking the server, through a short-lived cache

/** Values of the path parameters already on the line: earlier positionals, id flags, defaults. */
function knownParams(leaf: Node, state: LineState): Record<string, string> {
  const out: Record<string, string> = {};
  const args = leaf.spec?.args ?? [];
  args
    .filter((a) => !a.flag)
    .forEach((a, i) => {
      const v = a.multi ? undefined : (state.positionals[i] ?? a.default);
      if (v !== undefined && v !== '-') out[a.name] = v;
    });
  for (const a of args) {
    if (!a.flag) continue;
    const v = state.flagValues.get(`--${a.flag}`) ?? a.default;
    if (v !== undefined) out[a.name] = v;
  }
  return out;
}

function argFor(state: LineState): ArgSpec | undefined {
  const args = state.node.spec?.args ?? [];
  if (state.target.kind === 'positional') return args.filter((a) => !a.flag)[state.target.index];
  if (state.target.kind === 'flag-value') {
    const long = state.target.flag.long;
    return args.find((a) => a.flag && `--${a.flag}` === long);
  }
  return undefined;
}

async function remoteIds(root: Node, state: LineState, resource: string, started: number): Promise<Candidate[]> {
  const own = argFor(state);
  const arg: ArgSpec = { ...own, name: own?.name ?? '', resource: own?.resource ?? resource };
  const target = listCommandFor(root, state.node, arg, state.node.spec ? knownParams(state.node, state) : {});
  if (!target) return [];
  const listSpec = target.list.spec!;

  const settings = resolveSettings({ profile: state.flagValues.get('--profile'), baseUrl: state.flagValues.get('--base-url') });
  const baseUrl = settings.baseUrl.value;
  const token = settings.token.value;
  if (!baseUrl || !token) return [];

  const query: Record<string, unknown> = { page: 1, perPage: PER_PAGE };
  for (const f of listSpec.fields ?? []) if (f.default !== undefined && (f.in ?? 'query') === 'query') query[f.name] = f.default;

  const budget = positiveNumber(hostEnv().AGNT_COMPLETE_TIMEOUT_MS) ?? DEFAULT_BUDGET_MS;
  // The whole TAB, start-up included, stays within the budget.
  const remaining = Math.max(100, budget - (Date.now() - started));
  const ac = new AbortController();
  const client = new HttpClient({ baseUrl, token, timeoutMs: remaining, retries: 1, signal: ac.signal, userAgent: 'agnt-complete' });
  const requestPath = client.target({ path: listSpec.path, params: target.params, query });
  const key = createHash('sha256')
    .update(`${client.base.origin}\0${createHash('sha256').update(token).digest('hex')}\0${requestPath}`)
    .digest('hex')
    .slice(0, 32);

  const ttl = positiveNumber(hostEnv().AGNT_COMPLETE_TTL, true) ?? DEFAULT_TTL_SECONDS;
  const cached = ttl > 0 ? readCache()[key] : undefined;
  if (cached && Date.now() - cached.at < ttl * 1000) return cached.items;

  // A DNS lookup cannot be cancelled and would keep the process alive after the answer was
  // given up on: once the budget is spent, leave regardless (nothing has been printed by then).
  const host = currentHost();
  const watchdog = setTimeout(() => host.exit(0), remaining + 150);
  watchdog.unref();
  let gaveUp = false;
  const timer = setTimeout(() => {
    gaveUp = true;
    ac.abort();
  }, remaining);
  try {
    const res = await client.request({ method: 'GET', path: listSpec.path, params: target.params, query, resultKey: listSpec.resultKey, envelope: listSpec.envelope, signal: ac.signal });
    const items = toCandidates(res.data, listSpec, arg.name);
    if (ttl > 0) writeCache(key, items);
    return items;
  } finally {
    clearTimeout(timer);
    if (!gaveUp) clearTimeout(watchdog);
    await client.close();
  }
}

function positiveNumber(raw: string | undefined, allowZero = false): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && (n > 0 || (allowZero && n === 0)) ? n : undefined;
}

const DESCRIPTION_KEYS = ['name', 'title', 'displayName', 'email', 'value', 'label', 'subject', 'status'];

function dig(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** Control characters, tabs and newlines would break the line format or reach the terminal. */
function clean(s: string): string {
  const flat = [...s]
    .map((c) => (hasControls(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

function toCandidates(data: unknown, listSpec: CommandSpec, argName: string): Candidate[] {
  if (!Array.isArray(data)) return [];
  const columns = (listSpec.columns ?? []).map((c) => c.path).filter((p) => p !== 'id');
  const paths = columns.length ? columns : DESCRIPTION_KEYS;
  const out: Candidate[] = [];
  for (const record of data) {
    if (!record || typeof record !== 'object') continue;
    const id = (record as Record<string, unknown>).id ?? (record as Record<string, unknown>)[argName];
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    const value = String(id);
    // An id the shell would split or mangle is better left out than offered broken.
    if (!value || hasControls(value) || /[\s'"\\`$]/.test(value)) continue;
    const bits: string[] = [];
    for (const p of paths) {
      const v = dig(record, p);
      if ((typeof v === 'string' && v.trim()) || typeof v === 'number') bits.push(String(v));
      if (bits.length === 2) break;
    }
    out.push([value, clean(bits.join(', '))]);
  }
  return out;
}

interface CacheEntry {
  at: number;
  items: Candidate[];
}

function cacheFile(): string {
  return join(configDir(), 'completion-cache.json');
}

function readCache(): Record<string, CacheEntry> {
  try {
    const data = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { entries?: Record<string, CacheEntry> };
    return data.entries && typeof data.entries === 'object' ? data.entries : {};
  } catch {
    return {};
  }
}

function writeCache(key: string, items: Candidate[]): void {
  try {
    const entries = readCache();
    entries[key] = { at: Date.now(), items };
    const kept = Object.entries(entries)
      .filter(([, e]) => e && typeof e.at === 'number' && Date.now() - e.at < 3600_000)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, MAX_CACHE_ENTRIES);
    // Ids and names are the organization's data: private to the user, like the config file.
    writeFileAtomic(cacheFile(), JSON.stringify({ entries: Object.fromEntries(kept) }), { dirMode: 0o700 });
  } catch {
    /* a cache that cannot be written only costs the next TAB a request */
  }
}
