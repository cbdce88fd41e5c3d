// `agnt keys create|show` and `agnt approve PLAN`: an admin's signing key per profile, and their
// signature on a saved plan (core/guardrails/signing.ts; docs/guardrails.md).
import { readSavedJson } from '../core/saved-file.ts';
import { writeFileAtomic } from '../core/atomic-file.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { createKey, keyFile, profileEmail, publicText, readKey, signPlan } from '../core/guardrails/signing.ts';

/** The lines to paste under the document's guardrails. */
const pasteText = (email: string, key: string) => `guardrails:\n  approvers:\n    - email: ${email}\n      key: ${key}`;

export async function keysCreate(ctx: Context, opts: Record<string, unknown>): Promise<Outcome> {
  const profile = ctx.settings().profile.name;
  const made = createKey(profile, Boolean(opts.force));
  const email = await profileEmail(ctx).catch(() => 'YOUR-EMAIL');
  return {
    data: { profile, email, key: made.key, file: made.file },
    text: pasteText(email, made.key),
    notes: [`private key written to ${made.file} (0600); add the public key above to the organization document`],
  };
}

export async function keysShow(ctx: Context): Promise<Outcome> {
  const profile = ctx.settings().profile.name;
  const key = publicText(readKey(profile));
  const email = await profileEmail(ctx).catch(() => 'YOUR-EMAIL');
  return { data: { profile, email, key, file: keyFile(profile) }, text: pasteText(email, key) };
}

const PLAN_KINDS = ['OrgPlan', 'BatchPlan'];

export async function approve(ctx: Context, file: string): Promise<Outcome> {
  const plan = readSavedJson(file, file, 'a plan saved by agnt org plan --out or agnt batch --plan-out', (d) => PLAN_KINDS.includes(d.kind));
  const key = readKey(ctx.settings().profile.name);
  const by = await profileEmail(ctx);
  const signed = signPlan(plan, key, by);
  // The plan stays where the user keeps it, with the mode a new file gets (umask), as plan --out wrote it.
  writeFileAtomic(file, `${JSON.stringify(signed, null, 2)}\n`, { mode: 0o666 });
  const author = String(plan.author ?? '');
  const notes = author && author.toLowerCase() === by ? [`note: you made this plan (${author}); a rule asking for a second admin needs another approver's signature`] : [];
  return {
    data: { file, signedBy: by, signatures: signed.signatures!.map((s) => s.by) },
    text: `${file}: signed by ${by} (${signed.signatures!.length} signature(s): ${signed.signatures!.map((s) => s.by).join(', ')})`,
    notes,
  };
}
