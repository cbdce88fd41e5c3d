// One frame of the console as text lines, exactly `height` lines each exactly `width` cells:
// a title, the list (kind, who, when in the coordinator's zone, state), the selected item's
// details, and a footer that is the prompt when one is open. Server text is escaped before it
// is laid out; colour comes from the run's chalk (off by the README's colour rule), and the
// selection is shown in inverse video and with a '>' so it reads without colour too.
import type { ChalkInstance } from 'chalk';
import { escapeControls } from '../../core/output.ts';
import { SCREEN } from '../../core/term-screen.ts';
import { padEndWidth, truncateWidth } from '../../core/width.ts';
import { zoned } from '../../core/wall-clock.ts';
import { pairsText } from '../span-principals.ts';
import { actionsOf, type Row, scrollTo, type State } from './state.ts';

export const MIN_WIDTH = 80;
export const MIN_HEIGHT = 24;
const DETAILS = 7;

export interface Style {
  chalk: ChalkInstance;
  color: boolean;
}

const cell = (s: string, w: number) => padEndWidth(truncateWidth(s, w), w);

/** The rows the list shows at this height (the bench and page keys use it). */
export function listHeight(height: number): number {
  return Math.max(1, height - DETAILS - 4);
}

function stateText(r: Row): string {
  const o = r.outcome;
  if (o?.state === 'sending') return `sending: ${o.text}`;
  if (o?.state === 'done') return `done: ${o.text}`;
  if (o?.state === 'failed') return `FAILED: ${o.text}`;
  const rec = r.item.record;
  return escapeControls(String(rec.accessHealth && r.item.kind === 'delegation.access' ? rec.accessHealth : (rec.status ?? '')));
}

function columns(width: number): { kind: number; who: number; when: number; state: number } {
  const kind = 18;
  const when = 20;
  const who = Math.max(12, Math.min(30, Math.floor(width / 5)));
  return { kind, who, when, state: Math.max(8, width - 2 - kind - who - when - 3) };
}

/** A coverage row's span (ms) and principals, read once per row: the conflicts of the selected row are looked for on every frame. */
interface SpanKey {
  start: number;
  end: number;
  principals: Set<string>;
}
const spanKeys = new WeakMap<Row, SpanKey>();
const idText = (v: unknown) => String(v && typeof v === 'object' ? (v as Record<string, unknown>).id : v);

function spanKey(r: Row): SpanKey {
  let k = spanKeys.get(r);
  if (!k) {
    k = { start: Date.parse(String(r.item.record.startAt)), end: Date.parse(String(r.item.record.endAt)), principals: new Set((r.item.principals ?? []).map((p) => idText(p.principal))) };
    spanKeys.set(r, k);
  }
  return k;
}

/** Other coverage items of the inbox for the same principal at overlapping times. */
export function conflicts(s: State, r: Row): Row[] {
  if (!r.item.kind.startsWith('coverage.')) return [];
  const mine = spanKey(r);
  if (!mine.principals.size) return [];
  const out: Row[] = [];
  for (const o of s.rows) {
    if (o === r || !o.item.kind.startsWith('coverage.')) continue;
    const k = spanKey(o);
    if (k.start < mine.end && mine.start < k.end)
      for (const p of k.principals)
        if (mine.principals.has(p)) {
          out.push(o);
          break;
        }
  }
  return out;
}

function details(s: State, r: Row | undefined, width: number): string[] {
  if (!r) return [s.filter ? 'No item matches the filter (Esc clears it).' : 'Nothing waits for you.'];
  const i = r.item;
  const rows = i.principals ?? [];
  const backups = [...new Set(rows.map((p) => escapeControls(String(p.backupCoordinator && typeof p.backupCoordinator === 'object' ? p.backupCoordinator.id : (p.backupCoordinator ?? '')))))].filter(
    Boolean,
  );
  const clash = conflicts(s, r);
  const acts = actionsOf(i)
    .map((a) => `${a.key} ${a.label}`)
    .join('   ');
  const lines = [
    `${escapeControls(i.id)}  ${i.kind}${i.since ? `  since ${zoned(i.since, s.tz)}` : ''}`,
    i.summary,
    `principals: ${pairsText(rows) || '-'}`,
    `backup: ${backups.join(', ') || '-'}`,
    `conflicts: ${clash.length ? clash.map((c) => `${escapeControls(c.item.id)} (${c.item.kind})`).join(', ') : 'none'}`,
    `actions: ${acts || 'none'}`,
  ];
  if (r.outcome) lines.push(`last action: ${r.outcome.state}: ${r.outcome.text}`);
  return lines.map((l) => truncateWidth(l, width));
}

