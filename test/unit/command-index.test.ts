// The area index that start-up reads agrees with the command records it loads lazily.
import { describe, expect, it } from 'vitest';
import { AREA_INDEX, loadAreas } from '../../commands/index.ts';
import { loadAll } from '../../src/api/index.ts';

describe('the command index', () => {
  it('names each area, its aliases and summary as its records do', async () => {
    for (const entry of AREA_INDEX) {
      const specs = await entry.load();
      expect(specs.length, entry.name).toBeGreaterThan(0);
      expect(specs[0]!.name, entry.name).toBe(entry.name);
      expect(specs[0]!.summary, entry.name).toBe(entry.summary);
      expect(specs[0]!.aliases ?? [], entry.name).toEqual(entry.aliases ?? []);
      for (const s of specs) for (const c of s.commands) expect(c.command.split(' ')[0], c.command).toBe(entry.name);
    }
  });

  it('gives every endpoint of the model a command (its own, or one that also calls it)', async () => {
    const model = (await loadAll()).flatMap((a) => a.endpoints.map((e) => `${e.method} ${e.path}`));
    expect(model.length).toBeGreaterThan(0);
    const covered = new Set((await loadAreas()).flatMap((a) => a.commands.flatMap((c) => [c.endpoint, ...(c.also ?? [])].map((e) => `${e.method} ${e.path}`))));
    expect(model.filter((k) => !covered.has(k))).toEqual([]);
  });
});
