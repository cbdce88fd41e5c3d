// `delegations reverify`: the access health before and after a fresh provider check.
import type { Handler } from '../core/spec.ts';
import { callEndpoint, requestFor } from '../core/endpoint-request.ts';
import { eachId } from './bulk.ts';
import { escapeControls } from '../core/output.ts';

type Rec = Record<string, any>;

export const reverify: Handler = async (ctx, inv) => {
  const client = ctx.client();
  const lines: string[] = [];
  const { results, failed } = await eachId(ctx, inv.ids, async (id) => {
    let before: string | undefined;
    if (!ctx.dryRun) {
      try {
        before = (await callEndpoint<Rec>(client, 'delegations.get', { params: { id } })).data?.accessHealth;
      } catch {
        /* the reverify below reports what is wrong */
      }
    }
    const res = await client.request<Rec>(requestFor(inv.spec.endpoint, { params: { id } }));
    if (res.dryRun) return undefined;
    const d = res.data ?? {};
    const change = before && before !== d.accessHealth ? `${before} -> ${d.accessHealth}` : `${d.accessHealth} (unchanged)`;
    lines.push(
      escapeControls(
        `${d.id ?? id}  ${typeof d.principal === 'object' && d.principal ? d.principal.id : (d.principal ?? '')}  access: ${change}  checked at ${d.lastAccessCheckAt ?? '?'}  status: ${d.status ?? '?'}`,
      ),
    );
    return d;
  });
  if (ctx.dryRun) return;
  const data = inv.ids.length === 1 && !failed.length && !inv.fromStdin ? results[0] : results;
  return {
    data,
    text: lines.join('\n'),
    ...(failed.length ? { exitCode: 6, message: `${failed.length} of ${inv.ids.length} failed: ${failed.join(', ')}` } : {}),
  };
};
