// `agnt undo ID`: the inverse of each write of a change set, newest first (src/api/inverse.ts says
// what each is). Before a field is written back it is read again: a field whose live value is no
// longer what the change wrote was changed by someone since, and is refused and named (exit 7);
// the other fields are undone. A request the run never heard back from (killed, cut off) is looked
// up first and undone only where it took effect. The undo is a change set of its own, marked
// `undoes`, so undoing it redoes.
import { isDeepStrictEqual } from 'node:util';
import type { InverseRow } from '../api/inverse.ts';
import type { ChangeRequest, ChangeSet } from '../core/change-journal.ts';
import type { Context } from '../core/context.ts';
import { ApiError, EXIT } from '../core/errors.ts';
import { confirm } from '../core/io.ts';
import { runJournal } from '../core/journal-hook.ts';
import type { Outcome } from '../core/outcome.ts';
import { REDACTED } from '../core/redact.ts';
import { findMade, paramsOf, readRecord } from '../core/record-read.ts';
import type { HttpClient } from '../core/http.ts';
import { loadChangeSet, stateOf } from './changes.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface UndoStep {
  n: number;
  method: string;
  target: string;
  /** undone: sent; unchanged: nothing to undo (it failed, never arrived, or is already as before); refused: fields changed since; cannot: no inverse. */
  result: 'undone' | 'unchanged' | 'partly' | 'refused' | 'cannot';
  undone: string[];
  refused: string[];
  note?: string;
}

/** The path of a request target below the server's base path (under a base path /api/v1, its own path). */
function relative(target: string, baseUrl: string): string {
  let base = '';
  try {
    base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    // an unreadable base URL: take the target as it is
  }
  const path = target.split('?')[0]!;
  return base && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}

/** Replaces ids an earlier step changed (a team created again has a new id) in params and bodies. */
function remap<T>(value: T, ids: Map<string, string>): T {
  if (!ids.size) return value;
  if (typeof value === 'string') return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => remap(v, ids)) as T;
  if (isRec(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remap(v, ids)])) as T;
  return value;
}

/**
 * The record a write's answer holds: an answer that is the reader's whole record (PUT .../sso answers
 * the organization) is narrowed to the part the reader picks (its sso).
 */
function answerRecord(row: InverseRow, after: unknown): unknown {
  const pick = row.reader?.pick;
  if (!pick?.length || row.endpoint.result !== row.reader!.endpoint.result || !pick.every((p) => 'field' in p)) return after;
  let at = after;
  for (const p of pick as Array<{ field: string }>) at = isRec(at) ? at[p.field] : undefined;
  return at;
}

/** Equal, a masked secret in what was written standing for any value (the journal never keeps it). */
function sameAsWritten(now: unknown, wrote: unknown): boolean {
  if (wrote === REDACTED) return now !== undefined && now !== null;
  if (Array.isArray(wrote)) return Array.isArray(now) && now.length === wrote.length && wrote.every((w, i) => sameAsWritten(now[i], w));
  if (isRec(wrote)) return isRec(now) && Object.keys(now).length === Object.keys(wrote).length && Object.entries(wrote).every(([k, w]) => sameAsWritten(now[k], w));
  return isDeepStrictEqual(now, wrote);
}

const idIn = (rec: unknown, names: string[]): string | undefined => {
  if (!isRec(rec)) return undefined;
  for (const n of names) if (typeof rec[n] === 'string' && rec[n]) return rec[n] as string;
  return undefined;
};

class Undoer {
  readonly ids = new Map<string, string>();
  constructor(
    private readonly ctx: Context,
    private readonly client: HttpClient,
    private readonly set: ChangeSet,
    private readonly byId: Map<string, InverseRow>,
  ) {}

