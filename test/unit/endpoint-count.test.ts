// How many endpoints the API has is said once: test/unit/api-model.test.ts holds the model to the
// seeds' list (test/fixtures/spec/endpoints.json). Every other test compares what it finds with the
// model, so that an endpoint added to the seeds and the model edits no assertion.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAll } from '../../src/api/index.ts';

const TEST = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) return name === 'fixtures' ? [] : files(abs);
    return name.endsWith('.ts') ? [abs] : [];
  });
}

describe('the endpoint count', () => {
  it('is written as a number in no test', async () => {
    const count = (await loadAll()).flatMap((a) => a.endpoints).length;
    const literal = new RegExp(`(?<![\\w.])${count}(?![\\w.])`);
    const found: string[] = [];
    for (const file of files(TEST))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (literal.test(line)) found.push(`${file.slice(TEST.length)}:${i + 1}: ${line.trim()}`);
        });
    expect(found).toEqual([]);
  });
});
