// `agnt org explain USER [CELL] -f FILE`: for one member, the value the file gives each cell and
// exception, and the line of the file that decided it (the baseline, rule N at FILE:LINE), the
// file's own lock and any lock set above the user (parentLockedCells).
import type { Handler } from '../../core/spec.ts';
import { AgntError, EXIT, UsageError } from '../../core/errors.ts';
import { escapeControls } from '../../core/output.ts';
import { loadYaml } from '../../core/yaml.ts';
import { readFileSync } from 'node:fs';
import { MATRIX_CELLS, type MatrixCell } from '../../api/supervision.ts';
import { lower, loadDocument } from './document.ts';
import { variablesOf } from './variables.ts';
import { readLive } from './live.ts';
import { docFile, dryRead, resolveOrg } from './handlers.ts';
import { describeMatch, resolve, type Source, type SupervisionDoc } from './supervision-model.ts';
import { rulesFor } from '../../core/guardrails/check.ts';
import { cellText, exceptionText, membersOf, readMatrices } from './supervision-plan.ts';

type Path = Array<string | number>;

/** The line of the node at `path` (a key's own line for a mapping entry), from the file as written. */
export async function lineFinder(file: string): Promise<(path: Path) => number | null> {
  const { parseDocument, LineCounter } = await loadYaml();
  const lc = new LineCounter();
  const ydoc: any = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lc });
  return (path) => {
    let node = ydoc.contents;
    let offset: number | undefined;
    for (const step of path) {
      if (!node || !Array.isArray(node.items)) return null;
      if (typeof step === 'number') {
        node = node.items[step];
        offset = node?.range?.[0];
      } else {
        const pair = node.items.find((p: any) => (p.key?.value ?? p.key) === step);
        if (!pair) return null;
        offset = pair.key?.range?.[0];
        node = pair.value;
      }
    }
    return offset === undefined ? null : lc.linePos(offset).line;
  };
}

export const explainOrg: Handler = async (ctx, inv) => {
  const file = docFile(inv);
  const who = lower(inv.args.user);
  const only = inv.args.cell || undefined;
  if (only && !(MATRIX_CELLS as readonly string[]).includes(only)) throw new UsageError(`unknown cell '${only}' (one of: ${MATRIX_CELLS.join(', ')})`);
  const { doc } = await loadDocument(file, await variablesOf(inv.opts));
  if (!doc.supervision && !doc.guardrails) throw new UsageError(`${file} has no supervision or guardrails section; nothing to explain`);
  const s: SupervisionDoc = doc.supervision ?? {};
  if (ctx.dryRun) return dryRead(ctx, inv.args.orgId || undefined);
  const orgId = await resolveOrg(ctx, { ...inv, args: { ...inv.args, orgId: inv.args.orgId ?? '' } }, doc);
  const live = await readLive(ctx, orgId);
  const email = live.ids.emailByUser.get(inv.args.user) ?? who;
  const member = membersOf(doc, live).find((m) => m.email === email);
  if (!member) throw new AgntError(`${inv.args.user} is not a member of ${orgId}, in the organization or in ${file}`, EXIT.notFound);
  const matrix = member.userId ? (await readMatrices(ctx, [{ email, userId: member.userId }])).get(email) : undefined;
  const lineOf = await lineFinder(file);
  const at = (src: Source) => `${file}:${lineOf(src.path) ?? '?'}`;
  const by = (src: Source) => (src.where === 'baseline' ? `baseline at ${at(src)}` : `rule ${src.index + 1} at ${at(src)} (${describeMatch(s.rules![src.index]!.match)})`);
  const r = resolve(s, member);

  const cells = (only ? [only as MatrixCell] : [...MATRIX_CELLS]).map((cell) => {
    const got = r.cells.get(cell);
    const lock = r.locked.get(cell);
    return {
      cell,
      value: got ? got.value : null,
      decidedBy: got ? (got.source.where === 'baseline' ? 'baseline' : `rule ${got.source.index + 1}`) : null,
      at: got ? at(got.source) : null,
      lockedBy: lock ? `${lock.source.where === 'baseline' ? 'baseline' : `rule ${lock.source.index + 1}`} at ${at(lock.source)}` : null,
      parentLocked: matrix ? matrix.parentLocked.has(cell) : null,
      live: matrix ? matrix.cells[cell] : null,
    };
  });
  const exceptions = [...r.exceptions.values()]
    .filter((x) => !only || !x.value.appliesTo.length || x.value.appliesTo.includes(only as MatrixCell))
    .map((x) => ({ exception: x.value, decidedBy: x.source.where === 'baseline' ? 'baseline' : `rule ${x.source.index + 1}`, at: at(x.source), text: `${exceptionText(x.value)}: ${by(x.source)}` }));

  const head = `${email} (${member.team ? `team ${member.team}` : 'no team'}, role ${member.role}) in ${orgId}, from ${file}${matrix === null ? ' (no primary identifier: the API holds no matrix for this member)' : ''}:`;
  const width = Math.max(...cells.map((c) => c.cell.length));
  const lines = [head];
  for (const c of cells) {
    const got = r.cells.get(c.cell);
    const why = got ? by(got.source) : `not in the file (left as it is; live ${cellText(c.live)})`;
    const locks = [c.lockedBy ? `locked by the file (${c.lockedBy})` : '', c.parentLocked ? 'locked by the organization (parentLockedCells): it cannot be loosened' : ''].filter(Boolean);
    lines.push(`  ${c.cell.padEnd(width)}  ${got ? cellText(got.value) : '-'}  <- ${why}${locks.length ? `; ${locks.join('; ')}` : ''}`);
  }
  for (const e of exceptions) lines.push(`  ${e.text}`);
  // The guardrails that bind writes to this member, whoever sends them.
  const guardrails = doc.guardrails ? rulesFor({ rules: doc.guardrails, file }, member) : [];
  if (guardrails.length) lines.push(`  guardrails of ${file}:`, ...guardrails.map((g) => `    ${g}`));
  return {
    data: { user: email, team: member.team, role: member.role, cells, exceptions: exceptions.map(({ text: _t, ...e }) => e), ...(doc.guardrails ? { guardrails } : {}) },
    text: lines.map(escapeControls).join('\n'),
  };
};
