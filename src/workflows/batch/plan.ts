// Batch plans (docs/guardrails.md): `batch FILE --plan-out PLAN -- command` is a dry run that
// saves each row's request in a BatchPlan (the envelope of an org plan: apiVersion, kind,
// baseUrl, created, author, requests, signatures); `batch --plan PLAN` sends exactly those
// requests and nothing else, after the same signature checks as org apply --plan.
import { readSavedJson } from '../../core/saved-file.ts';
import { writeFileAtomic } from '../../core/atomic-file.ts';
import type { Context } from '../../core/context.ts';
import { AgntError, EXIT, UsageError, failureText } from '../../core/errors.ts';
import { runGuardrails, isGuardrailRefusal } from '../../core/guardrails/hook.ts';
import { rulesOf } from '../../core/guardrails/plan-check.ts';
import { profileEmail, verifyPlan } from '../../core/guardrails/signing.ts';
import { CHANGES_AT_ONCE } from '../../core/http.ts';
import { confirm } from '../../core/io.ts';
import { mapLimit } from '../../core/map-limit.ts';
import type { Outcome, StreamSink } from '../../core/outcome.ts';
import type { Method } from '../../core/request-spec.ts';
import { REDACTED } from '../../core/redact.ts';
import { API_VERSION } from '../org-as-code/document.ts';

export const BATCH_PLAN = 'BatchPlan';

export interface PlannedRequest {
  row: number;
  method: Method;
  /** Path and query, below the base URL. */
  path: string;
  body?: unknown;
}

type Rec = Record<string, any>;

/** A sink that passes records on and keeps the dry-run requests the rows print. */
export function tapRequests(sink: StreamSink, into: PlannedRequest[], baseUrl: string): StreamSink {
  const base = baseUrl.replace(/\/+$/, '');
  return new Proxy(sink, {
    get(target, key) {
      if (key === 'emit')
        return (records: unknown[], before?: Parameters<StreamSink['emit']>[1]) => {
          for (const rec of records as Rec[]) {
            for (const r of [rec?.request ?? []].flat() as Rec[]) {
              if (!r || typeof r !== 'object' || typeof r.url !== 'string') continue;
              const path = r.url.startsWith(base) ? r.url.slice(base.length) : new URL(r.url).pathname;
              into.push({ row: Number(rec.row), method: r.method, path, ...(r.body !== null && r.body !== undefined ? { body: r.body } : {}) });
            }
          }
          return target.emit(records, before);
        };
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** Writes the plan; refuses one whose requests carry a secret (a plan file would hold it, and the dry run masked it). */
export function writeBatchPlan(file: string, plan: { baseUrl: string; author: string; command: string[]; input: string; requests: PlannedRequest[] }): void {
  const secret = plan.requests.find((r) => JSON.stringify(r.body ?? null).includes(REDACTED));
  if (secret) throw new UsageError(`--plan-out: row ${secret.row}'s request carries a secret, which a plan file must not hold; nothing was saved`, 'run the batch itself instead of saving a plan');
  const data = {
    apiVersion: API_VERSION,
    kind: BATCH_PLAN,
    baseUrl: plan.baseUrl,
    created: new Date().toISOString(),
    author: plan.author,
    command: plan.command,
    input: plan.input,
    requests: plan.requests,
  };
  // A document the user asked for where they named it: the mode a new file gets (umask), as org plan --out.
  writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o666 });
}

export { profileEmail as planAuthor };

function readBatchPlan(file: string): Rec {
  return readSavedJson(file, `--plan ${file}`, 'a plan saved by agnt batch --plan-out', (d) => d.kind === BATCH_PLAN && d.apiVersion === API_VERSION && Array.isArray(d.requests));
}

/** `batch --plan PLAN`: the saved requests, and only those; each row's outcome. */
export async function applyBatchPlan(ctx: Context, file: string): Promise<Outcome> {
  const plan = readBatchPlan(file);
  const baseUrl = ctx.settings().baseUrl.value;
  if (plan.baseUrl !== baseUrl) throw new UsageError(`--plan ${file} was made against ${plan.baseUrl}, not ${baseUrl}`);
  if (ctx.dryRun) throw new UsageError('--plan with --dry-run: the plan is what a dry run showed; read it, or apply it');
  const run = runGuardrails({ profile: ctx.settings().profile.name, file: ctx.global.guardrails });
  const signed = verifyPlan(plan, await rulesOf(ctx), file);
  const requests = plan.requests as PlannedRequest[];
  const notes: string[] = [];
  if (signed.by.length && !signed.secondAdmin) notes.push(`note: ${file} is signed only by its author (${plan.author}): a rule asking for a second admin refuses what it covers`);
  if (requests.some((r) => r.method === 'DELETE')) await confirm(ctx.io, `Send the ${requests.length} request(s) of ${file}, deletes among them?`, ctx.global.yes);
  const client = ctx.client();
  let refused = 0;
  const results = await run.within(undefined, signed.secondAdmin, () =>
    mapLimit(requests, CHANGES_AT_ONCE, async (r) => {
      const [path, query] = r.path.split('?');
      try {
        await client.request({ method: r.method, path: path!, ...(query ? { query: Object.fromEntries(new URLSearchParams(query)) } : {}), ...(r.body !== undefined ? { body: r.body } : {}) });
        return { row: r.row, method: r.method, path: r.path, status: 'ok' };
      } catch (e) {
        if (!(e instanceof AgntError) || e.exitCode === EXIT.interrupted) throw e;
        if (isGuardrailRefusal(e)) refused++;
        return { row: r.row, method: r.method, path: r.path, status: 'failed', error: failureText(e) };
      }
    }),
  );
  const failed = results.filter((r) => r.status === 'failed');
  const columns = [{ path: 'row' }, { path: 'method' }, { path: 'path' }, { path: 'status' }, { path: 'error' }];
  if (!failed.length) return { data: results, columns, notes };
  const message = `${failed.length} of ${results.length} request(s) of ${file} failed${refused ? `; ${refused} refused by the guardrails` : ''}: ${failed
    .slice(0, 20)
    .map((f) => `row ${f.row}: ${f.error}`)
    .join('; ')}`;
  return { data: results, columns, notes, exitCode: refused ? EXIT.changes : EXIT.partial, message };
}
