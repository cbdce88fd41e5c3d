// The failed-rows file (--errors-out): the input's own header and cells for each failed row,
// plus the error, written in the input's dialect (delimiter, BOM, line ending) so that it opens
// the same way and can be fixed and imported again as it is.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Dialect } from './detect.ts';
import { ERROR_COLUMN } from './mapping.ts';

export class FailedRowsWriter {
  private fd: number;
  private pending: string[] = [];
  private errorAt: number;
  private headerLength: number;
  count = 0;

  /** `errorColumn`: the column holding the error (`agnt batch` names it batch_error). */
  constructor(
    readonly path: string,
    header: string[],
    private dialect: Dialect,
    errorColumn = ERROR_COLUMN,
  ) {
    this.fd = openSync(path, 'w', 0o600);
    const existing = header.findIndex((h) => h.trim().toLowerCase() === errorColumn);
    const cols = existing >= 0 ? [...header] : [...header, errorColumn];
    this.errorAt = existing >= 0 ? existing : header.length;
    this.headerLength = header.length;
    this.pending.push((dialect.bom ? '\ufeff' : '') + this.line(cols));
  }

  private cell(v: string): string {
    const d = this.dialect.delimiter;
    if (v.includes(d) || v.includes('"') || v.includes('\n') || v.includes('\r') || /^\s|\s$/.test(v)) return `"${v.replaceAll('"', '""')}"`;
    return v;
  }

  private line(cells: string[]): string {
    return cells.map((c) => this.cell(c)).join(this.dialect.delimiter) + this.dialect.newline;
  }

  add(cells: string[], error: string): void {
    const out = cells.slice(0, this.headerLength);
    while (out.length < this.headerLength) out.push('');
    if (this.errorAt < this.headerLength) out[this.errorAt] = error;
    else out.push(error);
    // Cells beyond the header (a row split by a stray delimiter) follow, for the user to mend.
    if (cells.length > this.headerLength) out.push(...cells.slice(this.headerLength));
    this.pending.push(this.line(out));
    this.count++;
    if (this.pending.length >= 256) this.flush();
  }

  flush(): void {
    if (!this.pending.length) return;
    writeSync(this.fd, this.pending.join(''));
    this.pending = [];
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
