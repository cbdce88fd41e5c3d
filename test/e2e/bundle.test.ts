// What the build puts in dist/ for the package: no reference to a source map it does not ship,
// no iconv-lite (the prompts are bundled one by one, not through @inquirer/prompts and its
// editor), and a notices file naming every bundled package with its licence text.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '..', '..', 'dist');
const ROOT = resolve(DIST, '..');
const jsFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));

describe('the bundle', () => {
  const files = jsFiles(DIST);

  it('references no source map, and holds none', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('sourceMappingURL'))).toEqual([]);
    expect(readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('carries no iconv-lite, and no import of @inquirer/prompts in the sources', () => {
    expect(files.filter((f) => /iconv/i.test(readFileSync(f, 'utf8')))).toEqual([]);
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    expect(sources(join(ROOT, 'src')).filter((f) => readFileSync(f, 'utf8').includes("import('@inquirer/prompts')"))).toEqual([]);
  });

  it('ships the licence of every bundled package, with its text', () => {
    const text = readFileSync(join(DIST, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    const listed = [...text.matchAll(/^- (\S+)@(\S+): (.+)$/gm)].map((m) => ({ name: m[1]!, version: m[2]!, license: m[3]! }));
    expect(listed.length).toBeGreaterThan(30);
    for (const name of ['commander', 'undici', 'chalk', 'yaml', '@inquirer/confirm', '@jmespath-community/jmespath']) expect(listed.map((l) => l.name)).toContain(name);
    expect(listed.find((l) => l.name === '@jmespath-community/jmespath')?.license).toBe('MPL-2.0');
    expect(listed.filter((l) => l.license === 'UNKNOWN')).toEqual([]);
    expect(listed.map((l) => `${l.name}@${l.version}`).filter((k, i, all) => all.indexOf(k) !== i)).toEqual([]);
    // Each has its own section holding a licence text, not just a name.
    for (const l of listed) {
      const at = text.indexOf(`\n${l.name}@${l.version} (`);
      expect(at, l.name).toBeGreaterThan(0);
      expect(text.slice(at, at + 3000), l.name).toMatch(/permission|licen[cs]e|copyright/i);
    }
    // Nothing from @inquirer/editor: it is not bundled any more.
    expect(listed.map((l) => l.name)).not.toContain('iconv-lite');
  });
});
