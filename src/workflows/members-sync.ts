// `agnt teams members sync TEAM --from roster.csv` and `agnt org members sync ORG --from roster.csv`:
// read the roster, read the current members, work out adds, role changes and removals, show them
// (--preview stops there) and apply them, adds first and removals last, one request per action.
// The roster goes through `agnt batch`'s reader (CSV, TSV, JSONL, YAML; encodings, delimiters).
import { CHANGES_AT_ONCE } from '../core/http.ts';
import { closeSync, openSync, writeSync } from 'node:fs';
import { Context } from '../core/context.ts';
import { AgntError, ApiError, EXIT, NAMED_FAILURES, namedFailures, UsageError, failureText } from '../core/errors.ts';
import type { EndpointId } from '../api/index.ts';
import { callEndpoint, endpointRequest } from '../core/endpoint-request.ts';
import type { HttpClient } from '../core/http.ts';
import { confirm } from '../core/io.ts';
import { escapeControls } from '../core/output.ts';
import { mapLimit } from '../core/map-limit.ts';
import { checkPlanned, type Planned } from '../core/guardrails/plan-check.ts';
import { paginate } from '../core/paginate.ts';
import type { Column, Handler, Invocation, Result } from '../core/spec.ts';
import { isEmailHeader } from './import/mapping.ts';
import { openInput, type InputFormat } from './batch/input.ts';

export type ActionKind = 'add' | 'role' | 'remove';

export interface Action {
  action: ActionKind;
  email: string;
  userId: string | null;
  role: string | null;
  fromRole: string | null;
  /** The roster row the action comes from (adds and role changes). */
  row: number | null;
  outcome: 'preview' | 'done' | 'failed' | 'skipped';
  error?: string;
}

interface Member {
  id: string;
  email: string;
  role: string | null;
}

interface Target {
  what: string;
  id: string;
  roles: readonly string[];
  list(c: HttpClient): Promise<Member[]>;
  add(c: HttpClient, email: string, role: string | null, lookup: () => Promise<string | null>): Promise<string | null>;
  /** The request that sets a member's role, and the one that removes them (what the guardrails check first). */
  roleRequest(m: Member, role: string): Planned;
  /** The request that adds a member, as far as it is known before the user is looked up. */
  addRequest(email: string): Planned;
  removeRequest(m: Member): Planned;
  /** Members a sync never removes (a team's owner: ownership must be handed on first). */
  protect?(m: Member): string | undefined;
}

