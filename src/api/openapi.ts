// The OpenAPI 3.1 document of the platform API, generated from the model: every endpoint is an
// operation (its id the operationId), every resource a schema. Plain data in, plain data out;
// `agnt api spec` prints it and the build writes docs/openapi.yaml.
import { COMMON_ERRORS, pagingParams, type ApiArea, type Endpoint, type ErrorDoc } from './endpoint.ts';
import type { ObjectShape, Shape } from './shape.ts';

type Json = Record<string, unknown>;

const UNSUPPORTED_MEDIA: ErrorDoc = { status: 415, code: 'AGNT_E_UNSUPPORTED_MEDIA_TYPE', when: 'the request body is not sent as application/json' };
// The spec leaves the maximum request size open (part 1, 8); the sandbox refuses past 32 MB.
const TOO_LARGE: ErrorDoc = { status: 413, code: 'AGNT_E_TOO_LARGE', when: 'the request body is larger than the server takes' };

const FORMATS: Record<string, string> = { timestamp: 'date-time', date: 'date', email: 'email', url: 'uri' };

/** A component name from an area's resource name ('auditLogging' of organizations: 'OrganizationsAuditLogging'). */
function componentName(area: string, resource: string): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return area.split('-').map(cap).join('') + cap(resource);
}

/** JSON Schema (2020-12, as OpenAPI 3.1 has it) of a shape; named shapes become references. */
export function schemaOf(s: Shape, names: Map<Shape, string>, root?: Shape): Json {
  const name = s !== root ? names.get(s) : undefined;
  if (name) return s.nullable ? { anyOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'null' }] } : { $ref: `#/components/schemas/${name}` };
  const out: Json = {};
  const typed = (t: string) => (s.nullable ? [t, 'null'] : t);
  switch (s.kind) {
    case 'string':
      out.type = typed('string');
      if (s.hint && FORMATS[s.hint]) out.format = FORMATS[s.hint];
      break;
    case 'integer':
    case 'number':
    case 'boolean':
      out.type = typed(s.kind);
      break;
    case 'enum':
      out.type = typed('string');
      out.enum = s.nullable ? [...s.values, null] : [...s.values];
      break;
    case 'array':
      out.type = typed('array');
      out.items = schemaOf(s.items, names, root);
      break;
    case 'map':
      out.type = typed('object');
      out.additionalProperties = schemaOf(s.values, names, root);
      break;
    case 'object': {
      out.type = typed('object');
      const props = Object.entries(s.fields);
      if (props.length) out.properties = Object.fromEntries(props.map(([k, f]) => [k, schemaOf(f, names, root)]));
      if (s.required?.length) out.required = [...s.required];
      break;
    }
    case 'oneOf':
      // anyOf: the model takes the first alternative that fits, and alternatives may overlap
      // (an id string, or the record expanded with open keys).
      out.anyOf = s.of.map((alt) => schemaOf(alt, names, root));
      if (s.nullable) (out.anyOf as Json[]).push({ type: 'null' });
      break;
    case 'any':
      break;
  }
  if (s.description) out.description = s.description;
  if (s.serverSet) out.readOnly = true;
  if (s.deprecated) out.deprecated = true;
  // Secrets are marked so that tools can mask them; the model decides where they are printed.
  if (s.secret) out['x-secret'] = true;
  if (s.idOf) out['x-id-of'] = s.idOf;
  return out;
}

