// Sends a preferences request after checking its body against the nested shapes of 2.9 to 2.11:
// the builder checks only top-level keys, and these bodies are usually whole YAML files.
import type { Handler } from '../core/spec.ts';
import { UsageError } from '../core/errors.ts';
import { exception, matrix, reminders, scheduling, type Shape } from '../api/preferences-shapes.ts';

const SHAPES: Record<string, { key?: string; shape: Shape }> = {
  'preferences scheduling set': { key: 'schedulingPreferences', shape: scheduling },
  'preferences reminders update': { key: 'preferences', shape: reminders },
  'preferences matrix patch': { key: 'matrix', shape: matrix },
  'preferences exceptions add': { shape: exception },
};

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return JSON.stringify(v);
}

/** The first mismatch between a value and a shape, as 'path: problem', or undefined. */
export function check(value: unknown, shape: Shape, path: string): string | undefined {
  if (typeof shape === 'string') {
    const ok =
      shape === 'any' ||
      (shape === 'string' && typeof value === 'string') ||
      (shape === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
      (shape === 'integer' && Number.isInteger(value)) ||
      (shape === 'boolean' && typeof value === 'boolean') ||
      (shape === 'string[]' && Array.isArray(value) && value.every((x) => typeof x === 'string'));
    return ok ? undefined : `${path}: must be ${shape === 'string[]' ? 'a list of strings' : `a ${shape}`}, got ${describe(value)}`;
  }
  if ('enum' in shape) {
    const shown = typeof value === 'string' ? `'${value}'` : describe(value);
    return shape.enum.includes(value as string) ? undefined : `${path}: invalid value ${shown} (allowed: ${shape.enum.map((x) => (x === null ? 'null' : x)).join(', ')})`;
  }
  if ('nullable' in shape) return value === null ? undefined : check(value, shape.nullable, path);
  if ('array' in shape) {
    if (!Array.isArray(value)) return `${path}: must be a list, got ${describe(value)}`;
    for (const [i, item] of value.entries()) {
      const e = check(item, shape.array, `${path}[${i}]`);
      if (e) return e;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${path}: must be an object, got ${describe(value)}`;
  const obj = value as Record<string, unknown>;
  if ('record' in shape) {
    for (const [k, v] of Object.entries(obj)) {
      const e = check(v, shape.record, `${path}.${k}`);
      if (e) return e;
    }
    return undefined;
  }
  for (const r of shape.required ?? []) if (obj[r] === undefined) return `${path}.${r}: is required`;
  for (const [k, v] of Object.entries(obj)) {
    const inner = shape.object[k];
    if (!inner) return `${path}.${k}: unknown field (allowed: ${Object.keys(shape.object).join(', ')})`;
    if (v === undefined) continue;
    const e = check(v, inner, `${path}.${k}`);
    if (e) return e;
  }
  return undefined;
}

export const validated: Handler = async (ctx, inv) => {
  const { spec } = inv;
  const entry = SHAPES[spec.command];
  if (entry) {
    const body = (inv.body ?? {}) as Record<string, unknown>;
    const value = entry.key ? body[entry.key] : body;
    const problem = check(value, entry.shape, entry.key ?? 'body');
    if (problem) throw new UsageError(problem.replace(/^(\w+)\./, ''));
  }
  const res = await ctx.client().request({ method: spec.method, path: spec.path, params: inv.args, query: inv.query, body: inv.body, resultKey: spec.resultKey });
  if (res.dryRun) return;
  return { data: res.data };
};
