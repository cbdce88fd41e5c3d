// docs/commands.md: every command with its endpoints, flags (type, allowed values, default) and
// examples, generated from the same tree as the completion scripts so it cannot drift from the
// code. Commands built from specs are described from their spec, built-in commands from their
// records (src/builtin/records.ts).
import type { Command } from 'commander';
import { builtinOf } from '../builtin/declare.ts';
import { routeOf } from '../builtin/record.ts';
import { endpointsOf } from '../core/builder.ts';
import { globalFlags } from './engine.ts';
import { LOCAL_PROFILES, modelOf, type FlagInfo, type Node, type PositionalInfo } from './model.ts';

interface HelpSections {
  endpoints: string[];
  examples: string[];
}

function sections(node: Node): HelpSections {
  const spec = node.spec;
  if (spec) return { endpoints: endpointsOf(spec), examples: [...spec.examples] };
  const rec = builtinOf(node.command);
  return { endpoints: (rec?.endpoints ?? []).map(routeOf), examples: [...(rec?.examples ?? [])] };
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n+/g, ' ').trim();
}

function code(s: string): string {
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}

function valueColumn(f: FlagInfo): string {
  const bits: string[] = [];
  switch (f.value.kind) {
    case 'enum':
      bits.push(`one of: ${f.value.values.map(code).join(', ')}`);
      break;
    case 'file':
      bits.push('a file path');
      break;
    case 'dir':
      bits.push('a folder');
      break;
    case 'dynamic':
      bits.push(f.value.resource === LOCAL_PROFILES ? 'a profile name' : `an id (${f.value.resource})`);
      break;
  }
  if (f.defaultValue !== undefined && f.defaultValue !== false) bits.push(`default: ${code(String(f.defaultValue))}`);
  return bits.join('; ');
}

function typeColumn(f: FlagInfo): string {
  if (!f.takesValue) return 'boolean';
  return f.type ?? 'string';
}

function flagTable(flags: FlagInfo[]): string[] {
  const rows = flags.filter((f) => !f.hidden && f.long !== '--help');
  if (!rows.length) return [];
  return ['| flag | type | values | description |', '|---|---|---|---|', ...rows.map((f) => `| ${code(f.flags)} | ${typeColumn(f)} | ${cell(valueColumn(f))} | ${cell(f.description)} |`), ''];
}

function usage(node: Node): string {
  const words = ['agnt', ...node.path];
  for (const p of node.positionals) {
    const name = `${p.name}${p.variadic ? '...' : ''}`;
    words.push(p.required ? `<${name}>` : `[${name}]`);
  }
  if (node.flags.some((f) => !f.hidden && f.long !== '--help')) words.push('[flags]');
  return words.join(' ');
}

function positionalLines(list: PositionalInfo[]): string[] {
  if (!list.length) return [];
  const lines = list.map((p) => {
    const bits = p.description && p.description !== p.name ? [p.description] : [];
    if (p.value.kind === 'dynamic' && p.value.resource !== LOCAL_PROFILES) bits.push(`an id of ${p.value.resource}, completed from the server`);
    else if (p.value.kind === 'dynamic' && !bits.length) bits.push('a profile name');
    else if (p.value.kind === 'enum') bits.push(`one of: ${p.value.values.map(code).join(', ')}`);
    return `- ${code(p.name)}: ${bits.join('; ') || p.name}`;
  });
  return ['Arguments:', '', ...lines, ''];
}

/** GitHub's anchor for a `## <words>` heading. */
function anchor(words: string[]): string {
  return words
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
}

function leafSection(node: Node): string[] {
  const { endpoints, examples } = sections(node);
  const out = [`### agnt ${node.path.join(' ')}`, ''];
  out.push(node.description.trim(), '');
  if (node.aliases.length) out.push(`Aliases: ${node.aliases.map(code).join(', ')}`, '');
  out.push(`Usage: ${code(usage(node))}`, '');
  if (endpoints.length) out.push(`Endpoint${endpoints.length > 1 ? 's' : ''}: ${endpoints.map(code).join(', ')}`, '');
  out.push(...positionalLines(node.positionals));
  out.push(...flagTable(node.flags));
  if (examples.length) out.push('Examples:', '', '```sh', ...examples, '```', '');
  return out;
}

export function commandReference(program: Command): string {
  const root = modelOf(program);
  const visible = (n: Node) => n.children.filter((c) => !c.hidden);
  const out: string[] = [
    '# agnt command reference',
    '',
    '<!-- Generated from the command tree by `agnt commands --markdown`; `npm run build` rewrites it. Do not edit by hand. -->',
    '',
    'Every command takes `-h, --help`, and the global flags below. Exit codes, output formats and the',
    "environment are in [reference.md](reference.md). Ids of a command's arguments complete from the server",
    '(see [completion.md](completion.md)).',
    '',
    '## Global flags',
    '',
    ...flagTable(globalFlags(root)),
    '## Commands',
    '',
  ];
  for (const area of visible(root)) out.push(`- [${area.name}](#${anchor(area.path)}): ${cell(area.summary)}`);
  out.push('');
  const emit = (n: Node) => {
    if (visible(n).length) {
      out.push(`## ${n.path.join(' ')}`, '', n.description.trim(), '');
      if (n.aliases.length) out.push(`Aliases: ${n.aliases.map(code).join(', ')}`, '');
      // A group that runs by itself too (`agnt api METHOD PATH`, beside `agnt api spec`).
      if (n.spec || builtinOf(n.command)) out.push(...leafSection(n).slice(2 + 2));
      for (const c of visible(n)) if (!visible(c).length) out.push(...leafSection(c));
      for (const c of visible(n)) if (visible(c).length) emit(c);
    } else if (n.path.length === 1) {
      out.push(`## ${n.path.join(' ')}`, '', ...leafSection(n).slice(2));
    }
  };
  for (const area of visible(root)) emit(area);
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
