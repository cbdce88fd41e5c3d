// The esbuild plugins that keep what the CLI does not use out of its start-up, shared by the
// bundle in dist/ (scripts/build.mjs) and the single executable's (scripts/build-exe.mjs).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

// Commander requires node:child_process (with net, dgram and the rest) at load for executable
// subcommands, which agnt has none of: it gets it when it first uses it.
export const lazyChildProcess = {
  name: 'agnt-lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]commander[\\/]/.test(args.importer) ? { path: args.path, namespace: 'agnt-lazy-builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'agnt-lazy-builtin' }, (args) => ({
      contents: `let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require(${JSON.stringify(args.path)}))[k] });`,
      loader: 'js',
    }));
  },
};

// undici's client requires its HTTP/2 module at load, and with it node:http2 and node:tls: a
// third of undici's start-up, for connections most runs never make (agnt offers h2 only over
// https, and a plain-http server never gets to connectH2). It is required on the first call.
export const lazyUndiciH2 = {
  name: 'agnt-lazy-undici-h2',
  setup(b) {
    b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => {
      if (!/undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/.test(args.importer)) return undefined;
      return { path: resolve(args.resolveDir, args.path), namespace: 'agnt-lazy-h2' };
    });
    b.onLoad({ filter: /.*/, namespace: 'agnt-lazy-h2' }, (args) => ({
      contents: `let f; module.exports = function connectH2(...a) { return (f ??= require(${JSON.stringify(args.path)}))(...a); };`,
      loader: 'js',
      resolveDir: resolve(args.path, '..'),
    }));
  },
};

// chalk works out a colour level for its default instance when it loads, and its vendored
// supports-color loads node:tty (and with it node:net and the streams) to do so: a tenth of what
// --help costs over \`node -e 0\`. agnt never uses that level: its one chalk instance is made with
// the level src/core/term.ts decides, and ora, chalk's other user here, runs without colour. So
// chalk is given a supports-color that detects nothing.
export const chalkWithoutDetection = {
  name: 'agnt-chalk-without-detection',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, (args) => (/[\\/]chalk[\\/]/.test(args.importer) ? { path: 'supports-color', namespace: 'agnt-chalk' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'agnt-chalk' }, () => ({ contents: 'export default { stdout: false, stderr: false };', loader: 'js' }));
  },
};

// undici checks its invariants with node:assert, calling assert(value, message) and nothing
// else; node:assert brings its AssertionError machinery (five modules, a millisecond of every
// API call's start). nanoassert is that one function, throwing an AssertionError with the same
// code (ERR_ASSERTION).
export const undiciAssert = {
  name: 'agnt-undici-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) => (/[\\/]undici[\\/]/.test(args.importer) ? { path: createRequire(import.meta.url).resolve('nanoassert') } : undefined));
  },
};

// undici reads node:http for two values as it loads: http.maxHeaderSize (the default for a
// client's maxHeaderSize) and IncomingMessage, which it compares a stream's class with before
// destroying it (a Node bug with a server's request given as a request body, never agnt's:
// its bodies are strings and file streams). Loading node:http for them is 3-5 ms of every API
// call's start. The size is Node's default (16 KiB) unless --max-http-header-size is given to
// node, when it is read from node:http as before; IncomingMessage is a class no stream has.
export const undiciLazyHttp = {
  name: 'agnt-undici-lazy-http',
  setup(b) {
    b.onResolve({ filter: /^node:http$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]undici[\\/]lib[\\/](core[\\/]util|dispatcher[\\/]client)\.js$/.test(args.importer) ? { path: 'node:http', namespace: 'agnt-undici-http' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'agnt-undici-http' }, () => ({
      contents: [
        'let m;',
        "const http = () => (m ??= require('node:http'));",
        "const given = /--max-http-header-size/.test(process.execArgv.join(' ') + ' ' + (process.env.NODE_OPTIONS ?? ''));",
        'module.exports = {',
        '  get maxHeaderSize() { return given ? http().maxHeaderSize : 16384; },',
        '  IncomingMessage: class NotAnIncomingMessage {},',
        '};',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

export const bundlePlugins = [lazyChildProcess, lazyUndiciH2, chalkWithoutDetection, undiciAssert, undiciLazyHttp];
