// A request to one endpoint of the model (src/api), named by its id: the method, path template,
// envelope, result key, the result's shape (a list or a record) and how a list pages all come
// from the model, so that a workflow says only which endpoint and what varies (path
// parameters, query, body). Only the endpoint's own area is loaded, when first asked for.
import { findEndpoint, type EndpointId } from '../api/index.ts';
import type { Endpoint } from '../api/endpoint.ts';
import type { ApiResponse, RequestSpec, Requester } from './request-spec.ts';

/** What varies from one request to an endpoint to the next. */
export type RequestParts = Pick<RequestSpec, 'params' | 'query' | 'body' | 'json' | 'signal' | 'readInDryRun'>;

/** The request description for an endpoint already at hand (a command's own). */
export function requestFor(e: Endpoint, parts: RequestParts = {}): RequestSpec {
  // The answer is checked where it is named (a result key, or a body without the envelope): an
  // envelope's other keys are collapsed when there is one ({ok, url} gives the url).
  const kind = e.resultKey || e.envelope === 'none' ? e.result?.kind : undefined;
  const shape = e.paging || kind === 'array' ? 'list' : kind === 'object' ? 'record' : undefined;
  const out: RequestSpec = { method: e.method, path: e.path, ...parts, endpoint: e };
  if (e.resultKey) out.resultKey = e.resultKey;
  if (e.envelope === 'none') out.envelope = 'none';
  if (shape) out.shape = shape;
  if (e.result?.nullable) out.nullable = true;
  return out;
}

/** The request description for the endpoint with this id ('teams.members.create'). */
export async function endpointRequest(id: EndpointId, parts: RequestParts = {}): Promise<RequestSpec> {
  return requestFor(await findEndpoint(id), parts);
}

/** Sends one request to the endpoint with this id. */
export async function callEndpoint<T = unknown>(client: Requester, id: EndpointId, parts: RequestParts = {}): Promise<ApiResponse<T>> {
  return client.request<T>(await endpointRequest(id, parts));
}
