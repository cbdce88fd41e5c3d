// The bundle's entry. `agnt --version` is answered here, before commander and the command
// tables are parsed, because it is the command scripts run most often just to probe for agnt.
import { join } from 'node:path';
import { installCompileCache, sendsRequests, setStartFlags } from './core/compile-cache.ts';
import { writeOut } from './core/stdio.ts';
import { VERSION } from './core/version.ts';

/** `compileCache: false` for the single executable, whose one script Node caches itself. */
export async function run(opts: { compileCache?: boolean } = {}): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    // Through the descriptor: making process.stdout would cost this command a third of its time.
    writeOut(`${VERSION}\n`);
    return;
  }
  if (sendsRequests(argv)) setStartFlags();
  // Only the bundle's chunks: this file is dist/cli.js, beside dist/chunks/.
  if (opts.compileCache !== false) installCompileCache(join(import.meta.dirname, 'chunks'));
  const cli = await import('./cli.ts');
  await cli.run();
}
