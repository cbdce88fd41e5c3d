// Terminal summary of a chat's usage rollup (2.3): totals, a table of runs, credits and the
// run shape. json/yaml print the API object instead; this only runs for the table format.
import type { Context } from '../core/context.ts';
import { escapeControls, renderTable } from '../core/output.ts';
import { tableLayout } from '../core/present-printer.ts';

type Num = number | null | undefined;
interface Row {
  runId?: string | null;
  runLabel?: string | null;
  runType?: string | null;
  seq?: number;
  model?: string | null;
  modelTier?: string | null;
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
  totalTokens?: number;
  costUsd?: number;
  turns?: number;
  startedAt?: string | null;
}
interface Rollup {
  total?: Row & { runs?: number };
  rows?: Row[];
  credits?: { total?: number; costsByType?: Record<string, unknown>; runs?: unknown[] } | null;
  runShape?: Record<string, unknown> | null;
}

const int = (n: Num) => (typeof n === 'number' ? n.toLocaleString('en-US') : '-');
const usd = (n: Num) => (typeof n === 'number' ? `$${n.toFixed(n !== 0 && Math.abs(n) < 0.01 ? 6 : 4)}` : '-');
const plain = (v: unknown) => (v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function labelled(pairs: Array<[string, string]>): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${k.padEnd(width)}   ${escapeControls(v)}`).join('\n');
}

export default async function renderUsage(data: unknown, ctx: Context): Promise<string> {
  const d = (data ?? {}) as Rollup;
  const t = d.total ?? {};
  const out: string[] = [];
  out.push(
    labelled([
      ['Runs', `${int(t.runs)} (${int(t.turns)} turns)`],
      ['Tokens', `${int(t.totalTokens)} total: ${int(t.inputTokens)} in, ${int(t.outputTokens)} out, ${int(t.cacheReadTokens)} cache read, ${int(t.cacheCreationTokens)} cache write`],
      ['Cost', usd(t.costUsd)],
      ...(d.credits
        ? ([
            [
              'Credits',
              `${int(d.credits.total)}${
                d.credits.costsByType && Object.keys(d.credits.costsByType).length
                  ? ` (${Object.entries(d.credits.costsByType)
                      .map(([k, v]) => `${k} ${plain(v)}`)
                      .join(', ')})`
                  : ''
              }`,
            ],
          ] as Array<[string, string]>)
        : []),
    ]),
  );
  const rows = d.rows ?? [];
  if (rows.length) {
    const opts = tableLayout(ctx);
    const headers = ['SEQ', 'RUN', 'TYPE', 'MODEL', 'TIER', 'IN', 'OUT', 'CACHE_READ', 'CACHE_WRITE', 'TOTAL', 'COST', 'TURNS', 'STARTED'];
    const cells = rows.map((r) => [
      plain(r.seq),
      plain(r.runLabel ?? r.runId),
      plain(r.runType),
      plain(r.model),
      plain(r.modelTier),
      int(r.inputTokens),
      int(r.outputTokens),
      int(r.cacheReadTokens),
      int(r.cacheCreationTokens),
      int(r.totalTokens),
      usd(r.costUsd),
      int(r.turns),
      plain(r.startedAt),
    ]);
    out.push('', await renderTable(cells, headers, opts));
  }
  const s = d.runShape;
  if (s) {
    const tier =
      s.tierMix && typeof s.tierMix === 'object'
        ? Object.entries(s.tierMix)
            .map(([k, v]) => `${k} ${plain(v)}`)
            .join(', ')
        : '-';
    const spawns =
      s.subtaskSpawnsByProfile && typeof s.subtaskSpawnsByProfile === 'object'
        ? Object.entries(s.subtaskSpawnsByProfile)
            .map(([k, v]) => `${k} ${plain(v)}`)
            .join(', ')
        : '-';
    out.push(
      '',
      'Run shape',
      labelled([
        ['  status', plain(s.status)],
        ['  turns per run', plain(s.turnsPerRun)],
        ['  tool calls per turn', plain(s.toolCallsPerTurn)],
        ['  tier mix', tier],
        ['  subtasks', spawns],
        ['  wall clock', typeof s.wallClockMs === 'number' ? `${(s.wallClockMs / 1000).toFixed(1)}s` : '-'],
        ['  release ratio', plain(s.releaseRatio)],
      ]),
    );
  }
  return out.join('\n');
}
