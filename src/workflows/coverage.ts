// Coverage workflows: create (pairs, files, local times, durations, prompts on a terminal),
// update with local times, events over a friendly range, and the terminal renderings of the
// chain and the dashboard.
import { asThisRun } from '../core/suggest.ts';
import { parseFormat } from '../core/output.ts';
import { loadPrompts, type Prompts } from '../core/prompts.ts';
import { readFileSync } from 'node:fs';
import type { Handler, Invocation } from '../core/spec.ts';
import type { Context } from '../core/context.ts';
import { callEndpoint, requestFor } from '../core/endpoint-request.ts';
import { AgntError, ApiError, Interrupted, UsageError, apiTag } from '../core/errors.ts';
import { readStructured } from '../core/input.ts';
import { addDuration, DURATION_HINT, formatLocal, iso, parseDuration, parseWhen, resolveZone, startOfLocalDay, addLocalDays, looksAbsolute } from '../core/time.ts';
import { nameOf, sections, table, who } from '../render/render.ts';
import { zoned } from '../render/zoned.ts';
import { icsRequested, writeCalendar } from './ics.ts';

type Rec = Record<string, any>;

interface Row {
  principal: string;
  backupCoordinator?: string;
  primaryFollower?: boolean;
  backupFollower?: boolean;
}

const REASONS = ['pto', 'sick', 'emergency', 'manual'];

/** Runs an @inquirer prompt on stderr; Ctrl-C is an interruption (exit 130), not a crash. */
export async function ask<T>(ctx: Context, run: (p: Prompts, c: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream }) => Promise<T>): Promise<T> {
  const prompts = await loadPrompts(ctx.io.color);
  try {
    return await run(prompts, { input: ctx.io.stdin, output: ctx.io.stderr });
  } catch (e) {
    if ((e as Error)?.name === 'ExitPromptError' || (e as Error)?.name === 'AbortPromptError')
      throw new Interrupted(`interrupted at a prompt; no coverage span was ${ctx.dryRun ? 'shown' : 'created'}`);
    throw e;
  }
}

function bool(v: unknown, where: string): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  const s = String(v).trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(s)) return true;
  if (['false', 'no', '0', 'n'].includes(s)) return false;
  throw new UsageError(`${where}: expected true or false, got '${v}'`);
}

