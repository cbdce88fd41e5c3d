// Runs agnt in a real pseudo-terminal (util-linux `script`), answering prompts as they
// appear, so that terminal-only behaviour (prompts, masked input) is tested for real.
import { execa } from 'execa';
import { BIN, cleanEnv } from './helpers.ts';

export interface PtyStep {
  /** Wait until the screen output matches this. */
  expect: RegExp;
  /** Then type this (use \r for Enter). */
  send: string;
}

export interface PtyResult {
  output: string;
  exitCode: number;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export async function runInPty(args: string[], steps: PtyStep[], env: Record<string, string | undefined> = {}, timeoutMs = 20_000): Promise<PtyResult> {
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const child = execa('script', ['-qfec', command, '/dev/null'], {
    env: { ...cleanEnv(), TERM: 'xterm', COLUMNS: '100', LINES: '40', ...env },
    extendEnv: true,
    reject: false,
    stdin: 'pipe',
    timeout: timeoutMs,
  });
  let output = '';
  let step = 0;
  let seenUpTo = 0;
  const advance = () => {
    while (step < steps.length) {
      const s = steps[step]!;
      const fresh = output.slice(seenUpTo);
      const m = s.expect.exec(fresh);
      if (!m) return;
      seenUpTo += m.index + m[0].length;
      step++;
      // A short pause lets the prompt library switch the terminal mode before input arrives.
      const text = s.send;
      setTimeout(() => child.stdin?.write(text), 150);
    }
  };
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString('utf8');
    advance();
  });
  const r = await child;
  if (step < steps.length) {
    throw new Error(`pty: never saw ${steps[step]!.expect} (exit ${r.exitCode}); output:\n${output}`);
  }
  return { output, exitCode: r.exitCode ?? -1 };
}

/** Terminal output without colour and cursor sequences, for assertions. */
export function plain(s: string): string {
  return s
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .replace(/\x1b\][^\x07]*\x07/g, '')
    .replace(/\r/g, '');
}
