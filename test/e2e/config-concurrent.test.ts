// Concurrent writers of the config file: 20 `agnt config set` at once each keep their setting
// (the read-modify-write runs under a lock), and the file stays valid JSON with mode 0600.
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir } from '../support/helpers.ts';

describe('config set in parallel', () => {
  it('20 writers at once: every key is kept', async () => {
    const dir = tempDir();
    try {
      const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => agnt(['config', 'set', 'timeout', String(i + 1), '--profile', `p${i}`], { configDir: dir })));
      expect(runs.map((r) => r.exitCode)).toEqual(Array(20).fill(0));
      const file = join(dir, 'config.json');
      const data = JSON.parse(readFileSync(file, 'utf8'));
      expect(Object.fromEntries(Object.entries(data.profiles).map(([k, v]) => [k, (v as { timeout: number }).timeout]))).toEqual(
        Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, i + 1])),
      );
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      removeDir(dir);
    }
  }, 120_000);
});
