// `agnt sandbox start --data FILE` with a file it cannot read: refused, naming the file, and the
// file left byte for byte as it was; an empty file (as mktemp makes) starts a fresh sandbox.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

describe('sandbox data files', () => {
  it('a file cut inside its first line, a binary file and JSON of another kind are refused and left untouched (exit 2)', async () => {
    const dir = tempDir();
    try {
      const good = join(dir, 'good.json');
      const sb = await withSandbox({ dataFile: good });
      await sb.dispose();
      const whole = readFileSync(good);
      const cases: Array<[string, Buffer]> = [
        ['cut.json', whole.subarray(0, 449)],
        ['binary.dat', Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256))],
        ['other.json', Buffer.from('{"hello": "world"}\n')],
      ];
      for (const [name, bytes] of cases) {
        const file = join(dir, name);
        writeFileSync(file, bytes);
        const r = await agnt(['sandbox', 'start', '--data', file, '--no-profile']);
        expect(r.exitCode, name).toBe(2);
        expect(r.stderr, name).toMatch(new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a sandbox data file \\(.+\\); it was left as it is\\n`));
        expect(readFileSync(file).equals(bytes), name).toBe(true);
      }
    } finally {
      removeDir(dir);
    }
  });

  it('an empty file starts a fresh sandbox and keeps its state', async () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'empty.json');
      writeFileSync(file, '');
      const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--json', '--no-profile', '--data', file], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir }, extendEnv: true, reject: false });
      const first = await new Promise<any>((resolve) => createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l))));
      const me = await agnt(['users', 'me', '-o', 'id'], { env: { AGNT_BASE_URL: first.baseUrl, AGNT_TOKEN: first.tokens.admin } });
      expect(me.stdout.trim()).toBe('usr_admin');
      child.kill('SIGTERM');
      expect((await child).exitCode).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(/^\{"v":2/);
    } finally {
      removeDir(dir);
    }
  });
});
