#!/usr/bin/env node
// Loads the bundled CLI. CommonJS (bin/package.json says so), like the bundle: scripts/build.mjs
// says why. Node 22.1+ caches compiled code between runs; on Node 20 the bundle keeps its own
// cache (src/core/compile-cache.ts).
'use strict';

require('node:module').enableCompileCache?.();
let cli;
try {
  cli = require('../dist/cli.js');
} catch (err) {
  // A git checkout has no dist/ until it is built; say how rather than print a stack trace.
  if (err?.code !== 'MODULE_NOT_FOUND' || !String(err.message).includes('dist/cli.js')) throw err;
  process.stderr.write('error: agnt is not built: run `npm run build` in its folder\n');
  process.exit(1);
}
cli.run();
