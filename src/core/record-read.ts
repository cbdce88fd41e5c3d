// Reads the one record a write changes, the way the model says it can be read (src/api/inverse.ts
// Reader): a GET of its path, the item of a list, or the record inside what an ancestor answers.
// The change journal reads it before a write; `agnt undo` reads it again to check each field.
import type { Reader } from '../api/inverse.ts';
import type { Requester } from './request-spec.ts';

const PER_PAGE = 100;

/** A concrete path's parameters by a template's names (template '/teams/{teamId}' and that path with t1 in it: {teamId: 't1'}). */
export function paramsOf(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/');
  const p = path.split('?')[0]!.split('/');
  if (t.length !== p.length) return undefined;
  const out: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const name = /^\{(\w+)\}$/.exec(t[i]!)?.[1];
    if (name) out[name] = decodeURIComponent(p[i]!);
    else if (t[i] !== p[i]) return undefined;
  }
  return out;
}

const matches = (item: unknown, names: string[], params: Record<string, string>): boolean =>
  Boolean(item) &&
  typeof item === 'object' &&
  names.every((n) => {
    const rec = item as Record<string, unknown>;
    return rec[n] === params[n] || (names.length === 1 && rec.id === params[n]);
  });

/** The record, or null when it is not there (a 404, or no such item). */
export async function readRecord(client: Requester, reader: Reader, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const e = reader.endpoint;
  const own: Record<string, string> = {};
  for (const name of Object.keys(e.params)) if (params[name] !== undefined) own[name] = params[name]!;
  const base = { method: 'GET' as const, path: e.path, params: own, resultKey: e.resultKey, envelope: e.envelope === 'none' ? ('none' as const) : ('auto' as const), signal, readInDryRun: true };
  const key = reader.key ?? (reader.pick?.length === 1 && 'param' in reader.pick[0]! && e.paging ? reader.pick[0].param : undefined);
  if (key) {
    // A list: page through it until the item turns up.
    const names = key.split(',');
    for (let page = 1; ; page++) {
      const res = await client.request<unknown[]>({ ...base, query: { page, perPage: PER_PAGE } });
      const items = Array.isArray(res.data) ? res.data : [];
      const found = items.find((item) => matches(item, names, params));
      if (found) return found;
      const total = res.meta.total ?? 0;
      if (items.length < PER_PAGE || page * PER_PAGE >= total) return null;
    }
  }
  let at: unknown = (await client.request(base)).data;
  for (const step of reader.pick ?? []) {
    if (at === null || at === undefined) return null;
    if ('field' in step) at = (at as Record<string, unknown>)[step.field];
    else if ('fields' in step)
      at = step.fields.flatMap((f) => {
        const side = (at as Record<string, unknown>)[f];
        return Array.isArray(side) ? side : [];
      });
    else at = Array.isArray(at) ? (at.find((item) => matches(item, step.param.split(','), params)) ?? null) : null;
  }
  return at ?? null;
}

/**
 * The records of a list whose fields equal every plain value `sent` holds (what a create that never
 * heard back may have made), made at or after `since` where the record says when it was made.
 */
export async function findMade(
  client: Requester,
  list: Reader['endpoint'],
  params: Record<string, string>,
  sent: Record<string, unknown>,
  since: number,
  signal?: AbortSignal,
): Promise<Array<Record<string, unknown>>> {
  const own: Record<string, string> = {};
  for (const name of Object.keys(list.params)) if (params[name] !== undefined) own[name] = params[name]!;
  const plain = Object.entries(sent).filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  if (!plain.length) return [];
  const found: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const res = await client.request<unknown[]>({ method: 'GET', path: list.path, params: own, query: { page, perPage: PER_PAGE }, resultKey: list.resultKey, signal, readInDryRun: true });
    const items = (Array.isArray(res.data) ? res.data : []) as Array<Record<string, unknown>>;
    for (const item of items) {
      const made = typeof item.createdAt === 'string' ? Date.parse(item.createdAt) : Number.NaN;
      if (plain.every(([k, v]) => item[k] === v) && !(made < since)) found.push(item);
    }
    if (items.length < PER_PAGE || page * PER_PAGE >= (res.meta.total ?? 0)) return found;
  }
}
