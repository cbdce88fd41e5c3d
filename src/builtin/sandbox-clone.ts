// `agnt sandbox clone --from-profile NAME [ORG]`: a live organization copied into a running
// sandbox, to rehearse a change on a copy of production. The source is read with the profile's
// token exactly as `agnt org export` reads it (the document, members' supervision matrices as its
// policy); the sandbox makes the organization and its admin (its control namespace), `agnt org
// apply` makes the rest (the one implementation of what a document means), and every member gets
// a token. With --pseudonymize, e-mails and free text are replaced deterministically (see
// org-as-code/pseudonymize.ts) and the mapping is written beside the clone, never sent.
import { join, dirname } from 'node:path';
import type { Context } from '../core/context.ts';
import { Context as RunContext } from '../core/context.ts';
import { readConfig, updateConfig } from '../core/config.ts';
import { callEndpoint } from '../core/endpoint-request.ts';
import { UsageError } from '../core/errors.ts';
import type { Outcome } from '../core/outcome.ts';
import type { Invocation } from '../core/spec.ts';
import { call, target } from './sandbox-control.ts';

interface CloneOptions {
  fromProfile?: string;
  pseudonymize?: boolean;
  mapping?: string;
  url?: string;
  with?: string;
}

type Rec = Record<string, any>;

/** What no clone copies, whatever it is given: said at the end of every clone. */
const NEVER_COPIED = [
  'drive file bytes (files are not copied)',
  'chat history',
  "members' names and phone numbers (the API makes a member from an e-mail address)",
  'assistants other than the default one, and their settings',
];

