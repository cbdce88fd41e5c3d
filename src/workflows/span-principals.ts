// A coverage span's principal rows (who is handed over, to which backup). The span record does
// not carry them: they come from GET /coverage-spans/{spanId}/principals, one request per span,
// a few spans at a time.
import type { Context } from '../core/context.ts';
import { endpointRequest } from '../core/endpoint-request.ts';
import { escapeControls } from '../core/output.ts';
import { paginate } from '../core/paginate.ts';

type Rec = Record<string, any>;

/** Runs `fn` over `items`, at most `limit` at once, keeping the order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function principalRows(ctx: Context, spanId: string): Promise<Rec[]> {
  const rows: Rec[] = [];
  await paginate(ctx.client(), await endpointRequest('coverage.spans.principals', { params: { spanId } }), { all: true }, (page) => rows.push(...(page as Rec[])));
  return rows;
}

const idText = (v: unknown): string => escapeControls(v && typeof v === 'object' ? String((v as Rec).id ?? '') : String(v ?? ''));

/** 'usr_principal -> usr_backup, usr_principal2 -> usr_backup' (escaped for a terminal). */
export function pairsText(rows: Rec[] | undefined): string {
  if (!rows?.length) return '';
  return rows.map((r) => `${idText(r.principal)} -> ${idText(r.backupCoordinator)}`).join(', ');
}
