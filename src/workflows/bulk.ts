// Per-id runs for handlers that take ID... (as execute() does for plain requests): each id in
// turn, failures reported per id on stderr, and exit 6 when some but not all ids failed.
import type { Context } from '../core/context.ts';
import { AgntError } from '../core/errors.ts';

export async function eachId<T>(ctx: Context, ids: string[], run: (id: string) => Promise<T | undefined>): Promise<{ results: T[]; failed: string[] }> {
  const results: T[] = [];
  const failed: string[] = [];
  for (const id of ids) {
    try {
      const r = await run(id);
      if (r === undefined) continue;
      results.push(r);
      if (!ctx.io.quiet && ids.length > 1) ctx.io.err(`${id}: ok`);
    } catch (e) {
      if (!(e instanceof AgntError) || e.exitCode === 130 || e.exitCode === 2 || ids.length === 1) throw e;
      failed.push(id);
      ctx.io.err(`${id}: error: ${e.message}`);
    }
  }
  return { results, failed };
}
