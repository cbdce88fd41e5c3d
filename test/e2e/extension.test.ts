// Extensions (docs/extending.md): the example extension, on PATH, runs as `agnt whoami` with the
// server, profile and token in its environment (never the token in argv), `agnt extension list`
// shows it with its metadata, completion reaches it, and a built-in always wins, with a warning.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// An extension is a child process on agnt's own descriptors: every run here is agnt as a process.
import { agntProcess, tempDir, withSandbox } from '../support/helpers.ts';

const EXAMPLE = resolve(import.meta.dirname, '..', '..', 'examples', 'extensions', 'agnt-whoami');
let sb: Awaited<ReturnType<typeof withSandbox>>;
let bin: string;
let path: string;

beforeAll(async () => {
  sb = await withSandbox();
  bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  copyFileSync(EXAMPLE, join(bin, 'agnt-whoami'));
  chmodSync(join(bin, 'agnt-whoami'), 0o755);
  // An extension named like a built-in, and one that reports what it was given.
  writeFileSync(join(bin, 'agnt-users'), '#!/bin/sh\necho shadowed-extension-ran\n', { mode: 0o755 });
  // A shell script: "$" and "{" written apart so that it is no template string.
  const ifSet = ['$', '{AGNT_TOKEN:+set}'].join('');
  writeFileSync(join(bin, 'agnt-args'), `#!/bin/sh\nprintf "%s\\n" "$@"\nprintf "token=%s profile=%s\\n" "${ifSet}" "$AGNT_PROFILE"\n`, { mode: 0o755 });
  path = [bin, dirname(process.execPath), process.env.PATH].join(delimiter);
});
afterAll(async () => {
  await sb.dispose();
});

describe('extensions', () => {
  it('the example from docs/extending.md runs as agnt whoami, with the token from the environment', async () => {
    const r = await agntProcess(['whoami'], { sb, env: { PATH: path } });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr }).toEqual({ code: 0, out: 'admin@acme.test\n', err: '' });
    expect((await agntProcess(['whoami', '--id'], { sb, as: 'member', env: { PATH: path } })).stdout).toBe('usr_member\n');
    // Its exit code is agnt's.
    const bad = await agntProcess(['whoami'], { sb, as: 'tok_wrong_123456', env: { PATH: path } });
    expect(bad.exitCode).toBe(4);
  });

  it('gets its arguments as typed and the token only in AGNT_TOKEN, never in argv', async () => {
    const r = await agntProcess(['args', 'a b', '--flag'], { sb, env: { PATH: path } });
    expect(r.stdout).toBe('a b\n--flag\ntoken=set profile=default\n');
    expect(r.stdout).not.toContain(sb.tokens.admin);
  });

  it('agnt extension list shows path, version and description, and names a shadowed one on stderr', async () => {
    const r = await agntProcess(['extension', 'list', '--json'], { env: { PATH: path } });
    expect(r.exitCode).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.find((x) => x.name === 'whoami')).toEqual({ name: 'whoami', path: join(bin, 'agnt-whoami'), version: '1.0.0', description: 'print who the token belongs to', shadowed: false });
    expect(rows.find((x) => x.name === 'users')).toMatchObject({ shadowed: true, version: null });
    expect(r.stderr).toBe(`warning: ${join(bin, 'agnt-users')} is shadowed by the built-in command 'users' and never runs; rename it\n`);
  });

  it('a built-in always wins over an extension of the same name', async () => {
    const r = await agntProcess(['users', 'me', '-o', 'id'], { sb, env: { PATH: path } });
    expect(r.stdout).toBe('usr_admin\n');
  });

  it('completion reaches the extension through agnt-NAME __complete', async () => {
    const r = await agntProcess(['__complete', '--', 'whoami', '--i'], { env: { PATH: path } });
    expect(r.stdout).toBe('--id\tprint the user id\n');
  });

  it('an unknown word that is no extension is still an unknown command', async () => {
    const r = await agntProcess(['nosuchthing'], { env: { PATH: path } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("unknown command 'nosuchthing'");
  });
});
