#!/usr/bin/env node
// Loads the bundled CLI. Node 22.1+ caches compiled code between runs.
import module from 'node:module';

module.enableCompileCache?.();
const { run } = await import('../dist/cli.js');
await run();
