// Writes the generated files that are committed: the shell completion scripts in completions/,
// the command reference docs/commands.md, the help topics as docs/reference.md, the OpenAPI document docs/openapi.yaml and the man page
// man/agnt.1. They come
// from the built CLI itself (the same `agnt completion <shell>`, `agnt commands --markdown` and
// `agnt api spec` a user runs), so they are exactly what the tree generates;
// test/e2e/completion.test.ts fails when the committed copies differ.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('..', import.meta.url);
const bin = fileURLToPath(new URL('bin/agnt.js', root));

export const GENERATED = [
  { file: 'completions/agnt.bash', args: ['completion', 'bash'] },
  { file: 'completions/_agnt', args: ['completion', 'zsh'] },
  { file: 'completions/agnt.fish', args: ['completion', 'fish'] },
  { file: 'completions/agnt.ps1', args: ['completion', 'powershell'] },
  { file: 'docs/commands.md', args: ['commands', '--markdown'] },
  { file: 'docs/openapi.yaml', args: ['api', 'spec'] },
  { file: 'man/agnt.1', args: ['__man'] },
  { file: 'docs/reference.md', args: ['__reference'] },
];

export async function writeGenerated() {
  // The output depends on the tree alone; a clean environment keeps profiles and settings out.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGNT_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR'));
  const outputs = await Promise.all(GENERATED.map(({ args }) => run(process.execPath, [bin, ...args], { env, maxBuffer: 64 * 1024 * 1024 })));
  mkdirSync(new URL('completions', root), { recursive: true });
  mkdirSync(new URL('man', root), { recursive: true });
  for (const [i, { file }] of GENERATED.entries()) writeFileSync(new URL(file, root), outputs[i].stdout);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeGenerated();
