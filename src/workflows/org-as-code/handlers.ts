// `agnt org export | validate | plan | apply | drift`: the organization as one document.
import { readSavedJson } from '../../core/saved-file.ts';
import { acquireLock, LEDGER_LOCK_WAIT_MS } from '../../core/file-lock.ts';
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Context } from '../../core/context.ts';
import { callEndpoint } from '../../core/endpoint-request.ts';
import type { Handler, Invocation } from '../../core/spec.ts';
import { AgntError, ChangesFound, EXIT, UsageError } from '../../core/errors.ts';
import { canonical, loadDocument, normalize, readAndCheck, formatProblem, lower, DOCUMENT_COMMENT, API_VERSION, type OrgDoc } from './document.ts';
import { escapeControls } from '../../core/output.ts';
import { readAll, readLive, type Live } from './live.ts';
import { computePlan, planGroups, publicChange, renderPlan, summarize, type Change } from './plan.ts';
import { planMarkdown } from './plan-markdown.ts';
import { resolveReferences, withReferences } from './secrets.ts';
import { DELETE_KINDS, StateFile, defaultStatePath, findCreated, type DeleteKind } from './state.ts';
import { operations, runOperations } from './apply.ts';
import { attributeAll } from './drift.ts';
import { exportSupervision, fileMembers, prepareSupervision, testsOnFile } from './supervision-hooks.ts';
import { renderTestFailures } from './supervision-model.ts';
import { applySupervision, renderSupervision, supervisionCount, supervisionData, supervisionDrift, type SupervisionPlan } from './supervision-plan.ts';
import { hostEnv } from '../../core/host.ts';
import { forbiddenSteps } from './permissions.ts';
import { runGuardrails } from '../../core/guardrails/hook.ts';
import { GuardrailViolation, violations } from '../../core/guardrails/check.ts';
import type { RuleSet } from '../../core/guardrails/rules.ts';
import { profileEmail, verifyPlan, type Verified } from '../../core/guardrails/signing.ts';
import { planTouches } from './guardrails-plan.ts';
import { portableReferences } from './references.ts';
import { variablesOf } from './variables.ts';
import { checkRehearsal, objectFingerprints, readReceipt, writeReceipt } from './receipt.ts';

type Rec = Record<string, any>;

/** --dry-run of a command that reads: the first request it would send, and nothing more. */
export async function dryRead(ctx: Context, orgId: string | undefined): Promise<void> {
  if (orgId) await callEndpoint(ctx.client(), 'orgs.get', { params: { orgId } });
  else await callEndpoint(ctx.client(), 'orgs.list');
}

/** ORG from the command line, else the organization the file names. */
export async function resolveOrg(ctx: Context, inv: Invocation, doc: OrgDoc): Promise<string> {
  if (inv.args.orgId) return inv.args.orgId;
  const name = doc.organization?.name;
  if (!name) throw new UsageError('give ORG (the organization id), or name the organization in the file (organization.name)');
  const orgs = await readAll(ctx, 'orgs.list');
  const found = orgs.filter((o) => lower(o.name) === lower(name));
  if (!found.length) throw new AgntError(`no organization named '${name}'`, EXIT.notFound, `create it first (agnt org create --name "${name}"), or give its id as ORG`);
  if (found.length > 1) throw new UsageError(`${found.length} organizations are named '${name}': ${found.map((o) => o.id).join(', ')}; nothing was sent`, 'give the one you mean as ORG');
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
  /** Changes the caller will not be allowed to make (see permissions.ts). */
  forbidden: string[];
  baseUrl: string;
  supervision?: SupervisionPlan;
  /** The document's own guardrails: they bind this command's writes, over --guardrails and the profile's. */
  rules?: RuleSet;
}

export function docFile(inv: Invocation): string {
  if (typeof inv.opts.file !== 'string' || !inv.opts.file) throw new UsageError('-f FILE is required: the organization document (agnt org export ORG > org.yaml makes one)');
  return inv.opts.file;
}

