// The bundle's entry. `agnt --version` is answered here, before commander and the command
// tables are parsed, because it is the command scripts run most often just to probe for agnt.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { installCompileCache } from './core/compile-cache.ts';
import { VERSION } from './core/version.ts';

export async function run(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    printVersion();
    return;
  }
  // Only the bundle's chunks: this file is dist/cli.js, beside dist/chunks/.
  installCompileCache(join(import.meta.dirname, 'chunks'));
  const cli = await import('./cli.ts');
  await cli.run();
}

/**
 * Written to the descriptor: process.stdout on a pipe is a net.Socket, and making it loads Node's
 * streams and net, a third of this command's time. A reader that has gone away is no error (as
 * for every command); a full disk is, in one line. A non-blocking pipe that is full (EAGAIN)
 * gets the stream after all.
 */
function printVersion(): void {
  const text = `${VERSION}\n`;
  try {
    writeSync(1, text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') process.stdout.write(text);
    else if (code !== 'EPIPE') {
      process.stderr.write(`error: cannot write to standard output (${code ?? (e as Error).message})\n`);
      process.exitCode = 1;
    }
  }
}
