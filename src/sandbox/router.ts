// Routes keyed by endpoint id: each route is registered by method and path template, exactly as
// the API model (src/api) writes them, and the router finds the endpoint it serves; a route the
// model does not know is refused when it is registered, so the routes and the model cannot drift
// apart, and `served()` proves which endpoints the sandbox answers. Matching is on the raw,
// undecoded segments so that an encoded '/' or '..' inside an id stays inside its segment.
// Static segments win over parameters ('/users/me' before '/users/{userId}').
import type { Endpoint } from '../api/index.ts';
import type { Req, Reply } from './http.ts';

// Generic over what handlers receive besides the request (the Sandbox), so that this module
// does not import the server that imports it.
export type RouteHandler<C> = (req: Req, sb: C) => Reply | Promise<Reply>;

export interface RouteOptions {
  /** No bearer token needed (presigned URLs, the public invitation page). */
  public?: boolean;
  /** Keep the body as bytes (uploads). */
  raw?: boolean;
  /**
   * Hand the unread request stream to the handler (req.stream): no buffering and no size cap,
   * for presigned uploads larger than the server's body limit.
   */
  stream?: boolean;
  /** A URL the API hands out (presigned uploads and downloads), not one of its endpoints. */
  notAnEndpoint?: boolean;
  /** The handler checks the body itself: a bulk import reports each bad row and takes the others. */
  checksItsBody?: boolean;
}

export interface Route<C> {
  method: string;
  template: string;
  parts: string[];
  handler: RouteHandler<C>;
  options: RouteOptions;
  score: number;
  /** The endpoint of the model this route serves (none for presigned URLs). */
  endpoint?: Endpoint;
}

export class Router<C> {
  private routes: Route<C>[] = [];
  /** The routes by endpoint id. */
  private byId = new Map<string, Route<C>>();
  /** The model's endpoints by 'METHOD /path/{template}'. */
  private known = new Map<string, Endpoint>();
  /** The routes by number of segments (each list in score order): a match looks at these only. */
  private byLength = new Map<number, Route<C>[]>();
  /**
   * Routes without parameters by 'METHOD /their/path': a request for exactly that path is found
   * in one lookup. Such a route outscores every route with a parameter of its length, so the
   * lookup gives what the ordered walk would.
   */
  private exact = new Map<string, Route<C>>();

  constructor(endpoints: Iterable<Endpoint>) {
    for (const e of endpoints) this.known.set(`${e.method} ${e.path}`, e);
  }

  add(method: string, template: string, handler: RouteHandler<C>, options: RouteOptions = {}): void {
    const endpoint = this.known.get(`${method} ${template}`);
    if (!endpoint && !options.notAnEndpoint) throw new Error(`sandbox route ${method} ${template} is not an endpoint of the API model (src/api)`);
    if (endpoint && this.byId.has(endpoint.id)) throw new Error(`sandbox route ${method} ${template}: endpoint ${endpoint.id} is served twice`);
    const parts = template.split('/').filter(Boolean);
    // Static segments earlier in the path weigh more, so '/a/b/{x}' beats '/a/{y}/c'.
    const score = parts.reduce((acc, p, i) => acc + (p.startsWith('{') ? 0 : 2 ** (20 - i)), 0);
    const route: Route<C> = { method, template, parts, handler, options, score, endpoint };
    this.routes.push(route);
    this.routes.sort((a, b) => b.score - a.score);
    this.byLength.set(
      parts.length,
      this.routes.filter((r) => r.parts.length === parts.length),
    );
    if (endpoint) this.byId.set(endpoint.id, route);
    if (!parts.some((p) => p.startsWith('{'))) this.exact.set(`${method} /${parts.join('/')}`, route);
  }

  /** match() for a raw (undecoded) path: '/users/me'. */
  matchPath(method: string, rawPath: string): ReturnType<Router<C>['match']> {
    const route = this.exact.get(`${method} ${rawPath}`);
    if (route) return { route, params: {} };
    return this.match(method, rawPath.split('/').filter(Boolean));
  }

  /** The ids of the endpoints the routes serve. */
  served(): string[] {
    return [...this.byId.keys()];
  }

  get(t: string, h: RouteHandler<C>, o?: RouteOptions) {
    this.add('GET', t, h, o);
  }
  post(t: string, h: RouteHandler<C>, o?: RouteOptions) {
    this.add('POST', t, h, o);
  }
  put(t: string, h: RouteHandler<C>, o?: RouteOptions) {
    this.add('PUT', t, h, o);
  }
  patch(t: string, h: RouteHandler<C>, o?: RouteOptions) {
    this.add('PATCH', t, h, o);
  }
  delete(t: string, h: RouteHandler<C>, o?: RouteOptions) {
    this.add('DELETE', t, h, o);
  }

  /** The matched route, 'method' when the path exists with another method, or undefined. */
  match(method: string, rawSegments: string[]): { route: Route<C>; params: Record<string, string> } | 'method' | undefined {
    let pathMatched = false;
    for (const r of this.byLength.get(rawSegments.length) ?? []) {
      // Static segments first: most routes fail there, before any parameter is decoded.
      let ok = true;
      for (let i = 0; i < r.parts.length; i++) {
        const p = r.parts[i]!;
        if (p.charCodeAt(0) !== 123 && p !== rawSegments[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < r.parts.length; i++) {
        const p = r.parts[i]!;
        const seg = rawSegments[i]!;
        if (p.startsWith('{')) {
          let value: string;
          try {
            value = decodeURIComponent(seg);
          } catch {
            ok = false;
            break;
          }
          params[p.slice(1, -1)] = value;
        } else if (p !== seg) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (r.method !== method) {
        pathMatched = true;
        continue;
      }
      return { route: r, params };
    }
    return pathMatched ? 'method' : undefined;
  }

  list(): Array<{ id?: string; method: string; path: string }> {
    return this.routes.map((r) => ({ id: r.endpoint?.id, method: r.method, path: r.template }));
  }
}
