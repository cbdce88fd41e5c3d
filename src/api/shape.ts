// The one shape language of the platform API: request bodies, query parameters, path
// parameters and results are all described with it, for the CLI (flags, local checks, help),
// the sandbox (request validation) and the OpenAPI document alike. Plain data plus a small
// validator; nothing here knows about commander or HTTP servers.

/** What a string means, beyond being a string (help, completion, OpenAPI `format`). */
export type Hint = 'timestamp' | 'date' | 'email' | 'url' | 'time-zone' | 'phone';

export interface Marks {
  /** null is a valid value. */
  nullable?: boolean;
  /**
   * Set by the server (ids, account, timestamps, state stamps, counters): never sent. A value read
   * back from `get -o yaml` may carry it; the CLI drops it with a note instead of refusing.
   */
  serverSet?: boolean;
  /** A credential: never printed in logs, dry runs or errors. */
  secret?: boolean;
  hint?: Hint;
  /** The value is the id of a record of this resource ('users', 'teams'). */
  idOf?: string;
  description?: string;
  /** Accepted and ignored by the server. */
  deprecated?: boolean;
}

export type Shape =
  | (Marks & { kind: 'string' })
  | (Marks & { kind: 'integer' })
  | (Marks & { kind: 'number' })
  | (Marks & { kind: 'boolean' })
  | (Marks & { kind: 'enum'; values: readonly string[] })
  | ObjectShape
  | (Marks & { kind: 'array'; items: Shape })
  /** An object whose keys are free and whose values share one shape. */
  | (Marks & { kind: 'map'; values: Shape })
  | (Marks & { kind: 'any' })
  /** One of several shapes (an id or an expanded record; a string or a list of strings). */
  | (Marks & { kind: 'oneOf'; of: readonly Shape[] });

export interface ObjectShape extends Marks {
  kind: 'object';
  fields: Readonly<Record<string, Shape>>;
  required?: readonly string[];
  /** Keys beyond `fields` are allowed (the spec leaves the object's inner fields open). */
  open?: boolean;
}

export type Kind = Shape['kind'];

// ---- constructors -------------------------------------------------------------------------

export const str = (m: Marks = {}): Shape => ({ kind: 'string', ...m });
export const int = (m: Marks = {}): Shape => ({ kind: 'integer', ...m });
export const num = (m: Marks = {}): Shape => ({ kind: 'number', ...m });
export const bool = (m: Marks = {}): Shape => ({ kind: 'boolean', ...m });
export const any = (m: Marks = {}): Shape => ({ kind: 'any', ...m });
export const enumOf = (values: readonly string[], m: Marks = {}): Shape => ({ kind: 'enum', values, ...m });
export const arr = (items: Shape, m: Marks = {}): Shape => ({ kind: 'array', items, ...m });
export const map = (values: Shape, m: Marks = {}): Shape => ({ kind: 'map', values, ...m });
export const oneOf = (of: readonly Shape[], m: Marks = {}): Shape => ({ kind: 'oneOf', of, ...m });
export const obj = (fields: Record<string, Shape>, opts: Marks & { required?: readonly string[]; open?: boolean } = {}): ObjectShape => ({
  kind: 'object',
  fields,
  ...opts,
});
/** An object whose inner fields the spec does not show: any keys. */
export const openObj = (m: Marks = {}): ObjectShape => ({ kind: 'object', fields: {}, open: true, ...m });

/** The same shape, with null allowed. */
export const nul = <S extends Shape>(s: S): S => ({ ...s, nullable: true });
/** The same shape, set by the server. */
export const ro = <S extends Shape>(s: S): S => ({ ...s, serverSet: true });
export const secret = <S extends Shape>(s: S): S => ({ ...s, secret: true });
export const described = <S extends Shape>(s: S, description: string): S => ({ ...s, description });

export const strs = (m: Marks = {}): Shape => arr(str(), m);
export const timestamp = (m: Marks = {}): Shape => str({ hint: 'timestamp', ...m });
export const email = (m: Marks = {}): Shape => str({ hint: 'email', ...m });
export const url = (m: Marks = {}): Shape => str({ hint: 'url', ...m });
export const idOf = (resource: string, m: Marks = {}): Shape => str({ idOf: resource, ...m });
/** A reference to another record: its id, or the record expanded (part 1, 2.0). */
export const ref = (resource: string, m: Marks = {}): Shape => oneOf([str({ idOf: resource }), openObj()], m);

