// drive download takes its destination as --out PATH; -o is the output format, as for every
// other command, so the old `-o PATH` (which saved `-o json` as a file named json) is refused
// with the command that does what was meant, before anything is sent.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, agntJson, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let id: string;
beforeAll(async () => {
  sb = await withSandbox();
  const dir = tempDir();
  const src = join(dir, 'notes.txt');
  writeFileSync(src, 'hello\n');
  id = (await agntJson<{ id: string }>(['drive', 'upload', src], { sb })).id;
});
afterAll(async () => {
  await sb.dispose();
});

describe('drive download --out', () => {
  it('saves to the path --out names', async () => {
    const target = join(tempDir(), 'copy.txt');
    const r = await agnt(['drive', 'download', id, '--out', target], { sb });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('hello\n');
  });

  it('refuses a path after -o with a hint naming --out, sending nothing', async () => {
    const dir = tempDir();
    const before = sb.requests.length;
    const r = await agnt(['drive', 'download', id, '-o', join(dir, 'x.txt')], { sb, cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `error: -o is the output format (table, wide, json, yaml, jsonl, csv, id); the destination of drive download is --out\nhint: agnt drive download ${id} --out ${join(dir, 'x.txt')}\n`,
    );
    expect(sb.requests.length).toBe(before);
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
  });

  it('-o json is the format: the file goes to the current folder under its own name, no file named json', async () => {
    const dir = tempDir();
    const r = await agnt(['drive', 'download', id, '-o', 'json'], { sb, cwd: dir });
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(dir, 'json'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('hello\n');
  });
});
