// Every error status a sandbox route writes is one the OpenAPI document lists for that operation:
// each `r.<verb>('<path>', ...)` handler of src/sandbox/areas is read, and the statuses it throws
// (conflict(...) is 409, badRequest 400, forbidden 403, notFound 404, fail(N, ...)) must be among
// the operation's responses. Statuses thrown by helpers the route calls are not seen here; the
// Prism proxy run (scripts/prism-check.mjs) and test/e2e/api-seeds.test.ts cover those.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAll } from '../../src/api/index.ts';
import { openApiDocument } from '../../src/api/openapi.ts';

const AREAS = resolve(import.meta.dirname, '..', '..', 'src', 'sandbox', 'areas');
const THROWS: Array<[RegExp, number]> = [
  [/\bconflict\(/, 409],
  [/\bbadRequest\(/, 400],
  [/\bforbidden\(/, 403],
  [/\bnotFound\(/, 404],
];

/** The statuses each literal route of the sandbox writes in its own handler. */
function routeStatuses(): Array<{ route: string; file: string; statuses: Set<number> }> {
  const out: Array<{ route: string; file: string; statuses: Set<number> }> = [];
  for (const file of readdirSync(AREAS).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(AREAS, file), 'utf8');
    const starts = [...text.matchAll(/\br\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)];
    starts.forEach((m, i) => {
      const body = text.slice(m.index!, starts[i + 1]?.index ?? text.length);
      const statuses = new Set<number>();
      for (const [re, status] of THROWS) if (re.test(body)) statuses.add(status);
      for (const f of body.matchAll(/\bfail\((\d{3})/g)) statuses.add(Number(f[1]));
      out.push({ route: `${m[1]!.toUpperCase()} ${m[2]}`, file, statuses });
    });
  }
  return out;
}

describe('sandbox statuses and the OpenAPI document', () => {
  it('every status a route throws is listed in its operation', async () => {
    const doc = openApiDocument(await loadAll(), { version: 'test' }) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const routes = routeStatuses();
    expect(routes.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const { route, file, statuses } of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) continue; // not an endpoint of the API (presigned transfers)
      for (const s of statuses) if (!(String(s) in op.responses)) missing.push(`${route} (${file}): ${s}`);
    }
    expect(missing).toEqual([]);
  });
});
