// Terminal renderings shared by the coordination commands: small aligned tables and titled
// sections. Every server string goes through escapeControls (cellText does not escape).
import { cellText, escapeControls, getPath } from '../core/output.ts';
import type { Context } from '../core/context.ts';

export type Col = [header: string, value: string | ((row: any) => unknown)];

function width(s: string): number {
  return [...s].length;
}

function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** Aligned columns, kubectl-style; empty string for no rows. */
export function table(rows: unknown[], cols: Col[], ctx: Context): string {
  if (!rows.length) return '';
  const tty = ctx.io.stdoutIsTTY;
  const max = tty ? Math.max(12, Math.floor(ctx.io.columns() / cols.length) + 12) : Infinity;
  const cells = rows.map((r) => cols.map(([, v]) => clip(escapeControls(cellText(typeof v === 'function' ? v(r) : getPath(r, v))), max)));
  const heads = cols.map(([h]) => (ctx.io.color ? h : h));
  const widths = heads.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]!))));
  const line = (c: string[]) =>
    c
      .map((x, i) => (i === c.length - 1 ? x : x + ' '.repeat(widths[i]! - width(x))))
      .join('   ')
      .trimEnd();
  const head = line(heads);
  return [ctx.io.color ? `\x1b[1m${head}\x1b[0m` : head, ...cells.map(line)].join('\n');
}

export function title(text: string, ctx: Context): string {
  return ctx.io.color ? `\x1b[1;4m${text}\x1b[0m` : `== ${text} ==`;
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
