// The code cache of the bundle's chunks on a Node without its own (src/core/compile-cache.ts):
// written once, in a folder of this user's that nobody else may write, used by the next run,
// mended when it is damaged, and never taken from a folder others could have written.
import module from 'node:module';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
    // Nothing but caches and their lists of commands is left there (no temporary file half-written).
    expect(readdirSync(dir).filter((f) => !f.endsWith('.cache') && !f.endsWith('.runs'))).toEqual([]);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
  });

  it('a command new to a cache adds what it compiled to it, once; the list beside it names the commands', async () => {
    await run(['users', 'list', '--help']);
    const lists = () =>
      Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.runs'))
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
    const first = lists();
    expect(Object.values(first).length).toBeGreaterThan(2);
    expect(new Set(Object.values(first))).toEqual(new Set(['users list\n']));
    // The start-up chunk's cache is the largest. `teams list --help` loads that chunk too: its
    // cache grows by what teams' help compiled, and its list names both commands.
    const size = (f: string) => statSync(join(dir, f)).size;
    const start = files().sort((a, b) => size(b) - size(a))[0]!;
    const was = size(start);
    await run(['teams', 'list', '--help']);
    expect(lists()[start.replace(/\.cache$/, '.runs')]).toBe('users list\nteams list\n');
    expect(size(start)).toBeGreaterThan(was);
    // Each command once: run again, nothing is written.
    const before = mtimes();
    await run(['teams', 'list', '--help']);
    await run(['users', 'list', '--help']);
    expect(mtimes()).toEqual(before);
  });

  it('a run that may send requests keeps its caches apart from help, which sets no V8 flag: neither refuses the other', async () => {
    const liftoff = `${dir}-liftoff`;
    const cachesIn = (d: string) => (statSync(d, { throwIfNoEntry: false }) ? readdirSync(d).filter((f) => f.endsWith('.cache')) : []);
    const dry = await run(['users', 'me', '--dry-run'], { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'agnt_test' });
    expect(dry.exitCode, dry.stderr).toBe(0);
    await run(['users', 'list', '--help']);
    expect(cachesIn(liftoff).length).toBeGreaterThan(2);
    expect(cachesIn(dir).length).toBeGreaterThan(2);
    const times = () => Object.fromEntries([...cachesIn(liftoff).map((f) => join(liftoff, f)), ...cachesIn(dir).map((f) => join(dir, f))].map((f) => [f, statSync(f).mtimeMs]));
    const before = times();
    await run(['users', 'me', '--dry-run'], { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'agnt_test' });
    await run(['users', 'list', '--help']);
    expect(times()).toEqual(before);
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
