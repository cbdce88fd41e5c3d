// Help as a user reads it: `agnt help <area> [<verb>]`, a leaf's own flags followed by a short
// global-flags section, and a root help with examples for admins, coordinators, pipelines and bulk work.
import { describe, expect, it } from 'vitest';
import { agnt } from '../support/helpers.ts';

describe('help', () => {
  it('agnt help <area> [<verb>] is the same as --help', async () => {
    for (const words of [['coverage'], ['coverage', 'create'], ['org', 'sso', 'set'], ['sandbox']]) {
      const a = await agnt(['help', ...words]);
      const b = await agnt([...words, '--help']);
      expect({ code: a.exitCode, out: a.stdout, err: a.stderr }).toEqual({ code: 0, out: b.stdout, err: '' });
      expect(a.stdout).toContain(`Usage: agnt ${words.join(' ')}`);
    }
    const root = await agnt(['help']);
    expect({ code: root.exitCode, out: root.stdout }).toEqual({ code: 0, out: (await agnt(['--help'])).stdout });
  });

  it('agnt help with an unknown word is a usage error naming it', async () => {
    const r = await agnt(['help', 'coverage', 'nosuch']);
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 2, out: '', err: "error: unknown command 'coverage nosuch' (see agnt --help)\n" });
  });

  it("a leaf's help lists its own flags, then the global flags on a few lines", async () => {
    const r = await agnt(['users', 'list', '--help']);
    const lines = r.stdout.trimEnd().split('\n');
    // 30: the global flags take four lines since --guardrails joined them.
    expect(lines.length).toBeLessThan(31);
    expect(r.stdout).toContain('  --status <value>');
    const at = lines.indexOf('Global flags (described in agnt --help):');
    expect(at).toBeGreaterThan(0);
    const section = lines.slice(at + 1, lines.indexOf('', at));
    expect(section.length).toBeLessThanOrEqual(4);
    for (const flag of ['-o, --output <format>', '--json', '--query <expr>', '--dry-run', '--profile <name>', '--timeout <seconds>']) {
      expect(section.join(' ')).toContain(flag);
    }
    // The long descriptions of the global flags are the root help's, not repeated on every leaf.
    expect(r.stdout).not.toContain('per-request time limit');
    expect((await agnt(['--help'])).stdout).toContain('per-request time limit');
  });

  it("a long description wraps at the help's width, not where its source broke the line", async () => {
    // Off a terminal the help is 80 columns wide; the description is written at about 100.
    const r = await agnt(['batch', '--help']);
    expect(r.exitCode).toBe(0);
    const text = r.stdout.slice(0, r.stdout.indexOf('\nArguments:'));
    expect(text).toContain('Each row is recorded in a ledger (FILE.batch-ledger.jsonl)');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    // A line break the author put after a sentence stays.
    expect(text).toMatch(/batch_error\.\nExit codes: 0 every row succeeded/);
  });

  it('an option with a fixed set of values names them once', async () => {
    const r = await agnt(['org', 'members', 'sync', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('--input-format <format> the roster format instead of guessing from its name (one of: csv, tsv, jsonl, yaml, json) ');
    expect(r.stdout).not.toContain('choices:');
  });

  it('a command that sends no request says so, and its row in the catalogue has no endpoints', async () => {
    const r = await agnt(['org', 'validate', '--help']);
    expect(r.stdout).toContain('Endpoint:\n  none: works offline, sends no request\n');
    expect(r.stdout).not.toMatch(/^\s+GET /m);
    const cat = JSON.parse((await agnt(['commands', '--json'])).stdout) as Array<{ command: string; endpoints: string[] }>;
    expect(cat.filter((c) => c.command === 'org validate')).toEqual([expect.objectContaining({ endpoints: [] })]);
    expect(cat.find((c) => c.command === 'org plan')?.endpoints.length).toBeGreaterThan(0);
  });

  it('the root help has examples for admins, coordinators, pipelines and bulk work', async () => {
    const r = await agnt(['--help']);
    const examples = r.stdout.slice(r.stdout.indexOf('Examples:'));
    for (const who of ['An admin', 'A coordinator', 'A shell pipeline', 'Bulk work']) expect(examples).toContain(`# ${who}`);
    expect(examples.match(/^ {2}\$ agnt /gm)?.length).toBeGreaterThanOrEqual(8);
  });
});
