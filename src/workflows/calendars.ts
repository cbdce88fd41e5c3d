// `calendars events`: local times in the range are read in --timezone (or the user's zone).
import type { Handler } from '../core/spec.ts';
import { requestFor } from '../core/endpoint-request.ts';
import { UsageError } from '../core/errors.ts';
import { iso, looksAbsolute, parseWhen, resolveZone, validZone } from '../core/time.ts';

export const events: Handler = async (ctx, inv) => {
  const q: Record<string, unknown> = { ...inv.query };
  if (typeof q.timezone === 'string' && !validZone(q.timezone)) throw new UsageError(`--timezone: '${q.timezone}' is not an IANA time zone (e.g. Europe/Paris)`);
  const local = (['startsAt', 'endsAt'] as const).filter((k) => typeof q[k] === 'string' && !looksAbsolute(q[k]));
  if (local.length) {
    const tz = typeof q.timezone === 'string' ? q.timezone : await resolveZone(ctx, undefined);
    for (const k of local) q[k] = iso(parseWhen(String(q[k]), tz, Date.now(), { endOfDay: k === 'endsAt', flag: k === 'startsAt' ? '--starts-at' : '--ends-at' }));
  }
  const res = await ctx.client().request<unknown[]>(requestFor(inv.spec.endpoint, { params: inv.args, query: q }));
  if (res.dryRun) return;
  return { data: res.data ?? [] };
};