export const HELP = [
  'Keys',
  '  Up/Down, j/k     move          PgUp/PgDn, Space  a page',
  '  Home/End, g/G    first / last  /                 filter (Enter keeps it, Esc clears)',
  '  o                sort: since, kind, who          r  refresh now (also on a timer)',
  '  a                accept, approve or confirm the selected item',
  '  d                decline or reject it (a reason is asked where the command takes one)',
  '  s / c            submit / cancel a draft         v  reverify a delegation',
  '  x                revoke an invitation',
  '  Each action asks y/n first and is sent as the command it stands for (see details).',
  '  ?                this help         q, Ctrl-C     quit',
  '',
  'Any key closes this help.',
];

function footer(s: State, width: number): string {
  const m = s.mode;
  if (m.name === 'filter') return `/${escapeControls(m.text)}`;
  if (m.name === 'confirm') return `${m.action.label} ${escapeControls(m.row.item.id)}? sends: agnt ${m.action.argv(m.row.item.id).map(escapeControls).join(' ')}  [y/N]`;
  if (m.name === 'reason') return `${m.action.label} ${escapeControls(m.row.item.id)}: reason (Enter sends, Esc cancels): ${m.text}`;
  const r = s.shown[s.selected];
  const acts = r
    ? actionsOf(r.item)
        .map((a) => `${a.key} ${a.label}`)
        .join('  ')
    : '';
  return truncateWidth(`${acts ? `${acts}  ` : ''}/ filter  o sort  r refresh  ? help  q quit${s.status ? `  | ${s.status}` : ''}`, width);
}

/** The frame for this state and terminal size. */
export function frame(s: State, width: number, height: number, style: Style): string[] {
  const c = style.chalk;
  const paint = (fn: (t: string) => string, t: string) => (style.color ? fn(t) : t);
  if (width < MIN_WIDTH || height < MIN_HEIGHT) {
    const lines = [cell(`The console needs ${MIN_WIDTH}x${MIN_HEIGHT}; this terminal is ${width}x${height}.`, width), cell('Make it larger, or q to quit.', width)];
    while (lines.length < height) lines.push(' '.repeat(width));
    return lines.slice(0, height);
  }
  const col = columns(width);
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
  const shownCount = s.shown.length === s.rows.length ? items(s.rows.length) : `${s.shown.length} of ${items(s.rows.length)} (filter: ${escapeControls(s.filter)})`;
  const out: string[] = [];
  out.push(paint(c.bold, cell(`agnt console  ${shownCount}  sort: ${s.sort}  times: ${s.tz}`, width)));
  const list = listHeight(height);
  if (s.mode.name === 'help') {
    for (let i = 0; i < list + 1; i++) out.push(cell(HELP[i] ?? '', width));
  } else {
    out.push(paint(c.dim, cell(`  ${cell('KIND', col.kind)} ${cell('WHO', col.who)} ${cell('WHEN', col.when)} STATE`, width)));
    scrollTo(s, list);
    for (let i = s.top; i < s.top + list; i++) {
      const r = s.shown[i];
      if (!r) {
        out.push(' '.repeat(width));
        continue;
      }
      const selected = i === s.selected;
      const text = `${selected ? '> ' : '  '}${cell(r.item.kind, col.kind)} ${cell(escapeControls(r.who), col.who)} ${cell(r.item.since ? zoned(r.item.since, s.tz) : '-', col.when)} ${cell(stateText(r), col.state)}`;
      let line = cell(text, width);
      if (style.color && r.outcome) line = r.outcome.state === 'failed' ? c.red(line) : r.outcome.state === 'done' ? c.green(line) : c.yellow(line);
      // Inverse video is not colour: the selection shows with NO_COLOR too.
      out.push(selected ? `${SCREEN.inverse}${line}${SCREEN.plain}` : line);
    }
  }
  out.push(paint(c.dim, cell(`${'-'.repeat(2)} details ${'-'.repeat(Math.max(0, width - 11))}`, width)));
  const d = details(s, s.shown[s.selected], width);
  for (let i = 0; i < DETAILS; i++) out.push(cell(d[i] ?? '', width));
  const f = cell(footer(s, width), width);
  out.push(s.mode.name === 'confirm' || s.mode.name === 'reason' ? paint(c.bold, f) : f);
  return out;
}
