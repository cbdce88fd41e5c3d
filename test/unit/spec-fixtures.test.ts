// The copies of the API's facts in test/fixtures/spec/ against the spec they come from, where it
// is beside the checkout; a clone without it tests the model against the copies alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { FIXTURE_DIR, fromSpec } from '../../scripts/spec-fixtures.mjs';
import { sharedMissing } from '../support/spec.ts';

describe('test/fixtures/spec', () => {
  it('holds what ../shared/spec says (node scripts/spec-fixtures.mjs copies it again)', (ctx) => {
    const missing = sharedMissing('spec/endpoints.json');
    if (missing) ctx.skip(missing);
    for (const [name, text] of Object.entries(fromSpec() as Record<string, string>)) expect(readFileSync(`${FIXTURE_DIR}${name}`, 'utf8'), name).toBe(text);
  });
});
