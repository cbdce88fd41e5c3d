// `agnt changes list|show|prune`: the profile's change journal (src/core/change-journal.ts) read
// back. Nothing here sends a request.
import { isDeepStrictEqual } from 'node:util';
import { type ChangeRequest, type ChangeSet, changeSetFiles, changeSetTime, isChangeSetId, journalDir, pruneChangeSets, readChangeSetFile } from '../core/change-journal.ts';
import type { Context } from '../core/context.ts';
import { durationFlag, durationMs } from '../core/duration.ts';
import { AgntError, EXIT, UsageError } from '../core/errors.ts';
import type { Outcome } from '../core/outcome.ts';
import { DEFAULT_RETENTION_DAYS } from '../core/journal-hook.ts';

/** The journal folder of the run's profile (no server or token needed). */
export function profileJournal(ctx: Context): string {
  return journalDir(ctx.settings().profile.name);
}

/** What became of a request: answered, failed, or unknown (the run stopped before the answer). */
export type RequestState = 'done' | 'failed' | 'in-flight';

export function stateOf(r: ChangeRequest): RequestState {
  if (!r.outcome) return 'in-flight';
  if (r.outcome.error === undefined) return 'done';
  // An error with no answer (a lost connection, a time-out) may have reached the server.
  return r.outcome.status === undefined ? 'in-flight' : 'failed';
}

/** A change set by id, with its unreadable lines noted on stderr. */
export function loadChangeSet(ctx: Context, id: string): ChangeSet {
  if (!isChangeSetId(id)) throw new UsageError(`'${id}' is not a change set id`, 'ids look like chg_20260101T120000Z_a1b2c3: see `agnt changes list`');
  const file = changeSetFiles(profileJournal(ctx)).find((f) => f.id === id)?.file;
  const set = file ? readChangeSetFile(file) : undefined;
  if (!set) throw new AgntError(`no change set ${id} in profile '${ctx.settings().profile.name}'`, EXIT.notFound, 'see `agnt changes list`');
  if (set.skipped.length) ctx.io.err(`note: ${id}: skipped unreadable line${set.skipped.length > 1 ? 's' : ''} ${set.skipped.join(', ')}`);
  return set;
}

/** --since: a duration back from now (7d) or a time (2026-01-31, ISO). */
function sinceFlag(text: string): Date {
  const t = Date.parse(text);
  if (!Number.isNaN(t) && /^\d{4}-\d{2}-\d{2}/.test(text)) return new Date(t);
  return new Date(Date.now() - durationMs(durationFlag(text, '--since')));
}

export async function list(ctx: Context, opts: { since?: string; command?: string; user?: string }): Promise<Outcome> {
  const since = opts.since !== undefined ? sinceFlag(opts.since) : undefined;
  const rows: Record<string, unknown>[] = [];
  const notes: string[] = [];
  for (const { id, file } of changeSetFiles(profileJournal(ctx))) {
    let set: ChangeSet | undefined;
    try {
      set = readChangeSetFile(file);
    } catch (e: any) {
      if (e.code === 'ENOENT') continue; // pruned meanwhile
      throw e;
    }
    if (!set) {
      notes.push(`note: ${id}: no header line, skipped`);
      continue;
    }
    const h = set.header;
    if (since && changeSetTime(id) < since) break; // newest first: the rest are older
    if (opts.command && !h.command.includes(opts.command)) continue;
    if (opts.user && h.user !== opts.user) continue;
    const states = set.requests.map(stateOf);
    rows.push({
      id,
      at: h.at,
      command: h.command,
      user: h.user ?? null,
      session: h.session ?? null,
      writes: set.requests.length,
      failed: states.filter((s) => s === 'failed').length,
      inFlight: states.filter((s) => s === 'in-flight').length,
      undoes: h.undoes ?? null,
    });
  }
  return {
    data: rows,
    columns: [{ path: 'id' }, { path: 'at' }, { path: 'writes' }, { path: 'failed' }, { path: 'inFlight', header: 'IN FLIGHT' }, { path: 'user' }, { path: 'command' }],
    empty: 'no change sets',
    notes,
  };
}

/** One request of a change set, field by field. */
export function describeRequest(r: ChangeRequest): Record<string, unknown> {
  const { intent, outcome } = r;
  const state = stateOf(r);
  const before = intent.before;
  const after = outcome?.after;
  const fields: Array<{ field: string; before: unknown; after: unknown }> = [];
  if (intent.method === 'DELETE') {
    fields.push({ field: '(record)', before: before ?? '(not read)', after: state === 'done' ? '(deleted)' : '(unknown)' });
  } else if (intent.method === 'POST' && before === undefined) {
    const id = after && typeof after === 'object' ? (after as Record<string, unknown>).id : undefined;
    fields.push({ field: '(record)', before: '(none)', after: state === 'done' ? (id ?? after ?? null) : '(unknown)' });
  } else if (intent.body && typeof intent.body === 'object') {
    for (const [field, sent] of Object.entries(intent.body as Record<string, unknown>)) {
      const was = before && typeof before === 'object' ? (before as Record<string, unknown>)[field] : before === null ? null : '(not read)';
      const now = after && typeof after === 'object' && field in after ? (after as Record<string, unknown>)[field] : sent;
      if (state === 'done' && isDeepStrictEqual(was, now)) continue;
      fields.push({ field, before: was, after: now });
    }
  }
  return {
    n: intent.n,
    method: intent.method,
    target: intent.target,
    endpoint: intent.endpoint ?? null,
    state,
    status: outcome?.status ?? null,
    ...(outcome?.error ? { error: outcome.error } : {}),
    fields,
  };
}

const show1 = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export async function show(ctx: Context, id: string): Promise<Outcome> {
  const set = loadChangeSet(ctx, id);
  const requests = set.requests.map(describeRequest);
  const h = set.header;
  const lines = [
    `${h.id}  ${h.at}`,
    `  command  ${h.command}`,
    ...(h.user ? [`  user     ${h.user}`] : []),
    ...(h.session ? [`  session  ${h.session}`] : []),
    ...(h.undoes ? [`  undoes   ${h.undoes}`] : []),
    `  server   ${h.baseUrl}`,
  ];
  for (const r of requests) {
    const state = r.state === 'in-flight' ? 'IN FLIGHT (may have reached the server)' : r.state === 'failed' ? `failed ${r.status}: ${r.error}` : String(r.status);
    lines.push('', `#${r.n} ${r.method} ${r.target}  ${state}`);
    for (const f of r.fields as Array<{ field: string; before: unknown; after: unknown }>) lines.push(`    ${f.field}: ${show1(f.before)} -> ${show1(f.after)}`);
  }
  return { data: { ...h, requests }, text: `${lines.join('\n')}\n`, lines: requests };
}

export async function prune(ctx: Context, opts: { olderThan?: string }): Promise<Outcome> {
  const age = opts.olderThan !== undefined ? durationMs(durationFlag(opts.olderThan, '--older-than')) : DEFAULT_RETENTION_DAYS * 86_400_000;
  const removed = pruneChangeSets(profileJournal(ctx), new Date(Date.now() - age));
  return { data: { removed }, notes: [`removed ${removed} change set${removed === 1 ? '' : 's'}`] };
}
