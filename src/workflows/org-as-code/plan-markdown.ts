// `org plan -o markdown` and `org drift -o markdown`: the plan as a pull-request comment (as
// Atlantis and Terraform Cloud post it). A summary line, then the changes grouped as the terminal
// groups them, each group a fenced `diff` block (+ create, - delete, ~ update); the values are the
// plan's public ones (secrets masked). Server text sits only inside code spans and fenced blocks,
// where markdown and HTML are not read, with control characters escaped. A long plan folds each
// group in <details>; a comment longer than GitHub takes (65,536 characters) is cut with a note.
import { escapeControls } from '../../core/term.ts';

/** The characters a GitHub comment holds. */
export const COMMENT_LIMIT = 65_536;
// More change lines than this and each group is folded (a reviewer opens the ones they need).
const FOLD_OVER = 30;

export interface CommentGroup {
  /** The group's name, as the terminal heads it (domains, teams, members...). */
  name: string;
  lines: string[];
}

export interface PlanComment {
  /** The command, for the heading and the note of a cut comment (`agnt org plan -f org.yaml`). */
  command: string;
  /** The summary line: plain text, server strings included (shown in a code span). */
  summary: string;
  groups: CommentGroup[];
  notes?: string[];
  /** How to see the whole plan when the comment is cut. */
  whole: string;
}

/** A code span that holds `s` whatever backticks it has. */
export function codeSpan(s: string): string {
  const text = escapeControls(s);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const tick = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || longest ? ' ' : '';
  return `${tick}${pad}${text}${pad}${tick}`;
}

/** A fence longer than any run of backticks in the lines, so no line can close it. */
function fenceFor(lines: string[]): string {
  let longest = 0;
  for (const l of lines) for (const m of l.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The comment's markdown, at most COMMENT_LIMIT characters. */
export function planMarkdown(c: PlanComment): string {
  const head = [`### ${codeSpan(c.command)}`, '', `**${codeSpan(c.summary)}**`];
  // A change's line starts with its sign (+ - ~ !); a drift's second line (who changed it) does not.
  const isChange = (l: string) => /^[+\-~!]/.test(l);
  const total = c.groups.reduce((n, g) => n + g.lines.filter(isChange).length, 0);
  const fold = total > FOLD_OVER;
  // Room kept for the closing of an open block and the note of a cut comment.
  const reserve = 600;
  const out: string[] = [...head];
  let size = out.join('\n').length;
  let shown = 0;
  let cut = false;
  const push = (line: string) => {
    out.push(line);
    size += line.length + 1;
  };
  for (const g of c.groups) {
    if (!g.lines.length) continue;
    const lines = g.lines.map(escapeControls);
    const fence = fenceFor(lines);
    const title = `${g.name} (${g.lines.length} change${g.lines.length === 1 ? '' : 's'})`;
    const opening = fold ? ['', `<details><summary>${escapeHtml(title)}</summary>`, '', `${fence}diff`] : ['', `**${escapeHtml(title)}**`, '', `${fence}diff`];
    const closing = fold ? [fence, '', '</details>'] : [fence];
    if (size + opening.join('\n').length + reserve > COMMENT_LIMIT) {
      cut = true;
      break;
    }
    for (const l of opening) push(l);
    for (const line of lines) {
      if (size + line.length + 1 + reserve > COMMENT_LIMIT) {
        cut = true;
        break;
      }
      push(line);
      if (isChange(line)) shown++;
    }
    for (const l of closing) push(l);
    if (cut) break;
  }
  if (!cut && c.notes?.length) {
    const notes = c.notes.map((n) => `note: ${escapeControls(n)}`);
    const fence = fenceFor(notes);
    const block = ['', `${fence}text`, ...notes, fence];
    if (size + block.join('\n').length + reserve > COMMENT_LIMIT) cut = true;
    else for (const l of block) push(l);
  }
  if (cut) {
    push('');
    push(`> **The plan is cut here**: ${shown} of ${total} changes shown; a comment holds ${COMMENT_LIMIT.toLocaleString('en-US')} characters. The whole plan: ${codeSpan(c.whole)}`);
  }
  return `${out.join('\n')}\n`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}
