// `agnt api spec`: the OpenAPI 3.1 document of the API, from the model (src/api). YAML unless
// -o json; the build writes the same text to docs/openapi.yaml.
import { loadAll } from '../api/index.ts';
import { openApiDocument } from '../api/openapi.ts';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { loadQuery, project } from '../core/output.ts';
import { VERSION } from '../core/version.ts';
import { loadYaml } from '../core/yaml.ts';

export async function spec(ctx: Context): Promise<void> {
  const format = ctx.format();
  if (format !== 'table' && format !== 'yaml' && format !== 'json') throw new UsageError(`agnt api spec prints yaml or json, not ${format}`);
  // A JSON round trip: no shared objects, so the YAML has no anchors and aliases.
  let doc: unknown = JSON.parse(JSON.stringify(openApiDocument(await loadAll(), { version: VERSION })));
  // --query and --fields pick from the document as they do from any answer.
  const { fields, query } = ctx.outputOptions();
  const select = await loadQuery(query);
  if (select) doc = select(doc);
  if (fields?.length) doc = project(doc, fields);
  if (format === 'json') {
    ctx.io.out(JSON.stringify(doc, null, 2));
    return;
  }
  const { stringify } = await loadYaml();
  ctx.io.out(stringify(doc, { lineWidth: 0 }).replace(/\n$/, ''));
}
