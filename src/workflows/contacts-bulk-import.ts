// `agnt contacts bulk-import`: one POST of the given contacts; exit 6 when some rows failed.
import type { Handler } from '../core/spec.ts';
import { requestFor } from '../core/endpoint-request.ts';
import { EXIT, UsageError } from '../core/errors.ts';
import { MAX_BATCH } from './import/run.ts';
import { escapeControls } from '../core/output.ts';

interface BulkImport {
  total?: number;
  errors?: Array<{ index?: number; email?: string; error?: string }>;
}

const handler: Handler = async (ctx, inv) => {
  const contacts = inv.body?.contacts;
  if (!Array.isArray(contacts)) throw new UsageError('contacts must be a list');
  if (contacts.length > MAX_BATCH)
    throw new UsageError(`at most ${MAX_BATCH} contacts per request, got ${contacts.length}`, 'use `agnt contacts import` (CSV), which sends any number of rows in batches');
  const res = await ctx.client().request<BulkImport>(requestFor(inv.spec.endpoint, { body: inv.body }));
  if (res.dryRun) return;
  const data = res.data;
  const errors = Array.isArray(data?.errors) ? data.errors : [];
  if (!errors.length) return { data };
  // In the JSON error form stderr is the one error object; the rows are in the result on stdout.
  if (!ctx.jsonErrors) ctx.io.err(errors.map((e) => escapeControls(`  #${e.index ?? '?'} ${e.email ?? ''}: ${e.error ?? ''}`)).join('\n'));
  return { data, exitCode: EXIT.partial, message: `${errors.length} of ${data.total ?? contacts.length} contacts refused` };
};

export default handler;
