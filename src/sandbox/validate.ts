// Request validation from the API model (src/api): the body and the query parameters of every
// request are checked against the endpoint's shapes before its handler runs, the same shapes the
// CLI checks before it sends anything. A problem is a 400 in the API's error envelope, naming
// the field path ('principals[0].principal: is required'). Keys the model does not list are
// ignored, as the platform does.
import type { Endpoint } from '../api/index.ts';
import { check, describeProblem, type ObjectShape, type Shape } from '../api/shape.ts';
import { badRequest, fail } from './http.ts';

/** A query value (always a string) as the shape's type, or the string itself when it is not one. */
function fromQuery(s: Shape, raw: string): unknown {
  switch (s.kind) {
    case 'integer':
    case 'number':
      return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'array':
      // Lists come as one comma-separated value (?ids=a,b).
      return raw === '' ? [] : raw.split(',').map((x) => fromQuery(s.items, x));
    default:
      return s.nullable && raw === 'null' ? null : raw;
  }
}

function checkQuery(shape: ObjectShape, query: Record<string, string>): void {
  const typed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) typed[k] = shape.fields[k] ? fromQuery(shape.fields[k]!, v) : v;
  const problems = check(shape, typed, { unknown: 'ignore' });
  if (problems.length) fail(400, `query parameter ${describeProblem(problems[0]!)}`, 'AGNT_E_VALIDATION');
}

function checkParams(e: Endpoint, params: Record<string, string>): void {
  for (const [name, shape] of Object.entries(e.params)) {
    const raw = params[name];
    if (raw === undefined || shape.kind === 'string') continue;
    const problem = check(shape, fromQuery(shape, raw), { path: name })[0];
    if (problem) fail(400, `path parameter ${describeProblem(problem)}`, 'AGNT_E_VALIDATION');
  }
}

/** Fails with 400 when the request does not fit the endpoint's shapes (the body too, unless `checkBody` is false). */
export function checkRequest(e: Endpoint, params: Record<string, string>, query: Record<string, string>, body: unknown, checkBody = true): void {
  checkParams(e, params);
  if (e.query) checkQuery(e.query, query);
  if (!e.body || !checkBody) return;
  const value = body === undefined || body === null ? {} : body;
  if (e.body.kind === 'object' && (typeof value !== 'object' || Array.isArray(value))) badRequest('the request body must be a JSON object');
  const problems = check(e.body, value, { unknown: 'ignore' });
  if (problems.length) fail(400, describeProblem(problems[0]!), 'AGNT_E_VALIDATION');
  // Chosen (the spec does not say): an empty string does not fill a required field.
  if (e.body.kind === 'object') for (const k of e.body.required ?? []) if ((value as Record<string, unknown>)[k] === '') fail(400, `${k}: is required`, 'AGNT_E_VALIDATION');
}
