// The console as lines (`--plain`, and TERM=dumb): numbered items, then questions answered with a
// line each, so that a screen reader, a dumb terminal or a serial console gets the same actions
// as the full-screen view. No escape sequence and no colour is written; each line stands alone.
import { createInterface } from 'node:readline';
import type { Context } from '../../core/context.ts';
import type { Outcome } from '../../core/outcome.ts';
import { escapeControls } from '../../core/output.ts';
import { zoned } from '../../core/wall-clock.ts';
import { pairsText } from '../span-principals.ts';
import { act, refresh } from './actions.ts';
import { actionsOf, reshape, type Row, type State } from './state.ts';

function itemLines(s: State): string[] {
  if (!s.shown.length) return [s.filter ? `No item matches the filter '${s.filter}'.` : 'Nothing waits for you.'];
  const out: string[] = [];
  s.shown.forEach((r, i) => {
    const when = r.item.since ? zoned(r.item.since, s.tz) : '-';
    const state = r.outcome ? `${r.outcome.state}: ${r.outcome.text}` : escapeControls(String(r.item.record.status ?? r.item.record.accessHealth ?? ''));
    out.push(`${i + 1}. ${r.item.kind} ${escapeControls(r.item.id)}, from ${escapeControls(r.who) || '-'}, ${when}, ${state}`);
    out.push(`   ${r.item.summary}`);
  });
  return out;
}

function detailLines(r: Row): string[] {
  const p = pairsText(r.item.principals);
  return [`${r.item.kind} ${escapeControls(r.item.id)}: ${r.item.summary}`, ...(p ? [`principals: ${p}`] : [])];
}

export async function plainConsole(ctx: Context, opts: Record<string, unknown>, s: State): Promise<Outcome | undefined> {
  const out = ctx.io.stdout;
  const say = (lines: string[] | string) => void out.write(`${([] as string[]).concat(lines).join('\n')}\n`);
  const rl = createInterface({ input: ctx.io.stdin, terminal: false });
  // Lines typed ahead of a question wait for it, in order.
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (q: string): Promise<string | undefined> => {
    out.write(q);
    const next = await lines.next();
    return next.done ? undefined : String(next.value).trim();
  };
  const show = () => {
    say(`${s.shown.length} item${s.shown.length === 1 ? '' : 's'}${s.filter ? ` matching '${s.filter}'` : ''} (${s.status}):`);
    say(itemLines(s));
  };
  const onAbort = () => rl.close();
  ctx.signal.addEventListener('abort', onAbort);
  try {
    show();
    for (;;) {
      const a = await ask('Item number, / to filter, l to list, r to refresh, q to quit: ');
      if (a === undefined || a === 'q') return;
      if (a === '' || a === 'l') {
        show();
        continue;
      }
      if (a === 'r') {
        await refresh(ctx, opts, s);
        show();
        continue;
      }
      if (a.startsWith('/')) {
        s.filter = a.slice(1).trim();
        reshape(s);
        show();
        continue;
      }
      const n = Number(a);
      const row = Number.isInteger(n) ? s.shown[n - 1] : undefined;
      if (!row) {
        say(`No item ${a}: give a number from 1 to ${s.shown.length}.`);
        continue;
      }
      say(detailLines(row));
      const actions = actionsOf(row.item);
      if (!actions.length) {
        say('Nothing to do on this item.');
        continue;
      }
      const which = await ask(`Action (${actions.map((x) => `${x.key} ${x.label}`).join(', ')}; Enter for none): `);
      if (which === undefined) return;
      const action = actions.find((x) => x.key === which || x.label === which);
      if (!action) {
        if (which) say(`No action '${which}' here.`);
        continue;
      }
      let reason: string | undefined;
      if (action.reason) {
        reason = await ask('Reason: ');
        if (reason === undefined) return;
        if (!reason) {
          say('A reason is needed: nothing sent.');
          continue;
        }
      }
      const yes = await ask(`${action.label} ${escapeControls(row.item.id)}? (sends: agnt ${action.argv(row.item.id).map(escapeControls).join(' ')}${reason ? ' --reason ...' : ''}) [y/N]: `);
      if (yes === undefined) return;
      if (!/^y(es)?$/i.test(yes)) {
        say('Nothing sent.');
        continue;
      }
      await act(ctx, row, action, reason, () => undefined);
      say(`${escapeControls(row.item.id)}: ${row.outcome!.state}: ${row.outcome!.text}`);
    }
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    rl.close();
  }
}
