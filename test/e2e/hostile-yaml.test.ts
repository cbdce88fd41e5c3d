// Hostile YAML: a document larger than the stated limit is refused at once (exit 2, naming the
// file and the limit), and an alias bomb is refused naming the file and the place of its alias.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir } from '../support/helpers.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('agnt-hostile-yaml-');
});
afterAll(() => removeDir(dir));

const BOMB = [
  'organization:',
  '  name: Acme',
  'a: &a [x, x, x, x, x, x, x, x, x]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
  'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
  'f: [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
  '',
].join('\n');

describe('hostile YAML', () => {
  it('a document over 8 MB: org validate and --file refuse it at once, naming the file and the limit', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, `organization:\n  name: Acme\n${'# padding padding padding padding padding padding padding padding\n'.repeat(150_000)}`);
    const v = await agnt(['org', 'validate', big]);
    expect(v.exitCode).toBe(2);
    expect(v.stderr).toMatch(new RegExp(`^error: ${big.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: 9\\.\\d MB is larger than a document may be \\(8 MB\\)\\n`));
    const f = await agnt(['contacts', 'create', '--file', big, '--dry-run'], { env: { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'agnt_test_x' } });
    expect(f.exitCode).toBe(2);
    expect(f.stderr).toMatch(/big\.yaml: 9\.\d MB is larger than a document may be \(8 MB\)/);
  });

  it('an alias bomb: exit 2 naming the file and the first alias', async () => {
    const bomb = join(dir, 'bomb.yaml');
    writeFileSync(bomb, BOMB);
    const v = await agnt(['org', 'validate', bomb]);
    expect(v.exitCode).toBe(2);
    expect(v.stderr).toMatch(/bomb\.yaml:4:8: aliases expand past the limit \(100\): refused as a resource exhaustion attack/);
    const f = await agnt(['contacts', 'create', '--file', bomb, '--dry-run'], { env: { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'agnt_test_x' } });
    expect(f.exitCode).toBe(2);
    expect(f.stderr).toMatch(/bomb\.yaml:4:8: aliases expand past the limit/);
  });
});
