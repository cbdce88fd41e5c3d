// `agnt inbox`: what waits for the caller, across their roles, each item with the commands that
// act on it. One GET per source, all at once; a source the caller's role does not reach (403)
// is simply not theirs, any other failure is named on stderr and the exit code says so.
import type { Outcome, StreamSink } from '../core/outcome.ts';
import type { Context } from '../core/context.ts';
import { AgntError, ApiError, EXIT, Interrupted, UsageError } from '../core/errors.ts';
import type { EndpointId } from '../api/index.ts';
import { callEndpoint, endpointRequest } from '../core/endpoint-request.ts';
import { escapeControls } from '../core/output.ts';
import { paginate } from '../core/paginate.ts';
import { sleep } from '../core/sleep.ts';
import { validZone } from '../core/time.ts';
import { title } from '../render/render.ts';
import { displayZone, zoned } from '../render/zoned.ts';
import { durationMs } from './wait.ts';
import { showsField } from '../core/present.ts';
import { lane } from '../core/map-limit.ts';
import { pairsText, PRINCIPAL_FETCHES, principalRows } from './span-principals.ts';

type Rec = Record<string, any>;

export interface InboxItem {
  /** What is asked: coverage.accept, coverage.approve, coverage.draft, delegation.confirm, delegation.access, invitation.pending, org-request.decide. */
  kind: string;
  id: string;
  /** One line, for people. */
  summary: string;
  /** When it started waiting (ISO 8601). */
  since: string | null;
  /** The exact commands that act on it. */
  commands: string[];
  /** The API's record. */
  record: Rec;
  /** Coverage items: the span's principal rows (principal, backupCoordinator). */
  principals?: Rec[];
}

/** One thing the caller may do to an item: its key in the console, and the command it stands for. */
export interface ItemAction {
  /** The console's key for it. */
  key: string;
  /** The verb, as the console says it: 'approve', 'decline'. */
  label: string;
  /** The command's words after `agnt` (the console runs them through the same perform as typed). */
  argv: (id: string) => string[];
  /** The command confirms on a terminal: printed with --yes (the console asks in its own view). */
  yes?: boolean;
  /** The command takes a --reason, asked for before it is sent. */
  reason?: boolean;
}

/** The command an action stands for, as the inbox prints it. */
export function commandText(a: ItemAction, id: string): string {
  return `agnt ${a.argv(id).join(' ')}${a.yes ? ' --yes' : ''}${a.reason ? " --reason '...'" : ''}`;
}

const act = (key: string, label: string, words: string, opts: { yes?: boolean; reason?: boolean } = {}): ItemAction => ({
  key,
  label,
  argv: (id) => [...words.split(' '), id],
  ...(opts.yes ? { yes: true } : {}),
  ...(opts.reason ? { reason: true } : {}),
});

export interface Source {
  kind: string;
  /** What the caller may do to each item, in the order the commands are listed. */
  actions: ItemAction[];
  heading: string;
  /** The list endpoint (its id in the model) and query whose records become items. */
  endpoint: EndpointId;
  query: Record<string, unknown> | ((me: Rec) => Record<string, unknown>);
  keep?: (r: Rec, me: Rec) => boolean;
  item: (r: Rec, tz: string) => Omit<InboxItem, 'kind' | 'record' | 'principals' | 'commands'>;
  /** Only for callers this applies to (saves a request that would be refused). */
  applies?: (me: Rec) => boolean;
  /** Add the span's principal rows. */
  withPrincipals?: boolean;
  /** What `since` means for this kind, in the terminal view. */
  sinceLabel: string;
}

const str = (v: unknown): string => escapeControls(v === null || v === undefined ? '' : String(v));

function spanLine(s: Rec, tz: string): string {
  return `${str(s.reason)} ${zoned(s.startAt, tz)} to ${zoned(s.endAt, tz)}`;
}

