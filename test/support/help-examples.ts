// Every example of every help, read from the command tree the way `agnt <words> --help` prints
// it: each command's help is rendered (commander's outputHelp, with the text added after it)
// and the lines of its Examples: section are collected, in order. The root help counts too.
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.ts';
import type { ContextFactory } from '../../src/core/builder.ts';

export interface HelpExample {
  /** The command whose help shows it ('' for the root help). */
  help: string;
  /** The line as shown after `$ `. */
  line: string;
}

function helpText(cmd: Command): string {
  let text = '';
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  cmd.outputHelp();
  return text;
}

/** The examples of one help text: the `$ ` lines of its Examples: section. */
export function examplesOf(text: string): string[] {
  const out: string[] = [];
  let inExamples = false;
  for (const line of text.split('\n')) {
    if (/^Examples?:\s*$/.test(line)) inExamples = true;
    else if (inExamples && line.trim() && !/^\s/.test(line)) inExamples = false;
    else if (inExamples) {
      const m = /^\s+\$ (.+)$/.exec(line);
      if (m) out.push(m[1]!.trimEnd());
    }
  }
  return out;
}

export async function helpExamples(): Promise<HelpExample[]> {
  const noContext: ContextFactory = () => {
    throw new Error('help examples: no command runs here');
  };
  // 'commands' builds every area in full, as `agnt commands --markdown` does.
  const program = await buildProgram([], noContext, 'commands');
  const out: HelpExample[] = [];
  const walk = (cmd: Command, words: string[]) => {
    for (const line of examplesOf(helpText(cmd))) out.push({ help: words.join(' '), line });
    for (const c of cmd.commands) walk(c, [...words, c.name()]);
  };
  walk(program, []);
  return out;
}

/**
 * The words of a line as bash would split them, when the line is one plain command: words,
 * 'single' and "double" quotes (with no $ or ` inside) and backslash escapes, then an optional
 * trailing # comment. Undefined when bash would do more than split it (a pipe, a redirect, a
 * variable, a substitution, a glob, ~, &&, ;): such a line is run by bash itself.
 */
export function shellWords(line: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) break;
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      const inner = end < 0 ? undefined : line.slice(i + 1, end);
      if (inner === undefined || /[$`\\!]/.test(inner)) return undefined;
      word = (word ?? '') + inner;
      i = end;
    } else if (c === '\\') {
      if (i + 1 >= line.length) return undefined;
      word = (word ?? '') + line[++i];
    } else if (/[|&;<>()$`*?[\]{}~!]/.test(c) || (c === '=' && word !== undefined && words.length === 0)) return undefined;
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words.length ? words : undefined;
}
