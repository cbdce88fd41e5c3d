// docs/sandbox.md runs as written: each `## ` section's sh blocks are one bash session (set -e,
// pipefail) in a home folder holding a copy of examples/, with agnt on PATH and its own config
// folder. A section passes when its session exits 0; a sandbox it leaves running is stopped.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { inDocHome } from '../support/doc-session.ts';
import { shellAvailable } from '../support/helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

const ROOT = resolve(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'sandbox.md'), 'utf8');

/** The sections of the guide that hold examples, each with its sh blocks in order. */
const sections = doc
  .split(/^## /m)
  .slice(1)
  .map((text) => ({ title: text.slice(0, text.indexOf('\n')), blocks: [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!) }))
  .filter((s) => s.blocks.length);

describe('docs/sandbox.md', () => {
  it('has the two worked examples the issue asks for', () => {
    expect(sections.map((s) => s.title)).toEqual(['Testing an organization set-up script in CI', 'Rehearsing a month of coverage with the clock']);
  });

  for (const section of sections) {
    const needsJq = section.blocks.some((b) => /\bjq\b/.test(b));
    it.runIf(!needsJq || shellAvailable('jq'))(`runs: ${section.title}`, async () => {
      const r = await inDocHome('agnt-sandbox-doc-', (_home, session) => session(section.blocks.join('\n'), 280_000), { examples: true });
      expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
    });
  }
});
