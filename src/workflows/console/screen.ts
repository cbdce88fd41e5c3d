// The console's terminal: the alternate screen, raw keys, redraws of only the lines that changed,
// and the promise that the terminal is given back as it was, however the console ends (q,
// Ctrl-C, SIGTERM, SIGHUP when the terminal goes away, an error, stdin closed).
//
// Hand-written on raw ANSI rather than a terminal library: the console draws lines of text in
// fixed places and reads keys, which is what the sequences in src/core/term-screen.ts do; the libraries
// made for it (blessed, terminal-kit, ink with React) cost more to load than the whole console
// and bring widgets it does not use (the commit that added this says what was measured).
import { SCREEN, splitKeys } from '../../core/term-screen.ts';

/** The bytes that turn the frame `prev` into `next` on the screen: only the lines that changed. */
export function paintDiff(prev: readonly string[] | undefined, next: readonly string[]): string {
  let out = '';
  for (let i = 0; i < next.length; i++) if (!prev || prev[i] !== next[i]) out += `${SCREEN.at(i + 1)}${next[i]}${SCREEN.plain}`;
  return out;
}

type In = NodeJS.ReadStream;
type Out = NodeJS.WriteStream;

export interface TerminalSession {
  size(): { width: number; height: number };
  /** Draws a frame (lines that changed since the last; all after a resize). */
  draw(lines: string[]): void;
  /** Gives the terminal back: alternate screen left, modes reset, cursor shown. Safe to call twice. */
  restore(): void;
}

export interface SessionHandlers {
  key(k: string): void;
  resize(): void;
  /** The session must end: a signal, stdin closed, the terminal gone. */
  end(why: { signal?: NodeJS.Signals; message?: string }): void;
}

export function openSession(stdin: In, stdout: Out, on: SessionHandlers): TerminalSession {
  let prev: string[] | undefined;
  let restored = false;
  const write = (s: string) => {
    try {
      stdout.write(s);
    } catch {
      // The terminal is gone: nothing to draw on.
    }
  };
  const onData = (d: Buffer | string) => {
    for (const k of splitKeys(typeof d === 'string' ? d : d.toString('utf8'))) on.key(k);
  };
  const onResize = () => {
    prev = undefined;
    write(SCREEN.clear);
    on.resize();
  };
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
  const onSignal = (signal: NodeJS.Signals) => on.end({ signal });
  const onClose = () => on.end({ message: 'the terminal closed' });
  const onError = () => on.end({ message: 'the terminal is gone' });
  const listeners = signals.map((sig) => [sig, () => onSignal(sig)] as const);
  for (const [sig, fn] of listeners) process.on(sig, fn);
  // An exception anywhere gives the terminal back before Node prints it.
  const onCrash = () => session.restore();
  process.once('exit', onCrash);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.on('data', onData);
  stdin.on('end', onClose);
  stdin.on('close', onClose);
  stdout.on('resize', onResize);
  stdout.on('error', onError);
  stdin.resume();
  write(`${SCREEN.enter}${SCREEN.hideCursor}${SCREEN.wrapOff}${SCREEN.clear}`);
  const session: TerminalSession = {
    size: () => ({ width: stdout.columns || 80, height: stdout.rows || 24 }),
    draw(lines) {
      if (restored) return;
      const bytes = paintDiff(prev, lines);
      prev = lines;
      if (bytes) write(bytes);
    },
    restore() {
      if (restored) return;
      restored = true;
      for (const [sig, fn] of listeners) process.off(sig, fn);
      process.off('exit', onCrash);
      stdin.off('data', onData);
      stdin.off('end', onClose);
      stdin.off('close', onClose);
      stdout.off('resize', onResize);
      try {
        stdin.setRawMode?.(false);
      } catch {
        // stdin is gone (SIGHUP): its mode went with it.
      }
      stdin.pause();
      write(`${SCREEN.reset}${SCREEN.leave}${SCREEN.showCursor}`);
      stdout.off('error', onError);
    },
  };
  return session;
}
