// No module imports itself through others, type-only imports and lazy `import()`s included:
// a cycle makes load order matter and keeps layers from being read (or loaded) on their own.
import { resolve } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('imports', () => {
  it('have no cycle between modules of src/, commands/ and bin/', async () => {
    const tree = await parseDependencyTree(['src/**/*.ts', 'commands/**/*.ts', 'bin/*.js'], { cwd: ROOT, context: ROOT, transform: false, skipDynamicImports: false });
    // The analysis did read the tree (a wrong glob would find no cycle in nothing).
    expect(Object.keys(tree).filter((f) => f.startsWith('src/sandbox/areas/')).length).toBeGreaterThan(10);
    expect(parseCircular(tree).map((c) => c.join(' -> '))).toEqual([]);
  });
});
