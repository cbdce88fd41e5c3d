// Coverage spans with their people and in the user's time zone: `coverage get` and `coverage list`
// add each span's principals and backups (the span record has none), `coverage list --mine`
// keeps the spans you are primary or backup in, and `coverage who --at` answers for any time.
import type { Column, Handler, PageFlags } from '../core/spec.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { checkZone } from '../core/zone.ts';
import { endpointRequest, requestFor } from '../core/endpoint-request.ts';
import { cellText, escapeControls } from '../core/output.ts';
import { paginate, parsePageOptions } from '../core/paginate.ts';
import { iso, parseWhen, resolveZone } from '../core/time.ts';
import { sections, table, who as person } from '../render/render.ts';
import { displayZone, zoned } from '../render/zoned.ts';
import { mapLimit } from '../core/map-limit.ts';
import { pairsText, PRINCIPAL_FETCHES, principalRows } from './span-principals.ts';
import { renderWho } from './coverage.ts';

type Rec = Record<string, any>;

/** --tz and --utc, as typed. */
type ZoneFlags = { tz?: string; utc?: boolean };

function checkZoneFlags(opts: ZoneFlags): void {
  if (opts.utc && opts.tz) throw new UsageError('give --tz or --utc, not both');
}

/** The span with its ISO times shown in `tz` (keys ending in At). */
function zonedRecord(span: Rec, tz: string): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(span)) out[k] = /At$/.test(k) && typeof v === 'string' ? zoned(v, tz) : v;
  return out;
}

const LIST_COLUMNS: Column[] = [
  { path: 'id' },
  { path: 'status' },
  { path: 'reason' },
  { path: 'startAt', header: 'START' },
  { path: 'endAt', header: 'END' },
  { path: 'primaryCoordinator', header: 'PRIMARY' },
  { path: 'principals', header: 'PRINCIPALS -> BACKUPS' },
  { path: 'requireManagerApproval', header: 'APPROVAL' },
];

export const list: Handler<ZoneFlags & PageFlags & { mine?: boolean }> = async (ctx, inv) => {
  const o = inv.opts;
  checkZoneFlags(o);
  const page = parsePageOptions(o);
  if (o.mine && inv.query.role !== undefined) throw new UsageError('--mine is the spans you are primary or backup in: give --mine or --role, not both');
  if (o.mine && page.page !== undefined) throw new UsageError('--page does not go with --mine (it reads every page of both roles)');
  const client = ctx.client();
  const request = requestFor(inv.spec.endpoint, { query: inv.query });
  // csv shows the API's times in --tz (or UTC with --utc), as every list does.
  const zone = o.utc ? 'UTC' : o.tz !== undefined ? checkZone(o.tz, '--tz') : undefined;
  // A table shows each span's people, in the user's zone; the other formats the API's records.
  const view = async (data: unknown) => {
    const spans = data as Rec[];
    const tz = await displayZone(ctx, o);
    const rows = await mapLimit(spans, PRINCIPAL_FETCHES, (s) => principalRows(ctx, s.id));
    return { data: spans.map((s, i) => ({ ...zonedRecord(s, tz), principals: pairsText(rows[i]) })), columns: LIST_COLUMNS };
  };

  // Page by page, with the --all completeness check of every list.
  if (!o.mine) return { zone, view, pages: { walk: (onPage) => paginate(client, request, page, onPage) } };

  const byId = new Map<string, Rec>();
  for (const role of ['primary', 'backup']) {
    await paginate(client, { ...request, query: { ...inv.query, role } }, { all: true, perPage: page.perPage }, (items) => {
      for (const s of items as Rec[]) if (s && !byId.has(s.id)) byId.set(s.id, s);
    });
  }
  if (ctx.dryRun) return;
  let spans = [...byId.values()].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt) || String(a.id).localeCompare(String(b.id)));
  if (page.limit !== undefined) spans = spans.slice(0, page.limit);
  return { data: spans, zone, view };
};

function keyValue(obj: Rec): string {
  const keys = Object.keys(obj);
  const width = Math.max(...keys.map((k) => k.length), 1);
  return keys
    .map((k) => {
      const v = obj[k];
      const text = v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : cellText(v);
      return `${k.padEnd(width)}   ${escapeControls(text)}`;
    })
    .join('\n');
}

export const get: Handler<ZoneFlags> = async (ctx, inv) => {
  checkZoneFlags(inv.opts);
  const res = await ctx.client().request<Rec>(requestFor(inv.spec.endpoint, { params: inv.args }));
  if (res.dryRun) return;
  const span = res.data ?? {};
  const principals = await principalRows(ctx, String(span.id ?? inv.args.spanId));
  // JSON gets the span with its principal rows under `principals` (the API's rows, unchanged).
  const data = { ...span, principals };
  return { data, view: async () => ({ data, text: await getText(ctx, inv.opts, span, principals) }) };
};

