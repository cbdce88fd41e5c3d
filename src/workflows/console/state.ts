// The console's state and what each key does to it, with no terminal and no network: the
// full-screen view, the line mode and the bench all drive the same `press`. A key that asks for
// work (an action confirmed, a refresh, quitting) comes back as an Effect for the caller to run.
import type { InboxItem, ItemAction } from '../inbox.ts';
import { SOURCES } from '../inbox.ts';
import { KEYS } from '../../core/term-screen.ts';

export type SortKey = 'since' | 'kind' | 'who';
export const SORTS: SortKey[] = ['since', 'kind', 'who'];

/** What became of the last action sent for an item, shown on its line. */
export interface ItemOutcome {
  state: 'sending' | 'done' | 'failed';
  text: string;
}

export interface Row {
  item: InboxItem;
  /** Lower-cased text the filter searches (kind, id, who, summary). */
  haystack: string;
  who: string;
  /** When it started waiting (ms), read once: sorting 1,000 rows compares it 10,000 times. */
  since: number;
  outcome?: ItemOutcome;
}

export type Mode =
  | { name: 'list' }
  | { name: 'filter'; text: string }
  | { name: 'help' }
  | { name: 'confirm'; row: Row; action: ItemAction }
  | { name: 'reason'; row: Row; action: ItemAction; text: string };

export interface State {
  rows: Row[];
  /** The rows shown, filtered and sorted (computed when rows, filter or sort change, not per key). */
  shown: Row[];
  /** Index into `shown`. */
  selected: number;
  /** First row of `shown` on screen. */
  top: number;
  filter: string;
  sort: SortKey;
  mode: Mode;
  /** The status line: the last refresh, or what went wrong with it. */
  status: string;
  tz: string;
}

export type Effect = { kind: 'none' } | { kind: 'redraw' } | { kind: 'quit' } | { kind: 'refresh' } | { kind: 'perform'; row: Row; action: ItemAction; reason?: string };

const NONE: Effect = { kind: 'none' };
const REDRAW: Effect = { kind: 'redraw' };

const idText = (v: unknown): string => (v && typeof v === 'object' ? String((v as Record<string, unknown>).id ?? '') : v === null || v === undefined ? '' : String(v));

/** Who an item is about, for its line: the span's coordinator, the delegation's, the invitee, the requester. */
export function whoOf(item: InboxItem): string {
  const r = item.record;
  switch (item.kind) {
    case 'coverage.accept':
    case 'coverage.approve':
    case 'coverage.draft':
      return idText(r.primaryCoordinator);
    case 'delegation.confirm':
      return idText(r.coordinator);
    case 'delegation.access':
      return idText(r.principal);
    case 'invitation.pending':
      return idText(r.email);
    case 'org-request.decide':
      return idText(r.requestedBy);
    default:
      return '';
  }
}

export function actionsOf(item: InboxItem): ItemAction[] {
  return SOURCES.find((s) => s.kind === item.kind)?.actions ?? [];
}

export function rowOf(item: InboxItem): Row {
  const who = whoOf(item);
  const since = item.since ? Date.parse(item.since) : Number.NaN;
  return { item, who, since: Number.isNaN(since) ? Number.POSITIVE_INFINITY : since, haystack: `${item.kind} ${item.id} ${who} ${item.summary}`.toLowerCase() };
}

const key = (r: Row) => `${r.item.kind}\u0000${r.item.id}`;

// Ids, kinds and user ids are ASCII: compared by code unit, which is what localeCompare would
// give them at a fraction of its cost.
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compare(sort: SortKey): (a: Row, b: Row) => number {
  const bySince = (a: Row, b: Row) => (a.since === b.since ? 0 : a.since < b.since ? -1 : 1);
  if (sort === 'kind') return (a, b) => order(a.item.kind, b.item.kind) || bySince(a, b) || order(a.item.id, b.item.id);
  if (sort === 'who') return (a, b) => order(a.who, b.who) || bySince(a, b) || order(a.item.id, b.item.id);
  // Oldest first: what has waited longest comes first.
  return (a, b) => bySince(a, b) || order(a.item.id, b.item.id);
}

/** Filter and sort again, keeping the selected row selected when it is still shown. */
export function reshape(s: State): void {
  const current = s.shown[s.selected];
  const words = s.filter.toLowerCase().split(/\s+/).filter(Boolean);
  s.shown = s.rows.filter((r) => words.every((w) => r.haystack.includes(w))).sort(compare(s.sort));
  const again = current ? s.shown.indexOf(current) : -1;
  s.selected = again >= 0 ? again : Math.min(s.selected, Math.max(0, s.shown.length - 1));
}

