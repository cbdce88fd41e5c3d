// A cell is a value, always: `agnt batch` fills placeholders into the parsed command line, so a
// cell that looks like a flag is sent as the field's value and never changes the row's command.
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import type { Rec } from '../../src/sandbox/store.ts';

const sb = sandboxForFile();
let dir: string;
beforeEach(() => {
  dir = tempDir('agnt-batch-values-');
  return () => removeDir(dir);
});

describe('agnt batch: cells are values', () => {
  it('cells shaped like flags (--yes, -o, --debug, --base-url=..., --help) are sent as the values they are', async () => {
    const names = ['--yes', '-o', '--debug', '--base-url=http://127.0.0.1:1', '--help', '-5'];
    const file = join(dir, 'inj.csv');
    writeFileSync(file, `name,email,city\n${names.map((n, i) => `"${n}",inj${i}@values.test,--set=x`).join('\n')}\n`);
    const r = await agnt(['batch', file, '--serial', '-o', 'jsonl', '--', 'contacts', 'create', '--name', '{name}', '--email={email}', '--company', '{city}'], { sb });
    expect(r.stderr).toBe('batch: 6 rows: 6 ok, 0 failed\n');
    expect(r.exitCode).toBe(0);
    const posts = sb.requests.filter((q) => q.method === 'POST' && q.path === '/contacts' && String((q.body as Rec)?.email ?? '').endsWith('@values.test'));
    expect(posts.map((q) => [(q.body as Rec).name, (q.body as Rec).company])).toEqual(names.map((n) => [n, '--set=x']));
  });

  it('a placeholder in a flag name is refused before any request (exit 2)', async () => {
    const file = join(dir, 'f.csv');
    writeFileSync(file, 'flag,email\nname,a@values2.test\n');
    const before = sb.requests.length;
    const r = await agnt(['batch', file, '--', 'contacts', 'create', '--{flag}=x', '--email', '{email}'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/a flag cannot come from a column/);
    expect(sb.requests.length).toBe(before);
  });
});
