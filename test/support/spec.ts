// The API's endpoints and the lists that take `limit`, as the tests read them: from the copies in
// test/fixtures/spec/ (scripts/spec-fixtures.mjs says where they come from), so that a clone with
// nothing beside it passes its tests. What reads the project's shared folder itself (the spec, its
// coverage tool) runs only where that folder is beside the checkout, and says so when it is not.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/spec/${name}`, import.meta.url), 'utf8'));

/** endpoints.json: one {method, path, section} per endpoint of the API. */
export const SPEC_ENDPOINTS: Array<{ method: string; path: string; section: string }> = fixture('endpoints.json');
/** The GET paths whose query the API documents say takes `limit` (the drive's without /users/{userId}). */
export const SPEC_LIMIT_LISTS: string[] = fixture('limit-lists.json');

/** The project's shared folder (spec, design, tools), beside the checkout where there is one. */
export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** Why a test of `what` (a path under the shared folder) cannot run here, or undefined when it can. */
export function sharedMissing(what: string): string | undefined {
  return existsSync(`${SHARED_DIR}${what}`) ? undefined : `needs ../shared/${what} beside the checkout, which this clone does not have`;
}
