// `agnt org export | validate | plan | apply | drift`: the organization as one document.
import { loadPrompts } from '../../core/prompts.ts';
import { renameSync, writeFileSync, readFileSync } from 'node:fs';
import type { Context } from '../../core/context.ts';
import { callEndpoint } from '../../core/endpoint-request.ts';
import type { Handler, Invocation } from '../../core/spec.ts';
import { AgntError, ChangesFound, EXIT, UsageError } from '../../core/errors.ts';
import { canonical, loadDocument, readAndCheck, formatProblem, lower, serialize, API_VERSION, type OrgDoc } from './document.ts';
import { readAll, readLive, type Live } from './live.ts';
import { computePlan, publicChange, renderPlan, summarize, type Change } from './plan.ts';
import { resolveReferences, withReferences } from './secrets.ts';
import { DELETE_KINDS, StateFile, defaultStatePath, type DeleteKind } from './state.ts';
import { operations, runOperations } from './apply.ts';
import { attribute } from './drift.ts';

type Rec = Record<string, any>;

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** --dry-run of a command that reads: the first request it would send, and nothing more. */
async function dryRead(ctx: Context, orgId: string | undefined): Promise<void> {
  if (orgId) await callEndpoint(ctx.client(), 'orgs.get', { params: { orgId } });
  else await callEndpoint(ctx.client(), 'orgs.list');
}

/** ORG from the command line, else the organization the file names. */
async function resolveOrg(ctx: Context, inv: Invocation, doc: OrgDoc): Promise<string> {
  if (inv.args.orgId) return inv.args.orgId;
  const name = doc.organization?.name;
  if (!name) throw new UsageError('give ORG (the organization id), or name the organization in the file (organization.name)');
  const orgs = await readAll(ctx, 'orgs.list');
  const found = orgs.filter((o) => lower(o.name) === lower(name));
  if (!found.length) throw new AgntError(`no organization named '${name}'`, EXIT.notFound, `create it first (agnt org create --name "${name}"), or give its id as ORG`);
  return found[0]!.id;
}

interface Prepared {
  file: string;
  hash: string;
  desired: OrgDoc;
  secrets: string[];
  orgId: string;
  live: Live;
  state: StateFile;
  changes: Change[];
  notes: string[];
  baseUrl: string;
}

function docFile(inv: Invocation): string {
  if (typeof inv.opts.file !== 'string' || !inv.opts.file) throw new UsageError('-f FILE is required: the organization document (agnt org export ORG > org.yaml makes one)');
  return inv.opts.file;
}

async function prepare(ctx: Context, inv: Invocation, orgId?: string): Promise<Prepared> {
  const file = docFile(inv);
  const loaded = await loadDocument(file);
  const secrets: string[] = [];
  // References are resolved before any request: a missing variable is a usage error, nothing sent.
  const desired = resolveReferences(loaded.doc, process.env, file, secrets);
  const id = orgId ?? (await resolveOrg(ctx, inv, desired));
  const live = await readLive(ctx, id);
  const baseUrl = ctx.settings().baseUrl.value!;
  const state = new StateFile(inv.opts.state ? String(inv.opts.state) : defaultStatePath(baseUrl, id), baseUrl, id);
  const { changes, notes } = computePlan(desired, live, state);
  return { file, hash: loaded.hash, desired, secrets, orgId: id, live, state, changes, notes, baseUrl };
}

function header(p: Prepared, verb: string): string {
  const s = summarize(p.changes);
  const total = p.changes.length;
  return `${verb} ${p.orgId} (${p.live.org.name}) from ${p.file}: ${total ? `${s.create} to create, ${s.update} to update, ${s.delete} to delete` : 'no changes; the organization matches the file'}`;
}

function planData(p: Prepared): Rec {
  const changes = p.changes.map((c) => publicChange(c, p.secrets));
  return {
    apiVersion: API_VERSION,
    kind: 'OrgPlan',
    baseUrl: p.baseUrl,
    organization: p.orgId,
    file: p.file,
    documentHash: p.hash,
    fingerprint: p.live.fingerprint,
    summary: summarize(p.changes),
    changes,
    notes: p.notes,
  };
}

// ---- export ----

