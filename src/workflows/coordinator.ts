// Coordinator views on a terminal: the dashboard as sections, a principal's detail, and the
// coverage schedule as a day-by-day timeline in the user's time zone.
import type { Handler } from '../core/spec.ts';
import { requestFor } from '../core/endpoint-request.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { escapeControls } from '../core/output.ts';
import { addLocalDays, checkZone, formatLocal, iso, parseWhen, resolveZone, startOfLocalDay, wallClock, pad2, looksAbsolute } from '../core/time.ts';
import { nameOf, sections, table, title } from '../render/render.ts';
import { icsRequested, writeCalendar } from './ics.ts';

type Rec = Record<string, any>;

const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v as Rec[]) : []);

export function renderDashboard(data: unknown, ctx: Context): string {
  const d = (data ?? {}) as Rec;
  const hw = (d.healthWarnings ?? {}) as Rec;
  const warnings: string[] = [];
  for (const x of arr(hw.degradedDelegations))
    warnings.push(`  access ${x.accessHealth} for ${nameOf(x.principal)} (delegation ${x.delegationId}, checked ${x.lastAccessCheckAt ?? 'never'}): run agnt delegations reverify ${x.delegationId}`);
  for (const x of arr(hw.recentRevocations)) warnings.push(`  ${nameOf(x.principal)} revoked delegation ${x.delegationId} at ${x.revokedAt}${x.revokedBy ? ` (by ${x.revokedBy})` : ''}`);
  if (typeof hw.pendingInvitesCount === 'number' && hw.pendingInvitesCount > 0) warnings.push(`  ${hw.pendingInvitesCount} pending invite(s): agnt coordinator pending-invites`);
  return sections(
    [
      [
        'Active principals',
        table(
          arr(d.activePrincipals),
          [
            ['PRINCIPAL', 'principal'],
            ['DELEGATION', 'delegationId'],
            ['ASSISTANT', 'assistant'],
            ['ACCESS', 'accessHealth'],
            ['SOURCE', 'delegationSource'],
            ['PROVIDER', 'calendarProvider'],
            ['DEFAULT', 'isDefault'],
          ],
          ctx,
        ),
      ],
      [
        'My active coverage',
        table(
          arr(d.myActiveCoverage),
          [
            ['SPAN', 'spanId'],
            ['PRINCIPAL', 'principal'],
            ['FOR', 'primaryCoordinator'],
            ['REASON', 'reason'],
            ['UNTIL', 'endAt'],
          ],
          ctx,
        ),
      ],
      [
        'Handoffs out',
        table(
          arr(d.myHandoffsOut),
          [
            ['SPAN', 'id'],
            ['STATUS', 'status'],
            ['REASON', 'reason'],
            ['START', 'startAt'],
            ['END', 'endAt'],
          ],
          ctx,
        ),
      ],
      [
        'Upcoming coverage',
        table(
          arr(d.upcomingCoverage),
          [
            ['SPAN', 'id'],
            ['ROLE', 'role'],
            ['STATUS', 'status'],
            ['REASON', 'reason'],
            ['START', 'startAt'],
            ['END', 'endAt'],
            ['PRIMARY', 'primaryCoordinator'],
          ],
          ctx,
        ),
      ],
      [
        'Recent tasks',
        table(
          arr(d.recentTasks),
          [
            ['TASK', 'id'],
            ['TYPE', 'type'],
            ['STATUS', 'status'],
            ['OWNER', 'owner'],
            ['SUMMARY', 'summary'],
            ['UPDATED', 'updatedAt'],
          ],
          ctx,
        ),
      ],
      ['Health warnings', warnings.map(escapeControls).join('\n')],
    ],
    ctx,
  );
}

