// Bundles the CLI to dist/ with esbuild: one entry chunk holding the command tables, and
// separate chunks for the handlers and heavy libraries loaded with import() when needed.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  minify: true,
  sourcemap: 'linked',
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __AGNT_VERSION__: JSON.stringify(pkg.version) },
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __agntCreateRequire } from 'node:module'; const require = __agntCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
if (process.env.AGNT_BUILD_REPORT) {
  for (const [file, out] of Object.entries(result.metafile.outputs)) if (!file.endsWith('.map')) console.log(`${(out.bytes / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}

// Completion scripts and the command reference are generated from the tree just built.
const { writeGenerated } = await import('./completions.mjs');
await writeGenerated();
