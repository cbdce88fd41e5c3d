// What the build puts in dist/ for the package: no reference to a source map it does not ship,
// no iconv-lite (the prompts are bundled one by one, not through @inquirer/prompts and its
// editor), a notices file naming every bundled package with its licence text, and a start-up
// within its budget: the chunk every command loads (src/cli.ts and what it imports statically).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.ts';
import { BIN, cleanEnv, removeDir, tempDir } from '../support/helpers.ts';

const DIST = resolve(import.meta.dirname, '..', '..', 'dist');
const ROOT = resolve(DIST, '..');
const jsFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));

/**
 * The chunks a file requires at load, and theirs: `x=require(...)`, where an import() became
 * `then(() => k(require(...)))` and loads only when that code runs.
 */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  for (const m of readFileSync(file, 'utf8').matchAll(/=require\("(\.\/(?:chunks\/)?[\w-]+\.js)"\)/g)) {
    const next = resolve(file, '..', m[1]!);
    if (!seen.has(next)) {
      seen.add(next);
      loadedWith(next, seen);
    }
  }
  return seen;
}

/** The budget of the start-up chunk, in KiB: the routes table and the built-in records load with their commands. */
const STARTUP_BUDGET_KIB = 150;

describe('the bundle', () => {
  const files = jsFiles(DIST);

  it(`loads one start-up chunk of at most ${STARTUP_BUDGET_KIB} KiB for every command, and nothing heavy beside it`, () => {
    // dist/cli.js answers --version alone; every other run goes on to src/cli.ts's chunk (cli-*.js).
    const entry = readdirSync(join(DIST, 'chunks')).filter((f) => /^cli-\w+\.js$/.test(f));
    expect(entry).toHaveLength(1);
    const startup = [...new Set([...loadedWith(join(DIST, 'cli.js')), ...loadedWith(join(DIST, 'chunks', entry[0]!))])];
    const sizes = startup.map((f) => ({ file: f.slice(DIST.length + 1), kib: statSync(f).size / 1024 })).sort((a, b) => b.kib - a.kib);
    const chunk = sizes[0]!;
    // The files of the start-up path are the entry's few: the start-up chunk, and small shared ones.
    expect(sizes.length, JSON.stringify(sizes)).toBeLessThanOrEqual(8);
    expect(chunk.kib, `${chunk.file}: ${chunk.kib.toFixed(1)} KiB`).toBeLessThanOrEqual(STARTUP_BUDGET_KIB);
    expect(
      sizes.slice(1).every((s) => s.kib < 16),
      JSON.stringify(sizes),
    ).toBe(true);
    // Whatever a start-up chunk holds, these never come with it: the records and routes of the
    // built-in commands, the certificate library, the sandbox.
    const text = readFileSync(join(DIST, chunk.file), 'utf8');
    for (const marker of ["'GET /users/me'", '"GET /users/me"', 'serve HTTPS with HTTP/2', 'node-forge', 'sandbox listening']) expect(text, marker).not.toContain(marker);
  });

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

  it("an API call's process loads none of Node's modules it does not send with", async () => {
    // undici sends the request (node:net), not node:http; child_process is for a lock holder's
    // state, and \`performance\` for nothing a call needs: each was milliseconds of every call.
    const sb = await startSandbox({ port: 0 });
    const tmp = tempDir('agnt-modules-');
    const list = join(tmp, 'modules.json');
    const hook = `data:text/javascript,${encodeURIComponent(`import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));`)}`;
    try {
      const r = await execa(process.execPath, ['--import', hook, BIN, 'users', 'me', '--json'], {
        env: { ...cleanEnv(), AGNT_CONFIG_DIR: join(tmp, 'config'), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin! },
        reject: false,
        input: '',
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).id).toBe('usr_admin');
      const loaded: string[] = JSON.parse(readFileSync(list, 'utf8'));
      // The list is Node's own: the test fails if it is not what this reads.
      expect(loaded).toContain('NativeModule net');
      for (const m of ['NativeModule http', 'NativeModule child_process', 'NativeModule internal/perf/performance']) expect(loaded, m).not.toContain(m);
    } finally {
      await sb.close();
      removeDir(tmp);
    }
  });
});
