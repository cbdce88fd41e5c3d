// The code cache of the bundle's chunks on a Node without its own (src/core/compile-cache.ts):
// written once, in a folder of this user's that nobody else may write, used by the next run,
// mended when it is damaged, and never taken from a folder others could have written.
import module from 'node:module';
import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, removeDir, tempDir } from '../support/helpers.ts';

// Node 22.1+ caches compiled code itself (bin/agnt.js turns it on), and agnt's cache stays out.
const native = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const uid = process.getuid?.();

describe.skipIf(native || uid === undefined)('the compile cache on Node 20', () => {
  let tmp: string;
  let base: string;
  let dir: string;
  const run = (args: string[], env: Record<string, string> = {}) =>
    execa(process.execPath, [BIN, ...args], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: join(tmp, 'config'), TMPDIR: tmp, ...env }, reject: false, input: '' });
  const files = () => (statSync(dir, { throwIfNoEntry: false }) ? readdirSync(dir).filter((f) => f.endsWith('.cache')) : []);
  const mtimes = () => Object.fromEntries(files().map((f) => [f, statSync(join(dir, f)).mtimeMs]));

  beforeEach(() => {
    tmp = tempDir('agnt-cc-');
    base = join(tmp, `agnt-compile-cache-${uid}`);
    dir = join(base, `${process.versions.v8}-${process.arch}`);
  });
  afterEach(() => removeDir(tmp));

  it('is written by the first run, for the chunks it loaded, in a folder only this user can open', async () => {
    const first = await run(['users', 'list', '--help']);
    expect(first.exitCode).toBe(0);
    expect(files().length).toBeGreaterThan(2);
    expect(statSync(base).mode & 0o777).toBe(0o700);
    for (const f of files()) expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
    // Nothing but caches is left there (no temporary file half-written).
    expect(readdirSync(dir).filter((f) => !f.endsWith('.cache'))).toEqual([]);
  });

  it('is read, not written again, by the next run of the same command, which prints the same', async () => {
    const first = await run(['users', 'list', '--help']);
    const before = mtimes();
    const second = await run(['users', 'list', '--help']);
    expect(second.stdout).toBe(first.stdout);
    expect(mtimes()).toEqual(before);
  });

  it('a damaged cache is refused by V8, the command works, and the file is written anew', async () => {
    await run(['--help']);
    const [victim] = files();
    expect(victim).toBeDefined();
    writeFileSync(join(dir, victim!), 'not a code cache');
    const r = await run(['--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Usage: agnt');
    expect(statSync(join(dir, victim!)).size).toBeGreaterThan(100);
  });

  it('a folder that others may write is not used, and NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    mkdirSync(base, { mode: 0o700 });
    chmodSync(base, 0o777);
    expect((await run(['--help'])).exitCode).toBe(0);
    expect(files()).toEqual([]);
    chmodSync(base, 0o700);
    expect((await run(['--help'], { NODE_DISABLE_COMPILE_CACHE: '1' })).exitCode).toBe(0);
    expect(files()).toEqual([]);
    expect((await run(['--help'])).exitCode).toBe(0);
    expect(files().length).toBeGreaterThan(0);
  });

  it('a link in place of the folder is not followed', async () => {
    const elsewhere = join(tmp, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, base);
    expect((await run(['--help'])).exitCode).toBe(0);
    expect(readdirSync(elsewhere).flatMap((d) => readdirSync(join(elsewhere, d)))).toEqual([]);
  });
});
