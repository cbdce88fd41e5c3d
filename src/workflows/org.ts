// Organization commands that do more than one plain request: the typed-name delete, the SSO
// set-up, the SCIM token, audit events with relative times, and audit-log delivery with --wait.
import { asThisRun } from '../core/suggest.ts';
import { loadPrompts } from '../core/prompts.ts';
import type { Context } from '../core/context.ts';
import { callEndpoint, requestFor } from '../core/endpoint-request.ts';
import type { Handler, PageFlags, Invocation, Result } from '../core/spec.ts';
import { AgntError, EXIT, UsageError } from '../core/errors.ts';
import { type OnPage, paginate, parsePageOptions } from '../core/paginate.ts';
import { pagingProgress } from '../core/progress.ts';
import { loadYaml } from '../core/yaml.ts';
import { explain, plain, seconds, sleep, spinner } from './common.ts';
import { checkZone, iso, needsZone, parseWhen, resolveZone } from '../core/time.ts';

type Rec = Record<string, any>;

export const deleteOrg: Handler = async (ctx, inv) => {
  const id = inv.args.orgId!;
  if (!ctx.dryRun && !ctx.global.yes) {
    if (!ctx.io.canPrompt()) throw new UsageError(`delete organization ${id}: refusing without --yes when not on a terminal`);
    const current = await callEndpoint<Rec>(ctx.client(), 'orgs.get', { params: { orgId: id } });
    const name = String(current.data?.name ?? id);
    ctx.io.err(`This deletes organization ${id} (${name}) with its domains, SSO settings and audit-log configuration. It cannot be undone.`);
    const { input } = await loadPrompts(ctx.io.color, ['input']);
    const typed = await input({ message: `Type the organization's name (${name}) to confirm:` }, { input: ctx.io.stdin, output: ctx.io.stderr });
    if (typed.trim() !== name) throw new AgntError(`cancelled: '${typed.trim()}' is not the organization's name; nothing was deleted`);
  }
  const res = await plain(ctx, inv).catch((e) => explain(e, { AGNT_E_ORG_NOT_EMPTY: `remove its members first: agnt org members list ${id} -o id` }));
  return res && { data: res.data };
};

// ---- SSO ----

