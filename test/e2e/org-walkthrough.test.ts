// The walkthrough of docs/org-as-code.md runs as written: its sh blocks, in order, are one bash
// session (set -e, pipefail) in a home folder of its own, with agnt on PATH and its own config
// folder. It passes when the session exits 0; a sandbox it leaves running is stopped.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { inDocHome } from '../support/doc-session.ts';
import { shellAvailable } from '../support/helpers.ts';

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
    await inDocHome('agnt-org-walk-', async (home, session) => {
      // A session that fails half-way stops the sandboxes it started (they hold its stderr open).
      const r = await session(`trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${blocks.join('\n')}`, 240_000);
      expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
      // The refusal named the team that moved, and the receipt is the rehearsal's.
      expect(r.stderr).toMatch(/does not match the rehearsal receipt\.json: 1 object\(s\) changed since the rehearsal: teams\[Acme Executive Team\]/);
      expect(JSON.parse(readFileSync(join(home, 'receipt.json'), 'utf8'))).toMatchObject({ kind: 'OrgReceipt', plan: { kind: 'OrgPlan', organization: 'org_acme_corp' } });
    });
  });
});
