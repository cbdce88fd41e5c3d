// Fault rules: answers the sandbox gives on purpose (a 503 with Retry-After, a 429, a slow answer,
// a dropped connection) to the requests a rule matches, so that a script's retries can be tried.
// A rule names what it matches (method, path glob, query parameters, endpoint id of the model,
// user) and how often
// (every time, --times N, or a --rate, after letting the first --after N through); one that
// matches no endpoint of the model is refused.
import { globMatchesTemplate, globRegExp } from './glob.ts';
import { HttpError } from './http.ts';

type Rec = Record<string, any>;

export interface FaultRule {
  id: string;
  method?: string;
  path?: string;
  endpoint?: string;
  /** The user whose requests it matches (by their token). */
  user?: string;
  /** Query parameters the request must carry with these values (page: '3': one page of a walk). */
  query?: Record<string, string>;
  status?: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Milliseconds before the answer (or before the request is served, without a status). */
  delay?: number;
  /** Drop the connection instead of answering. */
  reset?: boolean;
  /** Fires on this share of the requests it matches. */
  rate?: number;
  /** Fires this many times, then stays listed with times 0. */
  times?: number;
  /** Lets this many matching requests through first (counts down to 0): a failure part-way through a run. */
  after?: number;
  /** How many requests it answered. */
  hits: number;
}

interface Compiled {
  rule: FaultRule;
  path?: RegExp;
}

export interface EndpointRef {
  id?: string;
  method: string;
  path: string;
}

const bad = (message: string): never => {
  throw new HttpError(400, message, 'AGNT_E_VALIDATION');
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A rule as given (control request body or rules file), checked and normalised. */
export function checkRule(raw: unknown, endpoints: EndpointRef[], users: (who: string) => string | undefined): Omit<FaultRule, 'id' | 'hits'> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) bad('a fault rule is an object');
  const r = raw as Rec;
  const known = new Set(['method', 'path', 'query', 'endpoint', 'user', 'status', 'retryAfter', 'delay', 'reset', 'rate', 'times', 'after']);
  for (const k of Object.keys(r)) if (!known.has(k)) bad(`unknown field '${k}' in a fault rule (fields: ${[...known].join(', ')})`);
  const out: Omit<FaultRule, 'id' | 'hits'> = {};
  if (r.method !== undefined) {
    const m = String(r.method).toUpperCase();
    if (!METHODS.has(m)) bad(`method must be one of ${[...METHODS].join(', ')}, got '${r.method}'`);
    out.method = m;
  }
  if (r.path !== undefined) {
    if (typeof r.path !== 'string' || !r.path.startsWith('/')) bad(`path must be a glob starting with '/', got '${r.path}'`);
    out.path = r.path;
  }
  if (r.query !== undefined) {
    if (!r.query || typeof r.query !== 'object' || Array.isArray(r.query) || !Object.keys(r.query).length) bad('query is an object of parameter names and values ({page: 3})');
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.query as Rec)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') bad(`query.${k} must be a value (text or a number), got ${JSON.stringify(v)}`);
      query[k] = String(v);
    }
    out.query = query;
  }
  if (r.endpoint !== undefined) {
    const e = endpoints.find((x) => x.id === r.endpoint);
    if (!e) bad(`no endpoint '${r.endpoint}' in the API model (the operationIds of agnt api spec)`);
    out.endpoint = String(r.endpoint);
  }
  if (r.user !== undefined) {
    const id = users(String(r.user));
    if (!id) bad(`no user '${r.user}' in the sandbox`);
    out.user = id;
  }
  if (r.status !== undefined) {
    if (!Number.isInteger(r.status) || r.status < 400 || r.status > 599) bad(`status must be an HTTP error status (400-599), got '${r.status}'`);
    out.status = r.status;
  }
  if (r.retryAfter !== undefined) {
    if (typeof r.retryAfter !== 'number' || !(r.retryAfter >= 0)) bad(`retryAfter must be a number of seconds, got '${r.retryAfter}'`);
    if (out.status === undefined) bad('retryAfter goes with a status (--status)');
    out.retryAfter = r.retryAfter;
  }
  if (r.delay !== undefined) {
    if (typeof r.delay !== 'number' || !(r.delay >= 0) || r.delay > 600_000) bad(`delay must be 0-600000 milliseconds, got '${r.delay}'`);
    out.delay = r.delay;
  }
  if (r.reset !== undefined) {
    if (typeof r.reset !== 'boolean') bad('reset must be true or false');
    if (r.reset && out.status !== undefined) bad('a rule either answers with a status or drops the connection (reset), not both');
    if (r.reset) out.reset = true;
  }
  if (out.status === undefined && !out.reset && !out.delay) bad('a fault rule needs a status, a delay or reset');
  if (r.rate !== undefined) {
    if (typeof r.rate !== 'number' || !(r.rate > 0 && r.rate <= 1)) bad(`rate must be more than 0 and at most 1, got '${r.rate}'`);
    out.rate = r.rate;
  }
  if (r.times !== undefined) {
    if (!Number.isInteger(r.times) || r.times < 1) bad(`times must be a whole number of at least 1, got '${r.times}'`);
    if (out.rate !== undefined) bad('give rate or times, not both');
    out.times = r.times;
  }
  if (r.after !== undefined) {
    if (!Number.isInteger(r.after) || r.after < 1) bad(`after must be a whole number of at least 1, got '${r.after}'`);
    out.after = r.after;
  }
  // A rule that can never fire is a mistake made quietly: refused.
  const candidates = endpoints.filter((e) => e.id && (!out.method || out.method === e.method) && (!out.endpoint || out.endpoint === e.id) && (!out.path || globMatchesTemplate(out.path, e.path)));
  if (!candidates.length) bad(`the rule matches no endpoint of the API model (${[out.method, out.path ?? out.endpoint].filter(Boolean).join(' ') || 'any'})`);
  return out;
}

