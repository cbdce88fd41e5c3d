// The command line of `agnt batch FILE -- <command>`: `{column}` placeholders filled from each
// row. A placeholder is `{name}` where the name holds no brace, quote or colon, so JSON text such
// as `--data '{"a":1}'` passes through untouched; `{{` and `}}` are literal braces.
import { UsageError } from '../../core/errors.ts';

const TOKEN = /\{\{|\}\}|\{([^{}"':]+)\}/g;

export interface Template {
  argv: string[];
  /** Column index for each placeholder name, in first-use order. */
  columns: Map<string, number>;
}

/** The placeholder names an argument uses. */
export function placeholders(arg: string): string[] {
  const out: string[] = [];
  for (const m of arg.matchAll(TOKEN)) if (m[1] !== undefined) out.push(m[1]);
  return out;
}

/**
 * Ties each placeholder to a column of the header (exactly, else ignoring case and surrounding
 * spaces). An unknown one is a usage error naming the columns there are: nothing is sent.
 */
export function compileTemplate(argv: string[], header: string[], input: string): Template {
  if (!argv.length) throw new UsageError('give the command to run after --', "e.g. agnt batch users.csv -- users provision --email '{email}'");
  const columns = new Map<string, number>();
  const norm = (s: string) => s.trim().toLowerCase();
  for (const arg of argv) {
    for (const name of placeholders(arg)) {
      if (columns.has(name)) continue;
      let i = header.indexOf(name);
      if (i < 0) i = header.findIndex((h) => norm(h) === norm(name));
      if (i < 0) {
        const shown = header
          .filter((h) => h.trim() !== '')
          .slice(0, 20)
          .join(', ');
        throw new UsageError(`unknown column {${name}}: ${input} has the columns ${shown || '(none)'}`, 'placeholders name a column of the header row, e.g. {email}');
      }
      columns.set(name, i);
    }
  }
  if (placeholders(argv[0]!).length) throw new UsageError(`the command words cannot come from a column ({${placeholders(argv[0]!)[0]}}): name the command itself`);
  return { argv, columns };
}

// An argument that holds a placeholder is handed to the parser as one marker, so that commander
// sees a plain value in that place whatever a cell holds (`--yes`, `-o`, `--base-url=...`); the
// row's text replaces the marker in the parsed options and operands, never in text that is parsed.
const MARK = '\u0000';
const marker = (i: number) => `${MARK}${i}${MARK}`;

function literal(arg: string): string {
  return arg.replace(/\{\{|\}\}/g, (w) => w[0]!);
}

/**
 * The command line as commander parses it: arguments with placeholders become markers; in
 * `--flag={col}` only the value after `=` does. A placeholder in a flag's name is a usage error.
 */
export function markedArgv(t: Template): string[] {
  return t.argv.map((arg, i) => {
    if (!placeholders(arg).length) return literal(arg);
    if (!arg.startsWith('-')) return marker(i);
    const eq = arg.indexOf('=');
    if (eq > 0 && !placeholders(arg.slice(0, eq)).length) return `${arg.slice(0, eq + 1)}${marker(i)}`;
    throw new UsageError(`'${arg}': a flag cannot come from a column; write the flag, then the placeholder as its value (--flag {column})`);
  });
}

/** Each marker's text for one row: the argument with its placeholders filled (after `=` for `--flag={col}`). */
export function rowValues(t: Template, cells: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  t.argv.forEach((arg, i) => {
    if (!placeholders(arg).length) return;
    const text = arg.startsWith('-') ? arg.slice(arg.indexOf('=') + 1) : arg;
    values.set(marker(i), fillText(t, text, cells));
  });
  return values;
}

function fillText(t: Template, arg: string, cells: readonly string[]): string {
  return arg.replace(TOKEN, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return cells[t.columns.get(name!)!] ?? '';
  });
}
