// `agnt usage report`: tokens, cost, runs and turns of the chats the caller can see, grouped by
// one or two keys. A chat's usage totals answer where they can (keys of the chat itself, and a
// chat whose whole life lies inside the period); its rollup's per-run rows are read only where a
// key needs a run's model or time, or the period cuts through the chat, and only when the chat
// changed since the last report (cache.ts). Sums are kept in whole micro-dollars and tokens, so
// that the totals are the sums of the rollups to the cent, whatever the grouping.
import { writeFileSync, accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Handler, Result, Column } from '../../core/spec.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { endpointRequest } from '../../core/endpoint-request.ts';
import { paginate } from '../../core/paginate.ts';
import { Progress } from '../../core/progress.ts';
import { checkZone, isWallTime, parseWhen, resolveZone } from '../../core/time.ts';
import { keyValue, needsRuns, parseBy, TIME_KEYS, type Key, type KeyContext } from './keys.ts';
import { RollupCache, type RunRow } from './cache.ts';
import type { Report, Sums } from './types.ts';

export type { Report, Sums };

type Rec = Record<string, any>;

export type ReportOptions = {
  from?: string;
  to?: string;
  user?: string[];
  assistant?: string;
  by?: string;
  budget?: string;
  exitCode?: boolean;
  chart?: string;
  tz?: string;
};

const zero = (): Sums => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0, costMicros: 0, runs: 0, turns: 0 });
const micros = (usd: unknown) => Math.round(Number(usd ?? 0) * 1_000_000);
const int = (n: unknown) => Math.round(Number(n ?? 0));
// Rollups asked for at once.
const CONCURRENCY = 8;

export const NUMBER_COLUMNS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens', 'costUsd', 'runs', 'turns'] as const;

