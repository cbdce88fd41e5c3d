// The module graph: no module imports itself through others (type-only imports and lazy
// `import()`s included: a cycle makes load order matter and keeps layers from being read or
// loaded on their own), and the sandbox stands on the API model alone, never on client code.
import { resolve } from 'node:path';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function tree(entries: string[]): Promise<DependencyTree> {
  // Not into dist/ (which bin/agnt.js imports): the bundle's chunks are esbuild's output, and a
  // lazy chunk imports the start-up chunk that loaded it (scripts/build.mjs says why).
  return parseDependencyTree(entries, { cwd: ROOT, context: ROOT, transform: false, skipDynamicImports: false, exclude: /node_modules|(^|\/)dist\// });
}

describe('imports', () => {
  it('have no cycle between modules of src/, commands/ and bin/', async () => {
    const t = await tree(['src/**/*.ts', 'commands/**/*.ts', 'bin/*.js']);
    // The analysis did read the tree (a wrong glob would find no cycle in nothing).
    expect(Object.keys(t).filter((f) => f.startsWith('src/sandbox/areas/')).length).toBeGreaterThan(10);
    expect(parseCircular(t).map((c) => c.join(' -> '))).toEqual([]);
    // Parsing every module is CPU work; a loaded machine needs longer than the default.
  }, 180_000);

  it('nothing under src/sandbox reaches commands/ or src/workflows/, directly or through another module', async () => {
    const t = await tree(['src/sandbox/**/*.ts']);
    const reached = Object.keys(t);
    expect(reached).toContain('src/sandbox/server.ts');
    expect(reached).toContain('src/api/shape.ts');
    expect(reached.filter((f) => f.startsWith('commands/') || f.startsWith('src/workflows/'))).toEqual([]);
  }, 180_000);
});
