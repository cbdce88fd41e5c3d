// The walkthrough of docs/org-as-code.md runs as written: its sh blocks, in order, are one bash
// session (set -e, pipefail) in a home folder of its own, with agnt on PATH and its own config
// folder. It passes when the session exits 0; a sandbox it leaves running is stopped.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BIN, cleanEnv, removeDir, shellAvailable, tempDir } from '../support/helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

const ROOT = resolve(import.meta.dirname, '..', '..');
const TITLE = 'Walkthrough: clone production, rehearse a change under faults, apply it for real';
const section = readFileSync(join(ROOT, 'docs', 'org-as-code.md'), 'utf8')
  .split(/^## /m)
  .find((s) => s.startsWith(`${TITLE}\n`));
const blocks = [...(section ?? '').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

describe('docs/org-as-code.md', () => {
  it('has the walkthrough, in blocks of commands', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks.join('\n')).toMatch(/agnt sandbox clone --from-profile prod/);
    expect(blocks.join('\n')).toMatch(/--rehearsed receipt\.json/);
  });

  it.runIf(shellAvailable('jq'))(`runs: ${TITLE}`, async () => {
    const home = tempDir('agnt-org-walk-');
    const bin = join(home, '.bin');
    const pids = join(home, '.agnt-pids');
    try {
      mkdirSync(bin);
      writeFileSync(join(bin, 'agnt'), `#!/bin/sh\necho $$ >> '${pids}'\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
      // A session that fails half-way stops the sandboxes it started (they hold its stderr open).
      const r = await execa('bash', ['-c', `set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${blocks.join('\n')}`], {
        cwd: home,
        env: { ...cleanEnv(), HOME: home, PATH: `${bin}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(home, '.config', 'agnt') },
        reject: false,
        timeout: 240_000,
      });
      expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
      // The refusal named the team that moved, and the receipt is the rehearsal's.
      expect(r.stderr).toMatch(/does not match the rehearsal receipt\.json: 1 object\(s\) changed since the rehearsal: teams\[Acme Executive Team\]/);
      expect(JSON.parse(readFileSync(join(home, 'receipt.json'), 'utf8'))).toMatchObject({ kind: 'OrgReceipt', plan: { kind: 'OrgPlan', organization: 'org_acme_corp' } });
    } finally {
      if (existsSync(pids))
        for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number)) {
          try {
            process.kill(pid, 'SIGTERM');
          } catch {
            // Ended already.
          }
        }
      removeDir(home);
    }
  });
});