function errorResponses(errors: readonly ErrorDoc[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorDoc[]>();
  for (const e of errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  const out: Record<string, Json> = {};
  for (const [status, docs] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = docs.map((d) => `${d.code ? `\`${d.code}\`: ` : ''}${d.when}${d.hint ? ` (${d.hint})` : ''}`);
    out[String(status)] = {
      description: lines.length === 1 ? lines[0] : lines.map((l) => `- ${l}`).join('\n'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

function successResponse(e: Endpoint, names: Map<Shape, string>): Json {
  const description = e.summary;
  if (e.envelope === 'empty') return { description };
  let schema: Json;
  const result = e.result ? schemaOf(e.result, names) : {};
  if (e.envelope === 'none') schema = result;
  else {
    const properties: Record<string, Json> = { ok: { const: true } };
    const required = ['ok'];
    if (e.resultKey) {
      properties[e.resultKey] = result;
      required.push(e.resultKey);
    }
    if (e.paging === 'page') {
      for (const k of ['page', 'perPage', 'total']) properties[k] = { type: 'integer' };
      required.push('page', 'perPage', 'total');
    }
    schema = { type: 'object', properties, required };
    // Without a result key the result's fields sit beside `ok` ({ok, sessionId, status}): the
    // answer's shape is the envelope and the result together, never `{ok}` alone.
    if (!e.resultKey && e.result) {
      const r = result as { type?: string; properties?: Record<string, Json>; required?: string[] };
      if (r.type === 'object' && r.properties) schema = { type: 'object', properties: { ...properties, ...r.properties }, required: [...required, ...(r.required ?? [])] };
      else schema = { allOf: [schema, result] };
    }
  }
  return { description, content: { 'application/json': { schema } } };
}

function parameters(e: Endpoint, names: Map<Shape, string>): Json[] {
  const out: Json[] = [];
  for (const [name, s] of Object.entries(e.params)) {
    out.push({ name, in: 'path', required: true, ...(s.description ? { description: s.description } : {}), schema: schemaOf({ ...s, description: undefined }, names) });
  }
  const query: ObjectShape | undefined = e.query;
  const fields: Record<string, Shape> = { ...(query?.fields ?? {}) };
  for (const [k, s] of Object.entries(pagingParams(e))) if (!(k in fields)) fields[k] = s;
  for (const [name, s] of Object.entries(fields)) {
    const p: Json = { name, in: 'query', schema: schemaOf({ ...s, description: undefined }, names) };
    if (s.description) p.description = s.description;
    if (query?.required?.includes(name)) p.required = true;
    // Lists go as one comma-separated value (?ids=a,b), as agnt sends them.
    if (s.kind === 'array') Object.assign(p, { style: 'form', explode: false });
    out.push(p);
  }
  return out;
}

export interface OpenApiOptions {
  /** The document's version (agnt's). */
  version: string;
}

/** The OpenAPI 3.1 document of these areas. */
export function openApiDocument(areas: readonly ApiArea[], opts: OpenApiOptions): Json {
  // Each resource shape gets a schema; any place in the model that uses the same shape object
  // refers to it instead of repeating it.
  const names = new Map<Shape, string>();
  const schemas: Record<string, Json> = {};
  for (const a of areas) for (const [r, s] of Object.entries(a.resources)) if (!names.has(s)) names.set(s, componentName(a.name, r));
  const used = new Set<string>();
  const paths: Record<string, Record<string, Json>> = {};
  for (const a of areas) {
    for (const e of a.endpoints) {
      const op: Json = {
        operationId: e.id,
        summary: e.summary,
        tags: [a.name],
      };
      if (e.public) op.security = [];
      const params = parameters(e, names);
      if (params.length) op.parameters = params;
      if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(e.body, names) } } };
      const responses: Record<string, Json> = {};
      // A 204 has no body: it never carries the 200's JSON.
      for (const st of e.status) responses[String(st)] = st === 204 ? { description: 'no content' } : successResponse(e, names);
      // A public endpoint takes no token, so it never answers 401.
      const common = COMMON_ERRORS.filter((c) => c.status !== 401 || !e.public);
      // An endpoint that reads a JSON body answers 415 to a body of another Content-Type, and
      // 413 to one too large.
      const media: ErrorDoc[] = e.body ? [TOO_LARGE, UNSUPPORTED_MEDIA] : [];
      Object.assign(responses, errorResponses([...common, ...media, ...(e.errors ?? [])]));
      op.responses = responses;
      const methods = (paths[e.path] ??= {});
      methods[e.method.toLowerCase()] = op;
    }
  }
  // Only the schemas something refers to are listed (a resource no endpoint returns is left out).
  const text = JSON.stringify(paths);
  for (const [s, name] of names) {
    if (!text.includes(`"#/components/schemas/${name}"`)) continue;
    schemas[name] = schemaOf(s, names, s);
    used.add(name);
  }
  // Schemas may refer to others that no operation names directly.
  for (let grew = true; grew; ) {
    grew = false;
    const all = JSON.stringify(schemas);
    for (const [s, name] of names) {
      if (used.has(name) || !all.includes(`"#/components/schemas/${name}"`)) continue;
      schemas[name] = schemaOf(s, names, s);
      used.add(name);
      grew = true;
    }
  }
  schemas.Error = {
    type: 'object',
    description: 'The error body of every failure (part 1, 7)',
    properties: { status: { type: 'integer' }, error_code: { type: 'string' }, error: { type: 'string' } },
    required: ['status', 'error'],
  };
  const sortedSchemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assistant Platform API',
      version: opts.version,
      description:
        'The platform API as agnt models it (generated by `agnt api spec` from src/api). Lists answer page, perPage and total unless they say otherwise, and take page/perPage where the API lists those parameters.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: "your platform's base URL",
        variables: { baseUrl: { default: 'http://127.0.0.1:8080', description: 'the base URL; the default is `agnt sandbox start --port 8080`' } },
      },
    ],
    security: [{ bearer: [] }],
    tags: areas.map((a) => ({ name: a.name, description: `${a.name} (${a.section})` })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'an API token' } },
      schemas: sortedSchemas,
    },
  };
}