export function initialState(items: InboxItem[], tz: string): State {
  const s: State = { rows: items.map(rowOf), shown: [], selected: 0, top: 0, filter: '', sort: 'since', mode: { name: 'list' }, status: '', tz };
  reshape(s);
  return s;
}

/** A new gathering of the inbox: rows keep their outcome; an item acted on and gone stays, marked, until the next refresh after. */
export function replaceItems(s: State, items: InboxItem[], status: string): void {
  const before = new Map(s.rows.map((r) => [key(r), r]));
  const next = items.map((i) => {
    const old = before.get(`${i.kind}\u0000${i.id}`);
    const row = rowOf(i);
    if (old?.outcome && old.outcome.state !== 'done') row.outcome = old.outcome;
    return row;
  });
  const current = s.shown[s.selected];
  s.rows = next;
  s.status = status;
  reshape(s);
  if (current) {
    const same = s.shown.findIndex((r) => key(r) === key(current));
    if (same >= 0) s.selected = same;
  }
}

/** Keeps the selected row inside the `height` rows the list shows. */
export function scrollTo(s: State, height: number): void {
  if (s.selected < s.top) s.top = s.selected;
  if (s.selected >= s.top + height) s.top = s.selected - height + 1;
  s.top = Math.max(0, Math.min(s.top, Math.max(0, s.shown.length - height)));
}

const is = (k: string, name: keyof typeof KEYS) => (KEYS[name] as readonly string[]).includes(k);

/** What a key does. `page`: the rows the list shows (for page up and down). */
export function press(s: State, k: string, page = 10): Effect {
  if (is(k, 'ctrlC')) return { kind: 'quit' };
  const m = s.mode;
  if (m.name === 'help') {
    s.mode = { name: 'list' };
    return k === 'q' ? { kind: 'quit' } : REDRAW;
  }
  if (m.name === 'filter') {
    if (is(k, 'enter')) s.mode = { name: 'list' };
    else if (is(k, 'escape')) {
      s.mode = { name: 'list' };
      s.filter = '';
      reshape(s);
    } else if (is(k, 'backspace')) {
      m.text = m.text.slice(0, -1);
      s.filter = m.text;
      reshape(s);
    } else if (printable(k)) {
      m.text += k;
      s.filter = m.text;
      reshape(s);
    } else return NONE;
    return REDRAW;
  }
  if (m.name === 'confirm') {
    s.mode = { name: 'list' };
    if (k === 'y' || k === 'Y' || is(k, 'enter')) return { kind: 'perform', row: m.row, action: m.action };
    return REDRAW;
  }
  if (m.name === 'reason') {
    if (is(k, 'enter')) {
      if (!m.text.trim()) return NONE;
      s.mode = { name: 'list' };
      return { kind: 'perform', row: m.row, action: m.action, reason: m.text.trim() };
    }
    if (is(k, 'escape')) s.mode = { name: 'list' };
    else if (is(k, 'backspace')) m.text = m.text.slice(0, -1);
    else if (printable(k)) m.text += k;
    else return NONE;
    return REDRAW;
  }
  // The list.
  const last = s.shown.length - 1;
  const move = (to: number) => {
    const next = Math.max(0, Math.min(last, to));
    if (next === s.selected) return NONE;
    s.selected = next;
    return REDRAW;
  };
  if (is(k, 'up')) return move(s.selected - 1);
  if (is(k, 'down')) return move(s.selected + 1);
  if (is(k, 'pageUp')) return move(s.selected - page);
  if (is(k, 'pageDown')) return move(s.selected + page);
  if (is(k, 'home')) return move(0);
  if (is(k, 'end')) return move(last);
  if (k === 'q') return { kind: 'quit' };
  if (k === '?') {
    s.mode = { name: 'help' };
    return REDRAW;
  }
  if (k === '/') {
    s.mode = { name: 'filter', text: s.filter };
    return REDRAW;
  }
  if (is(k, 'escape') && s.filter) {
    s.filter = '';
    reshape(s);
    return REDRAW;
  }
  if (k === 'o') {
    s.sort = SORTS[(SORTS.indexOf(s.sort) + 1) % SORTS.length]!;
    reshape(s);
    return REDRAW;
  }
  if (k === 'r') return { kind: 'refresh' };
  const row = s.shown[s.selected];
  const action = row && actionsOf(row.item).find((a) => a.key === k);
  if (row && action) {
    if (row.outcome?.state === 'sending') return NONE;
    s.mode = action.reason ? { name: 'reason', row, action, text: '' } : { name: 'confirm', row, action };
    return REDRAW;
  }
  return NONE;
}

function printable(k: string): boolean {
  // One character or a pasted run of them, no control characters.
  return k.length > 0 && !/[\x00-\x1f\x7f]/.test(k);
}
