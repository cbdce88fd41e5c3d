// How to run this agnt again as a child process: `node bin/agnt.js` from a checkout or a package,
// the file alone when agnt is a single executable (scripts/build-exe.mjs), where process.argv[1]
// is the executable's own path, which Node inserts into every run's argv itself.
import { isSea } from 'node:sea';

/** The program and the arguments before agnt's own. */
export function selfCommand(): { file: string; args: string[] } {
  return { file: process.execPath, args: isSea() ? [] : [process.argv[1]!] };
}
