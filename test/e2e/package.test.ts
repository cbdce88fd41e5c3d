// The package as a user installs it: `npm pack`, then `npm install -g` of the tarball into a
// temporary prefix, then the installed `agnt` runs (--version, and a sandbox that starts and
// stops). esbuild bundles every library, so the tarball carries no source maps and the install
// pulls in only what cannot be bundled (the native keyring binding).
import { execa } from 'execa';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, removeDir, tempDir } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
};
// Loaded at run time with require(), outside the bundle: a native binding cannot be bundled.
const EXTERNAL = ['@napi-rs/keyring'];

describe('the npm package', () => {
  let dir: string;
  let tarball: string;
  let files: string[];

  beforeAll(async () => {
    dir = tempDir('agnt-pack-');
    // npm test has just built dist/; --ignore-scripts keeps prepack from rebuilding it under
    // the other test files that are using it.
    // What a user's run leaves in examples/ (a ledger, a lock, a temporary file) is not shipped.
    const leftovers = ['google-contacts.csv.ledger.jsonl', 'roster.csv.batch-ledger.jsonl', 'roster.csv.batch-ledger.jsonl.lock', 'org.yaml.4242.tmp'].map((f) => join(ROOT, 'examples', f));
    for (const f of leftovers) writeFileSync(f, '{}\n');
    let r: Awaited<ReturnType<typeof execa>>;
    try {
      r = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, reject: false });
    } finally {
      for (const f of leftovers) rmSync(f, { force: true });
    }
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const [info] = JSON.parse(String(r.stdout)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = join(dir, info!.filename);
    files = info!.files.map((f) => f.path);
  }, 120_000);
  afterAll(() => removeDir(dir));

  it('holds the bundle, completions, docs, examples and LICENSE, and no source maps', () => {
    expect(files).toContain('bin/agnt.js');
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('LICENSE');
    expect(files).toContain('README.md');
    expect(files).toContain('completions/agnt.bash');
    expect(files).toContain('completions/agnt.ps1');
    expect(files).toContain('man/agnt.1');
    expect(files).toContain('dist/THIRD-PARTY-NOTICES.txt');
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^examples\/.*(ledger\.jsonl|\.lock|\.tmp)$/.test(f))).toEqual([]);
    expect(files).toContain('examples/google-contacts.csv');
    // Every doc and example the README points to is in the package.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const linked = [...new Set([...readme.matchAll(/[`(]((?:docs|examples)\/[\w./-]+\.\w+)[`)]/g)].map((m) => m[1]!))];
    expect(linked.length).toBeGreaterThan(0);
    for (const doc of linked) expect(files, doc).toContain(doc);
  });

  it('depends at run time only on what cannot be bundled, and builds on prepack, not prepare', () => {
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(EXTERNAL);
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.prepack).toContain('build');
  });

  it('installs globally from the tarball, and the installed agnt runs and serves a sandbox', async () => {
    const prefix = join(dir, 'prefix');
    const install = await execa('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', tarball], { reject: false, timeout: 180_000 });
    expect(install.exitCode, String(install.stderr)).toBe(0);
    const installed = join(prefix, 'lib', 'node_modules', 'agnt');
    // `man agnt` works: npm links the page from the package's "man" list.
    expect(readdirSync(join(prefix, 'share', 'man', 'man1'))).toContain('agnt.1');
    // agnt's own node_modules holds only the external dependencies and their platform packages.
    const deps = readdirSync(join(installed, 'node_modules'), { recursive: false })
      .flatMap((d) => (String(d).startsWith('@') ? readdirSync(join(installed, 'node_modules', String(d))).map((s) => `${d}/${s}`) : [String(d)]))
      .filter((d) => !d.startsWith('.'));
    expect(
      deps.every((d) => EXTERNAL.some((e) => d === e || d.startsWith('@napi-rs/keyring-'))),
      deps.join(', '),
    ).toBe(true);

    const bin = join(prefix, 'bin', 'agnt');
    const config = tempDir('agnt-pack-config-');
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: config, AGNT_KEYRING: 'off' };
    try {
      const v = await execa(bin, ['--version'], { env, reject: false });
      expect({ code: v.exitCode, out: String(v.stdout).trim() }).toEqual({ code: 0, out: pkg.version });

      const sb = execa(bin, ['sandbox', 'start', '--json', '--port', '0'], { env, reject: false });
      const first = await new Promise<{ baseUrl: string }>((ok, fail) => {
        createInterface({ input: sb.stdout! }).once('line', (l) => ok(JSON.parse(l)));
        sb.once('exit', (code) => fail(new Error(`sandbox exited ${code}: ${sb.stderr}`)));
      });
      expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const me = await execa(bin, ['--profile', 'sandbox', 'users', 'me', '-o', 'id'], { env, reject: false });
      expect({ code: me.exitCode, out: String(me.stdout).trim() }).toEqual({ code: 0, out: 'usr_admin' });
      sb.kill('SIGTERM');
      expect((await sb).exitCode).toBe(0);
    } finally {
      removeDir(config);
    }
  }, 240_000);
});
