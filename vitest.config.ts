import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/support/summary-reporter.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The sources run in-process (test/support/inproc.ts) carry the version the build gives them.
  define: { __AGNT_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    // Guards against a hang, not measures of speed: a test waits for what it can observe (a
    // process's exit, a line on a terminal), and on a loaded machine (a CPU hog per core, other
    // suites beside) a test that runs a few imports end to end can take minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Forks, not threads: a run given a working folder changes the process's (test/support/
    // inproc.ts), which a worker thread may not. Most files now run agnt in-process and keep a
    // core busy; the rest mostly wait (a Retry-After, a process starting), so one worker more
    // than the cores keeps both cores working without crowding them.
    pool: 'forks',
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it has loaded from one file to the next: agnt keeps no state
    // between runs (src/core/host.ts), and loading its sources again for every file cost more
    // than a third of the suite's CPU time.
    isolate: false,
    globalSetup: ['test/support/run-tmpdir.ts'],
    reporters: ['default', new SummaryReporter()],
  },
});
