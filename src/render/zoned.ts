// Times for people: '2026-12-01 09:00 EST' in the user's zone (or UTC with --utc). JSON keeps
// the API's ISO 8601 times; only the human renderings go through here.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { resolveZone } from '../core/time.ts';
export { zoned } from '../core/wall-clock.ts';

/** --utc, else --tz, else the user's timezone (GET /users/me, or `knownZone` when already read), else the machine's. */
export async function displayZone(ctx: Context, opts: Record<string, unknown>, knownZone?: string): Promise<string> {
  if (opts.utc && opts.tz) throw new UsageError('give --tz or --utc, not both');
  if (opts.utc) return 'UTC';
  if (typeof opts.tz === 'string' || !knownZone) return resolveZone(ctx, opts.tz);
  return knownZone;
}
