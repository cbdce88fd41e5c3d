// Routes by path template ('/users/{userId}'), matched on the raw, undecoded segments so that
// an encoded '/' or '..' inside an id stays inside its segment. Static segments win over
// parameters ('/users/me' before '/users/{userId}').
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
}

interface Route<C> {
  method: string;
  template: string;
  parts: string[];
  handler: RouteHandler<C>;
  options: RouteOptions;
  score: number;
}

export class Router<C> {
  private routes: Route<C>[] = [];
  /** The routes by number of segments (each list in score order): a match looks at these only. */
  private byLength = new Map<number, Route<C>[]>();

  add(method: string, template: string, handler: RouteHandler<C>, options: RouteOptions = {}): void {
    const parts = template.split('/').filter(Boolean);
    // Static segments earlier in the path weigh more, so '/a/b/{x}' beats '/a/{y}/c'.
    const score = parts.reduce((acc, p, i) => acc + (p.startsWith('{') ? 0 : 2 ** (20 - i)), 0);
    this.routes.push({ method, template, parts, handler, options, score });
    this.routes.sort((a, b) => b.score - a.score);
    this.byLength.set(
      parts.length,
      this.routes.filter((r) => r.parts.length === parts.length),
    );
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

  list(): Array<{ method: string; path: string }> {
    return this.routes.map((r) => ({ method: r.method, path: r.template }));
  }
}