async function prepare(ctx: Context, inv: Invocation, orgId?: string): Promise<Prepared> {
  const file = docFile(inv);
  const loaded = await loadDocument(file, await variablesOf(inv.opts));
  const secrets: string[] = [];
  // References are resolved before any request: a missing variable is a usage error, nothing sent.
  const desired = resolveReferences(loaded.doc, hostEnv(), file, secrets);
  const id = orgId ?? (await resolveOrg(ctx, inv, desired));
  const live = await readLive(ctx, id);
  const baseUrl = ctx.settings().baseUrl.value!;
  const state = new StateFile(inv.opts.state ? String(inv.opts.state) : defaultStatePath(baseUrl, id), baseUrl, id);
  const adopted = state.adopt((kind, key) => findCreated(live, kind, key));
  // Ids in the document become portable keys (each with a note); an ambiguous key stops here.
  const portableNotes = await portableReferences(ctx, desired, live, file);
  // One document drives several organizations: the name it gives is the organization it was
  // written for, and another organization keeps its own unless --rename says otherwise.
  const named = desired.organization?.name;
  if (desired.organization && named !== undefined && lower(named) !== lower(live.org.name) && !inv.opts.rename) {
    desired.organization.name = live.org.name;
    portableNotes.push(`organization.name: the file names '${named}'; ${id} keeps its name '${live.org.name}' (to rename it, add --rename)`);
  }
  const { changes, notes } = computePlan(desired, live, state);
  notes.unshift(...portableNotes);
  if (adopted) notes.push(`adopted ${adopted} object(s) a stopped apply created without recording them`);
  const me = changes.some((c) => c.kind === 'teamProfile' || (c.kind === 'team' && c.op === 'create')) ? ((await callEndpoint<Record<string, unknown>>(ctx.client(), 'users.me.get')).data ?? {}) : {};
  const forbidden = forbiddenSteps(changes, desired, live, me, id);
  // The plan says what will be refused, before any write.
  for (const f of forbidden) notes.push(`not allowed: ${f}`);
  const supervision = await prepareSupervision(ctx, desired, live);
  const rules = loaded.doc.guardrails ? { rules: loaded.doc.guardrails, file } : undefined;
  return { file, hash: loaded.hash, desired, secrets, orgId: id, live, state, changes, notes, forbidden, baseUrl, supervision, rules };
}

const guardrailsOf = (ctx: Context) => runGuardrails({ profile: ctx.settings().profile.name, file: ctx.global.guardrails });
/** The rules a plan is judged by: its document's, else the run's (--guardrails, the profile's). */
const planRules = async (ctx: Context, p: Prepared): Promise<RuleSet | undefined> => p.rules ?? (await guardrailsOf(ctx).rules());

/**
 * The whole plan against the guardrails, before any write: a violation refuses it (exit 7, the
 * rule and the objects named). A saved plan's signatures are verified first; one by a second
 * admin (an approver who is not the plan's author) lets through what needs approval.
 */
async function checkGuardrails(ctx: Context, p: Prepared, saved: Rec | undefined, signed: Verified | undefined): Promise<void> {
  const rs = await planRules(ctx, p);
  if (!rs) return;
  const found = violations(rs, planTouches(p.changes, p.supervision, p.desired, p.live), { ...(await guardrailsOf(ctx).state()), approved: Boolean(signed?.secondAdmin) });
  if (!found.length) return;
  const selfOnly = signed?.by.length && !signed.secondAdmin && found.some((v) => v.rule === 'guardrails.approval');
  throw new GuardrailViolation(rs, found, selfOnly ? `the plan is signed only by its author (${saved!.author}): a second admin must approve it; nothing was written` : 'nothing was written');
}

/** What the guardrails would refuse of a plan unless a second admin signs it: the plan's notes say so. */
async function guardrailNotes(ctx: Context, p: Prepared): Promise<string[]> {
  const rs = await planRules(ctx, p);
  if (!rs) return [];
  return violations(rs, planTouches(p.changes, p.supervision, p.desired, p.live), await guardrailsOf(ctx).state()).map(
    (v) => `guardrails (${rs.file}): ${v.rule}: ${v.why}: ${v.objects.join(', ')}${v.rule === 'guardrails.approval' ? ' (agnt approve PLAN by a second admin)' : ' (apply refuses)'}`,
  );
}

