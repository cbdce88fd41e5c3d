// Perform, then present: commands return Outcomes and one presenter prints them. This holds the
// seam in place: no source file outside the presenter reads the output format, makes a printer
// or writes stdout itself, and there is one executor, which batch calls too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeStderr } from '../../src/core/output.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts')) out.push(relative(ROOT, p));
  }
  return out;
}

const FILES = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'commands'))].sort();
// A printer made by hand, or bytes written to descriptor 1 around the stream, count too (the audit tail did both).
const PRINTING = /\boutputFormatOf\(|\boutputOptionsOf\(|\bmakePrinter\(|\bnew Printer\(|\bwriteAll\(|\bstdout\.write\(|\bio\.out\(|\bio\.write\(/;

// Where printing is the job: the presenter (its printer and stream sink), the output layer's
// shaping under it, the IO and the stdout guard; and the console's terminal, a screen drawn in
// place while it runs, not an outcome presented when it is done. Not the context: it holds the
// run's options only.
const PRESENTER = new Set([
  'src/core/present.ts',
  'src/core/present-printer.ts',
  'src/core/present-stream.ts',
  'src/core/output.ts',
  'src/core/io.ts',
  'src/core/stdio.ts',
  'src/workflows/console/screen.ts',
]);

describe('the presenter is the one place that prints', () => {
  it('no file outside it reads the format, makes a printer or writes stdout', () => {
    const offenders = FILES.filter((f) => !PRESENTER.has(f) && PRINTING.test(readFileSync(join(ROOT, f), 'utf8')));
    // The context hands the HTTP client its dry-run writer (the request, on stdout); it decides nothing about output.
    expect(offenders).toEqual(['src/core/context.ts']);
    expect(readFileSync(join(ROOT, 'src/core/context.ts'), 'utf8').match(PRINTING)?.[0]).toBe('io.out(');
  });

  it('the context keeps the run options only: no format, output options or printer', () => {
    const context = readFileSync(join(ROOT, 'src/core/context.ts'), 'utf8');
    expect(context).not.toMatch(/from '\.\/output\.ts'|from '\.\/present[-\w]*\.ts'|\bformat\(|\boutputOptions\(|\bprinter\(/);
  });

  it('there is one executor, and batch calls it', () => {
    const defines = FILES.filter((f) => /export async function perform\(/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(defines).toEqual(['src/core/builder.ts']);
    const batch = readFileSync(join(ROOT, 'src/workflows/batch/adapter.ts'), 'utf8');
    expect(batch).toMatch(/\bperform\(/);
    // No second dispatch: the adapter walks no list and sends no request of its own.
    expect(batch).not.toMatch(/\bpaginate\(|\.request\(|runHandler\(/);
  });
});

describe('one pseudo-terminal driver in the tests', () => {
  it('no test but test/support/pty.ts starts `script` itself', () => {
    const RUNS_SCRIPT = /\b(?:execa|execaSync|execFile|execFileSync|spawn|spawnSync)\(\s*['"`](?:\/usr\/bin\/)?script['"`]/;
    const tests = sources(join(ROOT, 'test')).filter((f) => f !== 'test/support/pty.ts');
    expect(tests.filter((f) => RUNS_SCRIPT.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
    expect(RUNS_SCRIPT.test(readFileSync(join(ROOT, 'test/support/pty.ts'), 'utf8'))).toBe(true);
  });
});

describe('stderr carries no escape sequence from the server', () => {
  it('colour, OSC and C1 sequences are shown escaped; line breaks and tabs stay', () => {
    expect(escapeStderr('note: \x1b[31mred\x1b[0m \x1b]0;title\x07 \x9b2J\u202eabc\n\tnext')).toBe('note: \\e[31mred\\e[0m \\e]0;title\\u0007 \\u009b2J\\u202eabc\n\tnext');
  });
});

describe('the spinner escapes server text', () => {
  it('a status set after the spinner started reaches the terminal escaped (an OSC title sequence stays text)', async () => {
    const { PassThrough } = await import('node:stream');
    const { spinner } = await import('../../src/core/progress.ts');
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 80, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    let written = '';
    stream.on('data', (b: Buffer) => {
      written += b.toString('utf8');
    });
    const io = { animated: true, stderr: stream } as never;
    const spin = spinner(io, 'job: queued');
    // ora loads lazily: wait until it has drawn the first text.
    await expect.poll(() => written.includes('job: queued'), { timeout: 10_000 }).toBe(true);
    spin.update('job \x1b]0;pwned\x07: running');
    await expect.poll(() => written.includes('pwned'), { timeout: 10_000 }).toBe(true);
    spin.stop();
    expect(written).not.toMatch(/\x1b\]|\x07/);
    expect(written).toContain('job \\e]0;pwned\\u0007: running');
  });
});
