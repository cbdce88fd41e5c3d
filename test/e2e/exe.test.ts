// The single executable (`npm run build:exe`, scripts/build-exe.mjs) on a machine without Node:
// built here, copied alone into a folder, and run with a PATH that holds no node and a home and
// config folder of its own. It starts a sandbox from a --seed document (which runs agnt again as a
// child: the executable itself), serves commands, keeps a login in the 0600 file without the
// OS-keyring binding (which is not inside it), and stops.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const home = tempDir('agnt-exe-');
const bin = join(home, 'bin');
const exe = join(bin, 'agnt');
const env = { PATH: bin, HOME: home, AGNT_CONFIG_DIR: join(home, 'config'), LANG: 'C.UTF-8' };
const run = (args: string[], input?: string) => execa(exe, args, { env, extendEnv: false, reject: false, input, cwd: home });
let server: ResultPromise | undefined;

beforeAll(async () => {
  const built = await execa(process.execPath, [join(ROOT, 'scripts', 'build-exe.mjs')], { reject: false });
  expect(built.exitCode, built.stderr).toBe(0);
  mkdirSync(bin);
  copyFileSync(join(ROOT, 'dist', `agnt-${process.platform}-${process.arch}`), exe);
});

afterAll(async () => {
  server?.kill('SIGKILL');
  removeDir(home);
});

describe('the single executable, with no node on PATH', () => {
  it('is one file, and PATH finds no node', async () => {
    expect(readdirSync(bin)).toEqual(['agnt']);
    expect(statSync(exe).mode & 0o111).toBeTruthy();
    const which = await execa('/bin/sh', ['-c', 'command -v node; command -v agnt'], { env, extendEnv: false, reject: false });
    expect(which.stdout).toBe(exe);
  });

  it('prints its version', async () => {
    const v = await run(['--version']);
    expect(v).toMatchObject({ exitCode: 0, stdout: VERSION, stderr: '' });
    const version = JSON.parse((await run(['version', '--json'])).stdout);
    expect(version).toMatchObject({ agnt: v.stdout, node: process.versions.node });
  });

  it('starts a seeded sandbox, runs commands against it, logs in to the file store, and stops it', async () => {
    server = execa(exe, ['sandbox', 'start', '--json', '--seed', join(ROOT, 'examples', 'org.yaml')], { env, extendEnv: false, reject: false, cwd: home });
    const first = await new Promise<{ baseUrl: string; tokens: Record<string, string> }>((done, fail) => {
      createInterface({ input: server!.stdout! }).once('line', (l) => done(JSON.parse(l)));
      void server!.then((r) => fail(new Error(`the sandbox exited ${r.exitCode}: ${r.stderr}`)));
    });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const orgs = await run(['--profile', 'sandbox', 'org', 'list', '-o', 'json']);
    expect(orgs.stderr).toBe('');
    expect(JSON.parse(orgs.stdout).map((o: { name: string }) => o.name)).toContain('Acme Corp');
    const made = await run(['--profile', 'sandbox', 'contacts', 'create', '--email', 'ada.exe@example.test', '--name', 'Ada Exe', '-o', 'id']);
    expect(made).toMatchObject({ exitCode: 0, stderr: '' });
    const found = await run(['--profile', 'sandbox', 'contacts', 'list', '--search', 'Ada Exe', '--query', '[].id', '-o', 'json']);
    expect(JSON.parse(found.stdout)).toEqual([made.stdout]);

    const token = first.tokens['admin@acme.test']!;
    const login = await run(['auth', 'login', '--profile', 'exe', '--base-url', first.baseUrl, '--with-token'], token);
    expect(login.exitCode, login.stderr).toBe(0);
    const status = JSON.parse((await run(['auth', 'status', '--profile', 'exe', '-o', 'json'])).stdout);
    expect(status).toMatchObject({ tokenCheck: 'accepted', tokenStorage: 'file (mode 0600)' });
    expect(statSync(join(env.AGNT_CONFIG_DIR, 'config.json')).mode & 0o777).toBe(0o600);

    const stop = await run(['sandbox', 'stop']);
    expect(stop.exitCode, stop.stderr).toBe(0);
    expect((await server).exitCode).toBe(0);
    server = undefined;
  });
});