function header(p: Prepared, verb: string): string {
  const s = summarize(p.changes);
  const sup = supervisionCount(p.supervision);
  const total = p.changes.length + sup;
  const supText = sup ? `, ${sup} supervision change(s) for ${p.supervision!.members.length} member(s)` : '';
  return `${verb} ${p.orgId} (${p.live.org.name}) from ${p.file}: ${total ? `${s.create} to create, ${s.update} to update, ${s.delete} to delete${supText}` : 'no changes; the organization matches the file'}`;
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
    ...(p.supervision ? { supervision: supervisionData(p.supervision) } : {}),
  };
}

/** The plan's text: the existing steps, then the supervision section's groups. */
function planText(p: Prepared, verb: string, changes: Rec[]): string {
  const text = renderPlan(header(p, verb), changes, p.notes);
  if (!p.supervision) return text;
  const extra = renderSupervision(p.supervision);
  const failed = [...renderTestFailures(p.supervision.tests, 'the live organization'), ...renderTestFailures(p.supervision.resultTests, 'the organization as apply would leave it')];
  return `${text}${[...extra, ...(failed.length ? ['', ...failed] : [])].map(escapeControls).join('\n')}${extra.length || failed.length ? '\n' : ''}`;
}

/** The plan as a pull-request comment (-o markdown): the terminal's groups, supervision last. */
function planComment(p: Prepared, changes: Rec[]): () => string {
  return () => {
    const groups = planGroups(changes);
    if (p.supervision) {
      // The supervision section as the terminal shows it: its heading lines name the groups.
      let group: { name: string; lines: string[] } | undefined;
      for (const line of renderSupervision(p.supervision)) {
        if (!line) continue;
        if (!line.startsWith('  ')) groups.push((group = { name: line.replace(/:.*$/s, ''), lines: [] }));
        else group?.lines.push(line.trim());
      }
    }
    const tests = p.supervision
      ? [...renderTestFailures(p.supervision.tests, 'the live organization'), ...renderTestFailures(p.supervision.resultTests, 'the organization as apply would leave it')]
      : [];
    return planMarkdown({
      command: `agnt org plan -f ${p.file}`,
      summary: header(p, 'plan for'),
      groups: groups.filter((g) => g.lines.length),
      notes: [...p.notes, ...tests],
      whole: `agnt org plan -f ${p.file} ${p.orgId} -o json`,
    });
  };
}

/** A plan where one of the file's tests fails (live, or once applied): exit 7; the plan names the users. */
function failedTests(p: Prepared): ChangesFound | undefined {
  // The plan printed names the users; stderr says which tests, once.
  const live = (p.supervision?.tests ?? []).filter((t) => !t.passed);
  const after = (p.supervision?.resultTests ?? []).filter((t) => !t.passed);
  const says = [
    live.length ? `${live.length} supervision test(s) failed against the live organization: ${live.map((t) => t.name).join('; ')}` : '',
    after.length ? `${after.length} would fail once applied (apply refuses): ${after.map((t) => t.name).join('; ')}` : '',
  ].filter(Boolean);
  return says.length ? new ChangesFound(`${says.join('; ')} (exit ${EXIT.changes})`) : undefined;
}

// ---- export ----

export const exportOrg: Handler = async (ctx, inv) => {
  const orgId = inv.args.orgId!;
  if (ctx.dryRun) return dryRead(ctx, orgId);
  const live = await readLive(ctx, orgId);
  const doc: OrgDoc = { ...live.doc };
  // Secrets are never written: each becomes a reference to an environment variable.
  if (doc.sso) doc.sso = withReferences(doc.sso, ['sso']) as Rec;
  if (doc.auditLogging) doc.auditLogging = withReferences(doc.auditLogging, ['auditLogging']) as Rec;
  const supervision = await exportSupervision(ctx, live);
  if (supervision) doc.supervision = supervision;
  // The presenter writes it (yaml by the record's formats, or -o json), escaped like any output.
  return { data: doc, comment: DOCUMENT_COMMENT };
};

// ---- validate ----

