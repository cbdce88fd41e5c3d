// Resolves a command record (the CLI face) against its endpoint in the API model: method, path,
// result key, paging, and one FieldSpec per query or body field with its type, enum, required
// and nullable marks and nested shape, with the record's overrides applied.
import type { Endpoint } from '../api/endpoint.ts';
import type { ObjectShape, Shape } from '../api/shape.ts';
import type { ArgSpec, CommandRecord, CommandSpec, FieldSpec, FieldType } from './spec.ts';

/** The flag type a shape reads as. */
export function fieldType(s: Shape): FieldType {
  switch (s.kind) {
    case 'string':
    case 'enum':
      return 'string';
    case 'integer':
    case 'number':
    case 'boolean':
    case 'any':
      return s.kind;
    case 'array':
      return s.items.kind === 'string' || s.items.kind === 'enum' ? 'string[]' : 'array';
    case 'object':
    case 'map':
      return 'object';
    case 'oneOf':
      // 'a string or a list' reads as a list flag; 'an id or a record' as a string flag.
      if (s.of.some((x) => x.kind === 'array' && (x.items.kind === 'string' || x.items.kind === 'enum'))) return 'string[]';
      if (s.of.some((x) => x.kind === 'string')) return 'string';
      return 'any';
  }
}

function enumOfShape(s: Shape): readonly string[] | undefined {
  if (s.kind === 'enum') return s.values;
  if (s.kind === 'array' && s.items.kind === 'enum') return s.items.values;
  return undefined;
}

/** The object whose fields become flags: the query for GET and DELETE, else the body (or its bodyKey). */
export function flagObject(rec: Pick<CommandRecord, 'endpoint' | 'bodyKey'>): ObjectShape | undefined {
  const e = rec.endpoint;
  const base = e.method === 'GET' || e.method === 'DELETE' ? e.query : e.body;
  if (base?.kind !== 'object') return undefined;
  if (!rec.bodyKey) return base;
  const inner = base.fields[rec.bodyKey];
  if (inner?.kind === 'map') return { kind: 'object', fields: {}, open: true };
  return inner?.kind === 'object' ? inner : undefined;
}

function nested(root: ObjectShape | undefined, dotted: string): { shape: Shape; required: boolean } | undefined {
  let cur: Shape | undefined = root;
  let required = false;
  for (const key of dotted.split('.')) {
    if (cur?.kind !== 'object') return undefined;
    required = Boolean(cur.required?.includes(key));
    cur = cur.fields[key];
  }
  return cur ? { shape: cur, required } : undefined;
}

function fromShape(name: string, shape: Shape, required: boolean): FieldSpec {
  const f: FieldSpec = { name, type: fieldType(shape), shape };
  const values = enumOfShape(shape);
  if (values) f.enum = values;
  if (required) f.required = true;
  if (shape.nullable) f.nullable = true;
  if (shape.description) f.description = shape.description;
  return f;
}

export function resolveFields(rec: CommandRecord): FieldSpec[] {
  const root = flagObject(rec);
  const overrides = new Map((rec.fields ?? []).map((o) => [o.name, o]));
  const omit = new Set(rec.omit === 'all' ? Object.keys(root?.fields ?? {}) : (rec.omit ?? []));
  const out: FieldSpec[] = [];
  for (const [name, shape] of Object.entries(root?.fields ?? {})) {
    if (omit.has(name)) continue;
    out.push({ ...fromShape(name, shape, Boolean(root?.required?.includes(name))), ...overrides.get(name) });
    overrides.delete(name);
  }
  for (const [name, o] of overrides) {
    const found = name.includes('.') ? nested(root, name) : undefined;
    if (found) out.push({ ...fromShape(name, found.shape, found.required), flag: name.split('.').pop(), ...o });
    else if (o.type) out.push({ ...o, type: o.type });
    else throw new Error(`${rec.command}: field '${name}' is not in ${rec.endpoint.id} (give it a type if it is a flag of its own)`);
  }
  return out;
}

function resolveArgs(e: Endpoint, args: ArgSpec[] | undefined): ArgSpec[] {
  const list: ArgSpec[] = args ?? Object.keys(e.params).map((name) => ({ name }));
  return list.map((a) => {
    const s = e.params[a.name];
    if (!s) return a;
    const values = enumOfShape(s);
    return { ...a, description: a.description ?? s.description, resource: a.resource ?? s.idOf, enum: a.enum ?? values };
  });
}

/** A command record resolved against its endpoint. */
export function resolveCommand(rec: CommandRecord): CommandSpec {
  const e = rec.endpoint;
  const root = flagObject(rec);
  return {
    ...rec,
    method: e.method,
    path: e.path,
    args: resolveArgs(e, rec.args),
    fields: resolveFields(rec),
    resultKey: rec.resultKey ?? e.resultKey,
    envelope: e.envelope === 'none' ? 'none' : 'auto',
    // The documented result may be null (the workspace profile before its first run).
    nullable: Boolean(e.result?.nullable),
    list: rec.list ?? Boolean(e.paging),
    openBody: Boolean(root?.open),
    public: e.public,
  };
}
