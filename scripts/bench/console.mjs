// `npm run bench -- --only console`: the console with 1,000 items, the time from a key press to
// the bytes of the next frame (the key's effect on the state, the frame laid out, the lines that
// changed turned into escape sequences), measured over 100 presses in one process, after the
// first frame (drawn when the console opens) and 20 presses of warm-up. The terminal's
// own drawing of those bytes is not in it (it is the terminal's, and a pipe or pty in the
// bench would measure the machine's scheduler). The console's modules are bundled from the
// sources with esbuild, as the build does, so that this measures the code that ships.
import { build } from 'esbuild';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileSync } from 'node:fs';

const ITEMS = 1000;
const PRESSES = 100;
const WIDTH = 120;
const HEIGHT = 40;

export async function consoleGroup({ root, dir, report, log, fmt }) {
  log(`console: ${ITEMS} items, ${WIDTH}x${HEIGHT}, key press to frame bytes over ${PRESSES} presses`);
  const entry = join(dir, 'console-entry.ts');
  writeFileSync(
    entry,
    [
      `export { initialState, press } from ${JSON.stringify(join(root, 'src/workflows/console/state.ts'))};`,
      `export { frame, listHeight } from ${JSON.stringify(join(root, 'src/workflows/console/view.ts'))};`,
      `export { paintDiff } from ${JSON.stringify(join(root, 'src/workflows/console/screen.ts'))};`,
      `export { Chalk } from 'chalk';`,
    ].join('\n'),
  );
  const out = join(dir, 'console-bench.mjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'silent', nodePaths: [join(root, 'node_modules')] });
  const m = await import(pathToFileURL(out).href);
  const kinds = ['coverage.approve', 'coverage.accept', 'delegation.confirm', 'org-request.decide'];
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const start = Date.UTC(2027, 2, 1 + (i % 60), 14);
    return {
      kind: kinds[i % kinds.length],
      id: `cov_${String(i).padStart(5, '0')}`,
      summary: `pto ${new Date(start).toISOString()} to ${new Date(start + 4 * 86_400_000).toISOString()}, coordinator ${i} away`,
      since: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      commands: [],
      record: {
        id: `cov_${i}`,
        status: 'pending_manager_approval',
        primaryCoordinator: `usr_coord${i % 40}`,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 4 * 86_400_000).toISOString(),
      },
      principals: [{ principal: `usr_principal${i % 90}`, backupCoordinator: `usr_backup${i % 7}` }],
    };
  });
  const state = m.initialState(items, 'America/New_York');
  const style = { chalk: new m.Chalk({ level: 3 }), color: true };
  let prev = m.frame(state, WIDTH, HEIGHT, style);
  // A person's first keys meet code the JIT has not compiled yet; 20 presses, not counted, let
  // the line measure the console rather than V8's warm-up (the first ones cost 3 to 10 ms more).
  for (let i = 0; i < 20; i++) {
    m.press(state, i % 2 ? 'k' : 'j', m.listHeight(HEIGHT));
    prev = m.frame(state, WIDTH, HEIGHT, style);
  }
  // Down the list, a page at a time, back up, and through the sort orders: the keys a person uses.
  const keys = [];
  for (let i = 0; i < PRESSES; i++) keys.push(i % 25 === 24 ? 'o' : i % 10 === 9 ? '\x1b[6~' : i < 60 ? 'j' : 'k');
  const times = [];
  const cpu = [];
  let bytes = 0;
  for (const k of keys) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    m.press(state, k, m.listHeight(HEIGHT));
    const next = m.frame(state, WIDTH, HEIGHT, style);
    const b = m.paintDiff(prev, next);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    bytes += b.length;
    prev = next;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  const p95 = sorted[Math.floor(sorted.length * 0.95)];
  const max = sorted[sorted.length - 1];
  // Wall time on a shared machine includes the moments the process was not running; the CPU
  // time of a press is what the console costs, and what the target is checked against.
  const cpuMax = Math.max(...cpu);
  report({
    name: `console key press -> frame, ${ITEMS} items`,
    vs: '',
    value: `CPU max ${fmt(cpuMax)} ms; wall median ${fmt(median)}, p95 ${fmt(p95)}, max ${fmt(max)} ms; ${Math.round(bytes / PRESSES)} B/frame`,
    target: '<= 16 ms each (CPU)',
    pass: cpuMax <= 16,
  });
}