/** CSV `principal,backup[,primaryFollower,backupFollower]` (header optional) or a JSON/YAML list. */
async function rowsFromFile(ctx: Context, path: string): Promise<Row[]> {
  if (/\.csv$/i.test(path)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new UsageError(`${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    const { parse } = await import('csv-parse/sync');
    let records: string[][];
    try {
      records = parse(text, { skip_empty_lines: true, trim: true, comment: '#', relax_column_count: true }) as string[][];
    } catch (e) {
      throw new UsageError(`${path}: invalid CSV: ${(e as Error).message}`);
    }
    let cols = ['principal', 'backup', 'primaryFollower', 'backupFollower'];
    if (records[0] && /^principal/i.test(records[0][0] ?? '')) {
      cols = records[0].map((h) => (/^backup(coordinator)?$/i.test(h) ? 'backup' : h));
      records = records.slice(1);
    }
    return records.map((r, i) => {
      const get = (k: string) => r[cols.indexOf(k)];
      const where = `${path}:${i + 1}`;
      if (!get('principal')) throw new UsageError(`${where}: no principal`);
      return { principal: get('principal')!, backupCoordinator: get('backup') || undefined, primaryFollower: bool(get('primaryFollower'), where), backupFollower: bool(get('backupFollower'), where) };
    });
  }
  const data = await readStructured(path, () => ctx.io.readStdin());
  const list = Array.isArray(data) ? data : (data as Rec)?.principals;
  if (!Array.isArray(list)) throw new UsageError(`${path}: expected a list of {principal, backupCoordinator}`);
  return list.map((x, i) => {
    if (typeof x === 'string') return { principal: x };
    if (!x || typeof x !== 'object' || typeof x.principal !== 'string') throw new UsageError(`${path}[${i}]: principal is required`);
    return {
      principal: x.principal,
      backupCoordinator: x.backupCoordinator ?? x.backup,
      primaryFollower: bool(x.primaryFollower, `${path}[${i}]`),
      backupFollower: bool(x.backupFollower, `${path}[${i}]`),
    };
  });
}

function clean(r: Row): Rec {
  const out: Rec = { principal: r.principal, backupCoordinator: r.backupCoordinator };
  if (r.primaryFollower !== undefined) out.primaryFollower = r.primaryFollower;
  if (r.backupFollower !== undefined) out.backupFollower = r.backupFollower;
  return out;
}

function pairFlags(principals: string[], backups: string[]): Row[] {
  if (!backups.length) return principals.map((p) => ({ principal: p }));
  if (backups.length === 1) return principals.map((p) => ({ principal: p, backupCoordinator: backups[0] }));
  if (backups.length !== principals.length) throw new UsageError(`${principals.length} --principal but ${backups.length} --backup: give one --backup after each --principal, or one for all`);
  return principals.map((p, i) => ({ principal: p, backupCoordinator: backups[i] }));
}

class Lazy<T> {
  private p?: Promise<T>;
  constructor(private make: () => Promise<T>) {}
  get(): Promise<T> {
    return (this.p ??= this.make());
  }
}

async function fetchMe(ctx: Context): Promise<Rec | undefined> {
  try {
    // Read in a dry run too: the times it shows must be read in the zone a real run uses.
    return (await callEndpoint<Rec>(ctx.client(), 'users.me.get', { readInDryRun: true })).data;
  } catch {
    return undefined;
  }
}

async function principalChoices(ctx: Context): Promise<Array<{ name: string; value: string }>> {
  const client = ctx.client();
  const res = await callEndpoint<Rec[]>(client, 'delegations.list', { query: { role: 'coordinator', status: 'active', perPage: 100 } });
  const dels = (res.data ?? []).filter((d) => d?.principal);
  if (!dels.length) throw new UsageError('you have no active delegations to pick principals from; give --principal');
  const names = new Map<string, string>();
  try {
    const users = await callEndpoint<Rec[]>(client, 'users.list', { query: { perPage: 100 } });
    for (const u of users.data ?? []) names.set(u.id, u.name ?? u.email ?? u.id);
  } catch {
    /* ids alone will do */
  }
  return dels.map((d) => {
    const id = typeof d.principal === 'string' ? d.principal : d.principal.id;
    const label = names.get(id) ?? (typeof d.principal === 'object' ? nameOf(d.principal) : id);
    return { name: `${label} (${id})${d.accessHealth && d.accessHealth !== 'ok' ? ` [${d.accessHealth}]` : ''}`, value: id };
  });
}

async function suggestedBackup(me: string | undefined, principal: string, rules: Lazy<Rec[]>): Promise<string | undefined> {
  const all = await rules.get();
  const r =
    all.find((x) => x.primaryCoordinator === me && x.principal === principal) ?? all.find((x) => x.primaryCoordinator === me && !x.principal && !x.isOrgDefault) ?? all.find((x) => x.isOrgDefault);
  return r?.backupCoordinator ?? undefined;
}

export const create: Handler<CreateOptions> = async (ctx, inv) => {
  const o = inv.opts;
  const body: Rec = { ...(inv.body ?? {}) };
  const now = Date.now();

  let rows: Row[] = Array.isArray(body.principals) ? (body.principals as Row[]).map((r) => ({ ...r })) : [];
  if (typeof o.principalsFile === 'string') rows.push(...(await rowsFromFile(ctx, o.principalsFile)));
  const flagPrincipals = o.principal ?? [];
  const flagBackups = o.backup ?? [];
  if (flagBackups.length && !flagPrincipals.length) {
    // One --backup for the principals of a file.
    if (flagBackups.length > 1 || !rows.length) throw new UsageError('--backup goes with --principal');
    rows = rows.map((r) => ({ ...r, backupCoordinator: r.backupCoordinator ?? flagBackups[0] }));
  } else rows.push(...pairFlags(flagPrincipals, flagBackups));

  if (o.for !== undefined && body.endAt !== undefined) throw new UsageError('give --end or --for, not both');
  const duration = o.for !== undefined ? parseDuration(String(o.for)) : undefined;
  if (o.for !== undefined && !duration) throw new UsageError(`--for: cannot read '${o.for}' as a duration`, DURATION_HINT);

  const missing: string[] = [];
  if (!rows.length) missing.push('--principal');
  if (rows.some((r) => !r.backupCoordinator)) missing.push('--backup');
  if (body.startAt === undefined) missing.push('--start');
  if (body.endAt === undefined && !duration) missing.push('--end (or --for)');
  const interactive = missing.length > 0 && ctx.io.canPrompt() && !ctx.dryRun;
  if (missing.length && !interactive) throw new UsageError(`missing ${missing.join(', ')}`, ctx.io.noInput ? undefined : 'run it on a terminal to be asked for them');

  const me = new Lazy(() => fetchMe(ctx));
  const zone = new Lazy(async () => (typeof o.tz === 'string' ? resolveZone(ctx, o.tz) : (((await me.get())?.timezone as string | undefined) ?? resolveZone(ctx, undefined))));
  const rules = new Lazy(async () => {
    try {
      return (await callEndpoint<Rec[]>(ctx.client(), 'backup-rules.list', { query: { perPage: 100 } })).data ?? [];
    } catch {
      return [];
    }
  });

  if (interactive) {
    const tz = await zone.get();
    ctx.io.err(`New coverage span (times in ${tz}; Ctrl-C to stop)`);
    if (!rows.length) {
      const choices = await principalChoices(ctx);
      const picked = await ask(ctx, (p, c) => p.checkbox({ message: 'Principals to hand over', choices, required: true }, c));
      rows = picked.map((principal) => ({ principal }));
    }
    const myId = (await me.get())?.id as string | undefined;
    for (const r of rows) {
      if (r.backupCoordinator) continue;
      const suggestion = await suggestedBackup(myId, r.principal, rules);
      r.backupCoordinator = (
        await ask(ctx, (p, c) => p.input({ message: `Backup coordinator for ${r.principal}`, default: suggestion, required: true, validate: (v) => (v.trim() ? true : 'a user id') }, c))
      ).trim();
    }
    if (body.startAt === undefined) {
      body.startAt = await ask(ctx, (p, c) => p.input({ message: `Start (YYYY-MM-DD HH:MM, ISO, 'tomorrow 09:00')`, required: true, validate: (v) => tryWhen(v, tz, now, false) }, c));
    }
    if (body.endAt === undefined && !duration) {
      const answer = await ask(ctx, (p, c) => p.input({ message: 'End (a time, or a length like 5d)', required: true, validate: (v) => (parseDuration(v) ? true : tryWhen(v, tz, now, true)) }, c));
      const d = parseDuration(answer);
      if (d) body.endAt = iso(addDuration(parseWhen(String(body.startAt), tz, now, { flag: '--start' }), d, tz));
      else body.endAt = answer;
    }
    if (body.reason === undefined) {
      body.reason = await ask(ctx, (p, c) => p.select({ message: 'Reason', choices: REASONS.map((r) => ({ name: r, value: r })), default: 'pto' }, c));
    }
  }

  const needsZone = !looksAbsolute(body.startAt) || (body.endAt !== undefined && !looksAbsolute(body.endAt)) || (duration?.days ?? 0) > 0;
  const tz = needsZone ? await zone.get() : 'UTC';
  const start = parseWhen(String(body.startAt), tz, now, { flag: '--start' });
  const end = duration ? addDuration(start, duration, tz) : parseWhen(String(body.endAt), tz, now, { endOfDay: true, flag: '--end' });
  if (end <= start) throw new UsageError(`the end (${formatLocal(end, tz)}) is not after the start (${formatLocal(start, tz)}) in ${tz}`);
  body.startAt = iso(start);
  body.endAt = iso(end);
  body.principals = rows.map(clean);

  const client = ctx.client();
  const res = await callEndpoint<Rec>(client, 'coverage.spans.create', { body });
  if (res.dryRun) return;
  let span = res.data;
  if (o.submit) {
    try {
      span = (await callEndpoint<Rec>(client, 'coverage.spans.submit', { params: { spanId: span.id } })).data;
    } catch (e) {
      if (!(e instanceof AgntError) || e instanceof Interrupted) throw e;
      // The draft exists: say so, and print it (its id with -o id), rather than leave it unnamed.
      const why = e instanceof ApiError ? `${e.message}${apiTag(e)}` : e.message;
      return {
        data: span,
        exitCode: e.exitCode,
        message: `created draft ${span.id}; not submitted: ${why}; fix that, then: ${asThisRun(ctx.global, `agnt coverage submit ${span.id}`)} (or: ${asThisRun(ctx.global, `agnt coverage cancel ${span.id} --yes`)})`,
      };
    }
    return { data: span, message: `created and submitted coverage span ${span.id} (${span.status})` };
  }
  return { data: span, message: `created coverage span ${span.id} (${span.status}); submit it with: ${asThisRun(ctx.global, `agnt coverage submit ${span.id}`)}` };
};

function tryWhen(v: string, tz: string, now: number, endOfDay: boolean): true | string {
  try {
    parseWhen(v, tz, now, { endOfDay });
    return true;
  } catch (e) {
    return (e as AgntError).hint ?? (e as Error).message;
  }
}

/** Turns local times of --start/--end into ISO before sending. */
/** Flags of `coverage create` beyond the body's. */
type CreateOptions = { principal?: string[]; backup?: string[]; principalsFile?: string; for?: string; tz?: string; submit?: boolean };

async function normaliseTimes(ctx: Context, inv: Invocation<{ tz?: string }>, keys: Array<[string, string, boolean]>, into: Rec): Promise<void> {
  let tz: string | undefined;
  for (const [key, flag, endOfDay] of keys) {
    const v = into[key];
    if (v === undefined || v === null || looksAbsolute(v)) continue;
    tz ??= await resolveZone(ctx, inv.opts.tz);
    into[key] = iso(parseWhen(String(v), tz, Date.now(), { endOfDay, flag }));
  }
}

export const update: Handler<{ tz?: string }> = async (ctx, inv) => {
  const body: Rec = { ...(inv.body ?? {}) };
  if (!Object.keys(body).length) throw new UsageError('nothing to change: give --start, --end, --reason, --manager-approval, --notify or --audit-tag');
  await normaliseTimes(
    ctx,
    inv,
    [
      ['startAt', '--start', false],
      ['endAt', '--end', true],
    ],
    body,
  );
  const res = await ctx.client().request(requestFor(inv.spec.endpoint, { params: inv.args, body }));
  if (res.dryRun) return;
  return { data: res.data };
};

export const events: Handler<{ from?: string; to?: string; days?: string; tz?: string }> = async (ctx, inv) => {
  const o = inv.opts;
  const q: Rec = { ...inv.query };
  const fromText = (q.rangeStart as string | undefined) ?? o.from;
  const toText = (q.rangeEnd as string | undefined) ?? o.to;
  if (toText !== undefined && o.days !== undefined) throw new UsageError('give --range-end (--to) or --days, not both');
  const days = o.days !== undefined ? Number(o.days) : 7;
  if (!Number.isInteger(days) || days < 1) throw new UsageError(`--days must be a positive integer, got '${o.days}'`);
  const ics = icsRequested(ctx);
  if (!ics && ctx.global.output !== undefined) parseFormat(ctx.global.output); // an unknown -o is refused before any request
  const needsZone = !looksAbsolute(fromText) || !looksAbsolute(toText);
  const tz = needsZone ? await resolveZone(ctx, o.tz) : 'UTC';
  const now = Date.now();
  // Errors name the flag the user typed.
  const fromFlag = q.rangeStart !== undefined ? '--range-start' : '--from';
  const toFlag = q.rangeEnd !== undefined ? '--range-end' : '--to';
  const from = fromText !== undefined ? parseWhen(fromText, tz, now, { flag: fromFlag }) : startOfLocalDay(now, tz);
  const to = toText !== undefined ? parseWhen(toText, tz, now, { flag: toFlag, endOfDay: true }) : addLocalDays(from, days, tz);
  if (to <= from) throw new UsageError(`${toFlag} (${iso(to)}) is not after ${fromFlag} (${iso(from)})`);
  q.rangeStart = iso(from);
  q.rangeEnd = iso(to);
  const res = await ctx.client().request<Rec[]>(requestFor(inv.spec.endpoint, { query: q }));
  if (res.dryRun) return;
  if (ics) return writeCalendar(ctx, res.data ?? [], 'Coverage');
  return { data: res.data ?? [] };
};

// ---- renderings ----

/** `tz`: show the span's times in this zone (the user's, as `coverage who --at` does); else as the API sent them. */
export function renderWho(data: unknown, _ctx?: unknown, tz?: string): string {
  const d = (data ?? {}) as Rec;
  const chain = Array.isArray(d.chain) ? (d.chain as Rec[]) : [];
  const lines: string[] = [];
  if (!d.active) {
    lines.push(`not covered now: ${d.primaryCoordinator ? `${who(d.primaryCoordinator)} handles it` : 'no coordinator found'}`);
    return lines.join('\n');
  }
  const span = (d.span ?? {}) as Rec;
  const at = (v: unknown) => (typeof v === 'string' && tz ? zoned(v, tz) : (v ?? '?'));
  lines.push(`covered by ${who(d.backupCoordinator)} (span ${span.id ?? '?'}, ${span.reason ?? '?'}, ${at(span.startAt)} to ${at(span.endAt)})`);
  const last = chain.length - 1;
  chain.forEach((p, i) => {
    const depth = typeof p.depth === 'number' ? p.depth : i;
    const role = depth === 0 ? 'primary, away' : i === last ? 'covering now' : 'backup, away';
    lines.push(`${'  '.repeat(depth)}${depth > 0 ? '└─ ' : ''}${depth}  ${who(p)}  (${p.id})  ${role}`);
  });
  return lines.join('\n');
}

const spanCols = (): Array<[string, string | ((r: Rec) => unknown)]> => [
  ['ID', 'id'],
  ['STATUS', 'status'],
  ['REASON', 'reason'],
  ['START', 'startAt'],
  ['END', 'endAt'],
  ['PRIMARY', 'primaryCoordinator'],
  ['PRINCIPALS', (r) => (Array.isArray(r.principals) ? r.principals.map((p: Rec) => `${nameOf(p.principal)} -> ${nameOf(p.backupCoordinator)}`).join('; ') : '')],
];

export function renderDashboard(data: unknown, ctx: Context): string {
  const d = (data ?? {}) as Rec;
  const arr = (k: string) => (Array.isArray(d[k]) ? (d[k] as Rec[]) : []);
  const head = `scope: ${d.scope ?? '?'}${Array.isArray(d.managedCoordinatorIds) ? ` (coordinators: ${d.managedCoordinatorIds.join(', ') || 'none'})` : ''}; generated ${d.generatedAt ?? ''}`;
  return [
    head,
    '',
    sections(
      [
        [
          'Covered now',
          table(
            arr('coverageMap'),
            [
              ['PRINCIPAL', 'principal'],
              ['COORDINATOR', 'primaryCoordinator'],
              ['COVERED_BY', 'coveredBy'],
              ['SPAN', 'spanId'],
              ['UNTIL', 'endAt'],
            ],
            ctx,
          ),
        ],
        ['Active spans', table(arr('activeSpans'), spanCols(), ctx)],
        ['Pending spans', table(arr('pendingSpans'), spanCols(), ctx)],
        ['Upcoming spans', table(arr('upcomingSpans'), spanCols(), ctx)],
        [
          'Coverage gaps',
          table(
            arr('coverageGaps'),
            [
              ['PRINCIPAL', 'principal'],
              ['COORDINATOR', 'primaryCoordinator'],
              ['SPAN', 'spanId'],
              ['END', 'endAt'],
            ],
            ctx,
          ),
        ],
        [
          'Delegate access',
          table(
            arr('delegateAccess'),
            [
              ['DELEGATION', (r) => r.delegationId ?? r.id],
              ['COORDINATOR', 'coordinator'],
              ['PRINCIPAL', 'principal'],
              ['ACCESS', 'accessHealth'],
              ['CHECKED', 'lastAccessCheckAt'],
            ],
            ctx,
          ),
        ],
      ],
      ctx,
    ),
  ].join('\n');
}
