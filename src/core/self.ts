// How to run this agnt again as a child process: `node bin/agnt.js` from a checkout or a package,
// the file alone when agnt is a single executable (scripts/build-exe.mjs), where process.argv[1]
// is the executable's own path, which Node inserts into every run's argv itself.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { isSea } from 'node:sea';

/** The program and the arguments before agnt's own. */
export function selfCommand(): { file: string; args: string[] } {
  return { file: process.execPath, args: isSea() ? [] : [agntScript()] };
}

/**
 * agnt's bin/agnt.js: the script this process runs, or, when agnt runs inside another program (a
 * test runner calls it in-process), the one beside the built code.
 */
function agntScript(): string {
  const own = process.argv[1] ?? '';
  if (/^agnt(\.js)?$/.test(own.split(/[\\/]/).pop() ?? '')) return own;
  for (let dir = import.meta.dirname, i = 0; i < 4; i++, dir = dirname(dir)) {
    const bin = `${dir}/bin/agnt.js`;
    if (existsSync(bin)) return bin;
  }
  return own;
}
