// Every command README.md shows runs here. Its `sh` blocks of agnt commands run as written, one
// bash session a section (set -e, pipefail), in a home folder holding a copy of examples/, with
// agnt on PATH and logged in to a sandbox as the section's kind of user; each line's exit code is
// what the README says it is. The quick start's sandbox is started as a user starts it (a process,
// in its own "terminal") and the second line runs once it has written its profile. The project
// commands (npm ...) run where they are too slow to run here, and this test holds each to it.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, removeDir, sandboxForFile, tempDir } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const sb = sandboxForFile();

/** The README's `## ` sections with their sh blocks, each block's lines without comments. */
const sections = readme
  .split(/^## /m)
  .slice(1)
  .map((text) => ({
    title: text.slice(0, text.indexOf('\n')),
    blocks: [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.trimEnd().split('\n')),
  }))
  .filter((s) => s.blocks.length);
const commandOf = (line: string) => line.replace(/\s+#\s.*$/, '').trim();

// Where each project command of the README runs: too slow, or too much of a rebuild under the
// running suite, to run here. Each is held to the file that runs it.
const ELSEWHERE: Record<string, { file: string; holds: RegExp }> = {
  'npm install && npm run demo': { file: '.ci/run', holds: /^npm ci\b[\s\S]*^npm run demo$/m },
  'npm test': { file: '.ci/run', holds: /^npm test$/m },
  'npm install && npm run build': { file: 'package.json', holds: /"build": "node scripts\/build\.mjs"/ },
  'npm pack && npm install -g ./agnt-0.1.0.tgz': { file: 'test/e2e/package.test.ts', holds: /'pack',[\s\S]*'install', '-g'/ },
  'npm run build:exe': { file: 'test/e2e/exe.test.ts', holds: /'build-exe\.mjs'/ },
  'node bin/agnt.js': { file: 'test/support/helpers.ts', holds: /'bin', 'agnt\.js'/ },
};

// The kind of user each section is for: whose token its commands run with.
const ROLE: Record<string, string> = {
  'For admins: organization and SSO set-up': 'admin',
  'For coordinators: coverage from the terminal': 'coordinator',
  'For shell pipelines: `--json`, `--jsonl`, csv and ids': 'admin',
  'For bulk work: CSV files in, a command per row': 'admin',
  'For AI agents: `agnt mcp`': 'admin',
};

const home = tempDir('agnt-readme-');
const bin = join(home, '.bin');
mkdirSync(bin);
writeFileSync(join(bin, 'agnt'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
cpSync(join(ROOT, 'examples'), join(home, 'examples'), { recursive: true });
const env = { ...cleanEnv(), HOME: home, PATH: `${bin}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(home, '.config', 'agnt') };
afterAll(() => removeDir(home));

describe('README.md', () => {
  it('is at most 250 lines, with a section of commands for each kind of user', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const title of Object.keys(ROLE)) expect(sections.map((s) => s.title)).toContain(title);
    for (const s of sections) if (s.title.startsWith('For ')) expect(s.blocks.flat().length, s.title).toBeGreaterThanOrEqual(3);
  });

  it('maps every page of docs/, and every page it links to exists', () => {
    const linked = new Set([...readme.matchAll(/\]\(docs\/([\w.-]+\.md)(?:#[\w-]+)?\)/g)].map((m) => m[1]!));
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect([...linked].filter((p) => !pages.includes(p))).toEqual([]);
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it('install and quick start: each project command runs where this test says it does', () => {
    const quick = sections.find((s) => s.title === 'Quick start')!;
    const install = readme.slice(readme.indexOf('## Install\n'), readme.indexOf('## Quick start\n'));
    const project = [
      ...[...install.matchAll(/`((?:npm|node) [^`]+)`/g)].map((m) => m[1]!),
      ...quick.blocks
        .flat()
        .map(commandOf)
        .filter((c) => !c.startsWith('agnt ')),
    ];
    expect([...new Set(project)].sort()).toEqual(Object.keys(ELSEWHERE).sort());
    for (const [, { file, holds }] of Object.entries(ELSEWHERE)) expect(readFileSync(join(ROOT, file), 'utf8'), file).toMatch(holds);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['build:exe']).toContain('scripts/build-exe.mjs');
  });

  it('quick start: agnt sandbox start in one terminal, the sandbox profile in another', async () => {
    const quick = sections.find((s) => s.title === 'Quick start')!;
    const [start, me] = quick.blocks
      .flat()
      .map(commandOf)
      .filter((c) => c.startsWith('agnt '));
    expect(start).toBe('agnt sandbox start');
    const server = execa('bash', ['-c', `exec ${start}`], { env, cwd: home, reject: false });
    try {
      // The sandbox says where it listens on its first line, after it has written the profile.
      await new Promise<void>((done, fail) => {
        createInterface({ input: server.stdout! }).once('line', () => done());
        void server.then((r) => fail(new Error(`the sandbox exited ${r.exitCode}: ${r.stderr}`)));
      });
      const r = await execa('bash', ['-c', me!], { env, cwd: home, reject: false });
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain('admin@');
    } finally {
      server.kill('SIGINT');
      expect((await server).exitCode).toBe(0);
    }
  });

  for (const section of sections.filter((s) => s.title in ROLE)) {
    it(`runs: ${section.title}`, async () => {
      const lines = section.blocks.flat().filter((l) => l.trim());
      // Each line is run and its exit code recorded, so that a failure names the line.
      const script = lines.map((l, i) => `${l}\necho "readme-line ${i} exit $?" >&2`).join('\n');
      const r = await execa('bash', ['-o', 'pipefail', '-c', script], {
        env: { ...env, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[ROLE[section.title]!] },
        cwd: home,
        reject: false,
      });
      const codes = [...r.stderr.matchAll(/^readme-line (\d+) exit (\d+)$/gm)].map((m) => `${lines[Number(m[1])]} -> ${m[2]}`);
      expect(codes, r.stderr).toEqual(lines.map((l) => `${l} -> 0`));
      expect(r.stderr).not.toMatch(/^error:/m);
      expect(r.stdout).not.toBe('');
    });
  }
});