async function getText(ctx: Context, opts: ZoneFlags, span: Rec, principals: Rec[]): Promise<string> {
  const tz = await displayZone(ctx, opts);
  const rows = principals.map((r) => ({ ...r, notificationSentAt: zoned(r.notificationSentAt, tz) }));
  return [
    keyValue(zonedRecord(span, tz)),
    '',
    sections(
      [
        [
          'Principals',
          table(
            rows,
            [
              ['PRINCIPAL', 'principal'],
              ['BACKUP', 'backupCoordinator'],
              ['PRIMARY_FOLLOWER', 'primaryFollower'],
              ['BACKUP_FOLLOWER', 'backupFollower'],
              ['NOTIFIED', 'notificationSentAt'],
            ],
            ctx,
          ),
        ],
      ],
      ctx,
    ),
  ].join('\n');
}

/** When a span stopped covering: its end, or earlier when it was ended early. */
function coveredUntil(s: Rec): number {
  const end = Date.parse(s.endAt);
  const ended = s.status === 'ended' && s.endedAt ? Date.parse(s.endedAt) : NaN;
  return Number.isNaN(ended) ? end : Math.min(end, ended);
}

/**
 * `coverage who P --at TIME`. The API answers only for now (GET active-for-principal); for
 * another time the spans you can see are searched: a scheduled, active or ended span whose
 * time holds TIME and that hands P over names the backup. It goes one hop (the span's backup);
 * the chain beyond, through routing rules, is the server's and only known for now.
 */
export const who: Handler<{ at?: string; tz?: string }> = async (ctx, inv) => {
  const o = inv.opts;
  const principal = inv.args.principalId!;
  const client = ctx.client();
  if (o.at === undefined) {
    const res = await client.request(requestFor(inv.spec.endpoint, { params: inv.args }));
    if (res.dryRun) return;
    // In the user's zone, as with --at: one rule for the timeline's times.
    const data = res.data;
    return { data, view: async () => ({ data, text: renderWho(data, ctx, await resolveZone(ctx, o.tz)) }) };
  }
  const tz = await resolveZone(ctx, o.tz);
  const at = parseWhen(String(o.at), tz, Date.now(), { flag: '--at' });
  const spans: Rec[] = [];
  await paginate(client, await endpointRequest('coverage.spans.list'), { all: true }, (items) => spans.push(...(items as Rec[])));
  if (ctx.dryRun) return;
  const candidates = spans
    .filter((s) => ['scheduled', 'active', 'ended'].includes(s.status) && Date.parse(s.startAt) <= at && at < coveredUntil(s))
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  for (const span of candidates) {
    const row = (await principalRows(ctx, span.id)).find((r) => r.principal === principal);
    if (!row) continue;
    const primary = { id: span.primaryCoordinator };
    const backup = { id: row.backupCoordinator };
    const data = {
      active: true,
      at: iso(at),
      span,
      primaryCoordinator: primary,
      backupCoordinator: backup,
      chain: [
        { ...primary, depth: 0 },
        { ...backup, depth: 1 },
      ],
    };
    return { data, text: textAt(data, tz) };
  }
  // Not handed over then: their coordinator handles it (as known now).
  const now = await client.request<Rec>(requestFor(inv.spec.endpoint, { params: inv.args }));
  const primary = now.data?.primaryCoordinator ?? null;
  const data = { active: false, at: iso(at), span: null, primaryCoordinator: primary, backupCoordinator: null, chain: primary ? [{ ...primary, depth: 0 }] : [] };
  return { data, text: textAt(data, tz) };
};

function textAt(d: Rec, tz: string): string {
  const when = zoned(d.at, tz);
  if (!d.active) return `not covered at ${when}: ${d.primaryCoordinator ? `${person(d.primaryCoordinator)} handles it` : 'no coordinator found'}`;
  const s = d.span as Rec;
  return [
    `covered at ${when} by ${person(d.backupCoordinator)} (span ${escapeControls(String(s.id))}, ${escapeControls(String(s.status))}, ${escapeControls(String(s.reason ?? '?'))}, ${zoned(s.startAt, tz)} to ${zoned(s.endAt, tz)})`,
    `0  ${person(d.primaryCoordinator)}  primary, away`,
    `  └─ 1  ${person(d.backupCoordinator)}  covering`,
  ].join('\n');
}
