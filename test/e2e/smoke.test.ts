// One real process per area: the built CLI (bin/agnt.js, as a user runs it) performs one command
// of each area against the sandbox. Everything else about a command is tested in-process
// (test/support/inproc.ts); this is what shows that the bundle, its lazily loaded chunk of each
// area and the process around them work. The command is the area's first list or read that needs
// no argument, found in the records, so a new area is covered as soon as it is indexed.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { AREA_INDEX, loadArea } from '../../commands/index.ts';
import { loadAll } from '../../src/api/index.ts';
import { resolveCommand } from '../../src/core/resolve.ts';
import type { CommandSpec } from '../../src/core/spec.ts';
import { agntProcess, BIN, sandboxForFile } from '../support/helpers.ts';
import { SHARED_DIR, sharedMissing } from '../support/spec.ts';

const sb = sandboxForFile();

/** The area's commands, and the first GET that runs with no argument and no required flag. */
async function plainRead(entry: (typeof AREA_INDEX)[number]): Promise<{ first: CommandSpec; read?: CommandSpec }> {
  const specs = (await loadArea(entry)).commands.map((c) => resolveCommand(c));
  const read = specs.find((s) => s.method === 'GET' && !(s.args ?? []).some((a) => a.default === undefined) && !s.fields.some((f) => f.required));
  return { first: specs[0]!, read };
}

describe('each area, as a process', () => {
  it.each(AREA_INDEX.map((e) => [e.name, e] as const))('%s', async (_name, entry) => {
    const { first, read: spec } = await plainRead(entry);
    if (!spec) {
      // An area with nothing to read unasked: its first command's help, from the process.
      const r = await agntProcess([...first.command.split(' '), '--help']);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`Endpoint:\n  ${first.method} ${first.path}\n`);
      return;
    }
    const before = sb.requests.length;
    const r = await agntProcess([...spec.command.split(' '), '-o', 'json'], { sb });
    expect(r.stderr, spec.command).toBe('');
    expect(r.exitCode, spec.command).toBe(0);
    expect(() => JSON.parse(r.stdout), spec.command).not.toThrow();
    expect(sb.requests.slice(before).map((q) => q.method)).toContain('GET');
  });
});

describe('built-in commands, as a process', () => {
  it('api and commands run from the bundle', async () => {
    const api = await agntProcess(['api', 'GET', '/users/me', '-o', 'json'], { sb });
    expect(api.stderr).toBe('');
    expect(api.exitCode).toBe(0);
    expect(JSON.stringify(JSON.parse(api.stdout))).toContain('usr_admin');
    const commands = await agntProcess(['commands', '--json']);
    expect(commands.exitCode).toBe(0);
    expect((JSON.parse(commands.stdout) as unknown[]).length).toBeGreaterThan(150);
  });

  // The catalogue keeps the contract's shape (one {command, method, path} per endpoint): the
  // shared coverage tool reads it and finds a command for every endpoint of the spec.
  it('the shared coverage tool finds a command for every endpoint', async (ctx) => {
    const missing = sharedMissing('tools/endpoint-coverage.mjs');
    if (missing) ctx.skip(missing);
    const coverage = await execa(process.execPath, [`${SHARED_DIR}tools/endpoint-coverage.mjs`, BIN], { reject: false });
    const count = (await loadAll()).flatMap((a) => a.endpoints).length;
    expect(coverage.stdout).toMatch(new RegExp(`^endpoint coverage: ${count}/${count} endpoints have a command$`, 'm'));
  });
});