export const SOURCES: Source[] = [
  {
    kind: 'coverage.accept',
    actions: [act('a', 'accept', 'coverage accept'), act('d', 'decline', 'coverage decline')],
    heading: 'Coverage waiting for your acceptance',
    endpoint: 'coverage.spans.list',
    query: { role: 'backup', status: 'pending_acceptance' },
    withPrincipals: true,
    sinceLabel: 'submitted',
    item: (s, tz) => ({
      id: s.id,
      summary: `${spanLine(s, tz)}, for ${str(s.primaryCoordinator)}`,
      since: s.submittedAt ?? s.createdAt ?? null,
    }),
  },
  {
    kind: 'coverage.approve',
    actions: [act('a', 'approve', 'coverage approve'), act('d', 'reject', 'coverage reject')],
    heading: 'Coverage waiting for your approval',
    endpoint: 'coverage.spans.list',
    query: { role: 'manager', status: 'pending_manager_approval' },
    withPrincipals: true,
    sinceLabel: 'accepted',
    item: (s, tz) => ({
      id: s.id,
      summary: `${spanLine(s, tz)}, ${str(s.primaryCoordinator)} away`,
      since: s.acceptedAt ?? s.submittedAt ?? s.createdAt ?? null,
    }),
  },
  {
    kind: 'coverage.draft',
    actions: [act('s', 'submit', 'coverage submit'), act('c', 'cancel', 'coverage cancel', { yes: true })],
    heading: 'Your drafts, not yet submitted',
    endpoint: 'coverage.spans.list',
    query: { role: 'primary', status: 'draft' },
    withPrincipals: true,
    sinceLabel: 'created',
    item: (s, tz) => ({
      id: s.id,
      summary: spanLine(s, tz),
      since: s.createdAt ?? null,
    }),
  },
  {
    kind: 'delegation.confirm',
    actions: [act('a', 'confirm', 'delegations confirm'), act('d', 'decline', 'delegations revoke', { yes: true })],
    heading: 'Delegations waiting for your confirmation',
    endpoint: 'delegations.list',
    query: { role: 'principal', status: 'pending' },
    sinceLabel: 'asked',
    item: (d) => ({
      id: d.id,
      summary: `${str(d.coordinator)} asks to act for you (${str(d.delegationSource)}${d.calendarProvider ? `/${str(d.calendarProvider)}` : ''})`,
      since: d.createdAt ?? null,
    }),
  },
  {
    kind: 'delegation.access',
    actions: [act('v', 'reverify', 'delegations reverify')],
    heading: 'Delegations with degraded calendar access',
    endpoint: 'delegations.list',
    query: { role: 'coordinator', status: 'active' },
    keep: (d) => typeof d.accessHealth === 'string' && d.accessHealth !== 'ok',
    sinceLabel: 'checked',
    item: (d) => ({
      id: d.id,
      summary: `${str(d.accessHealth)} for ${str(d.principal)}`,
      since: d.lastAccessCheckAt ?? null,
    }),
  },
  {
    kind: 'invitation.pending',
    actions: [act('x', 'revoke', 'invitations revoke')],
    heading: "Your team's pending invitations",
    // The caller's team's; only team owners and admins may list them.
    endpoint: 'invitations.list',
    query: (me) => ({ teamId: me.team }),
    applies: (me) => typeof me.team === 'string' && ['owner', 'admin'].includes(me.teamRole),
    sinceLabel: 'sent',
    item: (i, tz) => ({
      id: i.id,
      summary: `${str(i.email)} invited${i.invitedBy ? ` by ${str(i.invitedBy)}` : ''}, expires ${zoned(i.expiresAt, tz)}`,
      since: i.createdAt ?? null,
    }),
  },
  {
    kind: 'org-request.decide',
    actions: [act('a', 'approve', 'org-requests approve'), act('d', 'reject', 'org-requests reject', { reason: true })],
    heading: 'Organization requests to decide',
    endpoint: 'org-requests.list',
    query: { status: 'pending' },
    // Everyone sees their own requests; only an organization admin decides, and not their own.
    applies: (me) => me.organizationRole === 'admin',
    sinceLabel: 'asked',
    keep: (r, me) => r.requestedBy !== me.id,
    item: (r) => ({
      id: r.id,
      summary: `'${str(r.name)}' for team ${str(r.team)}, asked by ${str(r.requestedBy)}${r.notes ? `: ${str(r.notes)}` : ''}`,
      since: r.createdAt ?? null,
    }),
  },
];

