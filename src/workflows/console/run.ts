// `agnt console` and `agnt inbox --tui`: everything `agnt inbox` finds, in a full-screen view
// where each item's actions are one key away; `--plain` (and TERM=dumb) the same as numbered
// lines and prompts (plain.ts). The keys' effects are state.ts's, the frame view.ts's, the
// terminal screen.ts's, the actions actions.ts's; this module runs the loop between them.
import { Context } from '../../core/context.ts';
import type { Outcome } from '../../core/outcome.ts';
import { AgntError, EXIT, UsageError } from '../../core/errors.ts';
import { hostEnv } from '../../core/host.ts';
import { durationMs } from '../wait.ts';
import { act, load, refresh } from './actions.ts';
import { press, type State } from './state.ts';

export async function consoleCommand(ctx: Context, opts: Record<string, unknown>): Promise<Outcome | undefined> {
  if (opts.utc && opts.tz) throw new UsageError('give --tz or --utc, not both');
  if (opts.watch) throw new UsageError('--watch and the console do not go together: the console refreshes itself (--interval)');
  const interval = durationMs(typeof opts.interval === 'string' ? opts.interval : '30', '--interval');
  const io = ctx.io;
  if (!io.stdinIsTTY || !io.stdoutIsTTY) throw new UsageError('the console needs a terminal (stdin and stdout)', 'agnt inbox lists the same items for scripts');
  if (io.noInput) throw new UsageError('the console asks before each action: it cannot run with --no-input');
  if (ctx.dryRun) throw new UsageError('the console and --dry-run do not go together');
  const plain = Boolean(opts.plain) || hostEnv().TERM === 'dumb';
  const s = await load(ctx, opts);
  if (plain) return (await import('./plain.ts')).plainConsole(ctx, opts, s);
  return fullScreen(ctx, opts, s, interval);
}

/** Why the full screen ended: q or Ctrl-C (quit), a signal, or the terminal gone. */
type Ending = { signal?: NodeJS.Signals; message?: string; quit?: boolean };

async function fullScreen(ctx: Context, opts: Record<string, unknown>, s: State, interval: number): Promise<Outcome | undefined> {
  const { openSession } = await import('./screen.ts');
  const { frame, listHeight } = await import('./view.ts');
  const style = { chalk: ctx.io.chalk, color: ctx.io.color };
  const stdin = ctx.io.stdin as NodeJS.ReadStream;
  const stdout = ctx.io.stdout as NodeJS.WriteStream;
  let finish!: (why: Ending) => void;
  const ended = new Promise<Ending>((r) => {
    finish = r;
  });
  let done = false;
  let refreshing: Promise<void> | undefined;
  // The view's reads (refreshes) have a signal of their own: quitting cancels one in flight, so
  // the process ends at once instead of when a refresh against an unreachable server gives up.
  // An action the user confirmed (a write) is not cancelled.
  const stopReads = new AbortController();
  const reads = new Context(ctx.global, AbortSignal.any([ctx.signal, stopReads.signal]), ctx.io);
  const session = openSession(stdin, stdout, {
    key: (k) => onKey(k),
    resize: () => draw(),
    end: (why) => finish(why),
  });
  const draw = () => {
    if (done) return;
    const { width, height } = session.size();
    session.draw(frame(s, width, height, style));
  };
  const doRefresh = () => {
    refreshing ??= refresh(reads, opts, s).finally(() => {
      refreshing = undefined;
      draw();
    });
    return refreshing;
  };
  const onKey = (k: string) => {
    const e = press(s, k, listHeight(session.size().height));
    if (e.kind === 'quit') finish({ quit: true });
    else if (e.kind === 'redraw') draw();
    else if (e.kind === 'refresh') {
      s.status = 'refreshing...';
      draw();
      void doRefresh();
    } else if (e.kind === 'perform') void act(ctx, e.row, e.action, e.reason, draw);
  };
  const timer = setInterval(() => void doRefresh(), interval);
  // The CLI's own Ctrl-C (a SIGINT from outside the raw terminal) ends the view too.
  const onAbort = () => finish({ signal: 'SIGINT' });
  ctx.signal.addEventListener('abort', onAbort);
  let why: Ending;
  try {
    draw();
    why = await ended;
  } finally {
    done = true;
    clearInterval(timer);
    ctx.signal.removeEventListener('abort', onAbort);
    session.restore();
    stopReads.abort();
    await refreshing;
    await reads.close();
  }
  if (why.quit) return;
  if (why.signal === 'SIGINT') return { exitCode: EXIT.interrupted, message: 'interrupted' };
  if (why.signal) throw new AgntError(`stopped by ${why.signal}`, 128 + (why.signal === 'SIGTERM' ? 15 : 1));
  throw new AgntError(`the console ended: ${why.message ?? 'unknown'}`, EXIT.failure);
}
