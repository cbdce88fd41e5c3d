// Aliases: set, list, delete, export, import; $1, $2 and $@ in the expansion; --shell; and an
// alias can never shadow a command, neither when it is set nor when it runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agnt, agntProcess, tempDir, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('agnt alias', () => {
  it('expands $1 and appends the other arguments; $@ takes them where it stands', async () => {
    const configDir = tempDir();
    expect((await agnt(['alias', 'set', 'who', 'users get $1 -o json --query email'], { configDir })).stderr).toBe('added alias who: users get $1 -o json --query email\n');
    const r = await agnt(['who', 'usr_member'], { sb, configDir });
    expect({ code: r.exitCode, out: r.stdout }).toEqual({ code: 0, out: '"member@acme.test"\n' });
    await agnt(['alias', 'set', 'uids', 'users list $@ -o id'], { configDir });
    const ids = await agnt(['uids', '--status', 'suspended'], { sb, configDir });
    expect(ids.exitCode).toBe(0);
    const suspended = (await agnt(['users', 'list', '--status', 'suspended', '-o', 'id'], { sb })).stdout;
    expect(ids.stdout).toBe(suspended);
    // Extra words with no $@ go at the end.
    await agnt(['alias', 'set', 'mine', "users list --search 'ada'"], { configDir });
    expect((await agnt(['mine', '-o', 'id'], { sb, configDir })).stdout).toBe('usr_admin\n');
    const missing = await agnt(['who'], { sb, configDir });
    expect({ code: missing.exitCode, err: missing.stderr }).toEqual({ code: 2, err: "error: alias 'who' needs an argument for $1 (users get $1 -o json --query email)\n" });
  });

  it('--shell runs the expansion with /bin/sh, its arguments as $1..., its exit code kept', async () => {
    // The shell is a child process writing to agnt's own descriptors: agnt as a process.
    const configDir = tempDir();
    await agntProcess(['alias', 'set', 'two', '--shell', 'printf "%s|%s|%s\\n" "$0" "$1" "$2" | tr a-z A-Z; exit 3'], { configDir });
    const r = await agntProcess(['two', 'first', 'second one'], { sb, configDir });
    expect(r.stdout).toBe('TWO|FIRST|SECOND ONE\n');
    expect(r.exitCode).toBe(3);
  });

  it('can never shadow a command: set and import refuse, and a command always wins', async () => {
    const configDir = tempDir();
    for (const name of ['users', 'user', 'ids', 'config', 'alias', 'help', 'inbox']) {
      const r = await agnt(['alias', 'set', name, 'users list'], { configDir });
      expect({ name, code: r.exitCode, err: r.stderr }).toEqual({ name, code: 2, err: `error: alias set: '${name}' is a command; an alias cannot shadow it\n` });
    }
    const file = join(configDir, 'in.json');
    writeFileSync(file, JSON.stringify({ aliases: { ok: { expansion: 'users me' }, teams: { expansion: 'users me' } } }));
    const imp = await agnt(['alias', 'import', file], { configDir });
    expect(imp.exitCode).toBe(2);
    expect((await agnt(['alias', 'list', '-o', 'json'], { configDir })).stdout).toBe('[]\n');
    // An expansion must start with a command (or be --shell).
    const bad = await agnt(['alias', 'set', 'x', 'nosuch thing'], { configDir });
    expect(bad.stderr).toBe("error: alias 'x': the expansion must start with an agnt command, got 'nosuch'\nhint: use --shell for a shell command\n");
  });

  it('lists, exports, imports elsewhere and deletes', async () => {
    const a = tempDir();
    await agnt(['alias', 'set', 'mine', 'users list --status active'], { configDir: a });
    await agnt(['alias', 'set', 'e', '--shell', 'echo hi'], { configDir: a });
    expect(JSON.parse((await agnt(['alias', 'list', '--json'], { configDir: a })).stdout)).toEqual([
      { name: 'e', expansion: 'echo hi', shell: true },
      { name: 'mine', expansion: 'users list --status active', shell: false },
    ]);
    const exported = (await agnt(['alias', 'export'], { configDir: a })).stdout;
    const b = tempDir();
    const imp = await agnt(['alias', 'import', '-'], { configDir: b, input: exported });
    expect({ code: imp.exitCode, err: imp.stderr }).toEqual({ code: 0, err: 'imported 2 alias(es)\n' });
    expect((await agnt(['alias', 'export'], { configDir: b })).stdout).toBe(exported);
    // A clash with another expansion needs --clobber.
    await agnt(['alias', 'set', 'mine', 'users me'], { configDir: b });
    expect((await agnt(['alias', 'import', '-'], { configDir: b, input: exported })).exitCode).toBe(2);
    expect((await agnt(['alias', 'import', '-', '--clobber'], { configDir: b, input: exported })).exitCode).toBe(0);
    expect((await agnt(['alias', 'delete', 'mine'], { configDir: b })).stderr).toBe('deleted alias mine\n');
    const gone = await agnt(['alias', 'delete', 'mine'], { configDir: b });
    expect(gone.exitCode).toBe(3);
    const unknown = await agnt(['mine'], { configDir: b });
    expect(unknown.exitCode).toBe(2);
  });
});
