// Sends a preferences request after checking its body against the nested shapes of 2.9 to 2.11:
// the builder checks only top-level keys, and these bodies are usually whole YAML files.
import type { Handler } from '../core/spec.ts';
import { UsageError } from '../core/errors.ts';
import { check as checkShape, describeProblem, type Shape } from '../api/shape.ts';
import { reminderPreferences, schedulingPreferences } from '../api/common.ts';
import { matrixPatch, recipientException } from '../api/supervision.ts';

const SHAPES: Record<string, { key?: string; shape: Shape }> = {
  'preferences scheduling set': { key: 'schedulingPreferences', shape: schedulingPreferences },
  'preferences reminders update': { key: 'preferences', shape: reminderPreferences },
  'preferences matrix patch': { key: 'matrix', shape: matrixPatch },
  // The exception as the server returns it: a file read back from `-o yaml` may carry id and createdAt.
  'preferences exceptions add': { shape: recipientException },
};

/** The first mismatch between a value and a shape, as 'path: problem', or undefined. */
export function check(value: unknown, shape: Shape, path: string): string | undefined {
  const first = checkShape(shape, value, { path })[0];
  return first && describeProblem(first);
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
