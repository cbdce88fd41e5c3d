// Times for people: '2026-12-01 09:00 EST' in the user's zone (or UTC with --utc). JSON keeps
// the API's ISO 8601 times; only the human renderings go through here.
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { formatLocal, resolveZone } from '../core/time.ts';

/** --utc, else --tz, else the user's timezone (GET /users/me, or `knownZone` when already read), else the machine's. */
export async function displayZone(ctx: Context, opts: Record<string, unknown>, knownZone?: string): Promise<string> {
  if (opts.utc && opts.tz) throw new UsageError('give --tz or --utc, not both');
  if (opts.utc) return 'UTC';
  if (typeof opts.tz === 'string' || !knownZone) return resolveZone(ctx, opts.tz);
  return knownZone;
}

function abbreviation(ms: number, tz: string): string {
  if (tz === 'UTC') return 'UTC';
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName');
    return part?.value ?? tz;
  } catch {
    return tz;
  }
}

/** '2026-12-01 09:00 EST'; '' for a missing time; the text itself when it is not a time. */
export function zoned(value: unknown, tz: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = typeof value === 'number' ? value : Date.parse(String(value));
  if (Number.isNaN(ms)) return String(value);
  return `${formatLocal(ms, tz)} ${abbreviation(ms, tz)}`;
}
