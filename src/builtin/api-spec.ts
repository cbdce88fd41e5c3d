// `agnt api spec`: the OpenAPI 3.1 document of the API, from the model (src/api). YAML unless
// -o json; the build writes the same text to docs/openapi.yaml.
import { loadAll } from '../api/index.ts';
import { openApiDocument } from '../api/openapi.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { VERSION } from '../core/version.ts';
import { loadYaml } from '../core/yaml.ts';

export async function spec(ctx: Context): Promise<void> {
  const format = ctx.format();
  if (format !== 'table' && format !== 'yaml' && format !== 'json') throw new UsageError(`agnt api spec prints yaml or json, not ${format}`);
  // A JSON round trip: no shared objects, so the YAML has no anchors and aliases.
  const doc = JSON.parse(JSON.stringify(openApiDocument(await loadAll(), { version: VERSION })));
  if (format === 'json') {
    ctx.io.out(JSON.stringify(doc, null, 2));
    return;
  }
  const { stringify } = await loadYaml();
  ctx.io.out(stringify(doc, { lineWidth: 0 }).replace(/\n$/, ''));
}
