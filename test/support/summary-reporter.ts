// Ends a run with the plain line "N passed, N failed, N skipped", which CI reads, after a line for
// each test skipped with a reason (ctx.skip(note)), such as one that needs a folder this clone lacks.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const notes: string[] = [];
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else {
          skipped++;
          const result = t.result();
          if (result.state === 'skipped' && result.note) notes.push(`skipped: ${t.fullName}: ${result.note}\n`);
        }
      }
      if (m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed')) failed++;
    }
    process.stdout.write(`${notes.length ? `\n${notes.join('')}` : ''}\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
