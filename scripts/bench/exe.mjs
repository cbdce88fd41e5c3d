// `npm run bench -- --only exe`: the single executable (scripts/build-exe.mjs, built here) against
// `node bin/agnt.js`, the same version of agnt run by the same Node: start-up for a probe, for
// help, and for one API call; and the executable's size.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

export async function exeGroup({ node, bin, root, measure, pairs, sandbox, report, log, fmt, mb, runs }) {
  log('single executable (wall time, median of ratios against node bin/agnt.js)');
  execFileSync(node, [join(root, 'scripts', 'build-exe.mjs')], { stdio: ['ignore', 'ignore', 'ignore'] });
  const exe = join(root, 'dist', `agnt-${process.platform}-${process.arch}`);
  const line = (name, r) =>
    report({ name: `executable ${name}`, vs: 'node bin/agnt.js', value: `${fmt(r.ms)}x (${fmt(r.bMs, 0)} vs ${fmt(r.aMs, 0)} ms)`, target: '<= 1.1x', pass: r.ms <= 1.1, rss: mb(r.bRss) });
  for (const argv of [['--version'], ['--help']])
    line(
      argv.join(' '),
      await pairs(
        runs,
        () => measure(node, [bin, ...argv]),
        () => measure(exe, argv),
        2,
      ),
    );
  const sb = await sandbox();
  try {
    const argv = ['users', 'me', '--json'];
    line(
      argv.join(' '),
      await pairs(
        runs,
        () => measure(node, [bin, ...argv], { env: sb.env }),
        () => measure(exe, argv, { env: sb.env }),
        2,
      ),
    );
  } finally {
    await sb.close();
  }
  report({
    name: 'executable size',
    vs: `Node ${process.versions.node}'s binary`,
    value: `${(statSync(exe).size / 2 ** 20).toFixed(1)} MiB (node ${(statSync(node).size / 2 ** 20).toFixed(1)} MiB)`,
    target: 'info',
  });
}
