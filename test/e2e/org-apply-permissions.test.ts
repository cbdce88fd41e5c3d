// org apply of a document with a new team and its profile: the plan names, before any write,
// the step the caller will not be allowed to make (a team's profile is a team admin's), and
// apply refuses to start instead of stopping halfway at a 403 with the team already made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false });
  dir = tempDir('agnt-org-perm-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

describe('org apply: what the caller may not do is found by the plan', () => {
  it('a new team with a profile the admin may not set: plan says so, apply writes nothing (exit 4)', async () => {
    const config = tempDir();
    const exported = (await agnt(['org', 'export', 'org_acme'], { sb })).stdout;
    const doc = join(dir, 'seed.yaml');
    writeFileSync(
      doc,
      exported.replace('teams:\n', 'teams:\n  - name: Seeded Team\n    status: active\n    brandingOnEvents: false\n    brandingOnMessages: false\n    profile:\n      tagline: Seeded\n'),
    );
    const plan = await agnt(['org', 'plan', '-f', doc], { sb, configDir: config });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/not allowed: teams\[Seeded Team\]\.profile: only an owner or admin of team 'Seeded Team' may set it/);
    const mark = sb.requests.length;
    const apply = await agnt(['org', 'apply', '-f', doc, '--yes'], { sb, configDir: config });
    expect(apply.exitCode).toBe(4);
    expect(apply.stderr).toMatch(/^error: apply to org_acme would be refused part way: teams\[Seeded Team\]\.profile: .*; nothing was written\n/);
    expect(sb.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(sb.store.filter('teams', (t) => t.name === 'Seeded Team')).toEqual([]);
  });
});
