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