export class Faults {
  private rules: Compiled[] = [];
  private next = 1;

  add(rule: Omit<FaultRule, 'id' | 'hits'>): FaultRule {
    const full: FaultRule = { id: `f${this.next++}`, ...rule, hits: 0 };
    this.rules.push({ rule: full, path: rule.path ? globRegExp(rule.path) : undefined });
    return full;
  }

  list(): FaultRule[] {
    return this.rules.map((c) => ({ ...c.rule }));
  }

  /** Removes one rule (true when it existed), or all of them without an id. */
  clear(id?: string): boolean {
    if (id === undefined) {
      this.rules = [];
      return true;
    }
    const before = this.rules.length;
    this.rules = this.rules.filter((c) => c.rule.id !== id);
    return this.rules.length < before;
  }

  get size(): number {
    return this.rules.length;
  }

  /** The rule that answers this request, if one fires (counted as a hit). */
  match(method: string, path: string, endpointOf: () => string | undefined, userOf: () => string | undefined, query: Record<string, string> = {}): FaultRule | undefined {
    for (const c of this.rules) {
      const r = c.rule;
      if (r.times !== undefined && r.times <= 0) continue;
      if (r.method && r.method !== method) continue;
      if (c.path && !c.path.test(path)) continue;
      if (r.endpoint && r.endpoint !== endpointOf()) continue;
      if (r.user && r.user !== userOf()) continue;
      if (r.query && !Object.entries(r.query).every(([k, v]) => query[k] === v)) continue;
      // Let through, as if the rule were not there: a later rule may still answer.
      if (r.after !== undefined && r.after > 0) {
        r.after--;
        continue;
      }
      if (r.rate !== undefined && Math.random() >= r.rate) continue;
      if (r.times !== undefined) r.times--;
      r.hits++;
      return r;
    }
    return undefined;
  }
}
