// A command record's field override says what the model does not: a flag name, a default, a
// description for the command line. One that repeats the model's own description of the field
// (word for word, or but for case and punctuation) is a copy that drifts when the model changes:
// the model's text is used when the record gives none (src/core/resolve.ts).
import { describe, expect, it } from 'vitest';
import { loadAreas } from '../../commands/index.ts';
import { flagObject } from '../../src/core/resolve.ts';
import type { Shape } from '../../src/api/shape.ts';

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function modelField(root: Shape | undefined, dotted: string): Shape | undefined {
  let cur = root;
  for (const key of dotted.split('.')) {
    if (cur?.kind !== 'object') return undefined;
    cur = cur.fields[key];
  }
  return cur;
}

describe('field overrides in commands/', () => {
  it("none repeats the model's description of its field", async () => {
    const copies: string[] = [];
    let described = 0;
    for (const area of await loadAreas())
      for (const rec of area.commands)
        for (const o of rec.fields ?? []) {
          if (o.description === undefined) continue;
          described++;
          const model = modelField(flagObject(rec), o.name)?.description;
          if (model !== undefined && normal(model) === normal(o.description)) copies.push(`${rec.command} --${o.name}: ${o.description}`);
        }
    expect(described).toBeGreaterThan(0);
    expect(copies).toEqual([]);
  });
});
