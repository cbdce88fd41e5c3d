// Bundles the CLI to dist/ with esbuild: the entry (dist/cli.js, enough for --version), one
// start-up chunk holding what every other invocation needs (src/cli.ts and everything it imports
// statically: commander, the command tables, the core), and separate chunks for the handlers,
// areas and heavy libraries loaded with import() when needed.
import { build, transformSync } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundlePlugins } from './bundle-plugins.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const START = 'src/cli.ts';
const common = {
  entryPoints: { cli: 'src/main.ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  define: { __AGNT_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// The sources derived from the API model and the command records (endpoint ids, routes, the area
// index: scripts/generated-sources.ts) are written first, since the CLI imports them: a bundle of
// the generator with the model and every record file, run once.
const recordFiles = readdirSync(new URL('../commands', import.meta.url)).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'area-index.ts');
const generator = await build({
  stdin: {
    contents: [
      "import { generatedSources } from './scripts/generated-sources.ts';",
      "import { loadAll } from './src/api/index.ts';",
      ...recordFiles.map((f, i) => `import * as m${i} from './commands/${f}';`),
      `export default async () => generatedSources(await loadAll(), { ${recordFiles.map((f, i) => `${JSON.stringify(f)}: m${i}`).join(', ')} });`,
    ].join('\n'),
    resolveDir: fileURLToPath(new URL('..', import.meta.url)),
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: common.target,
  define: common.define,
  write: false,
  logLevel: 'warning',
});
const genDir = mkdtempSync(join(tmpdir(), 'agnt-gen-'));
try {
  writeFileSync(join(genDir, 'gen.mjs'), generator.outputFiles[0].text);
  const files = await (await import(pathToFileURL(join(genDir, 'gen.mjs')).href)).default();
  for (const [file, text] of Object.entries(files)) {
    const at = new URL(`../${file}`, import.meta.url);
    if (!existsSync(at) || readFileSync(at, 'utf8') !== text) writeFileSync(at, text);
  }
} finally {
  rmSync(genDir, { recursive: true, force: true });
}

// esbuild puts each module in a chunk keyed by the set of entry points (every import() target is
// one) that reach it. The start-up modules are reached by src/cli.ts and by a varying subset of
// the lazy modules, so they used to land in ~25 small chunks, and Node's ESM loader cost more
// than their code. A lazy module only ever runs after src/cli.ts has, so importing src/cli.ts
// from each lazy module changes nothing at run time, but gives every start-up module the same
// set of entry points: one chunk. A first pass (no output) finds the import() targets.
const { metafile: graph } = await build({ ...common, outdir: 'dist', splitting: true, write: false, metafile: true });
const staticEdges = (file) => (graph.inputs[file]?.imports ?? []).filter((i) => i.kind !== 'dynamic-import' && i.kind !== 'require-resolve' && !i.external);
const startup = new Set([START]);
for (const file of startup) for (const i of staticEdges(file)) startup.add(i.path);
const lazyTargets = new Set();
for (const input of Object.values(graph.inputs))
  for (const i of input.imports) if (i.kind === 'dynamic-import' && !i.external && !i.path.includes('node_modules/') && i.path !== START) lazyTargets.add(resolve(i.path));
// The API model's shared modules, which every area's commands import: in the start-up chunk
// (a few KB) rather than two more files to load for each area command.
const START_EXTRA = ['src/api/common.ts', 'src/api/endpoint.ts'];
const startupFirst = {
  name: 'agnt-startup-first',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path === resolve(START)) {
        const extra = START_EXTRA.map((f) => `import ${JSON.stringify(resolve(f))};\n`).join('');
        return { contents: `${extra}${readFileSync(args.path, 'utf8')}`, loader: 'ts', resolveDir: resolve(args.path, '..') };
      }
      if (!lazyTargets.has(args.path)) return undefined;
      const contents = `import ${JSON.stringify(resolve(START))};\n${readFileSync(args.path, 'utf8')}`;
      return { contents, loader: 'ts', resolveDir: resolve(args.path, '..') };
    });
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  ...common,
  outdir: 'dist',
  splitting: true,
  minify: !process.env.AGNT_NO_MINIFY,
  // Inline here, so that the CommonJS pass below carries the mapping to src/ into its own map.
  sourcemap: 'inline',
  metafile: true,
  write: false,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [startupFirst, ...bundlePlugins],
});

// esbuild splits code only into ES modules, and Node 20's ESM loader costs a short command more
// than its code: an empty .mjs file takes 1.07x `node -e 0` against 0.99x for an empty .cjs, and
// each module is resolved, read and compiled through it. So every file is then turned into
// CommonJS: static imports become require() of the sibling chunk, import() a require() in a
// promise, and dist/package.json says "commonjs". Module code was strict; "use strict" keeps it so.
// import.meta.dirname/filename (the only ones used) become __dirname/__filename.
mkdirSync(new URL('../dist/chunks', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/package.json', import.meta.url), '{ "type": "commonjs" }\n');
for (const out of result.outputFiles) {
  const name = basename(out.path);
  const cjs = transformSync(out.text, {
    format: 'cjs',
    platform: 'node',
    target: common.target,
    supported: { 'dynamic-import': false },
    define: { 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    banner: '"use strict";',
    minify: !process.env.AGNT_NO_MINIFY,
    sourcemap: 'external',
    sourcefile: name,
  });
  const left = [...cjs.warnings.map((w) => w.text), ...(/\bimport\.meta\b/.test(cjs.code) ? ['import.meta is left in the output'] : [])];
  if (left.length) throw new Error(`${name}: ${left.join('; ')}`);
  // The package ships no maps (6 MB, for 2 MB of code), so a shipped file names none: a reference
  // to a map that is not there only makes debuggers and bundlers warn. AGNT_SOURCEMAP=1 writes the
  // maps beside the chunks and references them, for debugging a checkout (node --enable-source-maps).
  if (process.env.AGNT_SOURCEMAP) {
    writeFileSync(out.path, `${cjs.code}//# sourceMappingURL=${name}.map\n`);
    writeFileSync(`${out.path}.map`, cjs.map);
  } else writeFileSync(out.path, cjs.code);
}

// The licences of the packages bundled into dist/, each with its licence text, shipped in
// dist/THIRD-PARTY-NOTICES.txt (many licences, MIT and MPL-2.0 among them, ask that the notice
// travel with the code). Found from the bundle's own inputs, so it lists exactly what is inside.
writeFileSync(new URL('../dist/THIRD-PARTY-NOTICES.txt', import.meta.url), (await import('./notices.mjs')).notices(result.metafile));
if (process.env.AGNT_META) writeFileSync(process.env.AGNT_META, JSON.stringify(result.metafile));
if (process.env.AGNT_BUILD_REPORT) {
  for (const [file, out] of Object.entries(result.metafile.outputs)) if (!file.endsWith('.map')) console.log(`${(out.bytes / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}

// Completion scripts and the command reference are generated from the tree just built.
const { writeGenerated } = await import('./completions.mjs');
await writeGenerated();
// And the performance table of docs/performance.md, from the bench's records (scripts/perf-table.mjs).
(await import('./perf-table.mjs')).writePerformanceTable();
