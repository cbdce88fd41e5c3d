// The third-party notices of the bundle: for each package whose code esbuild put into dist/
// (from the build's metafile), its name, version, licence and licence text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package folder of a bundled input ('node_modules/@a/b/dist/x.js' -> 'node_modules/@a/b'). */
function packageDir(name) {
  // A plugin's module is named 'namespace:/its/path'.
  const input = name.replace(/^[\w-]+:(?=\/)/, '');
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = input.slice(at + 'node_modules/'.length).split('/');
  return input.slice(0, at) + ['node_modules', ...rest.slice(0, rest[0].startsWith('@') ? 2 : 1)].join('/');
}

function licenceText(dir) {
  const files = readdirSync(dir)
    .filter((f) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(f))
    .sort();
  return files.map((f) => readFileSync(join(dir, f), 'utf8').trim()).join('\n\n');
}

export function notices(metafile) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const dir = bytesInOutput > 0 ? packageDir(input) : undefined;
      if (dir) dirs.add(dir);
    }
  }
  const entries = [...dirs]
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? (pkg.licenses ?? []).map((l) => l.type).join(' OR '));
      return { name: pkg.name, version: pkg.version, license: license || 'UNKNOWN', homepage: pkg.homepage ?? pkg.repository?.url ?? pkg.repository ?? '', text: licenceText(dir) };
    })
    // One package may be reached by two paths (a plugin's namespace): one entry per name@version.
    .filter((e, i, all) => all.findIndex((o) => o.name === e.name && o.version === e.version) === i)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const missing = entries.filter((e) => e.license === 'UNKNOWN' || !e.text);
  const lines = [
    'Third-party software bundled in agnt (dist/)',
    '',
    `agnt's bundle includes code from the ${entries.length} packages below, under their own licences.`,
    '',
    ...entries.map((e) => `- ${e.name}@${e.version}: ${e.license}`),
  ];
  for (const e of entries) {
    lines.push(
      '',
      '='.repeat(78),
      `${e.name}@${e.version} (${e.license})${e.homepage ? `\n${e.homepage}` : ''}`,
      '-'.repeat(78),
      e.text || `(no licence file in the package; its package.json says ${e.license})`,
    );
  }
  if (missing.length) process.stderr.write(`notices: no licence text in ${missing.map((e) => e.name).join(', ')}\n`);
  return `${lines.join('\n')}\n`;
}
