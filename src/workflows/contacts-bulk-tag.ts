// `contacts bulk-tag`: ids may come from stdin, and ids the server could not tag are reported
// one per line on stderr with exit code 6 (partial failure).
import type { Handler } from '../core/spec.ts';
import { requestFor } from '../core/endpoint-request.ts';
import { EXIT } from '../core/errors.ts';
import { escapeControls } from '../core/output.ts';
import { readIdsFromStdin } from '../core/input.ts';

interface BulkTag {
  updated?: number;
  total?: number;
  failed?: Array<{ id?: string; reason?: string }>;
}

const handler: Handler = async (ctx, inv) => {
  const body = { ...(inv.body ?? {}) };
  const ids = (body.ids as string[] | undefined) ?? [];
  if (ids.includes('-')) body.ids = [...ids.filter((x) => x !== '-'), ...(await readIdsFromStdin(() => ctx.io.readStdin()))];
  if (ids.includes('-') && !(body.ids as string[]).length) {
    // Nothing matched upstream in the pipe: nothing to tag, and not an error.
    ctx.io.err('no ids on standard input; nothing to do');
    return;
  }
  const res = await ctx.client().request(requestFor(inv.spec.endpoint, { body }));
  if (res.dryRun) return;
  const data = res.data as BulkTag;
  const failed = data.failed ?? [];
  if (!ctx.jsonErrors) for (const f of failed) ctx.io.err(escapeControls(`${f.id ?? '?'}: error: ${f.reason ?? 'failed'}`));
  const text = escapeControls(
    `updated ${data.updated ?? 0} of ${data.total ?? (body.ids as string[]).length} contacts${failed.length ? `; ${failed.length} failed: ${failed.map((f) => f.id).join(', ')}` : ''}`,
  );
  if (!failed.length) return { data, text };
  return { data, text, exitCode: EXIT.partial, message: `${failed.length} of ${data.total ?? '?'} contacts were not tagged` };
};

export default handler;