export const validateOrg: Handler = async (_ctx, inv) => {
  const file = inv.args.file!;
  const { problems, value } = await readAndCheck(file, await variablesOf(inv.opts));
  // The file's own tests, on the matrices it implies for the members it names.
  const doc = problems.length ? undefined : normalize(value as OrgDoc);
  const tests = doc?.supervision?.tests?.length ? testsOnFile(doc.supervision, fileMembers(doc)) : [];
  const failed = renderTestFailures(tests, 'the file');
  const data = { file, valid: problems.length === 0, problems, ...(tests.length ? { tests } : {}) };
  if (problems.length) {
    // On a terminal's table the problems are lines on stderr (the JSON error form leaves them to the document).
    return {
      data,
      text: '',
      notes: problems.map((p) => formatProblem(file, p)),
      exitCode: EXIT.usage,
      message: `${file}: ${problems.length} problem${problems.length > 1 ? 's' : ''}; nothing was sent`,
    };
  }
  const fails = tests.filter((t) => !t.passed).length;
  const text = `${file}: valid${!tests.length ? '' : fails ? `; ${fails} of ${tests.length} supervision test(s) fail` : `; ${tests.length} supervision test(s) pass`}`;
  // A failed test of the file is a finding (exit 7), printed with the users it fails for.
  if (failed.length) return { data, text, exitCode: EXIT.changes, message: failed.join('\n') };
  return { data, text };
};

// ---- plan ----

export const planOrg: Handler = async (ctx, inv) => {
  if (ctx.dryRun) {
    await loadDocument(docFile(inv), await variablesOf(inv.opts));
    return dryRead(ctx, inv.args.orgId);
  }
  const p = await prepare(ctx, inv);
  p.notes.push(...(await guardrailNotes(ctx, p)));
  const data = planData(p);
  // Who made the plan: a rule asking for a second admin wants a signature by someone else.
  if (inv.opts.out) data.author = await profileEmail(ctx);
  if (inv.opts.out) {
    // A document the user asked for where they named it: the mode a new file gets (umask), no folder made.
    writeFileAtomic(String(inv.opts.out), `${JSON.stringify(data, null, 2)}\n`, { mode: 0o666 });
    ctx.io.info(`plan saved to ${inv.opts.out}; apply it with: agnt org apply -f ${p.file} --plan ${inv.opts.out}`);
  }
  const text = planText(p, 'plan for', data.changes).replace(/\n$/, '');
  const markdown = planComment(p, data.changes);
  const tests = failedTests(p);
  if (tests) return { data, text, markdown, exitCode: EXIT.changes, message: tests.message };
  const total = p.changes.length + supervisionCount(p.supervision);
  // Changes with --exit-code are a finding (exit 7), not an error: the plan is the document.
  if (inv.opts.exitCode && total) return { data, text, markdown, exitCode: EXIT.changes, message: `${total} change(s) to make (exit ${EXIT.changes})` };
  return { data, text, markdown };
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
  return readSavedJson(file, `--plan ${file}`, 'a plan saved by agnt org plan --out', (d) => d.kind === 'OrgPlan' && d.apiVersion === API_VERSION);
}

