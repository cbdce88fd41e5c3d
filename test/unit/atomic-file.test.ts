// Small files are replaced whole: the old file or the new one, never half of one, and no
// temporary file left behind when the write fails.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/core/atomic-file.ts';
import { tempDir } from '../support/helpers.ts';

describe('writeFileAtomic', () => {
  it('replaces the file, mode 0600 by default, making the folder when asked', () => {
    const file = join(tempDir(), 'sub', 'state.json');
    writeFileAtomic(file, 'one', { dirMode: 0o700 });
    writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(file, '..'))).toEqual(['state.json']);
  });

  it('leaves the old file and no temporary file when the rename fails', () => {
    const dir = tempDir();
    const target = join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(join(target, 'keep'), 'x');
    expect(() => writeFileAtomic(target, 'new')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(() => writeFileAtomic(join(dir, 'missing', 'f'), 'new')).toThrow(/ENOENT/);
  });
});
