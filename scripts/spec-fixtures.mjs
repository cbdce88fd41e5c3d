// The facts of the API documents that the tests check the model against, kept in the repository
// (test/fixtures/spec/) so that a clone with nothing beside it builds and passes its tests. They
// are copied from the spec (../shared/spec, beside the checkout where the project is developed):
// endpoints.json as it is, and from the two API documents the GET lists whose query takes
// `limit`. `node scripts/spec-fixtures.mjs` copies them again after the spec changes;
// test/unit/spec-fixtures.test.ts fails while a copy differs from a spec that is present.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_DIR = fileURLToPath(new URL('../../shared/spec/', import.meta.url));
export const FIXTURE_DIR = fileURLToPath(new URL('../test/fixtures/spec/', import.meta.url));

/** The fixture files as the spec in `dir` gives them: name -> text. */
export function fromSpec(dir = SPEC_DIR) {
  const limitLists = ['api-part1.md', 'api-part2.md'].flatMap((f) =>
    [...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/^\| GET \| (\/\S*) \| ([^|]*)\|/gm)].filter((m) => /\blimit\b/.test(m[2])).map((m) => m[1]),
  );
  return {
    'endpoints.json': readFileSync(`${dir}/endpoints.json`, 'utf8'),
    'limit-lists.json': `${JSON.stringify(limitLists, null, 1)}\n`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(SPEC_DIR)) {
    process.stderr.write(`error: no spec at ${SPEC_DIR}: the copies in test/fixtures/spec/ stay as they are\n`);
    process.exit(1);
  }
  mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const [name, text] of Object.entries(fromSpec())) writeFileSync(`${FIXTURE_DIR}/${name}`, text);
}