/** The guided set-up: provider, its settings, SCIM, then on/enforced. Inner field names are ours. */
async function guidedSso(ctx: Context, orgId: string, given: Rec): Promise<Rec> {
  const { select, input, confirm } = await loadPrompts(ctx.io.color, ['select', 'input', 'confirm']);
  const out = { input: ctx.io.stdin, output: ctx.io.stderr };
  const current = await callEndpoint<Rec>(ctx.client(), 'orgs.get', { params: { orgId } });
  const sso: Rec = current.data?.sso ?? {};
  ctx.io.err(`Single sign-on for ${orgId} (${current.data?.name ?? ''}): currently ${sso.enabled ? 'on' : 'off'}${sso.provider ? `, provider ${sso.provider}` : ''}.`);
  const body: Rec = { ...given };
  const provider = await select(
    {
      message: 'Identity provider',
      choices: [
        { name: 'SAML 2.0', value: 'saml' },
        { name: 'provider1 (provider1Workspace)', value: 'provider1' },
        { name: 'provider2 (provider2Directory)', value: 'provider2' },
      ],
      default: given.provider ?? sso.provider ?? 'saml',
    },
    out,
  );
  body.provider = provider;
  const required = (v: string) => (v.trim() ? true : 'required');
  if (provider === 'saml') {
    const prev: Rec = sso.saml ?? {};
    body.saml = {
      entityId: await input({ message: 'IdP entity ID', default: prev.entityId, validate: required }, out),
      ssoUrl: await input({ message: 'IdP sign-in URL', default: prev.ssoUrl, validate: (v) => (/^https:\/\//.test(v) ? true : 'an https:// URL') }, out),
      certificateFingerprint: await input(
        {
          message: 'IdP certificate SHA-256 fingerprint',
          default: prev.certificateFingerprint,
          // 32 bytes in hex, with or without colons (as IdPs show it).
          validate: (v) => /^\s*(?:[0-9a-f]{2}(?::?)){31}[0-9a-f]{2}\s*$/i.test(v) || 'a SHA-256 fingerprint: 64 hex digits, colons allowed (AB:CD:...)',
        },
        out,
      ),
    };
  } else if (provider === 'provider1') {
    const prev: Rec = sso.provider1Workspace ?? {};
    body.provider1Workspace = {
      domain: await input({ message: 'provider1Workspace domain', default: prev.domain, validate: required }, out),
      customerId: await input({ message: 'provider1Workspace customer id', default: prev.customerId, validate: required }, out),
    };
  } else {
    const prev: Rec = sso.provider2Directory ?? {};
    body.provider2Directory = { tenantId: await input({ message: 'provider2Directory tenant id', default: prev.tenantId, validate: required }, out) };
  }
  body.scim = { enabled: await confirm({ message: 'Provision and deprovision members with SCIM?', default: Boolean(sso.scim?.enabled) }, out) };
  body.enabled = await confirm({ message: 'Turn single sign-on on now?', default: true }, out);
  body.enforced = body.enabled ? await confirm({ message: 'Require single sign-on for every member (enforce)?', default: Boolean(sso.enforced) }, out) : false;
  const { stringify } = await loadYaml();
  ctx.io.err(`\nAbout to send (save it as sso.yaml to re-run with --file):\n${stringify(body)}`);
  if (!(await confirm({ message: 'Apply these settings?', default: true }, out))) throw new AgntError('cancelled; nothing was changed');
  return body;
}

export const ssoSet: Handler<{ guided?: boolean }> = async (ctx, inv) => {
  let body: Rec = inv.body ?? {};
  if (!Object.keys(body).length || inv.opts.guided) {
    if (!ctx.io.canPrompt()) {
      throw new UsageError('nothing to set: give flags (--enabled, --enforced, --provider, --saml ...) or --file sso.yaml; the guided set-up needs a terminal');
    }
    body = await guidedSso(ctx, inv.args.orgId!, body);
  }
  const res = await plain(ctx, inv, body).catch((e) =>
    explain(e, {
      AGNT_E_SSO_DOMAIN_REQUIRED: `add and verify a domain first: agnt org domains add ${inv.args.orgId} --domain example.com, then agnt org domains verify ${inv.args.orgId} <domainId>`,
      '403': 'only organization admins change single sign-on',
    }),
  );
  return res && { data: res.data };
};

// ---- SCIM ----

export const scimRotate: Handler = async (ctx, inv) => {
  const res = await plain<Rec>(ctx, inv).catch((e) => explain(e, { '403': 'only organization admins rotate the SCIM token' }));
  if (!res) return;
  const token = typeof res.data?.token === 'string' ? res.data.token : undefined;
  // The token goes to stdout only, once; everything said about it goes to stderr.
  ctx.io.warn('this SCIM token is shown only this once and cannot be shown again; store it in your identity provider or secret store now. The previous token no longer works.');
  return { data: res.data, text: token };
};

// ---- audit events ----

/**
 * The time bounds of an audit command, read like coverage's: ISO 8601 as it is, a relative time
 * (24h, 7d: that long ago), and wall times ('2026-12-01 09:00', 'today') in the user's zone
 * (--tz, AGNT_TIMEZONE, the profile, the platform user, the machine), asked for only when needed.
 */
async function readTimes(ctx: Context, inv: Invocation<{ tz?: string }>, into: Rec, flags: Record<string, string>): Promise<void> {
  const tzFlag = typeof inv.opts.tz === 'string' ? checkZone(inv.opts.tz, '--tz') : undefined;
  const keys = Object.keys(flags).filter((k) => into[k] !== undefined);
  // The zone is looked up when a value needs it, or cannot be read (so the hint names the right one).
  const tz = keys.some((k) => needsZone(String(into[k]))) ? await resolveZone(ctx, tzFlag) : 'UTC';
  const now = Date.now();
  const at: Record<string, number> = {};
  for (const k of keys) {
    at[k] = parseWhen(String(into[k]), tz, now, { flag: flags[k], ago: true });
    into[k] = iso(at[k]);
  }
  // A period that ends before it starts is refused here, not by the server.
  const [startKey, endKey] = Object.keys(flags);
  if (startKey && endKey && at[startKey] !== undefined && at[endKey] !== undefined && at[endKey]! <= at[startKey]!)
    throw new UsageError(`${flags[endKey]} (${into[endKey]}) is not after ${flags[startKey]} (${into[startKey]})`);
}

export const auditEvents: Handler<PageFlags & { since?: string; tz?: string }> = async (ctx, inv) => {
  const query: Rec = { ...inv.query };
  if (inv.opts.since !== undefined) {
    if (query.after !== undefined) throw new UsageError('give --since or --after, not both');
    query.after = inv.opts.since;
  }
  await readTimes(ctx, inv, query, { after: inv.opts.since !== undefined ? '--since' : '--after', before: '--before' });
  const pageOpts = parsePageOptions(inv.opts);
  const request = requestFor(inv.spec.endpoint, { params: inv.args, query });
  const walk = (onPage: OnPage) => {
    const shown = pagingProgress(ctx.io, ctx.client(), Boolean(pageOpts.all));
    return paginate(shown.client, request, pageOpts, (items) => {
      shown.add(items.length);
      return onPage(items);
    })
      .catch((e) => explain(e, { '403': 'only organization admins read audit events' }))
      .finally(() => shown.end());
  };
  return { pages: { walk }, empty: 'no events' };
};

// ---- audit-log delivery ----

const FINAL = new Set(['completed', 'failed']);

/** --wait, --interval and --max-wait (seconds, as typed). */
type WaitOptions = { wait?: boolean; interval?: string; maxWait?: string };

async function waitForJob(ctx: Context, orgId: string, first: Rec, opts: WaitOptions): Promise<Rec> {
  const interval = seconds(opts.interval ?? 1, '--interval') * 1000;
  const maxWait = seconds(opts.maxWait ?? 600, '--max-wait') * 1000;
  const started = Date.now();
  let job = first;
  const spin = spinner(ctx, `delivery job ${job.id}: ${job.status}`);
  try {
    while (!FINAL.has(job.status)) {
      if (Date.now() - started >= maxWait) {
        throw new AgntError(
          `gave up waiting after ${maxWait / 1000}s: delivery job ${job.id} is still ${job.status}`,
          EXIT.failure,
          `check later: ${asThisRun(ctx.global, `agnt org audit-logging job ${orgId} ${job.id} --wait`)}`,
        );
      }
      await sleep(interval, ctx.signal);
      const res = await callEndpoint<Rec>(ctx.client(), 'orgs.audit-logging.job', { params: { orgId, jobId: job.id } });
      job = res.data;
      spin.update(`delivery job ${job.id}: ${job.status}`);
    }
  } finally {
    spin.stop();
  }
  return job;
}

function outcome(job: Rec): Result {
  if (job.status === 'failed') {
    const errors: string[] = Array.isArray(job.errors) ? job.errors : [];
    return { data: job, exitCode: EXIT.failure, message: `delivery job ${job.id} failed${errors.length ? `: ${errors.join('; ')}` : ''}` };
  }
  if (job.status === 'completed') return { data: job, message: `delivery job ${job.id} completed: ${job.filesCopied ?? 0} file(s) copied` };
  return { data: job };
}

export const deliver: Handler<WaitOptions & { tz?: string }> = async (ctx, inv) => {
  const body: Rec = { ...(inv.body ?? {}) };
  await readTimes(ctx, inv, body, { from: '--from', to: '--to' });
  const res = await plain<Rec>(ctx, inv, body).catch((e) => explain(e, { '403': 'only organization admins deliver audit logs' }));
  if (!res) return;
  const orgId = inv.args.orgId!;
  if (!inv.opts.wait) {
    return { data: res.data, message: `delivery job ${res.data.id} is ${res.data.status}; follow it with: ${asThisRun(ctx.global, `agnt org audit-logging job ${orgId} ${res.data.id} --wait`)}` };
  }
  return outcome(await waitForJob(ctx, orgId, res.data, inv.opts));
};

export const job: Handler<WaitOptions> = async (ctx, inv) => {
  const res = await plain<Rec>(ctx, inv);
  if (!res) return;
  if (!inv.opts.wait) return { data: res.data };
  return outcome(await waitForJob(ctx, inv.args.orgId!, res.data, inv.opts));
};

// ---- one domain ----

/** The API lists domains but has no read of one: find it in the list (every page). */
export const domainGet: Handler = async (ctx, inv) => {
  const { orgId, domainId } = inv.args;
  let found: Rec | undefined;
  await paginate(ctx.client(), requestFor(inv.spec.endpoint, { params: { orgId: orgId! } }), { all: true }, (items) => {
    found ??= (items as Rec[]).find((d) => d.id === domainId || d.domain === domainId);
  });
  if (ctx.dryRun) return;
  if (!found) throw new AgntError(`domain ${domainId} not found in organization ${orgId}`, EXIT.notFound);
  return { data: found };
};
