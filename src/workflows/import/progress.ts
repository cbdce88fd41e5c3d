// One status line on stderr, redrawn in place; only on a terminal (never in logs or pipes).
import type { IO } from '../../core/io.ts';
import { escapeForTerminal } from '../../core/output.ts';

const fmt = new Intl.NumberFormat('en-US');

function duration(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '?';
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.round((s % 3600) / 60)).padStart(2, '0')}m`;
}

export class Progress {
  private started = Date.now();
  private last = 0;
  private shown = false;

  constructor(
    private io: IO,
    private enabled: boolean,
    private size: number | undefined,
    private bytesRead: () => number,
  ) {}

  update(done: number, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.last < 200) return;
    this.last = now;
    const secs = (now - this.started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    let text = `${fmt.format(done)} rows  ${fmt.format(Math.round(rate))} rows/s`;
    if (this.size) {
      const frac = Math.min(1, this.bytesRead() / this.size);
      const eta = frac > 0.01 ? (secs / frac) * (1 - frac) : NaN;
      text += `  ${Math.floor(frac * 100)}%  eta ${duration(eta)}`;
    }
    this.io.stderr.write(`\r\x1b[K${escapeForTerminal(text)}`);
    this.shown = true;
  }

  end(): void {
    if (this.shown) this.io.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}