  async step(r: ChangeRequest): Promise<UndoStep> {
    const { intent } = r;
    const base: UndoStep = { n: intent.n, method: intent.method, target: intent.target, result: 'unchanged', undone: [], refused: [] };
    const state = stateOf(r);
    if (state === 'failed') return { ...base, note: `it failed (${r.outcome?.status}): nothing to undo` };
    const row = intent.endpoint ? this.byId.get(intent.endpoint) : undefined;
    if (!row?.inverse) return { ...base, result: 'cannot', note: row?.reason ?? 'not a request of the API model: agnt cannot tell what would undo it' };
    const params = remap(paramsOf(row.endpoint.path, relative(intent.target, this.set.header.baseUrl)) ?? {}, this.ids);
    const inv = row.inverse;
    if (inv.kind === 'restore') return this.restore(base, r, row, params);
    if (inv.kind === 'remove') return this.remove(base, r, row, params);
    return this.recreate(base, r, row, params);
  }

  private async live(row: InverseRow, params: Record<string, string>): Promise<unknown> {
    try {
      return await readRecord(this.client, row.reader!, params, this.ctx.signal);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  }

  private async send(via: NonNullable<InverseRow['inverse']>['via'], params: Record<string, string>, body: unknown, before: unknown) {
    const own = Object.fromEntries(Object.keys(via.params).map((k) => [k, params[k]!]));
    return this.client.request({
      method: via.method,
      path: via.path,
      params: own,
      body,
      resultKey: via.resultKey,
      envelope: via.envelope === 'none' ? 'none' : 'auto',
      endpoint: via,
      before,
      signal: this.ctx.signal,
    });
  }

  /** An update: each field it changed goes back to its value before, where it still holds what the change wrote. */
  private async restore(base: UndoStep, r: ChangeRequest, row: InverseRow, params: Record<string, string>): Promise<UndoStep> {
    const { intent, outcome } = r;
    const before = intent.before;
    const body = isRec(intent.body) ? intent.body : undefined;
    if (before === undefined) return { ...base, result: 'cannot', note: `the record before was not read${intent.unread ? ` (${intent.unread})` : ''}` };
    if (!body) return this.restoreUnsent(base, r, row, params);
    const live = await this.live(row, params);
    // The fields as the record names them; a body that wraps the record ({preferences: {...}}) is the whole record under one key.
    const wrapped = !isRec(before) || !Object.keys(body).some((k) => k in before);
    const key = Object.keys(body)[0]!;
    const fields = wrapped ? [key] : Object.keys(body);
    const fieldOf = (rec: unknown, f: string) => (wrapped ? rec : isRec(rec) ? rec[f] : undefined);
    const after = answerRecord(row, outcome?.after);
    const out: Rec = {};
    const step = { ...base };
    for (const f of fields) {
      const was = fieldOf(before, f);
      const wrote = stateOf(r) === 'done' && after !== undefined && (wrapped || (isRec(after) && f in after)) ? fieldOf(after, f) : wrapped ? undefined : body[f];
      const now = fieldOf(live, f);
      if (isDeepStrictEqual(now, was)) continue; // never arrived, or already back
      if (containsRedacted(was)) {
        step.refused.push(`${f} (a secret: its value before is not kept)`);
        continue;
      }
      if (wrote === undefined || !sameAsWritten(now, wrote)) {
        if (stateOf(r) === 'in-flight' && wrote !== undefined) continue; // it did not take effect
        step.refused.push(f);
        continue;
      }
      out[wrapped ? key : f] = was;
      step.undone.push(f);
    }
    if (step.undone.length) await this.send(row.inverse!.via, params, out, live);
    step.result = step.refused.length ? (step.undone.length ? 'partly' : 'refused') : step.undone.length ? 'undone' : 'unchanged';
    if (step.result === 'unchanged') step.note = stateOf(r) === 'in-flight' ? 'it did not reach the server' : 'already as before';
    return step;
  }

  /**
   * A write that sent no body (a reset): the fields it changed are those whose answer differs from
   * the record before; they go back through the record's update, in that update's body shape.
   */
  private async restoreUnsent(base: UndoStep, r: ChangeRequest, row: InverseRow, params: Record<string, string>): Promise<UndoStep> {
    const before = r.intent.before;
    const after = answerRecord(row, r.outcome?.after);
    const via = row.inverse!.via;
    const shape = via.body;
    if (stateOf(r) === 'in-flight') return { ...base, result: 'cannot', note: 'in flight, and it sent no body: cannot tell whether it took effect' };
    if (!isRec(before) || !isRec(after) || shape?.kind !== 'object') return { ...base, result: 'cannot', note: 'the record before or after is not known' };
    const keys = Object.keys(shape.fields);
    const inner = keys.length === 1 && !(keys[0]! in before) ? shape.fields[keys[0]!] : undefined;
    const wrapKey = inner?.kind === 'object' ? keys[0]! : undefined;
    const names = Object.keys(wrapKey && inner?.kind === 'object' ? inner.fields : shape.fields);
    const live = await this.live(row, params);
    const step = { ...base };
    const out: Rec = {};
    for (const f of names.filter((n) => n in before && !isDeepStrictEqual(before[n], after[n]))) {
      const now = isRec(live) ? live[f] : undefined;
      if (isDeepStrictEqual(now, before[f])) continue;
      if (!isDeepStrictEqual(now, after[f])) {
        step.refused.push(f);
        continue;
      }
      out[f] = before[f];
      step.undone.push(f);
    }
    if (step.undone.length) await this.send(via, params, wrapKey ? { [wrapKey]: out } : out, live);
    step.result = step.refused.length ? (step.undone.length ? 'partly' : 'refused') : step.undone.length ? 'undone' : 'unchanged';
    if (step.result === 'unchanged') step.note = 'already as before';
    return step;
  }

  /** A create: delete what it made (a request in flight: only if it can be found). */
  private async remove(base: UndoStep, r: ChangeRequest, row: InverseRow, params: Record<string, string>): Promise<UndoStep> {
    const inv = row.inverse as Extract<InverseRow['inverse'], { kind: 'remove' }>;
    const made = r.outcome?.after;
    const all = { ...params };
    if (inv.param) {
      let id = idIn(made, inv.param.from);
      if (!id && stateOf(r) === 'in-flight' && inv.finder && isRec(r.intent.body)) {
        // Its answer never came: look for what it made, by the fields it sent, made since it was sent (a second of clock skew allowed).
        const found = await findMade(this.client, inv.finder, params, r.intent.body, Date.parse(r.intent.at) - 1000, this.ctx.signal);
        if (!found.length) return { ...base, note: 'in flight: it did not reach the server (nothing it would have made is there)' };
        if (found.length > 1) return { ...base, result: 'cannot', note: `in flight: ${found.length} records match what it sent; not deleting any` };
        id = idIn(found[0], inv.param.from);
      }
      if (!id) return { ...base, result: 'cannot', note: stateOf(r) === 'in-flight' ? 'in flight: the answer with its id never came, so it cannot be found' : 'the answer gave no id' };
      all[inv.param.name] = this.ids.get(id) ?? id;
    } else if (stateOf(r) === 'in-flight') {
      return { ...base, result: 'cannot', note: 'in flight: cannot tell whether it was created' };
    }
    try {
      await this.send(inv.via, all, undefined, made);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return { ...base, note: 'already gone' };
      throw e;
    }
    return { ...base, result: 'undone', undone: ['(created record deleted)'], ...(inv.lost?.length ? { note: `cannot come back: ${inv.lost.join('; ')}` } : {}) };
  }

  /** A delete: create the record again from its value before, less what cannot come back. */
  private async recreate(base: UndoStep, r: ChangeRequest, row: InverseRow, params: Record<string, string>): Promise<UndoStep> {
    const inv = row.inverse as Extract<InverseRow['inverse'], { kind: 'recreate' }>;
    const before = r.intent.before;
    if (!isRec(before)) return { ...base, result: 'cannot', note: before === null ? 'there was nothing to delete' : 'the record before was not read' };
    if (stateOf(r) === 'in-flight' && (await this.live(row, params)) !== null) return { ...base, note: 'it did not reach the server' };
    const body: Rec = {};
    for (const f of inv.fields) {
      // A create that names a record by id (toContactId) where the record holds it as a reference (toContact: id or {id}).
      const ref = before[f] === undefined && f.endsWith('Id') ? before[f.slice(0, -2)] : undefined;
      const value = ref !== undefined ? (isRec(ref) ? ref.id : ref) : before[f];
      if (value !== undefined && value !== null && !containsRedacted(value)) body[f] = remap(value, this.ids);
    }
    // A record seen from its other side (a relationship to this contact, not from it) is not this path's to create.
    const own = Object.entries(body).find(([f, v]) => f.endsWith('Id') && before[f] === undefined && Object.values(params).includes(v as string));
    if (own) return { ...base, result: 'cannot', note: `it was reached from the record it points at (${own[1]}): create it again from the other side` };
    const res = await this.send(inv.via, params, body, null);
    const oldId = idIn(before, ['id']);
    const newId = idIn(res.data, ['id']);
    if (oldId && newId && oldId !== newId) this.ids.set(oldId, newId);
    if (inv.restoreAfter) {
      const made = isRec(res.data) ? res.data : {};
      const rest: Rec = {};
      for (const f of inv.restoreAfter.fields) if (before[f] !== undefined && !containsRedacted(before[f]) && !isDeepStrictEqual(made[f], before[f])) rest[f] = remap(before[f], this.ids);
      if (Object.keys(rest).length) await this.send(inv.restoreAfter.via, remap(params, this.ids), rest, res.data);
    }
    return {
      ...base,
      result: 'undone',
      undone: ['(record created again)'],
      ...(inv.lost.length ? { note: `cannot come back: ${inv.lost.join('; ')}${newId && oldId !== newId ? `; new id ${newId}` : ''}` } : {}),
    };
  }
}

function containsRedacted(v: unknown): boolean {
  if (v === REDACTED) return true;
  if (Array.isArray(v)) return v.some(containsRedacted);
  if (isRec(v)) return Object.values(v).some(containsRedacted);
  return false;
}

export async function undo(ctx: Context, id: string, opts: { yes?: boolean }): Promise<Outcome | undefined> {
  const set = loadChangeSet(ctx, id);
  const steps = [...set.requests].sort((a, b) => b.intent.n - a.intent.n);
  if (!steps.length) return { data: [], notes: [`${id} has no writes: nothing to undo`] };
  if (set.header.baseUrl !== ctx.settings().baseUrl.value) {
    ctx.io.err(`note: ${id} was made against ${set.header.baseUrl}; undoing it against ${ctx.settings().baseUrl.value}`);
  }
  if (!ctx.dryRun) await confirm(ctx.io, `undo the ${steps.length} write${steps.length === 1 ? '' : 's'} of ${id} (${set.header.command})?`, opts.yes || ctx.global.yes);
  const client = ctx.client();
  const journal = runJournal();
  if (journal) journal.undoes = id;
  const byId = await (await import('../api/inverse.ts')).inverses();
  const undoer = new Undoer(ctx, client, set, byId);
  const results: UndoStep[] = [];
  for (const r of steps) results.push(await undoer.step(r));
  if (ctx.dryRun) return undefined;
  const refused = results.filter((s) => s.refused.length);
  const cannot = results.filter((s) => s.result === 'cannot');
  const notes = results.filter((s) => s.note).map((s) => `#${s.n} ${s.method} ${s.target}: ${s.note}`);
  const made = journal?.ids() ?? [];
  if (made.length) notes.push(`this undo is change set ${made.join(', ')} (\`agnt undo ${made[0]}\` redoes)`);
  const outcome: Outcome = {
    data: results.map((s) => ({ ...s, undone: s.undone.join(', '), refused: s.refused.join(', ') })),
    columns: [{ path: 'n' }, { path: 'method' }, { path: 'target' }, { path: 'result' }, { path: 'undone' }, { path: 'refused' }],
    notes,
  };
  if (refused.length) {
    outcome.exitCode = EXIT.changes;
    outcome.message = `changed since ${id}, not undone: ${refused.map((s) => `${s.target} ${s.refused.join(', ')}`).join('; ')} (the rest was undone)`;
  } else if (cannot.length) {
    outcome.exitCode = EXIT.partial;
    outcome.message = `${cannot.length} of ${results.length} write${results.length === 1 ? '' : 's'} could not be undone (see the notes above)`;
  }
  return outcome;
}