/** Server-set id, account and timestamps every record carries. */
export const recordId = (resource: string): Shape => ro(str({ idOf: resource }));
export const stamp = (m: Marks = {}): Shape => ro(timestamp(m));

// ---- validation ---------------------------------------------------------------------------

export interface Problem {
  /** Dotted path with [i] for list items: 'saml.entityId', 'principals[0].principal'. */
  path: string;
  message: string;
}

export interface CheckOptions {
  /** Keys an object does not list: 'error' (the CLI) or 'ignore' (the server, as the platform does). */
  unknown?: 'error' | 'ignore';
  /** Skip the top-level `required` list (the rest of the body may come from flags). */
  partial?: boolean;
  /** Where the value sits, prefixed to every path. */
  path?: string;
}

/** The value, as an error message shows it: scalars as JSON, containers by kind. */
function shown(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return JSON.stringify(v) ?? String(v);
}

/** What the shape expects, in words for an error message ('a string', 'one of: a, b'). */
export function expected(s: Shape): string {
  switch (s.kind) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of: ${s.values.join(', ')}${s.nullable ? ', null' : ''}`;
    case 'array':
      return s.items.kind === 'string' ? 'a list of strings' : 'a list';
    case 'object':
    case 'map':
      return 'an object';
    case 'oneOf':
      return s.of.map(expected).join(' or ');
    case 'any':
      return 'a value';
  }
}

const join = (base: string, key: string): string => (base ? `${base}.${key}` : key);

/** The value is of the shape's broad kind (a string for a string or an enum, a list for a list...). */
function kindMatches(s: Shape, v: unknown): boolean {
  switch (s.kind) {
    case 'string':
    case 'enum':
      return typeof v === 'string';
    case 'integer':
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
    case 'map':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return true;
  }
}

function walk(s: Shape, v: unknown, path: string, o: CheckOptions, out: Problem[]): void {
  if (v === null) {
    if (!s.nullable && s.kind !== 'any') out.push({ path, message: `must be ${expected(s)}, not null` });
    return;
  }
  const bad = (): void => {
    out.push({ path, message: `must be ${expected(s)}, got ${shown(v)}` });
  };
  switch (s.kind) {
    case 'any':
      return;
    case 'string':
      if (typeof v !== 'string') bad();
      return;
    case 'integer':
      if (!Number.isInteger(v)) bad();
      return;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) bad();
      return;
    case 'boolean':
      if (typeof v !== 'boolean') bad();
      return;
    case 'enum':
      if (typeof v !== 'string' || !s.values.includes(v))
        out.push({ path, message: `invalid value ${typeof v === 'string' ? `'${v}'` : shown(v)} (allowed: ${s.values.join(', ')}${s.nullable ? ', null' : ''})` });
      return;
    case 'array':
      if (!Array.isArray(v)) {
        bad();
        return;
      }
      for (const [i, x] of v.entries()) walk(s.items, x, `${path}[${i}]`, o, out);
      return;
    case 'map':
      if (typeof v !== 'object' || Array.isArray(v)) {
        bad();
        return;
      }
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(s.values, x, join(path, k), o, out);
      return;
    case 'oneOf': {
      const trials: Problem[][] = [];
      for (const alt of s.of) {
        const trial: Problem[] = [];
        walk(alt, v, path, o, trial);
        if (!trial.length) return;
        trials.push(trial);
      }
      // When one alternative is of the value's kind (an object among a string and an object),
      // its own problems say more than 'must be a string or an object'.
      const sameKind = s.of.map((alt, i) => [alt, trials[i]!] as const).filter(([alt]) => kindMatches(alt, v));
      if (sameKind.length === 1) out.push(...sameKind[0]![1]);
      else bad();
      return;
    }
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) {
        bad();
        return;
      }
      const rec = v as Record<string, unknown>;
      for (const [k, x] of Object.entries(rec)) {
        const f = s.fields[k];
        if (f) {
          if (x !== undefined) walk(f, x, join(path, k), o, out);
        } else if (!s.open && o.unknown !== 'ignore') {
          // Named on its object's path, so that a typo reads 'voice: unknown field 'colour' (allowed: ...)'.
          const known = Object.keys(s.fields);
          out.push({ path, message: `unknown field '${k}'${known.length ? ` (allowed: ${known.join(', ')})` : ''}` });
        }
      }
      // After the keys present: a typo ('colour') explains a missing key better than 'is required'.
      const root = path === (o.path ?? '');
      if (!(o.partial && root)) for (const r of s.required ?? []) if (rec[r] === undefined) out.push({ path: join(path, r), message: 'is required' });
      return;
    }
  }
}

/** Every problem of `value` against `shape`; empty when it fits. */
export function check(shape: Shape, value: unknown, options: CheckOptions = {}): Problem[] {
  const out: Problem[] = [];
  walk(shape, value, options.path ?? '', options, out);
  return out;
}

/** 'saml.entityId: must be a string, got 5' (or the message alone for the value itself). */
export function describeProblem(p: Problem): string {
  return p.path ? `${p.path}: ${p.message}` : p.message;
}

// ---- server-set and secret fields ---------------------------------------------------------

/**
 * The shape a dotted path (`address.city`, `routingOverrides.0.channel`) reaches inside `shape`,
 * or undefined where the model does not say (an open object, a path it does not know).
 */
export function shapeAt(shape: Shape, path: string): Shape | undefined {
  let at: Shape | undefined = shape;
  for (const key of path.split('.')) {
    if (!at) return undefined;
    if (at.kind === 'oneOf') at = at.of.find((s) => s.kind === 'object' && key in s.fields);
    if (!at) return undefined;
    if (at.kind === 'object') at = at.fields[key];
    else if (at.kind === 'map') at = at.values;
    else if (at.kind === 'array' && /^\d+$/.test(key)) at = at.items;
    else return undefined;
  }
  return at;
}

/**
 * A copy of `value` without the fields `shape` marks server-set, at any depth, and the paths it
 * dropped. Used when a record read back from a file is sent as an update.
 */
export function stripServerSet(shape: Shape, value: unknown, path = ''): { value: unknown; removed: string[] } {
  const removed: string[] = [];
  const go = (s: Shape, v: unknown, p: string): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (s.kind === 'array' && Array.isArray(v)) return v.map((x, i) => go(s.items, x, `${p}[${i}]`));
    if (s.kind === 'map' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, go(s.values, x, join(p, k))]));
    if (s.kind !== 'object' || Array.isArray(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const f = s.fields[k];
      if (f?.serverSet) {
        removed.push(join(p, k));
        continue;
      }
      out[k] = f ? go(f, x, join(p, k)) : x;
    }
    return out;
  };
  return { value: go(shape, value, path), removed };
}

/** Dotted paths (with [] for list items and * for map values) of the fields marked secret. */
export function secretPaths(shape: Shape, path = ''): string[] {
  const out: string[] = [];
  const go = (s: Shape, p: string) => {
    if (s.secret) out.push(p);
    if (s.kind === 'object') for (const [k, f] of Object.entries(s.fields)) go(f, join(p, k));
    else if (s.kind === 'array') go(s.items, `${p}[]`);
    else if (s.kind === 'map') go(s.values, join(p, '*'));
    else if (s.kind === 'oneOf') for (const alt of s.of) go(alt, p);
  };
  go(shape, path);
  return [...new Set(out)];
}

/** The shape without its server-set fields, at any depth: what a client may send. */
export function writable(shape: Shape): Shape {
  switch (shape.kind) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(shape.fields)
          .filter(([, f]) => !f.serverSet)
          .map(([k, f]) => [k, writable(f)]),
      );
      return { ...shape, fields, required: shape.required?.filter((r) => r in fields) };
    }
    case 'array':
      return { ...shape, items: writable(shape.items) };
    case 'map':
      return { ...shape, values: writable(shape.values) };
    default:
      return shape;
  }
}

/** An object shape keeping only `keys` (in that order) of another. */
export function pick(shape: ObjectShape, keys: readonly string[], opts: { required?: readonly string[] } = {}): ObjectShape {
  const fields: Record<string, Shape> = {};
  for (const k of keys) {
    const f = shape.fields[k];
    if (!f) throw new Error(`pick: no field '${k}'`);
    fields[k] = f;
  }
  return { kind: 'object', fields, required: opts.required };
}
