// Builds agnt as one executable file, dist/agnt-<platform>-<arch> (Node's single executable
// applications): this Node's own binary with the CLI injected, for machines without Node.
//
// A single executable runs one CommonJS script whose require() reaches only Node's built-in
// modules, so the CLI is bundled again here as one file: esbuild without splitting, every
// import() of a handler, area or library inlined (a require() inside a promise), with the same
// plugins as dist/ (scripts/bundle-plugins.mjs). Node then writes the script, with V8's code
// cache of it, into a blob (`node --experimental-sea-config`), and postject injects the blob into
// a copy of the node binary. The OS-keyring binding is native code and is not inside: it is
// loaded, as from dist/, with a require() beside the executable, and where it cannot be the
// token is kept in the 0600 config file (src/core/keyring.ts).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundlePlugins } from './bundle-plugins.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const work = `${root}dist/sea/`;
const EXE = `${root}dist/agnt-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;
// The sentinel Node's binary carries for a blob to be injected (Node's documentation gives it).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const result = await build({
  stdin: { contents: "import { run } from './src/main.ts';\nvoid run({ compileCache: false });\n", resolveDir: root, loader: 'ts', sourcefile: 'agnt-sea.ts' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  splitting: false,
  supported: { 'dynamic-import': false },
  define: { __AGNT_VERSION__: JSON.stringify(pkg.version), 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
  banner: { js: '"use strict";' },
  minify: true,
  legalComments: 'none',
  outfile: `${work}agnt.cjs`,
  metafile: true,
  logLevel: 'warning',
  plugins: bundlePlugins,
});
const script = readFileSync(`${work}agnt.cjs`, 'utf8');
if (/\bimport\.meta\b/.test(script)) throw new Error('dist/sea/agnt.cjs: import.meta is left in the script');
if (Object.keys(result.metafile.outputs).length !== 1) throw new Error('dist/sea: the bundle is more than one file');

writeFileSync(`${work}sea-config.json`, JSON.stringify({ main: `${work}agnt.cjs`, output: `${work}agnt.blob`, disableExperimentalSEAWarning: true, useCodeCache: true, useSnapshot: false }, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', `${work}sea-config.json`], { stdio: ['ignore', 'ignore', 'inherit'] });

rmSync(EXE, { force: true });
copyFileSync(process.execPath, EXE);
chmodSync(EXE, 0o755);
const { inject } = await import('postject');
await inject(EXE, 'NODE_SEA_BLOB', readFileSync(`${work}agnt.blob`), { sentinelFuse: FUSE, overwrite: true });
rmSync(work, { recursive: true, force: true });
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stderr.write(`${EXE.slice(root.length)}: ${(statSync(EXE).size / 1048576).toFixed(1)} MiB, Node ${process.versions.node}\n`);
}