export const applyOrg: Handler = async (ctx, inv) => {
  docFile(inv);
  const allow = parseAllowDelete(inv.opts.allowDelete);
  if (allow.size && !inv.opts.prune) throw new UsageError('--allow-delete needs --prune (deletes happen only with both)');
  if (ctx.dryRun) throw new UsageError('apply --dry-run would need to read the organization; `agnt org plan -f FILE` shows what apply would change and sends no write');
  // A tampered receipt is refused before any request.
  const rehearsed = inv.opts.rehearsed ? readReceipt(String(inv.opts.rehearsed)) : undefined;
  let saved: Rec | undefined;
  if (inv.opts.plan) {
    saved = readPlanFile(String(inv.opts.plan));
    if (inv.args.orgId && inv.args.orgId !== saved.organization) throw new UsageError(`--plan ${inv.opts.plan} is for organization ${saved.organization}, not ${inv.args.orgId}`);
  }
  const p = await prepare(ctx, inv, saved?.organization);
  const data = planData(p);
  // Signatures first: a plan changed after signing is refused as such, before it is compared.
  const signed = saved ? verifyPlan(saved, await planRules(ctx, p), String(inv.opts.plan)) : undefined;
  if (saved) {
    const stale = (why: string) =>
      new AgntError(`the plan ${inv.opts.plan} is stale: ${why}; nothing was written`, EXIT.rejected, `make a new plan: agnt org plan -f ${p.file} ${p.orgId} --out ${inv.opts.plan}`);
    if (saved.baseUrl !== p.baseUrl) throw new UsageError(`--plan ${inv.opts.plan} was made against ${saved.baseUrl}, not ${p.baseUrl}`);
    if (saved.documentHash !== p.hash) throw stale(`${p.file} changed since the plan was made`);
    if (saved.fingerprint !== p.live.fingerprint) throw stale(`organization ${p.orgId} changed since the plan was made`);
    if (canonical([saved.changes, saved.supervision?.members]) !== canonical([data.changes, data.supervision?.members])) throw stale('the changes it would make now differ from the saved ones');
  }
  // The live organization and the plan, against the rehearsal's, before any write.
  if (rehearsed) checkRehearsal(String(inv.opts.rehearsed), rehearsed, data, p.live.doc);
  // The objects as read before any write: what a later live apply checks against.
  const objects = inv.opts.receipt ? objectFingerprints(p.live.doc) : undefined;
  if (p.supervision) refuseSupervision(p);
  await checkGuardrails(ctx, p, saved, signed);
  if (!p.changes.length && !supervisionCount(p.supervision)) {
    if (objects) writeReceipt(String(inv.opts.receipt), data, [], objects);
    // Under the JSON form stderr holds the error object alone: the empty result says it.
    return { data: { organization: p.orgId, applied: 0, changes: [] }, text: '', notes: ctx.jsonErrors ? [] : [header(p, 'apply to')] };
  }
  const refused = p.changes.filter((c) => c.op === 'delete' && !(inv.opts.prune && allow.has(c.deleteKind!)));
  if (refused.length) {
    const kinds = [...new Set(refused.map((c) => c.deleteKind!))];
    throw new UsageError(
      `the plan deletes ${refused.map((c) => c.path).join(', ')} (created by agnt from a file); nothing was written`,
      `to delete, add --prune --allow-delete ${kinds.join(',')}; to keep, put ${refused.length > 1 ? 'them' : 'it'} back in the file`,
    );
  }
  if (p.forbidden.length) {
    throw new AgntError(`apply to ${p.orgId} would be refused part way: ${p.forbidden.join('; ')}; nothing was written`, EXIT.auth, `see them with: agnt org plan -f ${p.file}`);
  }
  const text = planText(p, 'apply to', data.changes);
  if (!ctx.global.yes) {
    if (!ctx.io.canPrompt()) throw new UsageError(`apply to ${p.orgId}: refusing without --yes when not on a terminal (see the changes with agnt org plan -f ${p.file})`);
    ctx.io.err(text);
    const { askYesNo } = await import('../../core/io.ts');
    if (!(await askYesNo(`Make these ${p.changes.length + supervisionCount(p.supervision)} change(s) to ${p.orgId}?`, { input: ctx.io.stdin, output: ctx.io.stderr, color: ctx.io.color })))
      throw new AgntError('cancelled; nothing was changed');
    // Under the JSON form stderr holds the error object alone; the plan is in the result.
  } else if (!ctx.io.quiet && !ctx.jsonErrors) ctx.io.err(text);
  // Each write is checked again as it is sent, by the document's rules, approved by a second admin's signature.
  const ops = operations(ctx, p.desired, p.live, p.changes, p.state);
  // The state file and its journal have one writer: a second apply to the same state refuses, naming the first.
  mkdirSync(dirname(p.state.path), { recursive: true, mode: 0o700 });
  const lock = await acquireLock(p.state.path, { waitMs: LEDGER_LOCK_WAIT_MS, what: 'the org state file', signal: ctx.signal });
  let outcome: { done: number; sup?: Awaited<ReturnType<typeof applySupervision>> };
  try {
    outcome = await guardrailsOf(ctx).within(p.rules, Boolean(signed?.secondAdmin), async () => {
      let done: number;
      try {
        done = await runOperations(ctx, ops);
      } finally {
        p.state.compact();
      }
      const sup = p.supervision && supervisionCount(p.supervision) ? await applySupervision(ctx, p.supervision, p.live) : undefined;
      return { done, sup };
    });
  } finally {
    lock.release();
  }
  const { done, sup } = outcome;
  if (objects) {
    writeReceipt(String(inv.opts.receipt), data, ops, objects);
    ctx.io.info(`receipt written to ${inv.opts.receipt}; apply the same change elsewhere with: agnt org apply -f ${p.file} ORG --rehearsed ${inv.opts.receipt}`);
  }
  const applied = p.changes.length + supervisionCount(p.supervision);
  const supText = sup ? `; supervision of ${sup.members} member(s) in ${sup.requests} request(s)${sup.skipped.length ? `, ${sup.skipped.length} skipped (no primary identifier)` : ''}` : '';
  return {
    data: {
      organization: p.orgId,
      applied,
      requests: done + (sup?.requests ?? 0),
      changes: data.changes,
      ...(sup ? { supervision: { members: sup.members, requests: sup.requests, skipped: sup.skipped } } : {}),
    },
    text: `applied ${applied} change(s) to ${p.orgId}${supText}`,
  };
};

