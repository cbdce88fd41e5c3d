// A coverage span's principal rows (who is handed over, to which backup). The span record does
// not carry them: they come from GET /coverage-spans/{spanId}/principals, one request per span,
// a few spans at a time.
import type { Context } from '../core/context.ts';
import { endpointRequest } from '../core/endpoint-request.ts';
import { escapeControls } from '../core/output.ts';
import { paginate } from '../core/paginate.ts';
import { CONNECTIONS } from '../core/http.ts';

type Rec = Record<string, any>;

/**
 * Spans whose principals are fetched at once: as many as the HTTP core sends at once (the pages
 * of the walk that finds the spans go ahead of them in its queue). With a 20 ms round trip, 4 at
 * a time made a 1,000-span inbox take 14 s.
 */
export const PRINCIPAL_FETCHES = CONNECTIONS;

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