export const usageReport: Handler<ReportOptions> = async (ctx, inv) => {
  const o = inv.opts;
  // ---- every check before the first request ----
  const keys = parseBy(o.by);
  const tzFlag = o.tz ? checkZone(o.tz, '--tz') : undefined;
  const needZone = [o.from, o.to].some((t) => t !== undefined && isWallTime(t)) || keys.some((k) => TIME_KEYS.has(k));
  const now = Date.now();
  let budget: number | undefined;
  if (o.budget !== undefined) {
    budget = Number(o.budget);
    if (o.budget.trim() === '' || !Number.isFinite(budget) || budget < 0) throw new UsageError(`--budget must be an amount in USD (e.g. 500), got '${o.budget}'`);
  }
  if (o.exitCode && budget === undefined) throw new UsageError('--exit-code needs --budget (the amount the period may cost)');
  if (o.chart !== undefined) checkWritable(o.chart);
  // The zone may be the platform user's: asked for only when a local time or a day needs it.
  const tz = needZone ? await resolveZone(ctx, tzFlag) : 'UTC';
  const from = o.from !== undefined ? parseWhen(o.from, tz, now, { flag: '--from', ago: true }) : undefined;
  const to = o.to !== undefined ? parseWhen(o.to, tz, now, { flag: '--to', ago: true, endOfDay: true }) : undefined;
  if (from !== undefined && to !== undefined && from >= to) throw new UsageError(`--from (${new Date(from).toISOString()}) is not before --to (${new Date(to).toISOString()})`);
  const users = (o.user ?? [])
    .flatMap((u) => u.split(','))
    .map((u) => u.trim().toLowerCase())
    .filter(Boolean);

  const client = ctx.client();
  const progress = new Progress(ctx.io, { label: 'chats', unit: 'records' });
  const kc: KeyContext = { teams: new Map(), tz };
  try {
    if (keys.includes('team')) {
      await paginate(client, await endpointRequest('users.list'), { all: true }, (items) => {
        for (const u of items as Rec[]) kc.teams.set(u.id, u.team?.name ?? u.team?.id ?? '(no team)');
      });
    }
    const chats: Rec[] = [];
    let seen = 0;
    await paginate(client, await endpointRequest('chats.list', { query: o.assistant ? { assistantId: o.assistant } : {} }), { all: true }, (items) => {
      for (const c of items as Rec[]) {
        seen++;
        if (users.length && !users.includes(String(c.user).toLowerCase()) && !users.includes(String(c.owner?.email ?? '').toLowerCase())) continue;
        // Only what a report reads is kept (a chat record carries its messages).
        chats.push({
          id: c.id,
          user: c.user,
          owner: c.owner ? { email: c.owner.email } : undefined,
          assistant: c.assistant,
          assistantInfo: c.assistantInfo ? { name: c.assistantInfo.name } : undefined,
          platform: c.platform,
          modelTier: c.modelTier,
          usage: c.usage,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
        });
      }
      progress.update(seen);
    });
    if (ctx.dryRun) return;

    // ---- which chats need their runs ----
    const perRun = needsRuns(keys);
    const cache = new RollupCache(ctx.settings().baseUrl.value!);
    const plan: Array<{ chat: Rec; runs?: RunRow[] }> = [];
    const fetch: Rec[] = [];
    for (const chat of chats) {
      const created = Date.parse(chat.createdAt);
      const updated = Date.parse(chat.updatedAt);
      // No run outside [createdAt, updatedAt]: a chat whose life misses the period costs nothing in it.
      if ((from !== undefined && updated < from) || (to !== undefined && created >= to)) continue;
      const idle = chat.usage && Number(chat.usage.runs) === 0 && micros(chat.usage.costUsd) === 0;
      if (idle) continue;
      const inside = (from === undefined || created >= from) && (to === undefined || updated < to);
      if (!perRun && inside && chat.usage) {
        plan.push({ chat });
        continue;
      }
      const runs = cache.get(chat.id, chat.updatedAt);
      const entry: { chat: Rec; runs?: RunRow[] } = { chat, runs };
      plan.push(entry);
      if (!runs) fetch.push(chat);
    }

    // ---- the rollups not cached ----
    const usageOf = new Map<string, RunRow[]>();
    let done = 0;
    const label = new Progress(ctx.io, { label: 'usage rollups', unit: 'records', total: fetch.length });
    progress.end();
    const queue = [...fetch];
    const worker = async () => {
      for (let chat = queue.shift(); chat; chat = queue.shift()) {
        const res = await client.request<Rec>(await endpointRequest('chats.usage', { params: { chatId: chat.id } }));
        const rows: RunRow[] = ((res.data?.rows as Rec[]) ?? []).map((r) => [
          r.startedAt ?? null,
          r.model ?? null,
          r.modelTier ?? null,
          int(r.inputTokens),
          int(r.outputTokens),
          int(r.cacheReadTokens),
          int(r.cacheCreationTokens),
          micros(r.costUsd),
          int(r.turns),
        ]);
        usageOf.set(chat.id, rows);
        cache.set(chat.id, chat.updatedAt, rows);
        label.update(++done);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, fetch.length) }, worker));
    } finally {
      label.end();
      // What was read is kept even when the report fails half-way: the next one asks for less.
      const warning = cache.save();
      if (warning) ctx.io.warn(warning);
    }

    // ---- grouping ----
    const groups = new Map<string, { values: string[]; sums: Sums }>();
    const total = zero();
    const add = (values: string[], s: Sums) => {
      const id = JSON.stringify(values);
      let g = groups.get(id);
      if (!g) groups.set(id, (g = { values, sums: zero() }));
      for (const k of Object.keys(s) as Array<keyof Sums>) {
        g.sums[k] += s[k];
        total[k] += s[k];
      }
    };
    for (const { chat, runs: cached } of plan) {
      const runs = cached ?? usageOf.get(chat.id);
      if (!runs) {
        const u = chat.usage;
        add(
          keys.map((k) => keyValue(k, chat, undefined, kc)),
          {
            inputTokens: int(u.inputTokens),
            outputTokens: int(u.outputTokens),
            cacheReadTokens: int(u.cacheReadTokens),
            cacheCreationTokens: int(u.cacheCreationTokens),
            costMicros: micros(u.costUsd),
            runs: int(u.runs),
            turns: int(u.turns),
          },
        );
        continue;
      }
      for (const r of runs) {
        const at = r[0] ? Date.parse(r[0]) : Date.parse(chat.createdAt);
        if ((from !== undefined && at < from) || (to !== undefined && at >= to)) continue;
        const run = { startedAt: r[0], model: r[1], modelTier: r[2] };
        add(
          keys.map((k) => keyValue(k, chat, run, kc)),
          { inputTokens: r[3], outputTokens: r[4], cacheReadTokens: r[5], cacheCreationTokens: r[6], costMicros: r[7], runs: 1, turns: r[8] },
        );
      }
    }

    const timeFirst = TIME_KEYS.has(keys[0]!);
    const sorted = [...groups.values()].sort((a, b) =>
      timeFirst ? a.values[0]!.localeCompare(b.values[0]!) || b.sums.costMicros - a.sums.costMicros : b.sums.costMicros - a.sums.costMicros || a.values.join().localeCompare(b.values.join()),
    );
    const rows = sorted.map((g) => rowOf(keys, g.values, g.sums, total.costMicros));
    const report: Report = { keys, rows, total, from: from !== undefined ? new Date(from).toISOString() : undefined, to: to !== undefined ? new Date(to).toISOString() : undefined };

    if (o.chart !== undefined) {
      const { svgChart } = await import('./render.ts');
      writeFileSync(o.chart, svgChart(report));
    }
    const columns: Column[] = [...keys.map((k) => ({ path: k, header: k.toUpperCase() })), ...NUMBER_COLUMNS.map((path) => ({ path }))];
    const result: Result = { data: rows, columns };
    // A table on a terminal is the drawn report (the presenter asks for it only there).
    if (ctx.io.stdoutIsTTY) result.view = async () => ({ data: rows, columns, text: (await import('./render.ts')).terminalReport(report, ctx.io.columns(), ctx.io.chalk) });
    if (budget !== undefined) {
      const cost = total.costMicros / 1_000_000;
      const over = total.costMicros - Math.round(budget * 1_000_000);
      if (over > 0) {
        result.message = `over budget by ${usd(over / 1_000_000)}: the period cost ${usd(cost)}, the budget is ${usd(budget)}`;
        if (o.exitCode) result.exitCode = EXIT.changes;
        else {
          ctx.io.warn(result.message);
          result.message = undefined;
        }
      } else result.message = `within budget: ${usd(cost)} of ${usd(budget)}`;
    }
    return result;
  } finally {
    progress.end();
  }
};

export function usd(n: number): string {
  return `$${n.toFixed(2)}`;
}

function rowOf(keys: Key[], values: string[], s: Sums, totalMicros: number): Rec {
  const row: Rec = {};
  keys.forEach((k, i) => {
    row[k] = values[i];
  });
  row.inputTokens = s.inputTokens;
  row.outputTokens = s.outputTokens;
  row.cacheReadTokens = s.cacheReadTokens;
  row.cacheCreationTokens = s.cacheCreationTokens;
  row.costUsd = s.costMicros / 1_000_000;
  row.runs = s.runs;
  row.turns = s.turns;
  row.share = totalMicros > 0 ? Math.round((s.costMicros / totalMicros) * 10_000) / 10_000 : 0;
  return row;
}

/** --chart FILE: a folder that exists and can be written, before anything is sent. */
function checkWritable(file: string): void {
  const dir = dirname(file);
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`--chart ${file}: cannot write in ${dir}`);
  }
  if (!/\.svg$/i.test(file)) throw new UsageError(`--chart ${file}: the chart is an SVG file; name it .svg`);
}
