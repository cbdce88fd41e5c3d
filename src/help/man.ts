// The man page, agnt(1), in roff: the command tree (areas and built-ins with their summaries,
// the global flags) and the help topics (src/help/topics.ts), the same sources as `agnt --help`
// and `agnt help TOPIC`. scripts/completions.mjs writes it to man/agnt.1 at build time through
// the hidden `agnt __man`; package.json's "man" ships it.
import type { Command } from 'commander';
import { globalFlags } from '../completion/engine.ts';
import { modelOf, type Node } from '../completion/model.ts';
import { VERSION } from '../core/version.ts';
import { type Block, findTopic } from './topics.ts';

/** Text safe in a roff line: backslashes doubled, a leading dot or quote kept literal. */
function roff(s: string): string {
  return s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

function block(b: Block): string[] {
  if (b.kind === 'text') return ['.PP', roff(b.text)];
  if (b.kind === 'examples') return ['.PP', 'Examples:', '.PP', '.RS 4', '.nf', ...b.lines.map((l) => roff(`$ ${l}`)), '.fi', '.RE'];
  return b.rows.flatMap(([k, v]) => ['.TP', `.B ${roff(k)}`, roff(v)]);
}

function commandLines(root: Node): string[] {
  const out: string[] = [];
  const visit = (n: Node) => {
    for (const c of n.children) {
      if (c.hidden) continue;
      const runnable = c.children.length === 0 || c.spec !== undefined || c.positionals.length > 0;
      if (runnable || n.path.length === 0) out.push('.TP', `.B agnt ${roff(c.path.join(' '))}`, roff(c.summary));
      visit(c);
    }
  };
  visit(root);
  return out;
}

/**
 * The page's date (.TH): that of this version, not of the build, so that a build is reproducible
 * and the committed page stays what the build writes. Moved on with the version.
 */
export const PAGE_DATE = '2026-11-29';

/**
 * A line's length as mandoc -Tlint counts it: a character past ASCII as the escape it reads it as
 * (\[u2019] for ’, 8 bytes; \[u1F600] past the BMP, 9), not as its UTF-8 bytes.
 */
function lintWidth(line: string): number {
  let n = 0;
  for (const c of line) n += c.codePointAt(0)! < 0x80 ? 1 : c.codePointAt(0)! > 0xffff ? 9 : 8;
  return n;
}

/** Roff as mandoc -Tlint wants it: no paragraph macro right after a section heading, text lines of at most 80 bytes. */
function tidy(lines: string[]): string[] {
  const out: string[] = [];
  let fill = true;
  for (const line of lines) {
    if (line === '.PP' && out.at(-1)?.startsWith('.SH ')) continue;
    if (line === '.nf') fill = false;
    if (line === '.fi') fill = true;
    if (!fill || line.startsWith('.') || lintWidth(line) <= 80) {
      out.push(line);
      continue;
    }
    // Filled text may break at any space: the reader's man joins the lines again.
    let rest = line;
    while (lintWidth(rest) > 80) {
      // The last space that leaves at most 80 as mandoc counts them.
      let cut = rest.lastIndexOf(' ', 80);
      while (cut > 0 && lintWidth(rest.slice(0, cut)) > 80) cut = rest.lastIndexOf(' ', cut - 1);
      if (cut <= 0) cut = rest.indexOf(' ', 80);
      if (cut <= 0) break;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut + 1);
      // A line that starts with a dot or a quote would be read as a request.
      if (/^[.']/.test(rest)) rest = `\\&${rest}`;
    }
    out.push(rest);
  }
  return out;
}

/** agnt(1) for this program, dated by the version rather than the day, so a build is reproducible. */
export function manPage(program: Command): string {
  const root = modelOf(program);
  const topic = (name: string) => findTopic(name)!;
  const lines = [
    `.TH AGNT 1 ${PAGE_DATE} "agnt ${VERSION}" "User Commands"`,
    '.SH NAME',
    'agnt \\- command\\-line administration for the Assistant Platform API',
    '.SH SYNOPSIS',
    '.B agnt',
    '.I area verb',
    '[\\fIarguments\\fR] [\\fIflags\\fR]',
    '.br',
    '.B agnt help',
    '[\\fIarea\\fR [\\fIverb\\fR] | \\fItopic\\fR]',
    '.SH DESCRIPTION',
    roff(program.description()),
    '.PP',
    roff(
      'Every endpoint of the API is a command (agnt AREA VERB), with one flag per field. agnt sandbox start serves a local, stateful emulator of the whole API. ' +
        "Each command's --help shows its endpoints, flags and examples; agnt commands lists every command; docs/commands.md in the package is the full reference.",
    ),
    '.SH COMMANDS',
    ...commandLines(root),
    '.SH GLOBAL FLAGS',
    ...globalFlags(root)
      .filter((f) => !f.hidden)
      .flatMap((f) => ['.TP', `.B ${roff(f.flags)}`, roff(f.description)]),
    '.SH OUTPUT FORMATTING',
    ...topic('formatting').blocks.flatMap(block),
    '.SH CONFIGURATION',
    ...topic('config').blocks.flatMap(block),
    '.SH ENVIRONMENT',
    ...topic('environment').blocks.flatMap(block),
    '.SH EXIT STATUS',
    ...topic('exit-codes').blocks.flatMap(block),
    '.SH SEE ALSO',
    roff('agnt help environment, agnt help exit-codes, agnt help formatting, agnt help config; agnt completion bash|zsh|fish|powershell.'),
  ];
  return `${tidy(lines).join('\n')}\n`;
}
