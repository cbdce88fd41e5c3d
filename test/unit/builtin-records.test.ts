// The built-in commands are records (src/builtin/records.ts): the endpoints they name are the
// model's, and the settings `config` takes are the profile's settings.
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../src/api/index.ts';
import { routeOf } from '../../src/builtin/record.ts';
import { BUILTINS } from '../../src/builtin/records.ts';
import { PROFILE_SETTINGS } from '../../src/core/config.ts';
import { BUILTIN_NAMES } from '../../src/builtins.ts';

describe('built-in records', () => {
  it("each endpoint's route (method and path) is that of its id in the model", async () => {
    const named = BUILTINS.flatMap((r) => (r.endpoints ?? []).map((e) => ({ command: r.command, ...e })));
    expect(named.length).toBeGreaterThan(5);
    for (const e of named) {
      const m = await findEndpoint(e.id);
      expect(`${m.method} ${m.path}`, `${e.command}: ${e.id}`).toBe(routeOf(e));
    }
  });

  it("the first words known at start (before the records load) are the records' own, and help", () => {
    expect([...BUILTIN_NAMES].sort()).toEqual(['help', ...new Set(BUILTINS.map((r) => r.command.split(' ')[0]!))].sort());
  });

  it('names each command once, with a summary and examples (except the hidden one)', () => {
    const names = BUILTINS.map((r) => r.command);
    expect(new Set(names).size).toBe(names.length);
    for (const r of BUILTINS) {
      expect(r.summary, r.command).not.toBe('');
      if (!r.hidden) expect(r.examples.length, r.command).toBeGreaterThan(0);
    }
  });

  it('config get, set and unset take every profile setting; set and unset the key passphrase too (it is never read back)', () => {
    for (const c of ['config get', 'config set', 'config unset']) {
      const key = BUILTINS.find((r) => r.command === c)?.args?.[0];
      expect(key?.values, c).toEqual([...Object.keys(PROFILE_SETTINGS), ...(c === 'config get' ? [] : ['key-passphrase'])]);
    }
  });
});
