import { endpointAt } from '../api/index.ts';
import { UsageError } from '../core/errors.ts';
import type { Context } from '../core/context.ts';
import type { Method } from '../core/http.ts';
import { parseAssignment, readStructured, setDotted, typedValue } from '../core/input.ts';
import type { Outcome } from '../core/outcome.ts';
import { paginate } from '../core/paginate.ts';
import { present } from '../core/present.ts';
import { pagingProgress } from '../core/progress.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export async function api(ctx: Context, rawMethod: unknown, rawPath: unknown, rawOpts: unknown): Promise<void> {
  const opts = rawOpts as { field?: string[]; rawField?: string[]; file?: string; paginate?: boolean };
  const method = String(rawMethod).toUpperCase() as Method;
  if (!METHODS.includes(method)) throw new UsageError(`invalid method '${rawMethod}' (allowed: ${METHODS.join(', ')})`);
  const path = String(rawPath);
  if (/\{[^}]*\}/.test(path)) throw new UsageError(`fill in the path parameters of '${path}'`);
  const fields: Record<string, unknown> = {};
  for (const f of opts.field ?? []) {
    const [k, v] = parseAssignment(f, '-F');
    setDotted(fields, k, v.startsWith('@') ? await readStructured(v.slice(1), () => ctx.io.readStdin()) : typedValue(v));
  }
  for (const f of opts.rawField ?? []) {
    const [k, v] = parseAssignment(f, '-f');
    setDotted(fields, k, v);
  }
  const inQuery = method === 'GET' || method === 'DELETE';
  let body: unknown;
  if (opts.file !== undefined) {
    if (inQuery) throw new UsageError(`--file sends a body, which ${method} does not take`);
    body = await readStructured(opts.file, () => ctx.io.readStdin());
  }
  if (!inQuery && Object.keys(fields).length) {
    if (body !== undefined && (typeof body !== 'object' || Array.isArray(body) || body === null)) throw new UsageError('fields can only be merged into an object body');
    body = { ...((body as object) ?? {}), ...fields };
  }
  const client = ctx.client();
  const request = { method, path, query: inQuery ? fields : undefined, body, envelope: 'auto' as const };
  // JSON unless -o says otherwise, as `gh api` prints: pretty on a terminal, compact in a pipe.
  const outcome: Outcome = { format: 'json' };
  if (opts.paginate) {
    if (method !== 'GET') throw new UsageError('--paginate works with GET');
    // How the list pages (page/perPage, or the limit/before cursor) is the model's, found by path.
    const endpoint = await endpointAt(method, path);
    outcome.pages = {
      walk: (onPage) => {
        const shown = pagingProgress(ctx.io, client, true);
        return paginate(shown.client, { ...request, endpoint }, { all: true, perPage: typeof fields.perPage === 'number' ? fields.perPage : undefined }, (items) => {
          shown.add(items.length);
          return onPage(items);
        }).finally(() => shown.end());
      },
    };
  } else {
    const res = await client.request({ ...request, envelope: 'none' });
    if (res.dryRun) return;
    outcome.data = res.body;
  }
  await present(ctx, { command: `${method} ${path}` }, outcome);
}
