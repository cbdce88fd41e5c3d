// Help topics, `agnt version`, the `--json FIELDS` habit, and the man page (generated from the
// same sources at build time, committed, shipped, and rendered here by man(1) when installed).
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agnt, hasCommand, IN_CI } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Nothing listens there: a command that sent a request would fail with exit 1, not 2.
const NOWHERE = { AGNT_BASE_URL: 'http://127.0.0.1:9', AGNT_TOKEN: 'tok_unused' };

describe('agnt help TOPIC', () => {
  it('environment: every variable with its meaning and default, wrapped at 80 columns in a pipe', async () => {
    const r = await agnt(['help', 'environment']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    for (const v of ['AGNT_TOKEN', 'AGNT_NO_INPUT', 'AGNT_TRACE', 'AGNT_BACKOFF_MS', 'AGNT_RETRY_BUDGET', 'NO_COLOR', 'NODE_EXTRA_CA_CERTS']) expect(r.stdout).toMatch(new RegExp(`^  ${v} `, 'm'));
    expect(r.stdout).toMatch(/AGNT_RETRY_BUDGET +retries one run may make[^[]*\[default: 10\]/);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("exit-codes: docs/reference.md's table, code for code", async () => {
    const r = await agnt(['help', 'exit-codes']);
    const reference = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');
    const table = reference.slice(reference.indexOf('## Exit codes'), reference.indexOf('Errors are one line'));
    const documented = [...table.matchAll(/^\| `(\d+)` \|/gm)].map((m) => m[1]);
    expect(documented.length).toBeGreaterThan(0);
    const listed = [...r.stdout.matchAll(/^ {2}(\d+) {2,}/gm)].map((m) => m[1]);
    expect(listed).toEqual(documented);
    expect(r.stdout).toMatch(/^ {2}8 +agnt wait timed out/m);
  });

  it('formatting and config: the formats, --fields, --query with examples; every setting', async () => {
    const f = await agnt(['help', 'formatting']);
    expect(f.stdout).toMatch(/^ {2}--fields a,b.c +keep these fields/m);
    expect(f.stdout).toContain('$ agnt users list --all -o csv --fields id,email > users.csv');
    const c = await agnt(['help', 'config']);
    for (const s of ['base-url', 'output', 'timeout', 'retries', 'timezone']) expect(c.stdout).toMatch(new RegExp(`^ {2}${s} `, 'm'));
  });

  it('the root help names the topics; an unknown word is still an unknown command', async () => {
    expect((await agnt(['--help'])).stdout).toContain('Help topics: agnt help environment, agnt help exit-codes, agnt help formatting, agnt help config.');
    const r = await agnt(['help', 'nosuch']);
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 2, out: '', err: "error: unknown command 'nosuch' (see agnt --help)\n" });
  });
});

describe('agnt version', () => {
  it('prints agnt, Node and the platform; -o json a record', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await agnt(['version']);
    expect(r.stdout).toBe(`agnt ${pkg.version}\nNode ${process.versions.node}\nplatform ${process.platform}-${process.arch}\n`);
    const j = await agnt(['version', '--json']);
    expect(JSON.parse(j.stdout)).toEqual({ agnt: pkg.version, node: process.versions.node, platform: `${process.platform}-${process.arch}` });
  });
});

describe('--json FIELDS (the gh habit)', () => {
  it('a field list after --json is refused before anything is sent, with the flag agnt spells it with', async () => {
    const r = await agnt(['users', 'list', '--json', 'id,email'], { env: NOWHERE });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({
      error: { message: "--json takes no value, got 'id,email'", exitCode: 2, hint: 'did you mean --fields id,email? (--json --fields id,email)', field: 'json' },
    });
  });

  it('one field name that commander finds one argument too many gets the same hint', async () => {
    const r = await agnt(['users', 'list', '--json', 'email'], { env: NOWHERE });
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stderr).error).toMatchObject({ message: expect.stringContaining("too many arguments for 'list'"), hint: 'did you mean --fields email? (--json --fields email)' });
  });
});

describe('the man page', () => {
  it('man/agnt.1 is what `agnt __man` generates, committed and in the package', async () => {
    const r = await agnt(['__man']);
    expect(r.exitCode).toBe(0);
    const committed = (() => {
      try {
        return execFileSync('git', ['show', ':man/agnt.1'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        return readFileSync(join(ROOT, 'man', 'agnt.1'), 'utf8');
      }
    })();
    expect(committed === r.stdout, 'man/agnt.1 is stale: run `npm run build` and commit it').toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { man: string; files: string[] };
    expect(pkg.man).toBe('./man/agnt.1');
    expect(pkg.files).toContain('man');
  });

  it.skipIf(!hasCommand('man') && !IN_CI)('renders with man -l: no warnings, every section', async () => {
    const r = await execa('man', ['--warnings', '-l', join(ROOT, 'man', 'agnt.1')], { env: { MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat' }, reject: false });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    for (const s of ['NAME', 'SYNOPSIS', 'COMMANDS', 'GLOBAL FLAGS', 'OUTPUT FORMATTING', 'CONFIGURATION', 'ENVIRONMENT', 'EXIT STATUS']) expect(r.stdout).toMatch(new RegExp(`^${s}$`, 'm'));
    expect(r.stdout).toMatch(/^ {7}AGNT_RETRY_BUDGET$/m);
    expect(r.stdout).toMatch(/^ {7}agnt config set$/m);
  });
});
