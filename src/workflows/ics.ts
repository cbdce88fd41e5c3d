// `-o ics` for `coordinator schedule` and `coverage events`: an iCalendar file (RFC 5545) with one
// event per (span, principal). Each event's UID is made of the span id and the principal id, so
// importing a later export again updates the events a calendar already has instead of adding
// copies. Times are written in UTC (DTSTART:20261201T140000Z), which every calendar shows in its
// own zone. Written with ical-generator; the tests read it back with node-ical.
import type { Outcome } from '../core/outcome.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { escapeControls } from '../core/output.ts';

type Rec = Record<string, any>;

/** Whether this run writes ics; the flags that cannot go with it are refused before any request. */
export function icsRequested(ctx: Context): boolean {
  const g = ctx.global;
  if (g.output !== 'ics') return false;
  if (g.json || g.yaml || g.jsonl) throw new UsageError('-o ics and --json, --yaml or --jsonl do not go together');
  if (g.query || g.fields) throw new UsageError('--query and --fields do not apply to -o ics');
  return true;
}

const idOf = (p: unknown): string => (p && typeof p === 'object' ? String((p as Rec).id ?? '') : String(p ?? ''));

function nameOf(p: unknown): string {
  if (!p) return '?';
  if (typeof p !== 'object') return String(p);
  const o = p as Rec;
  return String(o.name || [o.firstName, o.lastName].filter(Boolean).join(' ') || o.email || o.id || '?');
}

/**
 * An RFC 5545 TEXT value from server text: no control character survives (CR and LF become the
 * two characters \\n, so no line of the file comes from the server), and backslash, semicolon
 * and comma are escaped. For the properties ical-generator writes as given (UID); it escapes
 * SUMMARY, DESCRIPTION and X- values itself, after escapeControls.
 */
export function icsText(value: string): string {
  return escapeControls(value).replace(/[\\;,]/g, (c) => `\\${c}`);
}

/** Stable across exports: the same (span, principal) is the same calendar event. */
export function eventUid(spanId: string, principalId: string): string {
  return icsText(`${spanId}.${principalId}@coverage.agnt`);
}

function summary(e: Rec): string {
  const principal = nameOf(e.principal);
  const backup = nameOf(e.backupCoordinator);
  const primary = nameOf(e.primaryCoordinator);
  if (e.role === 'backup') return `Covering ${principal} for ${primary}`;
  if (e.role === 'primary') return `${principal} covered by ${backup}`;
  return `${backup} covers ${principal} for ${primary}`;
}

function description(e: Rec): string {
  // Each server value is escaped on its own: the line breaks here are agnt's, none the server's.
  const t = (v: unknown) => escapeControls(String(v));
  const who = (label: string, p: unknown) => `${label}: ${t(nameOf(p))}${idOf(p) ? ` (${t(idOf(p))})` : ''}`;
  return [
    `Coverage span ${t(e.spanId)}: ${t(e.status ?? '?')}, ${t(e.reason ?? '?')}; you are ${e.role === 'manager' ? 'the manager' : `the ${t(e.role ?? '?')}`}.`,
    who('Principal', e.principal),
    who('Primary coordinator', e.primaryCoordinator),
    who('Backup coordinator', e.backupCoordinator),
    `agnt coverage get ${t(e.spanId)}`,
  ].join('\n');
}

/** The calendar text for coverage events (the shape of GET /coverage-spans/events), and how many events it holds. */
export async function coverageCalendar(events: Rec[], name: string): Promise<{ text: string; count: number }> {
  const mod = await import('ical-generator');
  const ical = mod.default;
  const cal = ical({ name, prodId: { company: 'agnt', product: 'coverage', language: 'EN' } });
  const seen = new Set<string>();
  // Calendars apply an imported event over the one with the same UID when its SEQUENCE is not
  // lower; a later export always carries a higher one (seconds since 2020).
  const sequence = Math.floor((Date.now() - Date.UTC(2020, 0, 1)) / 1000);
  for (const e of events) {
    const spanId = String(e.spanId ?? '');
    const principalId = idOf(e.principal);
    const start = new Date(String(e.startAt));
    const end = new Date(String(e.endAt));
    if (!spanId || !principalId || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
    const uid = eventUid(spanId, principalId);
    // One event per (span, principal), whatever roles the caller has in it.
    if (seen.has(uid)) continue;
    seen.add(uid);
    cal.createEvent({
      id: uid,
      sequence,
      start,
      end,
      // Server text is kept free of control characters: the file may be printed on a terminal.
      summary: escapeControls(summary(e)),
      description: description(e),
      // Spans still waiting for acceptance or approval are tentative.
      status: String(e.status ?? '').startsWith('pending') ? mod.ICalEventStatus.TENTATIVE : mod.ICalEventStatus.CONFIRMED,
      busystatus: e.role === 'backup' ? mod.ICalEventBusyStatus.BUSY : mod.ICalEventBusyStatus.FREE,
      categories: [{ name: 'Coverage' }],
      x: [{ key: 'X-AGNT-SPAN', value: escapeControls(spanId) }],
    });
  }
  return { text: cal.toString(), count: seen.size };
}

/** The calendar as a document the presenter writes as it is (CRLF lines, as RFC 5545 wants). */
export async function writeCalendar(_ctx: Context, events: Rec[], name: string): Promise<Outcome> {
  const { text, count } = await coverageCalendar(events, name);
  return { raw: text.endsWith('\r\n') ? text : `${text}\r\n`, notes: [`${count} event${count === 1 ? '' : 's'} (one per span and principal)`] };
}

/**
 * `coverage simulate -o ics`: one event per stretch of hours nobody would answer for a principal.
 * The UID is the principal and the stretch's start, so a later export of the same absence
 * replaces the events rather than adding copies.
 */
export async function writeGapCalendar(gaps: Array<{ startAt: string; endAt: string; hours: number; unavailable: Array<{ user: string; why: string }> }>, principal: string): Promise<Outcome> {
  const mod = await import('ical-generator');
  const cal = mod.default({ name: 'Coverage gaps', prodId: { company: 'agnt', product: 'coverage', language: 'EN' } });
  const sequence = Math.floor((Date.now() - Date.UTC(2020, 0, 1)) / 1000);
  for (const g of gaps) {
    const why = g.unavailable.map((u) => `${escapeControls(u.user)}: ${escapeControls(u.why)}`);
    cal.createEvent({
      id: icsText(`gap.${principal}.${g.startAt}@coverage.agnt`),
      sequence,
      start: new Date(g.startAt),
      end: new Date(g.endAt),
      summary: escapeControls(`No coverage for ${principal}`),
      description: [`${g.hours} h with nobody to answer for ${escapeControls(principal)}.`, ...why, `agnt coverage simulate --principal ${escapeControls(principal)}`].join('\n'),
      categories: [{ name: 'Coverage gap' }],
    });
  }
  const text = cal.toString();
  return { raw: text.endsWith('\r\n') ? text : `${text}\r\n`, notes: [`${gaps.length} gap${gaps.length === 1 ? '' : 's'}`] };
}