function withCommands(src: Source, base: Omit<InboxItem, 'kind' | 'record' | 'principals' | 'commands'>): Omit<InboxItem, 'kind' | 'record' | 'principals'> {
  return { ...base, commands: src.actions.map((a) => commandText(a, base.id)) };
}

export interface Gathered {
  items: InboxItem[];
  failed: Array<{ kind: string; message: string }>;
  tz: string;
}

/** The inbox's columns in csv and in a table given --fields (the terminal view is its own text). */
const COLUMNS = [{ path: 'kind' }, { path: 'id' }, { path: 'summary' }, { path: 'commands' }];

export async function gather(ctx: Context, opts: Record<string, unknown>): Promise<Gathered> {
  const client = ctx.client();
  // A span's principals cost a request each: read only where the output shows them (not -o id).
  const withPrincipals = showsField(ctx, COLUMNS, 'principals');
  const me = (await callEndpoint<Rec>(client, 'users.me.get')).data ?? {};
  const tz = await displayZone(ctx, opts, typeof me.timezone === 'string' && validZone(me.timezone) ? me.timezone : undefined);
  const failed: Gathered['failed'] = [];
  // A span's principals are fetched as soon as its page arrives, while the walk reads on: with a
  // round trip of 20 ms, waiting for the whole list first added the walk's time to theirs.
  const fetchPrincipals = lane(PRINCIPAL_FETCHES);
  const perSource = await Promise.all(
    SOURCES.map(async (src) => {
      if (src.applies && !src.applies(me)) return [];
      const request = await endpointRequest(src.endpoint, { query: typeof src.query === 'function' ? src.query(me) : src.query });
      const kept: Rec[] = [];
      const principals: Array<Promise<Rec[]>> = [];
      try {
        await paginate(client, request, { all: true }, (page) => {
          for (const r of page as Rec[]) {
            if (!r || typeof r !== 'object' || (src.keep && !src.keep(r, me))) continue;
            kept.push(r);
            if (!src.withPrincipals || !withPrincipals) continue;
            const rows = fetchPrincipals(() => principalRows(ctx, r.id));
            // Awaited below; a failure before then must not count as unhandled.
            rows.catch(() => undefined);
            principals.push(rows);
          }
        });
        const rows = await Promise.all(principals);
        return kept.map((r, i): InboxItem => ({ kind: src.kind, ...withCommands(src, src.item(r, tz)), record: r, ...(src.withPrincipals && withPrincipals ? { principals: rows[i] } : {}) }));
      } catch (e) {
        if (ctx.signal.aborted || e instanceof Interrupted) throw e;
        // Not this caller's role: nothing of theirs to show there.
        if (e instanceof ApiError && e.status === 403) return [];
        failed.push({ kind: src.kind, message: (e as Error).message });
        return [];
      }
    }),
  );
  const items = perSource.flat();
  return { items, failed, tz };
}

