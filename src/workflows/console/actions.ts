// What the console does besides drawing: gather the inbox into a state, refresh it, and send an
// item's action as the command it stands for (`agnt coverage approve ID`), parsed and performed
// as a typed one is (the batch adapter, which the MCP tools use too), its outcome or failure kept
// on the item. The full-screen view and the line mode both use it.
import type { Context } from '../../core/context.ts';
import type { IO } from '../../core/io.ts';
import { escapeControls } from '../../core/output.ts';
import { gather, type ItemAction } from '../inbox.ts';
import { CommandAdapter, RowContext } from '../batch/adapter.ts';
import { initialState, replaceItems, type Row, type State } from './state.ts';

type Rec = Record<string, any>;

/** An IO that keeps what a command would print: an action's output is its outcome, shown on the item. */
function quietIO(base: IO): IO {
  const drop = () => undefined;
  return { ...base, stdoutIsTTY: false, stderrIsTTY: false, animated: false, noInput: true, canPrompt: () => false, out: drop, write: drop, err: drop, warn: drop, info: drop };
}

/** Sends an action through the same parse and perform as the typed command; resolves with what to show. */
export async function performAction(ctx: Context, row: Row, action: ItemAction, reason?: string): Promise<string> {
  const argv = [...action.argv(row.item.id), ...(reason !== undefined ? ['--reason', reason] : [])];
  const adapter = await CommandAdapter.create(argv, []);
  const rctx = new RowContext({ ...ctx.global, yes: true }, ctx.signal, quietIO(ctx.io), ctx, ctx.client());
  const prepared = await adapter.prepareArgv(argv, rctx);
  const data = (await CommandAdapter.run(prepared, rctx)) as Rec | undefined;
  const after = data && typeof data === 'object' ? (data.status ?? data.accessHealth) : undefined;
  return `${action.label}${after ? ` -> ${escapeControls(String(after))}` : ''}`;
}

const message = (e: unknown) => escapeControls(e instanceof Error ? e.message : String(e)).split('\n')[0]!;

/** Runs an action on a row, its outcome kept on the row; never throws (a failure is the row's). */
export async function act(ctx: Context, row: Row, action: ItemAction, reason: string | undefined, redraw: () => void): Promise<void> {
  row.outcome = { state: 'sending', text: action.label };
  redraw();
  try {
    row.outcome = { state: 'done', text: await performAction(ctx, row, action, reason) };
  } catch (e) {
    row.outcome = { state: 'failed', text: `${action.label}: ${message(e)}` };
  }
  redraw();
}

const stamp = () => `updated ${new Date().toISOString().slice(11, 19)} UTC`;

export async function load(ctx: Context, opts: Record<string, unknown>): Promise<State> {
  const g = await gather(ctx, opts);
  const s = initialState(g.items, g.tz);
  s.status = g.failed.length ? `could not read: ${g.failed.map((f) => f.kind).join(', ')}` : stamp();
  return s;
}

export async function refresh(ctx: Context, opts: Record<string, unknown>, s: State): Promise<void> {
  try {
    const g = await gather(ctx, opts);
    replaceItems(s, g.items, g.failed.length ? `could not read: ${g.failed.map((f) => f.kind).join(', ')}` : stamp());
  } catch (e) {
    // The server is unreachable, or the login lapsed: said on the status line, the view stays.
    s.status = `refresh failed: ${message(e)}`;
  }
}
