// `agnt commands`: every command of the tree, endpoint commands and built-ins alike, each with
// the endpoints it calls, read from the records the commands were built from.
import type { Command } from 'commander';
import { endpointsOf, specOf } from '../core/builder.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { renderTable } from '../core/output.ts';
import { tableLayout } from '../core/present-printer.ts';
import { builtinOf } from './declare.ts';
import { routeOf } from './record.ts';

export interface CatalogueRow {
  command: string;
  summary: string;
  /** 'METHOD /path' of each endpoint it calls, in the model's path syntax; [] for a local command. */
  endpoints: string[];
  /** Where the endpoints come from when they depend on the command line (api, batch). */
  endpointsNote?: string;
  builtin: boolean;
}

/** The catalogue: one row per runnable command, in help order; hidden commands left out. */
export function catalogueRows(program: Command): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  const visit = (cmd: Command, words: string[]) => {
    for (const c of cmd.commands) {
      if ((c as Command & { _hidden?: boolean })._hidden) continue;
      const path = [...words, c.name()];
      const spec = specOf(c);
      const rec = builtinOf(c);
      if (spec) {
        const endpoints = endpointsOf(spec);
        rows.push({ command: path.join(' '), summary: spec.summary, endpoints, builtin: false });
      } else if (rec) {
        const endpoints = (rec.endpoints ?? []).map(routeOf);
        rows.push({ command: path.join(' '), summary: rec.summary, endpoints, ...(rec.endpointsNote ? { endpointsNote: rec.endpointsNote } : {}), builtin: true });
      }
      visit(c, path);
    }
  };
  visit(program, []);
  return rows;
}

/**
 * The catalogue as `--json` gives it (docs/cli-contract section 5): one object per endpoint a
 * command calls, with its method and path as the spec writes them, and the command's whole list
 * beside them; a command that calls none has one object, with method and path null.
 */
export type CatalogueEntry = CatalogueRow & { method: string | null; path: string | null };

export function catalogueEntries(rows: CatalogueRow[]): CatalogueEntry[] {
  return rows.flatMap(({ command, ...rest }): CatalogueEntry[] => {
    if (!rest.endpoints.length) return [{ command, method: null, path: null, ...rest }];
    return rest.endpoints.map((e) => {
      const [method, path] = e.split(' ') as [string, string];
      return { command, method, path, ...rest };
    });
  });
}

/** The catalogue (-o json: the contract's entries); on screen, a table of its own, drawn only for a table. */
export function list(ctx: Context, program: Command): Outcome {
  const rows = catalogueRows(program);
  const data = catalogueEntries(rows);
  // On screen, one line per endpoint (org apply calls 36): the command and summary on its first.
  const view = async (): Promise<Outcome> => {
    const lines = rows.flatMap((r) => {
      const endpoints = r.endpoints.length ? r.endpoints : [r.endpointsNote ?? '-'];
      return endpoints.map((e, i) => (i === 0 ? [r.command, e, r.summary] : ['', e, '']));
    });
    return { data, text: await renderTable(lines, ['COMMAND', 'ENDPOINT', 'SUMMARY'], tableLayout(ctx)) };
  };
  return { data, columns: [{ path: 'command' }, { path: 'method' }, { path: 'path' }, { path: 'summary' }], view };
}
