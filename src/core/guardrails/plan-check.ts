// The check of a whole run's writes before the first is sent (members sync, batch --plan): each
// planned request is read as the hook would read it when sent (touch.ts), and the rules judge
// them together, so a run the rules refuse sends nothing rather than stopping half way.
import type { EndpointId } from '../../api/ids.ts';
import type { Context } from '../context.ts';
import { endpointRequest, type RequestParts } from '../endpoint-request.ts';
import { CONNECTIONS } from '../http.ts';
import { concretePath } from '../journal-hook.ts';
import { mapLimit } from '../map-limit.ts';
import type { RequestSpec } from '../request-spec.ts';
import { enforce, type Touch } from './check.ts';
import { runGuardrails } from './hook.ts';
import type { RuleSet } from './rules.ts';
import { touchOfRequest } from './touch.ts';

export interface Planned {
  id: EndpointId;
  parts: RequestParts;
}

/** The run's rules (the command's document, --guardrails, or the profile's), when there are any. */
export async function rulesOf(ctx: Context): Promise<RuleSet | undefined> {
  return runGuardrails({ profile: ctx.settings().profile.name, file: ctx.global.guardrails }).rules();
}

/** Each planned request as a Touch (a request that names a user or team is looked up where a rule needs it). */
export async function touchesOf(ctx: Context, rs: RuleSet, specs: RequestSpec[]): Promise<Touch[]> {
  const client = ctx.client();
  return mapLimit(specs, CONNECTIONS, (spec) => touchOfRequest({ spec, method: spec.method, target: concretePath(spec) }, client, rs));
}

/** Refuses the run (exit 7, nothing sent) when its planned writes break a rule. */
export async function checkPlanned(ctx: Context, planned: Planned[], what = 'nothing was sent'): Promise<void> {
  const rs = await rulesOf(ctx);
  if (!rs || !planned.length) return;
  const specs = await Promise.all(planned.map((p) => endpointRequest(p.id, p.parts)));
  const run = runGuardrails({ profile: ctx.settings().profile.name, file: ctx.global.guardrails });
  enforce(rs, await touchesOf(ctx, rs, specs), await run.state(), what);
}
