// The first problem of a value against a shape, as the sandbox's preferences area reports it.
// (Kept for the sandbox until it validates requests from the model itself: issue 13's sandbox part.)
import { check as checkShape, describeProblem, type Shape } from '../api/shape.ts';

/** The first mismatch between a value and a shape, as 'path: problem', or undefined. */
export function check(value: unknown, shape: Shape, path: string): string | undefined {
  const first = checkShape(shape, value, { path })[0];
  return first && describeProblem(first);
}
