// Colour level, animation, progress text, display widths, and the rule that no module but the
// escaping one writes an escape sequence of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { animationAllowed, colorLevel } from '../../src/core/term.ts';
import { formatEta, progressText } from '../../src/core/progress.ts';
import { displayWidth, truncateWidth } from '../../src/core/width.ts';
import { renderTable } from '../../src/core/output.ts';
import { table } from '../../src/render/render.ts';
import { grid } from '../../src/render/matrix-grid.ts';
import { chalkFor } from '../../src/core/term.ts';

describe('colour level', () => {
  const cases: Array<[string, boolean, Record<string, string>, boolean, number]> = [
    ['a terminal', true, {}, false, 1],
    ['not a terminal', false, {}, false, 0],
    ['--no-color', true, {}, true, 0],
    ['NO_COLOR=1', true, { NO_COLOR: '1' }, false, 0],
    ['NO_COLOR empty is unset', true, { NO_COLOR: '' }, false, 1],
    ['FORCE_COLOR=0 on a terminal', true, { FORCE_COLOR: '0' }, false, 0],
    ['FORCE_COLOR=false', true, { FORCE_COLOR: 'false' }, false, 0],
    ['FORCE_COLOR=1 off a terminal', false, { FORCE_COLOR: '1' }, false, 1],
    ['FORCE_COLOR=3', false, { FORCE_COLOR: '3' }, false, 3],
    ['NO_COLOR beats FORCE_COLOR', true, { NO_COLOR: '1', FORCE_COLOR: '1' }, false, 0],
    ['--no-color beats FORCE_COLOR', true, { FORCE_COLOR: '2' }, true, 0],
    ['TERM=dumb', true, { TERM: 'dumb' }, false, 0],
    ['CI=true', true, { CI: 'true' }, false, 0],
    ['CI=false is not CI', true, { CI: 'false' }, false, 1],
    ['FORCE_COLOR in CI', true, { CI: 'true', FORCE_COLOR: '1' }, false, 1],
    ['256 colours', true, { TERM: 'xterm-256color' }, false, 2],
    ['truecolor', true, { COLORTERM: 'truecolor', TERM: 'xterm-256color' }, false, 3],
  ];
  it.each(cases)('%s', (_name, tty, env, flag, level) => {
    expect(colorLevel(tty, flag, env)).toBe(level);
  });

  it('animation: stderr a terminal, stdout no pipe, not CI, not quiet; FORCE_COLOR never adds it off a terminal', () => {
    expect(animationAllowed(true, {}, {})).toBe(true);
    expect(animationAllowed(false, {}, { FORCE_COLOR: '1' })).toBe(false);
    // NO_COLOR, FORCE_COLOR=0 and --no-color mean no colour, not no progress (no-color.org).
    expect(animationAllowed(true, {}, { NO_COLOR: '1' })).toBe(true);
    expect(animationAllowed(true, {}, { TERM: 'dumb' })).toBe(false);
    expect(animationAllowed(true, {}, { FORCE_COLOR: '0' })).toBe(true);
    expect(animationAllowed(true, {}, { CI: 'true', FORCE_COLOR: '1' })).toBe(false);
    expect(animationAllowed(true, { noColor: true }, {})).toBe(true);
    expect(animationAllowed(true, { quiet: true }, {})).toBe(false);
    // stdout a pipe: the reader may write to the same terminal (gh's rule); a file or a terminal is fine.
    expect(animationAllowed(true, { stdoutIsPipe: true }, {})).toBe(false);
    expect(animationAllowed(true, { stdoutIsPipe: false }, {})).toBe(true);
  });

  it('one chalk instance per level: asking for another level changes no instance handed out', () => {
    const a = chalkFor(0);
    expect(a.bold('x')).toBe('x');
    const b = chalkFor(1);
    expect(b.bold('x')).toBe('\u001b[1mx\u001b[22m');
    // A run side by side with another (tests run main() in one process) keeps its own level.
    expect(a.bold('x')).toBe('x');
    expect(chalkFor(1)).toBe(b);
    expect(chalkFor(0)).toBe(a);
  });
});

describe('progress text', () => {
  it('rows with a rate, a share and an ETA', () => {
    expect(progressText({ unit: 'rows', fraction: () => 0.5 }, 12_500, 4000)).toBe('12,500 rows  3,125 rows/s  50%  eta 4s');
  });
  it('bytes of a known total', () => {
    expect(progressText({ label: 'upload a.bin', unit: 'bytes', total: 4 * 1024 * 1024 }, 1024 * 1024, 1000)).toBe('upload a.bin  1.0 MiB/4.0 MiB  1.0 MiB/s  25%  eta 3s');
  });
  it('records of a list whose total is known, and of one whose total is not', () => {
    expect(progressText({ unit: 'records', total: 1000 }, 250, 2000)).toBe('250/1,000 records  125 records/s  25%  eta 6s');
    expect(progressText({ unit: 'records' }, 250, 2000)).toBe('250 records  125 records/s');
  });
  it('ETA formats', () => {
    expect([formatEta(NaN), formatEta(5.2), formatEta(185), formatEta(4800)]).toEqual(['?', '6s', '3m05s', '1h20m']);
  });
});

