// `agnt api spec`: the OpenAPI 3.1 document of the API, from the model (src/api). YAML unless
// -o json (its record writes those two only); the build writes the same text to docs/openapi.yaml.
// The presenter applies --query and --fields to it as to any answer.
import { loadAll } from '../api/index.ts';
import { openApiDocument } from '../api/openapi.ts';
import type { Outcome } from '../core/outcome.ts';
import { VERSION } from '../core/version.ts';

export async function spec(): Promise<Outcome> {
  // A JSON round trip: no shared objects, so the YAML has no anchors and aliases.
  return { data: JSON.parse(JSON.stringify(openApiDocument(await loadAll(), { version: VERSION }))) };
}