// ---- drift ----

export const driftOrg: Handler = async (ctx, inv) => {
  if (ctx.dryRun) {
    await loadDocument(docFile(inv), await variablesOf(inv.opts));
    return dryRead(ctx, inv.args.orgId);
  }
  const p = await prepare(ctx, inv);
  const attributed = await attributeAll(ctx, p.changes, p.live);
  // Supervision changes are named by their own events only: the API's action filter keeps the
  // rest of the log on the server.
  const events = supervisionCount(p.supervision) ? await readAll(ctx, 'orgs.audit-events.list', { params: { orgId: p.orgId }, query: { action: 'supervision_*' } }) : [];
  const records = p.changes.map((c, i) => {
    const pub = publicChange(c, p.secrets);
    const who = attributed[i];
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
  if (p.supervision) records.push(...supervisionDrift(p.supervision, events, p.live));
  const lines = [`drift of ${p.orgId} (${p.live.org.name}) from ${p.file}: ${records.length ? `${records.length} field(s) differ` : 'none; the organization matches the file'}`];
  const fields = records.map((r) => {
    const what =
      r.op === 'update'
        ? `${r.path}: live ${JSON.stringify(r.live)}, file ${JSON.stringify(r.file)}`
        : r.op === 'create'
          ? `${r.path}: in the file, not in the organization`
          : `${r.path}: in the organization (created by agnt), not in the file`;
    const who = r.eventId
      ? `changed by ${r.actor ?? 'the system'}${r.actorEmail ? ` (${r.actorEmail})` : ''} at ${r.at} (${r.action}, event ${r.eventId})`
      : 'changed by: unknown (no audit event names this field)';
    return { sign: r.op === 'create' ? '+' : r.op === 'delete' ? '-' : '~', what, who };
  });
  for (const f of fields) lines.push(`  ${f.what}\n    ${f.who}`);
  const text = lines.map((l) => l.split('\n').map(escapeControls).join('\n')).join('\n');
  // As a pull-request comment: a line per field (as a plan's), who changed it on the next.
  const markdown = () =>
    planMarkdown({
      command: `agnt org drift -f ${p.file}`,
      summary: lines[0]!,
      groups: [{ name: 'drifted fields', lines: fields.flatMap((f) => [`${f.sign} ${f.what}`, `    ${f.who}`]) }],
      whole: `agnt org drift -f ${p.file} ${p.orgId} -o json`,
    });
  if (inv.opts.exitCode && records.length) return { data: records, text, markdown, exitCode: EXIT.changes, message: `${records.length} field(s) drifted from ${p.file} (exit ${EXIT.changes})` };
  return { data: records, text, markdown };
};

/**
 * Before any write: a change the API would refuse (a parent-locked cell loosened) and a file
 * whose own tests fail on the matrices it would make stop apply, nothing written.
 */
function refuseSupervision(p: Prepared): void {
  const sup = p.supervision!;
  if (sup.impossible.length) {
    const first = sup.impossible.slice(0, 3).map((x) => `${x.email} ${x.what === 'cell' ? x.cell : `${x.what} on ${x.cell}`} -> ${x.mode}`);
    throw new AgntError(
      `the file loosens cells the organization locked, for ${new Set(sup.impossible.map((x) => x.email)).size} member(s) (${first.join('; ')}${sup.impossible.length > 3 ? '; ...' : ''}); the API would answer 403; nothing was written`,
      EXIT.auth,
      `see them with agnt org plan -f ${p.file}; choose the locked mode or a stricter one`,
    );
  }
  const failed = renderTestFailures(sup.resultTests, 'the organization as apply would leave it');
  if (failed.length) throw new ChangesFound(`${failed.join('\n')}\nnothing was written`);
}