async function all(c: HttpClient, endpoint: EndpointId, params: Record<string, string>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  await paginate(c, await endpointRequest(endpoint, { params }), { all: true }, (items) => out.push(...(items as Record<string, unknown>[])));
  return out;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function teamTarget(teamId: string): Target {
  return {
    what: `team ${teamId}`,
    id: teamId,
    roles: ['owner', 'admin', 'member'],
    async list(c) {
      return (await all(c, 'teams.members.list', { teamId })).map((m) => ({ id: str(m.id ?? m.userId), email: str(m.email), role: str(m.role) || null }));
    },
    async add(c, email, role, lookup) {
      const userId = await lookup();
      if (!userId) throw new AgntError(`no user has the e-mail ${email}: invite them (agnt invitations create) or provision them (agnt users provision) first`, 3);
      await callEndpoint(c, 'teams.members.create', { params: { teamId }, body: { userId, ...(role ? { role } : {}) } });
      return userId;
    },
    addRequest: (email) => ({ id: 'teams.members.create', parts: { params: { teamId }, body: { email } } }),
    roleRequest: (m, role) => ({ id: 'teams.members.update', parts: { params: { teamId, memberId: m.id }, body: { role } } }),
    removeRequest: (m) => ({ id: 'teams.members.delete', parts: { params: { teamId, memberId: m.id } } }),
    protect: (m) => (m.role === 'owner' ? 'the owner stays: make another member owner first' : undefined),
  };
}

function orgTarget(orgId: string): Target {
  return {
    what: `organization ${orgId}`,
    id: orgId,
    roles: ['admin', 'member', 'guest'],
    async list(c) {
      return (await all(c, 'orgs.members.list', { orgId })).map((m) => ({ id: str(m.id), email: str(m.email), role: str(m.organizationRole) || null }));
    },
    async add(c, email, role) {
      const res = await callEndpoint<Record<string, unknown>>(c, 'orgs.members.create', { params: { orgId }, body: { email } });
      const id = str(res.data?.id) || null;
      // A new member joins as a member; another role is a second request.
      if (role && role !== 'member' && id) await callEndpoint(c, 'users.update', { params: { userId: id }, body: { organizationRole: role } });
      return id;
    },
    addRequest: (email) => ({ id: 'orgs.members.create', parts: { params: { orgId }, body: { email } } }),
    roleRequest: (m, role) => ({ id: 'users.update', parts: { params: { userId: m.id }, body: { organizationRole: role } } }),
    removeRequest: (m) => ({ id: 'orgs.members.delete', parts: { params: { orgId, userId: m.id } } }),
  };
}

interface RosterEntry {
  row: number;
  email: string;
  role: string | null;
}

function findColumn(header: string[], given: string | undefined, flag: string, guess: (h: string) => boolean): number {
  if (given !== undefined) {
    let i = header.indexOf(given);
    if (i < 0) i = header.findIndex((h) => h.trim().toLowerCase() === given.trim().toLowerCase());
    if (i < 0) throw new UsageError(`${flag}: no column '${given}' (the columns are ${header.filter(Boolean).join(', ')})`);
    return i;
  }
  return header.findIndex(guess);
}

async function readRoster(ctx: Context, file: string, roles: readonly string[], o: Record<string, unknown>): Promise<{ entries: RosterEntry[]; hasRoles: boolean }> {
  const input = await openInput(file, ctx.io.stdin, { format: o.inputFormat as InputFormat | undefined, knownHeaders: ['email'] });
  try {
    const emailAt = findColumn(input.header, o.emailColumn as string | undefined, '--email-column', isEmailHeader);
    if (emailAt < 0) throw new UsageError(`${input.name}: no e-mail column in the header (${input.header.filter(Boolean).join(', ')})`, 'name it with --email-column');
    const roleAt = findColumn(input.header, o.roleColumn as string | undefined, '--role-column', (h) => /^(team |org(anization)? )?role$/i.test(h.trim()));
    const entries: RosterEntry[] = [];
    const seen = new Map<string, number>();
    const problems: string[] = [];
    for await (const chunk of input.rows()) {
      for (const r of chunk) {
        if (r.cells.every((c) => c.trim() === '')) continue;
        const email = (r.cells[emailAt] ?? '').trim();
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
          problems.push(`row ${r.row}: '${escapeControls(email)}' is not an e-mail address`);
          continue;
        }
        let role: string | null = roleAt >= 0 ? (r.cells[roleAt] ?? '').trim().toLowerCase() || null : null;
        if (role && !roles.includes(role)) {
          problems.push(`row ${r.row} (${escapeControls(email)}): role '${escapeControls(role)}' is not one of ${roles.join(', ')}`);
          role = null;
          continue;
        }
        const key = email.toLowerCase();
        const prev = seen.get(key);
        if (prev !== undefined) {
          const first = entries[prev]!;
          if (first.role !== role) problems.push(`row ${r.row} (${escapeControls(email)}): also on row ${first.row} with another role`);
          continue;
        }
        seen.set(key, entries.length);
        entries.push({ row: r.row, email, role });
      }
    }
    // A roster with mistakes would add or remove the wrong people: nothing is changed.
    if (problems.length)
      throw new UsageError(`${input.name}: ${problems.length} bad row${problems.length === 1 ? '' : 's'}, nothing changed: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; ...' : ''}`);
    return { entries, hasRoles: roleAt >= 0 };
  } finally {
    input.close();
  }
}

function plan(
  current: Member[],
  roster: RosterEntry[],
  hasRoles: boolean,
  o: { addOnly: boolean; removeOnly: boolean },
  target: Target,
): { actions: Action[]; kept: Array<{ m: Member; why: string }> } {
  const byEmail = new Map(current.map((m) => [m.email.toLowerCase(), m]));
  const wanted = new Set(roster.map((e) => e.email.toLowerCase()));
  const actions: Action[] = [];
  const kept: Array<{ m: Member; why: string }> = [];
  if (!o.removeOnly) {
    for (const e of roster) {
      const m = byEmail.get(e.email.toLowerCase());
      if (!m) actions.push({ action: 'add', email: e.email, userId: null, role: e.role, fromRole: null, row: e.row, outcome: 'preview' });
    }
    if (hasRoles && !o.addOnly) {
      for (const e of roster) {
        const m = byEmail.get(e.email.toLowerCase());
        if (m && e.role && m.role !== e.role) actions.push({ action: 'role', email: m.email, userId: m.id, role: e.role, fromRole: m.role, row: e.row, outcome: 'preview' });
      }
    }
  }
  if (!o.addOnly) {
    for (const m of current) {
      if (wanted.has(m.email.toLowerCase())) continue;
      const why = target.protect?.(m);
      if (why) kept.push({ m, why });
      else actions.push({ action: 'remove', email: m.email, userId: m.id, role: null, fromRole: m.role, row: null, outcome: 'preview' });
    }
  }
  return { actions, kept };
}