const CJK = '山田太郎';
const FAMILY = '👩‍👩‍👧‍👦';
const FLAG = '🇯🇵';

describe('display width', () => {
  it('counts East Asian wide characters and emoji as two cells, combining marks as none', () => {
    expect(displayWidth(CJK)).toBe(8);
    expect(displayWidth(FAMILY)).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('truncates by cells, never inside a grapheme cluster', () => {
    const t = truncateWidth(FAMILY.repeat(10), 7);
    expect(t).toBe(`${FAMILY.repeat(3)}…`);
    expect(displayWidth(t)).toBeLessThanOrEqual(7);
    expect(truncateWidth('😀'.repeat(30), 12)).toBe(`${'😀'.repeat(5)}…`);
    expect(truncateWidth(CJK.repeat(3), 6)).toBe('山田…');
    expect(truncateWidth(`${FLAG}${FLAG}${FLAG}`, 4)).toBe(`${FLAG}…`);
    expect(truncateWidth('short', 10)).toBe('short');
    // No lone surrogate, no split flag or ZWJ sequence.
    for (const s of [truncateWidth('a😀'.repeat(20), 9), truncateWidth(FAMILY.repeat(5), 4)]) expect(s).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u200d…/);
  });
});

/** The cell where each column starts, on every line (the second column's start). */
function columnStarts(text: string, marker: RegExp): number[] {
  return text.split('\n').map((l) => {
    const m = marker.exec(l);
    return m ? stringWidth(l.slice(0, m.index)) : -1;
  });
}

describe('tables align CJK and emoji by display width', () => {
  const ctx = { io: { stdoutIsTTY: true, color: false, chalk: chalkFor(0), columns: () => 100 } } as never;

  it('the coordination tables (render.ts)', () => {
    const t = table(
      [
        { n: CJK, v: 'x1' },
        { n: 'Bob', v: 'x2' },
        { n: `${FAMILY} fam`, v: 'x3' },
        { n: `${FLAG}`, v: 'x4' },
      ],
      [
        ['NAME', 'n'],
        ['V', 'v'],
      ],
      ctx,
    );
    expect(new Set(columnStarts(t, /x\d|V$/))).toEqual(new Set([11]));
  });

  it('the list tables (cli-table3)', async () => {
    const t = await renderTable(
      [
        [CJK, 'x1'],
        ['Bob', 'x2'],
        [`${FAMILY} fam`, 'x3'],
        ['Zoë', 'x4'],
      ],
      ['NAME', 'V'],
      { width: 100, tty: true, color: false },
    );
    expect(new Set(columnStarts(t, /x\d|V$/))).toEqual(new Set([11]));
  });

  it('a truncated cell on a narrow terminal keeps whole emoji', async () => {
    const t = await renderTable(
      [
        ['😀'.repeat(40), 'x'],
        [FAMILY.repeat(20), 'y'],
      ],
      ['N', 'V'],
      { width: 20, tty: true, color: false },
    );
    expect(t).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(new Set(columnStarts(t, /[xy]$|V$/)).size).toBe(1);
  });

  it('the supervision matrix grid', () => {
    const g = grid(
      ['CELL', 'MODE'],
      [
        [CJK, 'm1'],
        ['ab', 'm2'],
      ],
    );
    expect(new Set(columnStarts(g, /m\d|MODE/))).toEqual(new Set([11]));
  });
});

describe('escape sequences', () => {
  it('appear in no source module except the one that escapes server text', () => {
    const root = resolve(import.meta.dirname, '..', '..');
    // term.ts: the clear-screen of a watch's frame (`agnt inbox --watch`), and the escaping of
    // server text (escapeControls names ESC to escape it; output.ts only calls it); term-screen.ts
    // the console's sequences and the keys it reads.
    const allowed = new Set(['src/core/term.ts', 'src/core/term-screen.ts']);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.[cm]?[jt]s$/.test(name)) {
          const rel = relative(root, p).split('\\').join('/');
          if (allowed.has(rel)) continue;
          const text = readFileSync(p, 'utf8');
          if (/\\x1b|\\u001b|\\u\{1b\}|\\033|\x1b/i.test(text)) offenders.push(rel);
        }
      }
    };
    walk(join(root, 'src'));
    walk(join(root, 'commands'));
    expect(offenders).toEqual([]);
  });
});
