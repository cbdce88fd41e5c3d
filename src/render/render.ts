// Terminal renderings shared by the coordination commands: small aligned tables and titled
// sections. Every server string goes through escapeControls (cellText does not escape).
import { cellText, escapeControls, getPath } from '../core/output.ts';
import type { Context } from '../core/context.ts';
import { displayWidth, padEndWidth, truncateWidth } from '../core/width.ts';

export type Col = [header: string, value: string | ((row: any) => unknown)];

/** Aligned columns, kubectl-style; empty string for no rows. */
export function table(rows: unknown[], cols: Col[], ctx: Context): string {
  if (!rows.length) return '';
  const tty = ctx.io.stdoutIsTTY;
  const max = tty ? Math.max(12, Math.floor(ctx.io.columns() / cols.length) + 12) : Infinity;
  const cells = rows.map((r) => cols.map(([, v]) => truncateWidth(escapeControls(cellText(typeof v === 'function' ? v(r) : getPath(r, v))), max)));
  const heads = cols.map(([h]) => h);
  const widths = heads.map((h, i) => Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[i]!))));
  const line = (c: string[]) =>
    c
      .map((x, i) => (i === c.length - 1 ? x : padEndWidth(x, widths[i]!)))
      .join('   ')
      .trimEnd();
  return [ctx.io.chalk.bold(line(heads)), ...cells.map(line)].join('\n');
}

export function title(text: string, ctx: Context): string {
  return ctx.io.color ? ctx.io.chalk.bold.underline(text) : `== ${text} ==`;
}

/** Titled sections; an empty body shows as "(none)". */
export function sections(parts: Array<[string, string]>, ctx: Context): string {
  return parts.map(([t, body]) => `${title(t, ctx)}\n${body || '  (none)'}`).join('\n\n');
}

/** 'Bea Backup <backup@acme.test>' from a person reference (or an id string). */
export function who(p: unknown): string {
  if (!p) return '-';
  if (typeof p === 'string') return escapeControls(p);
  const o = p as Record<string, unknown>;
  const name = (o.name as string) || [o.firstName, o.lastName].filter(Boolean).join(' ') || (o.id as string) || '?';
  return escapeControls(o.email ? `${name} <${o.email}>` : name);
}

export function nameOf(p: unknown): string {
  if (!p) return '-';
  if (typeof p === 'string') return escapeControls(p);
  const o = p as Record<string, unknown>;
  return escapeControls(String(o.name || [o.firstName, o.lastName].filter(Boolean).join(' ') || o.id || '?'));
}