const ACTION_COLUMNS = ['action', 'email', 'user_id', 'role', 'from_role', 'roster_row', 'outcome', 'error'];

function csvCell(v: string): string {
  return /[",\n\r]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

function writeActionCsv(path: string, actions: Action[]): void {
  let fd: number;
  try {
    fd = openSync(path, 'w', 0o600);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'choose another place with --action-csv');
  }
  const lines = [ACTION_COLUMNS.join(',')];
  for (const a of actions) lines.push([a.action, a.email, a.userId ?? '', a.role ?? '', a.fromRole ?? '', a.row === null ? '' : String(a.row), a.outcome, a.error ?? ''].map(csvCell).join(','));
  writeSync(fd, `${lines.join('\n')}\n`);
  closeSync(fd);
}

/** Changes started at once: as many as the HTTP core lets a workflow's writes run. */
const SYNC_CONCURRENCY = CHANGES_AT_ONCE;

const SIGN: Record<ActionKind, string> = { add: '+', role: '~', remove: '-' };

export const columns: Column[] = [
  { path: 'action' },
  { path: 'email' },
  { path: 'userId', header: 'USER_ID' },
  { path: 'role' },
  { path: 'fromRole', header: 'FROM_ROLE' },
  { path: 'outcome' },
  { path: 'error' },
];

async function sync(ctx: Context, inv: Invocation, target: Target): Promise<Result | void> {
  const o = inv.opts;
  if (o.from === undefined) throw new UsageError('--from is required: the roster file (CSV, TSV, JSONL or YAML)');
  const preview = Boolean(o.preview);
  const addOnly = Boolean(o.addOnly);
  const removeOnly = Boolean(o.removeOnly);
  if (addOnly && removeOnly) throw new UsageError('--add-only and --remove-only cannot be combined');
  let maxRemovals: number | undefined;
  if (o.maxRemovals !== undefined) {
    if (!/^\d+$/.test(String(o.maxRemovals))) throw new UsageError(`--max-removals must be a whole number, got '${String(o.maxRemovals)}'`);
    maxRemovals = Number(o.maxRemovals);
  }
  const { entries, hasRoles } = await readRoster(ctx, String(o.from), target.roles, o);
  // The reads are real even under --dry-run: the plan depends on them; only writes are shown.
  const reader = ctx.dryRun ? new Context({ ...ctx.global, dryRun: false }, ctx.signal, ctx.io).client() : ctx.client();
  const current = await target.list(reader);
  const { actions, kept } = plan(current, entries, hasRoles, { addOnly, removeOnly }, target);
  // Said after the result (notes), so that a failure in the JSON error form is its one object alone.
  const warnings = kept.map((k) => `${k.m.email} is not on the roster but is kept: ${k.why}`);
  const removals = actions.filter((a) => a.action === 'remove').length;
  const counts = `${actions.filter((a) => a.action === 'add').length} to add, ${actions.filter((a) => a.action === 'role').length} role change${actions.filter((a) => a.action === 'role').length === 1 ? '' : 's'}, ${removals} to remove`;

  if (preview) {
    if (!ctx.io.quiet) for (const a of actions) ctx.io.err(`${SIGN[a.action]} ${escapeControls(a.email)}${a.action === 'role' ? ` ${a.fromRole ?? '-'} -> ${a.role}` : a.role ? ` (${a.role})` : ''}`);
    ctx.io.info(`preview of ${target.what}: ${counts}; nothing changed`);
    if (o.actionCsv) writeActionCsv(String(o.actionCsv), actions);
    return { data: actions, columns, warnings };
  }
  // A sensible stop: a roster that would remove more than 10 members and more than a tenth of
  // them is more likely the wrong file (or a truncated export) than the intended change.
  const limit = maxRemovals ?? Math.max(10, Math.ceil(current.length / 10));
  if (removals > limit) {
    throw new UsageError(
      `the roster would remove ${removals} of ${current.length} members of ${target.what}, more than ${limit}; nothing changed`,
      `check the roster with --preview, then raise the limit with --max-removals ${removals}`,
    );
  }
  // The guardrails judge every role change and removal before the first request (exit 7, nothing sent).
  // (A dry run sends no write, so it is not checked, as the write hook checks none.)
  const byId = new Map(current.map((m) => [m.id, m]));
  if (!ctx.dryRun)
    await checkPlanned(
      ctx,
      actions.map((a) => (a.action === 'add' ? target.addRequest(a.email) : a.action === 'role' ? target.roleRequest(byId.get(a.userId!)!, a.role!) : target.removeRequest(byId.get(a.userId!)!))),
      'nothing changed',
    );
  if (removals && !ctx.dryRun) await confirm(ctx.io, `Remove ${removals} member${removals === 1 ? '' : 's'} from ${target.what}?`, ctx.global.yes);

  const client = ctx.client();
  const lookupUser = (email: string) => async (): Promise<string | null> => {
    if (ctx.dryRun) return `<user id of ${email}>`;
    let hit: string | null = null;
    await paginate(reader, await endpointRequest('users.list', { query: { email } }), { all: true }, (items) => {
      for (const u of items as Record<string, unknown>[]) if (!hit && str(u.email).toLowerCase() === email.toLowerCase()) hit = str(u.id);
    });
    return hit;
  };
  // Each change is to a different member, so they go out together (the HTTP core bounds how
  // many are on the wire): 250 removals one by one took 6.4 s on a 20 ms round trip. A dry run
  // goes one by one, so that its requests print in the roster's order.
  try {
    // A fatal failure (not an API refusal of this change, or Ctrl-C, or a lost login) is thrown:
    // mapLimit then starts no other change, lets those in flight finish, and throws it.
    await mapLimit(actions, ctx.dryRun ? 1 : SYNC_CONCURRENCY, async (a) => {
      if (ctx.signal.aborted) return;
      try {
        if (a.action === 'add') a.userId = await target.add(client, a.email, a.role, lookupUser(a.email));
        else {
          const r = a.action === 'role' ? target.roleRequest(byId.get(a.userId!)!, a.role!) : target.removeRequest(byId.get(a.userId!)!);
          await callEndpoint(client, r.id, r.parts);
        }
        a.outcome = ctx.dryRun ? 'preview' : 'done';
      } catch (e) {
        a.outcome = 'failed';
        a.error = failureText(e);
        if (!(e instanceof AgntError) || e.exitCode === 130 || (e instanceof ApiError && e.status === 401)) throw e;
        // In the JSON error form the one object at the end names each failed change.
        if (!ctx.jsonErrors) ctx.io.err(`${SIGN[a.action]} ${escapeControls(a.email)}${a.row ? ` (roster row ${a.row})` : ''}: error: ${escapeControls(a.error)}`);
      }
    });
  } catch (e) {
    // What was never started is skipped; what was in flight beside the failure has its outcome.
    for (const rest of actions) if (rest.outcome === 'preview') rest.outcome = 'skipped';
    if (o.actionCsv) writeActionCsv(String(o.actionCsv), actions);
    throw e;
  }
  if (o.actionCsv) writeActionCsv(String(o.actionCsv), actions);
  if (ctx.dryRun) return;
  const failures = actions.filter((a) => a.outcome === 'failed');
  const failed = failures.length;
  const summary = `${target.what}: ${counts}; ${actions.length - failed} done, ${failed} failed`;
  if (failed) {
    const named = ctx.jsonErrors
      ? namedFailures(
          failures.slice(0, NAMED_FAILURES).map((a) => `${SIGN[a.action]} ${a.email}: ${a.error}`),
          failed,
        )
      : '';
    return {
      data: actions,
      columns,
      warnings,
      notes: [summary],
      exitCode: EXIT.partial,
      message: `${failed} of ${actions.length} changes failed${named}${o.actionCsv ? ` (see ${String(o.actionCsv)})` : ''}`,
    };
  }
  return { data: actions, columns, warnings, notes: [summary] };
}

export const teamMembersSync: Handler = async (ctx, inv) => await sync(ctx, inv, teamTarget(inv.args.teamId!));
export const orgMembersSync: Handler = async (ctx, inv) => await sync(ctx, inv, orgTarget(inv.args.orgId!));
