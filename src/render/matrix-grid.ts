// The supervision matrix on a terminal: the twelve cells by mode, locked cells marked, then the
// recipient exceptions. Other formats print the API's object as it is.
import type { Context } from '../core/context.ts';
import { escapeControls } from '../core/output.ts';
import { displayWidth, padEndWidth } from '../core/width.ts';
import { MATRIX_CELLS } from '../api/supervision.ts';

type Obj = Record<string, any>;

/** Aligned columns; every cell escaped so no server text reaches the terminal raw. */
export function grid(headers: string[], rows: string[][]): string {
  const all = [headers, ...rows].map((r) => r.map((c) => escapeControls(c)));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i]!))));
  return all
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : padEndWidth(c, widths[i]!)))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}

function text(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

export function renderMatrix(data: unknown, _ctx?: Context): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const m = data as Obj;
  const locked = new Set<string>(Array.isArray(m.locked) ? m.locked : []);
  const parentLocked = new Set<string>(Array.isArray(m.parentLockedCells) ? m.parentLockedCells : []);
  // Cells the server adds beyond the twelve documented ones are shown too.
  const extra = Object.keys(m).filter((k) => !MATRIX_CELLS.includes(k as never) && m[k] && typeof m[k] === 'object' && !Array.isArray(m[k]) && 'mode' in m[k]);
  const rows = [...MATRIX_CELLS, ...extra].map((cell) => {
    const c: Obj = m[cell] && typeof m[cell] === 'object' ? m[cell] : {};
    const lock = parentLocked.has(cell) ? 'locked (parent)' : locked.has(cell) ? 'locked' : '';
    return [cell, text(c.mode) || 'default', text(c.timeBoxedWindowMin), text(c.timeBoxedExpiry), text(c.undoDelaySec), lock];
  });
  const out = [grid(['CELL', 'MODE', 'WINDOW_MIN', 'EXPIRY', 'UNDO_SEC', 'LOCK'], rows)];
  const exceptions: Obj[] = Array.isArray(m.exceptions) ? m.exceptions : [];
  out.push('');
  if (!exceptions.length) out.push('Exceptions: none');
  else {
    out.push('Exceptions:');
    out.push(
      grid(
        ['ID', 'LABEL', 'MATCH', 'MODE', 'APPLIES_TO'],
        exceptions.map((e) => [
          text(e.id),
          text(e.label),
          e.match ? `${text(e.match.kind)}=${text(e.match.value)}` : '',
          text(e.mode),
          Array.isArray(e.appliesTo) && e.appliesTo.length ? e.appliesTo.join(',') : 'all',
        ]),
      ),
    );
  }
  if (m.matrixUpdatedAt) out.push('', `Updated: ${escapeControls(String(m.matrixUpdatedAt))}`);
  return out.join('\n');
}