export async function clone(ctx: Context, orgArg: string | undefined, rawOpts: unknown): Promise<Outcome> {
  const opts = rawOpts as CloneOptions;
  const from = opts.fromProfile;
  if (!from) throw new UsageError('--from-profile NAME is required: the profile of the organization to copy (agnt config profiles)');
  if (!readConfig().profiles?.[from]) throw new UsageError(`--from-profile: no profile named '${from}'`, 'list them with `agnt config profiles`');
  const { parseWith, readExtras, pseudonymizeExtras, notCopiedExtras } = await import('./sandbox-clone-with.ts');
  const want = parseWith(opts.with);
  if (opts.mapping && !opts.pseudonymize) throw new UsageError('--mapping goes with --pseudonymize (it is where the pseudonyms are written)');
  // The sandbox and its control token first: nothing is read from the source without somewhere to put it.
  const sandbox = target(ctx, opts.url);
  if (ctx.dryRun) throw new UsageError('sandbox clone --dry-run: clone into a sandbox started for it, and take a snapshot first (agnt sandbox snapshot save) to go back');

  const source = new RunContext({ ...ctx.global, profile: from, baseUrl: undefined, dryRun: false }, ctx.signal, ctx.io);
  const orgId = orgArg || String((await callEndpoint<Rec>(source.client(), 'users.me.get')).data?.organization ?? '');
  if (!orgId) throw new UsageError(`the user of profile '${from}' has no organization: give ORG`);
  const { exportOrg } = await import('../workflows/org-as-code/handlers.ts');
  const exported = (await exportOrg(source, { args: { orgId }, opts: {}, ids: [] } as unknown as Invocation)) as { data: Rec };
  const { unsetSecrets } = await import('../workflows/org-as-code/secrets.ts');
  // Secrets are never copied: the export holds references in their place, emptied here.
  const { doc: withoutSecrets, paths: secrets } = unsetSecrets(exported.data, {});
  let doc: Rec = withoutSecrets;
  let extras = await readExtras(source, orgId, want);

  let mappingFile: string | undefined;
  let pseudonyms: import('../workflows/org-as-code/pseudonymize.ts').Pseudonyms | undefined;
  if (opts.pseudonymize) {
    const { Pseudonyms, pseudonymizeDocument } = await import('../workflows/org-as-code/pseudonymize.ts');
    const status = await call(ctx, sandbox, 'GET', 'status');
    // Beside the clone: beside the sandbox's data file, else in the current folder.
    mappingFile = opts.mapping ?? (status.dataFile ? join(dirname(String(status.dataFile)), `${orgId}.clone-mapping.json`) : `${orgId}.clone-mapping.json`);
    pseudonyms = Pseudonyms.open(mappingFile);
    doc = pseudonymizeDocument(doc, pseudonyms);
    extras = pseudonymizeExtras(extras, pseudonyms);
  }
  const name = String(doc.organization?.name ?? '');
  const admin = (doc.members as Rec[] | undefined)?.find((m) => m.role === 'admin')?.email;
  if (!name || !admin) throw new UsageError(`organization ${orgId} has ${name ? 'no admin among its members' : 'no name'}: nothing to clone it with`);

  const made = await call(ctx, sandbox, 'POST', 'organizations', { name, admin, assistant: doc.organization?.defaultAssistant ?? null });
  // The members in bulk (a clone of thousands is otherwise one request each), then the document.
  const members = ((doc.members as Rec[] | undefined) ?? []).filter((m) => m.email !== admin);
  for (let i = 0; i < members.length; i += 2_000) await call(ctx, sandbox, 'POST', `organizations/${encodeURIComponent(String(made.organization))}/members`, { members: members.slice(i, i + 2_000) });
  // Teams and their members likewise, in slices of 2,000 members.
  const slices: Rec[][] = [[]];
  let size = 0;
  for (const t of (doc.teams as Rec[] | undefined) ?? []) {
    const list = (t.members as Rec[] | undefined) ?? [];
    for (let i = 0; i < Math.max(list.length, 1); i += 2_000) {
      const part = list.slice(i, i + 2_000);
      if (size + part.length > 2_000 && size) {
        slices.push([]);
        size = 0;
      }
      slices.at(-1)!.push({ name: t.name, members: part });
      size += part.length;
    }
  }
  for (const teams of slices) if (teams.length) await call(ctx, sandbox, 'POST', `organizations/${encodeURIComponent(String(made.organization))}/teams`, { teams });
  const { applyInSandbox } = await import('./sandbox.ts');
  await applyInSandbox(sandbox.url, String(made.token), String(made.organization), '(the clone)', JSON.stringify(doc), `the clone of ${orgId} could not be made in ${made.organization}`);
  // Contacts and spans once the members are made (their people are named by e-mail), in slices.
  const orgPath = `organizations/${encodeURIComponent(String(made.organization))}`;
  for (let i = 0; i < extras.contacts.length; i += 2_000) await call(ctx, sandbox, 'POST', `${orgPath}/contacts`, { contacts: extras.contacts.slice(i, i + 2_000) });
  for (let i = 0; i < extras.spans.length; i += 500) await call(ctx, sandbox, 'POST', `${orgPath}/coverage`, { spans: extras.spans.slice(i, i + 500) });
  await call(ctx, sandbox, 'POST', 'tokens');
  // A profile for the clone's admin (the sandbox's own admin cannot see another organization).
  const profile = 'clone';
  await updateConfig((d) => {
    d.profiles ??= {};
    d.profiles[profile] = { baseUrl: sandbox.url, token: String(made.token), user: admin, controlToken: sandbox.token };
  });
  if (pseudonyms && mappingFile)
    pseudonyms.save(mappingFile, { source: { baseUrl: source.settings().baseUrl.value, organization: orgId }, clone: { baseUrl: sandbox.url, organization: made.organization } });

  const notCopied = [...secrets.map((s) => `${s.path} (a secret; set it in the sandbox by hand if the rehearsal needs it)`), ...NEVER_COPIED, ...notCopiedExtras(want, extras)];
  const data = {
    source: { profile: from, organization: orgId },
    organization: made.organization,
    members: (doc.members as Rec[] | undefined)?.length ?? 0,
    teams: (doc.teams as Rec[] | undefined)?.length ?? 0,
    ...(want.has('contacts') ? { contacts: extras.contacts.length } : {}),
    ...(want.has('coverage') ? { coverageSpans: extras.spans.length } : {}),
    admin,
    profile,
    pseudonymized: Boolean(opts.pseudonymize),
    ...(mappingFile ? { mapping: mappingFile } : {}),
    notCopied,
  };
  const text = [
    `cloned ${orgId} (profile ${from}) into ${made.organization} at ${sandbox.url}: ${data.members} member(s), ${data.teams} team(s)${want.has('contacts') ? `, ${extras.contacts.length} contact(s)` : ''}${want.has('coverage') ? `, ${extras.spans.length} coverage span(s)` : ''}${opts.pseudonymize ? ', pseudonymized' : ''}`,
    `profile '${profile}': the clone's admin ${admin} (use --profile ${profile})`,
    ...(mappingFile ? [`mapping (0600, never sent): ${mappingFile}`] : []),
    'not copied:',
    ...notCopied.map((n) => `  - ${n}`),
  ].join('\n');
  return { data, text };
}
