// Ctrl-C anywhere: one line on stderr saying what was done, exit 130, no stack trace, and stdout
// holding whole records only. During --all at several points in each format, and at prompts in
// a pseudo-terminal (a confirmation, auth login).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInPty, plain } from '../support/pty.ts';
import { bench, type Bench } from './setup.ts';

/** The sandbox answering with its own fault rules (late answers), and journaling what it got. */
let b: Bench;
beforeAll(async () => {
  b = await bench();
});
afterAll(async () => {
  await b.dispose();
});
beforeEach(() => b.again());

const STACK = /\bat .*(\.js|\.ts):\d+|Error:|unhandled|ExitPromptError/i;
const FORMATS = ['table', 'json', 'yaml', 'jsonl', 'csv', 'id'] as const;
const STREAMING = new Set(['jsonl', 'csv', 'id']);

/** Whole records only: every line of a streamed format is one complete record. */
function wholeRecords(format: string, stdout: string): number {
  if (!STREAMING.has(format)) {
    // The formats that print the list whole print nothing when interrupted.
    expect(stdout).toBe('');
    return 0;
  }
  expect(stdout === '' || stdout.endsWith('\n')).toBe(true);
  const lines = stdout.split('\n').filter(Boolean);
  if (format === 'jsonl') for (const l of lines) expect(JSON.parse(l).id).toMatch(/^usr_/);
  if (format === 'id') for (const l of lines) expect(l).toMatch(/^usr_\w+$/);
  if (format === 'csv') {
    if (!lines.length) return 0;
    const cols = lines[0]!.split(',').length;
    for (const l of lines.slice(1)) expect(l.split(',').length).toBe(cols);
    return lines.length - 1;
  }
  return lines.length;
}

describe('Ctrl-C during --all', () => {
  // Interrupted while page N is in flight: pages before it are done (2 records each).
  it.each(FORMATS.flatMap((f) => [1, 2, 4].map((page) => [f, page] as const)))('%s, while page %i is in flight', async (format, page) => {
    const late = await b.fault({ method: 'GET', path: '/users', query: { page: String(page) }, delay: 20_000 });
    const child = b.spawn(['users', 'list', '--all', '--per-page', '2', '-o', format]);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await b.until(() => b.rule(late.id).hits === 1, `page ${page} of the walk`);
    const before = (page - 1) * 2;
    // The records already received are on stdout (streaming formats) before Ctrl-C.
    if (STREAMING.has(format)) {
      const want = before + (format === 'csv' && before > 0 ? 1 : 0);
      for (let i = 0; i < 400 && out.split('\n').filter(Boolean).length < want; i++) await new Promise((ok) => setTimeout(ok, 25));
    }
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    const stderr = String(res.stderr);
    expect(stderr.split('\n').filter(Boolean).length, stderr).toBe(1);
    expect(stderr).not.toMatch(STACK);
    // -o json and jsonl choose the JSON error form: the same line, as one object.
    const line = format === 'json' || format === 'jsonl' ? JSON.parse(stderr).error.message : stderr.replace(/\n$/, '');
    const m = /^interrupted after (\d+) records \((\d+) pages?\)(.*)$/.exec(line);
    expect(m, line).not.toBeNull();
    const [records, pages] = [Number(m![1]), Number(m![2])];
    expect(records).toBe(pages * 2);
    if (STREAMING.has(format) || page <= 2) {
      // What was printed (or, on page 2, the one page before it) is known exactly.
      expect(records).toBe(before);
    } else {
      // Pages after page 1 may still have been on their way when Ctrl-C came.
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(page - 1);
    }
    expect(m![3]).toBe(STREAMING.has(format) || records === 0 ? '' : '; none printed: use -o jsonl, csv or id to print records as they arrive');
    expect(wholeRecords(format, String(res.stdout))).toBe(STREAMING.has(format) ? before : 0);
  });

  it('in the JSON error form: one object', async () => {
    const late = await b.fault({ method: 'GET', path: '/users', query: { page: '2' }, delay: 20_000 });
    const child = b.spawn(['users', 'list', '--all', '--per-page', '2', '-o', 'jsonl'], { env: { AGNT_ERROR_FORMAT: 'json' } });
    await b.until(() => b.rule(late.id).hits === 1, 'page 2 of the walk');
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(JSON.parse(String(res.stderr))).toEqual({ error: { message: expect.stringMatching(/^interrupted after \d records \(\d pages?\)$/), exitCode: 130 } });
  });

  it('during a plain request: says what may have happened', async () => {
    const late = await b.fault({ method: 'POST', path: '/contacts', delay: 20_000 });
    const child = b.spawn(['contacts', 'create', '--email', 'ctrlc@example.test']);
    // The rule counts the request when it arrives; its answer is 20 s away.
    await b.until(() => b.rule(late.id).hits === 1, 'the POST /contacts');
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
    expect(String(res.stdout)).toBe('');
    expect(String(res.stderr)).toBe('interrupted: contacts create; the request in flight may or may not have reached the server\n');
  });
});

describe('Ctrl-C at a prompt, in a pseudo-terminal', () => {
  it('at a confirmation: exit 130, nothing sent, no stack trace', async () => {
    const base = b.sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as Record<string, unknown>;
    const { id: _id, ...rest } = base;
    const id = b.sb.store.insert('contacts', 'con', { ...rest, name: 'Keep Me', email: 'keep@ctrlc.test' }).id as string;
    const res = await runInPty(['contacts', 'delete', id], [{ expect: /Delete contact/, send: '\x03' }], b.env());
    expect(res.exitCode, res.output).toBe(130);
    const out = plain(res.output);
    expect(out).toContain('interrupted at the confirmation; nothing was sent');
    expect(out).not.toMatch(STACK);
    expect(b.sb.store.get('contacts', id)).toBeTruthy();
    expect(b.sent('DELETE', '/**')).toEqual([]);
  });

  it('at auth login, at either question: exit 130, nothing saved', async () => {
    const env = b.env({ AGNT_BASE_URL: undefined, AGNT_TOKEN: undefined });
    const atUrl = await runInPty(['auth', 'login'], [{ expect: /Base URL/, send: '\x03' }], env);
    expect(atUrl.exitCode, atUrl.output).toBe(130);
    expect(plain(atUrl.output)).toContain('interrupted: not logged in; nothing was saved');
    expect(plain(atUrl.output)).not.toMatch(STACK);
    const atToken = await runInPty(['auth', 'login', '--base-url', b.sb.baseUrl], [{ expect: /API token/, send: '\x03' }], env);
    expect(atToken.exitCode, atToken.output).toBe(130);
    expect(plain(atToken.output)).toContain('interrupted: not logged in; nothing was saved');
    const config = join(env.AGNT_CONFIG_DIR!, 'config.json');
    expect(existsSync(config) ? readFileSync(config, 'utf8') : '').not.toMatch(/token/i);
  });
});