export const exportOrg: Handler = async (ctx, inv) => {
  const orgId = inv.args.orgId!;
  const format = ctx.format();
  if (!['table', 'yaml', 'json'].includes(format)) throw new UsageError(`org export writes yaml or json, not ${format}`);
  if (ctx.dryRun) return dryRead(ctx, orgId);
  const live = await readLive(ctx, orgId);
  const doc: OrgDoc = { ...live.doc };
  // Secrets are never written: each becomes a reference to an environment variable.
  if (doc.sso) doc.sso = withReferences(doc.sso, ['sso']) as Rec;
  if (doc.auditLogging) doc.auditLogging = withReferences(doc.auditLogging, ['auditLogging']) as Rec;
  ctx.io.out(await serialize(doc, format === 'json' ? 'json' : 'yaml'));
};

// ---- validate ----

export const validateOrg: Handler = async (ctx, inv) => {
  const file = inv.args.file!;
  const { problems } = await readAndCheck(file);
  const format = ctx.format();
  if (format === 'json' || format === 'yaml' || format === 'jsonl') {
    const printer = await ctx.printer();
    await printer.value({ file, valid: problems.length === 0, problems }, false);
  } else if (!problems.length) {
    ctx.io.out(`${file}: valid`);
  }
  if (problems.length) {
    if (format === 'table') for (const p of problems) ctx.io.err(formatProblem(file, p));
    throw new UsageError(`${file}: ${problems.length} problem${problems.length > 1 ? 's' : ''}; nothing was sent`);
  }
};

// ---- plan ----

export const planOrg: Handler = async (ctx, inv) => {
  if (ctx.dryRun) {
    await loadDocument(docFile(inv));
    return dryRead(ctx, inv.args.orgId);
  }
  const p = await prepare(ctx, inv);
  const data = planData(p);
  if (inv.opts.out) {
    writeAtomic(String(inv.opts.out), `${JSON.stringify(data, null, 2)}\n`);
    ctx.io.info(`plan saved to ${inv.opts.out}; apply it with: agnt org apply -f ${p.file} --plan ${inv.opts.out}`);
  }
  const printer = await ctx.printer();
  await printer.value(data, false, renderPlan(header(p, 'plan for'), data.changes, p.notes).replace(/\n$/, ''));
  if (inv.opts.exitCode && p.changes.length) throw new ChangesFound(`${p.changes.length} change(s) to make (exit ${EXIT.changes})`);
};

// ---- apply ----

function parseAllowDelete(v: unknown): Set<DeleteKind> {
  const out = new Set<DeleteKind>();
  for (const raw of [v ?? []].flat() as string[]) {
    for (const k of String(raw)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      if (!(DELETE_KINDS as readonly string[]).includes(k)) throw new UsageError(`--allow-delete: unknown kind '${k}' (one of: ${DELETE_KINDS.join(', ')})`);
      out.add(k as DeleteKind);
    }
  }
  return out;
}

function readPlanFile(file: string): Rec {
  let data: any;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e: any) {
    throw new UsageError(`--plan ${file}: ${e.code === 'ENOENT' ? 'no such file' : 'not a plan saved by agnt org plan --out'}`);
  }
  if (data?.kind !== 'OrgPlan' || data.apiVersion !== API_VERSION) throw new UsageError(`--plan ${file}: not a plan saved by agnt org plan --out`);
  return data;
}

