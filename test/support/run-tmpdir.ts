// Vitest global setup: every temporary folder of a test run (the tests' own, and any the agnt
// processes they start make) goes under one folder per run, removed when the run ends. The
// suite makes thousands of them; without this each run left them all in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'agnt-run-'));
  // os.tmpdir() reads TMPDIR on each call, and the test workers and the processes they start
  // inherit it.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
