#!/usr/bin/env node
// Loads the bundled CLI. Node 22.1+ caches compiled code between runs.
import module from 'node:module';

module.enableCompileCache?.();
let cli;
try {
  cli = await import('../dist/cli.js');
} catch (err) {
  // A git checkout has no dist/ until it is built; say how rather than print a stack trace.
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/cli.js')) throw err;
  process.stderr.write('error: agnt is not built: run `npm run build` in its folder\n');
  process.exit(1);
}
await cli.run();
