// The one spinner and the one progress line (count, rate, ETA), drawn by ora on stderr. Both
// are silent unless io.animated (a terminal on stderr, stdout not a pipe, not CI, not --quiet:
// term.ts), so logs, pipes and tests never see a redraw. ora is loaded only when something will be drawn.
import type { IO } from './io.ts';
import { drawnLines, type DrawnLine } from './progress-lines.ts';
import { escapeControls } from './output.ts';

// Made on first use: creating a number format loads ICU data (~10 ms), which a run that draws no
// progress (most of them, and every --help) should not pay.
let numberFormat: Intl.NumberFormat | undefined;
const fmt = { format: (n: number) => (numberFormat ??= new Intl.NumberFormat('en-US')).format(n) };

export type Unit = 'rows' | 'records' | 'bytes' | 'checks';

export interface ProgressOptions {
  /** Words before the numbers ('upload report.pdf'). */
  label?: string;
  unit: Unit;
  /** The count the work will reach, when known (bytes of a file, a list's total). */
  total?: number;
  /** Share of the work done, when it is not done/total (bytes read of a CSV whose rows are counted). */
  fraction?: () => number;
}

/** '42s', '3m05s', '1h20m'; '?' when unknown. */
export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.floor(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}

export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  // Divided by 1024, so named as IEC units (KiB, MiB): a "MB" is 1,000,000 bytes.
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(1)} ${units[i]}`;
}

function amount(n: number, unit: Unit): string {
  return unit === 'bytes' ? formatBytes(n) : `${fmt.format(n)} ${unit}`;
}

/** The progress text: '12,500 rows  3,100 rows/s  50%  eta 4s' (pure, for tests). */
export function progressText(opts: ProgressOptions, done: number, elapsedMs: number): string {
  const secs = elapsedMs / 1000;
  const rate = secs > 0 ? done / secs : 0;
  const total = opts.total;
  const parts = [
    opts.label,
    total !== undefined && opts.unit === 'bytes' ? `${formatBytes(done)}/${formatBytes(total)}` : total !== undefined ? `${fmt.format(done)}/${amount(total, opts.unit)}` : amount(done, opts.unit),
  ];
  parts.push(opts.unit === 'bytes' ? `${formatBytes(rate)}/s` : `${fmt.format(Math.round(rate))} ${opts.unit}/s`);
  const frac = opts.fraction ? opts.fraction() : total ? done / total : undefined;
  // Nothing finished yet: a share (of bytes read, say) would promise an ETA it cannot know.
  if (done > 0 && frac !== undefined && Number.isFinite(frac)) {
    const f = Math.min(1, Math.max(0, frac));
    const eta = f > 0.01 ? (secs / f) * (1 - f) : NaN;
    parts.push(`${Math.floor(f * 100)}%`, `eta ${formatEta(eta)}`);
  }
  return parts.filter(Boolean).join('  ');
}

interface OraLike {
  text: string;
  start(): OraLike;
  stop(): OraLike;
  clear(): OraLike;
  render(): OraLike;
}

/** A line on stderr that ora redraws; drawn only when io.animated. */
class Line {
  private ora?: OraLike;
  private text: string;
  private ended = false;
  private drawn?: DrawnLine;
  private readonly lines = drawnLines();

  constructor(io: IO, text: string) {
    this.text = escapeControls(text);
    if (!io.animated) {
      this.ended = true;
      return;
    }
    void import('ora').then(({ default: ora }) => {
      if (this.ended) return;
      // A pseudo-terminal that reports no size (0 columns) would make ora count the line as
      // endless and clear upwards without end: assume the classic 80.
      const stream = io.stderr as NodeJS.WriteStream;
      if (!stream.columns) stream.columns = 80;
      // discardStdin off: Ctrl-C must stay a signal (imports and waits handle it), and a prompt
      // may follow. The frame is not coloured: colour is for stdout's data.
      const drawn = ora({ text: this.text, stream: io.stderr as NodeJS.WriteStream, isEnabled: true, discardStdin: false, color: false as never }).start();
      this.ora = drawn;
      // Output to a terminal clears it first and draws it again after (progress-lines.ts).
      if (io.stdoutIsTTY) {
        this.drawn = { clear: () => void drawn.clear(), render: () => void drawn.render() };
        this.lines.add(this.drawn);
      }
    });
  }

  set(text: string): void {
    if (this.ended) return;
    // Labels carry server text (a job's status, a file's name): no control character reaches the terminal.
    this.text = escapeControls(text);
    if (this.ora) this.ora.text = this.text;
  }

  end(): void {
    this.ended = true;
    if (this.drawn) this.lines.delete(this.drawn);
    this.ora?.stop();
    this.ora = undefined;
  }
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

/** A spinner with a status text (`--wait`). */
export function spinner(io: IO, text: string): Spinner {
  const line = new Line(io, text);
  return { update: (t) => line.set(t), stop: () => line.end() };
}

/** Count, rate and ETA of a long piece of work; update as often as you like (redrawn at most every 100 ms). */
export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private line?: Line;

  constructor(
    io: IO,
    private opts: ProgressOptions,
  ) {
    if (io.animated) this.line = new Line(io, progressText(opts, 0, 0));
  }

  /** `total` may become known late (a list's total arrives with its first page). */
  update(done: number, total?: number): void {
    if (!this.line) return;
    if (total !== undefined) this.opts.total = total;
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    this.line.set(progressText(this.opts, done, now - this.started));
  }

  end(): void {
    this.line?.end();
    this.line = undefined;
  }
}

/**
 * Progress of `--all` over a paged list: records so far of the server's total (which arrives
 * with the first page, so the wrapped client notes it). Silent without --all or off a terminal.
 */
export function pagingProgress<C extends { request: (spec: any) => Promise<any> }>(io: IO, client: C, all: boolean): { client: C; add(n: number): void; end(): void } {
  if (!all || !io.animated) return { client, add() {}, end() {} };
  let total: number | undefined;
  let done = 0;
  const progress = new Progress(io, { unit: 'records' });
  const counting = {
    request: async (spec: unknown) => {
      const res = await client.request(spec);
      const t = (res as { meta?: { total?: unknown } } | undefined)?.meta?.total;
      if (typeof t === 'number') total = t;
      return res;
    },
  } as unknown as C;
  return {
    client: counting,
    add(n) {
      done += n;
      progress.update(done, total);
    },
    end: () => progress.end(),
  };
}
