// The console's state and frames without a terminal: what keys do (move, filter, sort, an action
// confirmed or not, a reason required), and frames that are exactly the terminal's size at any
// size from 80x24 up, with server text that cannot reach the terminal as control sequences.
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import type { InboxItem } from '../../src/workflows/inbox.ts';
import { initialState, press, type State } from '../../src/workflows/console/state.ts';
import { frame } from '../../src/workflows/console/view.ts';
import { paintDiff } from '../../src/workflows/console/screen.ts';
import { splitKeys } from '../../src/core/term-screen.ts';
import { displayWidth } from '../../src/core/width.ts';

function item(kind: string, id: string, who: string, since: string, extra: Record<string, unknown> = {}): InboxItem {
  const owner = kind.startsWith('delegation') ? { coordinator: who } : kind === 'org-request.decide' ? { requestedBy: who } : { primaryCoordinator: who };
  return { kind, id, summary: `summary of ${id}`, since, commands: [], record: { id, status: 'pending', ...owner, ...extra } };
}

const ITEMS = [
  item('coverage.approve', 'cov_b', 'usr_zed', '2026-11-02T10:00:00Z'),
  item('coverage.accept', 'cov_a', 'usr_amy', '2026-11-03T10:00:00Z'),
  item('delegation.confirm', 'del_x', 'usr_max', '2026-11-01T10:00:00Z'),
  item('org-request.decide', 'orq_y', 'usr_bob', '2026-11-04T10:00:00Z'),
];
const plainStyle = { chalk: new Chalk({ level: 0 }), color: false };
const colourStyle = { chalk: new Chalk({ level: 3 }), color: true };
const ids = (s: State) => s.shown.map((r) => r.item.id);
const SGR = /\x1b\[[0-9;]*m/g;

describe('console keys', () => {
  it('sorts oldest first, then by kind and by who (o)', () => {
    const s = initialState(ITEMS, 'UTC');
    expect(ids(s)).toEqual(['del_x', 'cov_b', 'cov_a', 'orq_y']);
    press(s, 'o');
    expect(ids(s)).toEqual(['cov_a', 'cov_b', 'del_x', 'orq_y']);
    press(s, 'o');
    expect(ids(s)).toEqual(['cov_a', 'orq_y', 'del_x', 'cov_b']);
  });

  it('moves within the list and keeps the selection through a filter; Esc clears it', () => {
    const s = initialState(ITEMS, 'UTC');
    expect(press(s, 'k')).toEqual({ kind: 'none' });
    press(s, '\x1b[B');
    press(s, 'j');
    expect(s.shown[s.selected]!.item.id).toBe('cov_a');
    for (const k of ['/', 'c', 'o', 'v']) press(s, k);
    expect(ids(s)).toEqual(['cov_b', 'cov_a']);
    expect(s.shown[s.selected]!.item.id).toBe('cov_a');
    press(s, '\r');
    expect(s.mode.name).toBe('list');
    press(s, '\x1b');
    expect(ids(s)).toHaveLength(4);
    press(s, 'G');
    expect(s.selected).toBe(3);
  });

  it('an action asks first: n sends nothing, y sends the command it stands for', () => {
    const s = initialState(ITEMS, 'UTC');
    press(s, 'j'); // cov_b, coverage.approve
    expect(press(s, 'a')).toEqual({ kind: 'redraw' });
    expect(s.mode.name).toBe('confirm');
    expect(press(s, 'n')).toEqual({ kind: 'redraw' });
    press(s, 'a');
    const e = press(s, 'y');
    expect(e.kind).toBe('perform');
    if (e.kind === 'perform') expect(e.action.argv('cov_b')).toEqual(['coverage', 'approve', 'cov_b']);
    // A key the item has no action for does nothing.
    expect(press(s, 'v')).toEqual({ kind: 'none' });
  });

  it('a reject that takes a reason is not sent without one', () => {
    const s = initialState(ITEMS, 'UTC');
    press(s, 'G'); // orq_y
    press(s, 'd');
    expect(s.mode.name).toBe('reason');
    expect(press(s, '\r')).toEqual({ kind: 'none' });
    for (const k of splitKeys('no budget')) press(s, k);
    const e = press(s, '\r');
    expect(e).toMatchObject({ kind: 'perform', reason: 'no budget' });
  });

  it('q and Ctrl-C quit; r refreshes; ? opens the help and any key closes it', () => {
    const s = initialState(ITEMS, 'UTC');
    expect(press(s, 'r')).toEqual({ kind: 'refresh' });
    press(s, '?');
    expect(s.mode.name).toBe('help');
    press(s, 'x');
    expect(s.mode.name).toBe('list');
    expect(press(s, 'q')).toEqual({ kind: 'quit' });
    expect(press(s, '\x03')).toEqual({ kind: 'quit' });
  });
});

describe('console frames', () => {
  it('are exactly the terminal size, from 80x24 up, with and without colour', () => {
    const s = initialState(ITEMS, 'America/New_York');
    for (const [w, h] of [
      [80, 24],
      [120, 40],
      [203, 61],
    ] as const) {
      for (const style of [plainStyle, colourStyle]) {
        const f = frame(s, w, h, style);
        expect(f).toHaveLength(h);
        for (const line of f) expect(displayWidth(line.replace(SGR, ''))).toBe(w);
      }
    }
  });

  it('say what size they need below 80x24', () => {
    const f = frame(initialState(ITEMS, 'UTC'), 60, 20, plainStyle);
    expect(f).toHaveLength(20);
    expect(f[0]).toContain('The console needs 80x24; this terminal is 60x20.');
  });

  it('never pass server text to the terminal as control sequences', () => {
    const evil = item('coverage.approve', 'cov_evil', 'usr_\x1b]0;owned\x07x\x1b[2J', '2026-11-02T10:00:00Z', { status: 'pending\x1b[31m' });
    const s = initialState([evil], 'UTC');
    const text = frame(s, 100, 30, plainStyle).join('\n');
    // The only sequences are the console's own: inverse video for the selection, and its reset.
    expect(text.replace(/\x1b\[7m|\x1b\[0m/g, '')).not.toContain('\x1b');
  });

  it('redraw only the lines that change', () => {
    const s = initialState(ITEMS, 'UTC');
    const a = frame(s, 100, 30, plainStyle);
    press(s, 'j');
    const b = frame(s, 100, 30, plainStyle);
    const bytes = paintDiff(a, b);
    const rows = [...bytes.matchAll(/\x1b\[(\d+);1H/g)].map((m) => Number(m[1]));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(paintDiff(b, b)).toBe('');
  });
});