export function renderPrincipal(data: unknown, ctx: Context): string {
  const d = (data ?? {}) as Rec;
  const del = (d.delegation ?? {}) as Rec;
  const access = (d.accessHealth ?? {}) as Rec;
  const m = (d.supervisionMatrix ?? {}) as Rec;
  const cells = Object.entries(m)
    .filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v) && 'mode' in (v as Rec))
    .map(([k, v]) => ({ cell: k, ...(v as Rec), locked: Array.isArray(m.locked) && (m.locked as unknown[]).includes(k) }));
  const facts = [
    `principal:    ${escapeControls(String(typeof del.principal === 'object' && del.principal ? del.principal.id : (del.principal ?? '?')))}`,
    `delegation:   ${escapeControls(String(del.id ?? '?'))} (${escapeControls(String(del.status ?? '?'))}, ${escapeControls(String(del.delegationSource ?? '?'))}${del.calendarProvider ? `/${escapeControls(String(del.calendarProvider))}` : ''})`,
    `assistant:    ${d.assistant ? escapeControls(`${d.assistant.name ?? d.assistant.id} <${d.assistant.email ?? ''}>`) : '-'}`,
    `access:       ${escapeControls(String(access.status ?? '?'))} (checked ${escapeControls(String(access.lastAccessCheckAt ?? 'never'))})`,
    `verified:     ${escapeControls(String(d.lastVerifiedAt ?? 'never'))}`,
  ].join('\n');
  return [
    facts,
    '',
    sections(
      [
        [
          'Supervision',
          table(
            cells,
            [
              ['CELL', 'cell'],
              ['MODE', 'mode'],
              ['WINDOW_MIN', 'timeBoxedWindowMin'],
              ['EXPIRY', 'timeBoxedExpiry'],
              ['LOCKED', 'locked'],
            ],
            ctx,
          ),
        ],
        [
          'Recent tasks',
          table(
            arr(d.recentTasks),
            [
              ['TASK', 'id'],
              ['TYPE', 'type'],
              ['STATUS', 'status'],
              ['SUMMARY', 'summary'],
              ['UPDATED', 'updatedAt'],
            ],
            ctx,
          ),
        ],
      ],
      ctx,
    ),
  ].join('\n');
}

/** One block per day of the range; each event that touches the day shows its hours there. */
export function timeline(events: Rec[], from: number, to: number, tz: string, ctx: Context): string {
  const out: string[] = [`Coverage from ${formatLocal(from, tz)} to ${formatLocal(to, tz)} (${tz})`];
  let day = startOfLocalDay(from, tz);
  let guard = 0;
  while (day < to && guard++ < 400) {
    const next = addLocalDays(day, 1, tz);
    const w = wallClock(day, tz);
    out.push('', title(`${w.weekday} ${w.year}-${pad2(w.month)}-${pad2(w.day)}`, ctx));
    const today = events.filter((e) => Date.parse(e.startAt) < next && Date.parse(e.endAt) > day);
    if (!today.length) out.push('  -');
    for (const e of today) {
      const s = Math.max(Date.parse(e.startAt), day);
      const en = Math.min(Date.parse(e.endAt), next);
      const hours = s === day && en === next ? 'all day    ' : `${formatLocal(s, tz).slice(11)}-${en === next ? '24:00' : formatLocal(en, tz).slice(11)}`;
      const who = e.role === 'backup' ? `covering ${nameOf(e.principal)} for ${nameOf(e.primaryCoordinator)}` : `${nameOf(e.principal)} -> ${nameOf(e.backupCoordinator)}`;
      out.push(
        `  ${hours}  ${String(e.role ?? '').padEnd(7)}  ${who}  [${escapeControls(String(e.status ?? ''))}, ${escapeControls(String(e.reason ?? ''))}]  ${escapeControls(String(e.spanId ?? ''))}`,
      );
    }
    day = next;
  }
  return out.join('\n');
}

export const schedule: Handler<{ days?: string; tz?: string }> = async (ctx, inv) => {
  const o = inv.opts;
  const fromText = inv.query.from as string | undefined;
  const toText = inv.query.to as string | undefined;
  if (toText !== undefined && o.days !== undefined) throw new UsageError('give --to or --days, not both');
  const days = o.days !== undefined ? Number(o.days) : 7;
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new UsageError(`--days must be an integer from 1 to 366, got '${o.days}'`);
  const ics = icsRequested(ctx);
  const tzFlag = o.tz !== undefined ? checkZone(o.tz, '--tz') : undefined;
  // The zone is read before the request only when a default or local time needs it; a table
  // reads it when it is drawn (the presenter's view).
  const needsZone = !looksAbsolute(fromText) || !looksAbsolute(toText);
  const zone = needsZone ? await resolveZone(ctx, tzFlag) : undefined;
  const tz = zone ?? 'UTC';
  const now = Date.now();
  const from = fromText !== undefined ? parseWhen(fromText, tz, now, { flag: '--from' }) : startOfLocalDay(now, tz);
  const to = toText !== undefined ? parseWhen(toText, tz, now, { flag: '--to', endOfDay: true }) : addLocalDays(from, days, tz);
  if (to <= from) throw new UsageError('--to must be after --from');
  const res = await ctx.client().request<Rec>(requestFor(inv.spec.endpoint, { query: { from: iso(from), to: iso(to) } }));
  if (res.dryRun) return;
  const data = res.data ?? {};
  const events = arr(data.events);
  if (ics) return writeCalendar(ctx, events, 'Coverage schedule');
  // A table is the day-by-day timeline; record-per-line formats get the events themselves.
  return { data, lines: events, view: async () => ({ data, text: timeline(events, from, to, zone ?? (await resolveZone(ctx, tzFlag)), ctx) }) };
};