export const applyOrg: Handler = async (ctx, inv) => {
  docFile(inv);
  const allow = parseAllowDelete(inv.opts.allowDelete);
  if (allow.size && !inv.opts.prune) throw new UsageError('--allow-delete needs --prune (deletes happen only with both)');
  if (ctx.dryRun) throw new UsageError('apply --dry-run would need to read the organization; `agnt org plan -f FILE` shows what apply would change and sends no write');
  let saved: Rec | undefined;
  if (inv.opts.plan) {
    saved = readPlanFile(String(inv.opts.plan));
    if (inv.args.orgId && inv.args.orgId !== saved.organization) throw new UsageError(`--plan ${inv.opts.plan} is for organization ${saved.organization}, not ${inv.args.orgId}`);
  }
  const p = await prepare(ctx, inv, saved?.organization);
  if (saved) {
    const stale = (why: string) =>
      new AgntError(`the plan ${inv.opts.plan} is stale: ${why}; nothing was written`, EXIT.rejected, `make a new plan: agnt org plan -f ${p.file} ${p.orgId} --out ${inv.opts.plan}`);
    if (saved.baseUrl !== p.baseUrl) throw new UsageError(`--plan ${inv.opts.plan} was made against ${saved.baseUrl}, not ${p.baseUrl}`);
    if (saved.documentHash !== p.hash) throw stale(`${p.file} changed since the plan was made`);
    if (saved.fingerprint !== p.live.fingerprint) throw stale(`organization ${p.orgId} changed since the plan was made`);
    if (canonical(saved.changes) !== canonical(planData(p).changes)) throw stale('the changes it would make now differ from the saved ones');
  }
  const data = planData(p);
  if (!p.changes.length) {
    ctx.io.info(header(p, 'apply to'));
    const printer = await ctx.printer();
    await printer.value({ organization: p.orgId, applied: 0, changes: [] }, false, '');
    return;
  }
  const refused = p.changes.filter((c) => c.op === 'delete' && !(inv.opts.prune && allow.has(c.deleteKind!)));
  if (refused.length) {
    const kinds = [...new Set(refused.map((c) => c.deleteKind!))];
    throw new UsageError(
      `the plan deletes ${refused.map((c) => c.path).join(', ')} (created by agnt from a file); nothing was written`,
      `to delete, add --prune --allow-delete ${kinds.join(',')}; to keep, put ${refused.length > 1 ? 'them' : 'it'} back in the file`,
    );
  }
  const text = renderPlan(header(p, 'apply to'), data.changes, p.notes);
  if (!ctx.global.yes) {
    if (!ctx.io.canPrompt()) throw new UsageError(`apply to ${p.orgId}: refusing without --yes when not on a terminal (see the changes with agnt org plan -f ${p.file})`);
    ctx.io.err(text);
    const { confirm: ask } = await loadPrompts(ctx.io.color);
    if (!(await ask({ message: `Make these ${p.changes.length} change(s) to ${p.orgId}?`, default: false }, { output: process.stderr }))) throw new AgntError('cancelled; nothing was changed');
  } else if (!ctx.io.quiet) ctx.io.err(text);
  const done = await runOperations(ctx, operations(ctx, p.desired, p.live, p.changes, p.state));
  const printer = await ctx.printer();
  await printer.value({ organization: p.orgId, applied: p.changes.length, requests: done, changes: data.changes }, false, `applied ${p.changes.length} change(s) to ${p.orgId}`);
};

// ---- drift ----

export const driftOrg: Handler = async (ctx, inv) => {
  if (ctx.dryRun) {
    await loadDocument(docFile(inv));
    return dryRead(ctx, inv.args.orgId);
  }
  const p = await prepare(ctx, inv);
  const events = p.changes.length ? await readAll(ctx, 'orgs.audit-events.list', { params: { orgId: p.orgId } }) : [];
  const records = p.changes.map((c) => {
    const pub = publicChange(c, p.secrets);
    const who = attribute(c, events, p.live);
    return {
      path: pub.path,
      op: pub.op,
      live: pub.old ?? null,
      file: pub.new ?? null,
      actor: who?.actor ?? null,
      actorEmail: who?.actorEmail ?? null,
      action: who?.action ?? null,
      eventId: who?.eventId ?? null,
      at: who?.at ?? null,
    };
  });
  const lines = [`drift of ${p.orgId} (${p.live.org.name}) from ${p.file}: ${records.length ? `${records.length} field(s) differ` : 'none; the organization matches the file'}`];
  for (const r of records) {
    const what =
      r.op === 'update'
        ? `${r.path}: live ${JSON.stringify(r.live)}, file ${JSON.stringify(r.file)}`
        : r.op === 'create'
          ? `${r.path}: in the file, not in the organization`
          : `${r.path}: in the organization (created by agnt), not in the file`;
    const who = r.eventId ? `changed by ${r.actor ?? 'the system'}${r.actorEmail ? ` (${r.actorEmail})` : ''} at ${r.at} (${r.action}, event ${r.eventId})` : 'no audit event names this change';
    lines.push(`  ${what}\n    ${who}`);
  }
  const printer = await ctx.printer();
  const { escapeControls } = await import('../../core/output.ts');
  await printer.value(records, true, lines.map((l) => l.split('\n').map(escapeControls).join('\n')).join('\n'));
  if (inv.opts.exitCode && records.length) throw new ChangesFound(`${records.length} field(s) drifted from ${p.file} (exit ${EXIT.changes})`);
};