function renderText(items: InboxItem[], tz: string, ctx: Context): string {
  if (!items.length) return 'Nothing waits for you.';
  const parts: string[] = [];
  for (const src of SOURCES) {
    const mine = items.filter((i) => i.kind === src.kind);
    if (!mine.length) continue;
    const lines = [title(`${src.heading} (${mine.length})`, ctx)];
    for (const i of mine) {
      lines.push(`${str(i.id)}  ${i.summary}`);
      const p = pairsText(i.principals);
      if (p) lines.push(`  principals: ${p}`);
      if (i.since) lines.push(`  ${src.sinceLabel} ${zoned(i.since, tz)}`);
      for (const c of i.commands) lines.push(`  $ ${escapeControls(c)}`);
    }
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}

function reportFailures(ctx: Context, failed: Gathered['failed']): void {
  for (const f of failed) ctx.io.warn(`could not read ${f.kind} items: ${escapeControls(f.message)}`);
}

async function once(ctx: Context, opts: Record<string, unknown>): Promise<Outcome | undefined> {
  const { items, failed, tz } = await gather(ctx, opts);
  if (ctx.dryRun) return;
  const warnings = failed.map((f) => `could not read ${f.kind} items: ${escapeControls(f.message)}`);
  // A person at a table gets the rendering (or a note that the inbox is empty); scripts the items.
  const view = async () => (items.length ? { data: items, text: renderText(items, tz, ctx), warnings } : { data: items, text: '', notes: ['nothing waits for you'], warnings });
  const outcome: Outcome = { data: items, columns: COLUMNS, view, warnings };
  if (!failed.length) return outcome;
  // The JSON error form is one object: it names each source that could not be read.
  return {
    ...outcome,
    exitCode: EXIT.partial,
    message: `the inbox is incomplete: ${failed.length} of its sources could not be read${ctx.jsonErrors ? `: ${failed.map((f) => `${f.kind}: ${f.message}`).join('; ')}` : ''}`,
  };
}

// `--interval 0.3` is said as 0.3s, not rounded to 0s.
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(2))}s`;

const key = (i: InboxItem) => `${i.kind}\u0000${i.id}`;

/**
 * On a terminal each poll redraws the whole inbox (a frame); in a pipe the output is a stream of
 * new items, one JSON object (or id) per line. The presenter prints both.
 */
function watch(ctx: Context, opts: Record<string, unknown>): Outcome {
  const interval = durationMs(typeof opts.interval === 'string' ? opts.interval : '30', '--interval');
  const run = async (sink: StreamSink): Promise<void> => {
    ctx.interruptIsStop = true;
    const seen = new Set<string>();
    for (;;) {
      let result: Gathered;
      try {
        result = await gather(ctx, opts);
      } catch (e) {
        if (ctx.signal.aborted || e instanceof Interrupted) return;
        // A poll that fails as a whole (the server is down) is said and tried again.
        if (!(e instanceof AgntError) || e.exitCode === EXIT.usage || e.exitCode === EXIT.auth) throw e;
        ctx.io.warn(`inbox: ${escapeControls((e as Error).message)}; trying again in ${seconds(interval)}`);
        try {
          await sleep(interval, ctx.signal);
        } catch {
          return;
        }
        continue;
      }
      if (sink.framing) {
        const stamp = new Date().toISOString().slice(11, 19);
        await sink.frame(`${renderText(result.items, result.tz, ctx)}\n\n(updated ${stamp} UTC; every ${seconds(interval)}; Ctrl-C to stop)`);
      } else await sink.emit(result.items.filter((i) => !seen.has(key(i))));
      for (const i of result.items) seen.add(key(i));
      reportFailures(ctx, result.failed);
      try {
        await sleep(interval, ctx.signal);
      } catch {
        return;
      }
    }
  };
  return { stream: { endless: '--watch', frames: true, lineFormats: { table: 'jsonl', json: 'jsonl', jsonl: 'jsonl', id: 'id' }, run } };
}

export async function inbox(ctx: Context, opts: Record<string, unknown>): Promise<Outcome | undefined> {
  if (opts.plain) throw new UsageError('--plain goes with --tui (or agnt console --plain)');
  if (opts.interval !== undefined && !opts.watch) throw new UsageError('--interval goes with --watch or --tui');
  if (opts.utc && opts.tz) throw new UsageError('give --tz or --utc, not both');
  if (opts.watch && ctx.dryRun) throw new UsageError('--watch and --dry-run do not go together');
  if (opts.watch) return watch(ctx, opts);
  return once(ctx, opts);
}
