#!/usr/bin/env node
// Loads the bundled CLI. CommonJS (bin/package.json says so), like the bundle: scripts/build.mjs
// says why. Node 22.1+ caches compiled code between runs; on Node 20 the bundle keeps its own
// cache (src/core/compile-cache.ts).
'use strict';

// The Node check comes first, before the bundle loads: on an older Node the bundle fails on an API
// it lacks (process.getBuiltinModule on 18) with a minified line hundreds of columns long. The file parses on
// Node 16 and later; the check itself uses nothing newer than ES5. Kept equal to package.json's engines by test/e2e/node-version.test.ts.
var NODE_NEEDED = '20.18.1';
(function checkNode(found, needed) {
  var f = found.split('.').map(Number);
  var n = needed.split('.').map(Number);
  var i;
  for (i = 0; i < 3; i++) {
    if (f[i] > n[i]) return;
    if (f[i] < n[i]) {
      process.stderr.write('error: agnt needs Node ' + needed + ' or later; this is Node ' + found + ' (' + process.execPath + ')\n');
      process.exit(1);
    }
  }
})(process.versions.node, NODE_NEEDED);

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
