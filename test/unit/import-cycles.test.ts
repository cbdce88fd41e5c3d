// No module imports itself through others: every static value import under src/ and commands/
// is followed (type-only imports are erased at build time and cannot form a cycle at run time;
// import() is lazy by design and is not followed).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function valueImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  // `import x from`, `import { a } from`, `export { a } from`, `export * from`; not `import type`.
  return [...src.matchAll(/^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'(\.[^']+)'/gm)].map((m) => resolve(dirname(file), m[1]!));
}

describe('imports', () => {
  it('form no cycle', () => {
    const files = [...tsFiles(join(root, 'src')), ...tsFiles(join(root, 'commands'))];
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, valueImports(f).filter((d) => known.has(d))]));
    expect(graph.size).toBeGreaterThan(100);
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (n: string): void => {
      state.set(n, 'open');
      stack.push(n);
      for (const d of graph.get(n) ?? []) {
        if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map((x) => relative(root, x)).join(' -> '));
        else if (!state.has(d)) visit(d);
      }
      stack.pop();
      state.set(n, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
