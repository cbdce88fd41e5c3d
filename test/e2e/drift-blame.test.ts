// org drift blames a change only on an event whose metadata names that field (or the record's
// creation); otherwise it says the author is unknown. Reproduces issue 24 item 2 both ways round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(() => {
  dir = tempDir('agnt-drift-blame-');
});
afterAll(() => removeDir(dir));

async function driftOf(sb: Sb, doc: string, config: string) {
  const r = await agnt(['org', 'drift', '-f', doc, '-o', 'jsonl'], { sb, configDir: config });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('drift attribution', () => {
  for (const [first, second] of [
    ['manager', 'admin'],
    ['admin', 'manager'],
  ] as const) {
    it(`${first} archives the team, then ${second} turns off brandingOnMessages: each field names its own event`, async () => {
      const sb = await withSandbox({ exampleRecords: false });
      try {
        sb.store.update('users', 'usr_manager', { organizationRole: 'admin' });
        sb.store.update('teams', 'team_acme', { brandingOnMessages: true });
        const config = tempDir();
        const doc = join(dir, `${first}.yaml`);
        writeFileSync(doc, (await agnt(['org', 'export', 'org_acme'], { sb })).stdout);
        expect((await agnt(['teams', 'update', 'team_acme', '--status', 'archived'], { sb, as: first })).exitCode).toBe(0);
        expect((await agnt(['teams', 'update', 'team_acme', '--no-branding-on-messages'], { sb, as: second })).exitCode).toBe(0);
        const events = sb.store.filter('auditEvents', (e) => e.entityId === 'team_acme' && e.action === 'team.updated');
        const x = events.find((e) => 'status' in (e.metadata ?? {}))!;
        const y = events.find((e) => 'brandingOnMessages' in (e.metadata ?? {}))!;
        const drift = await driftOf(sb, doc, config);
        const by = (field: string) => drift.find((d) => d.path.endsWith(`].${field}`));
        expect(by('status')).toMatchObject({ live: 'archived', file: 'active', eventId: x.id, actor: x.actor });
        expect(by('brandingOnMessages')).toMatchObject({ live: false, file: true, eventId: y.id, actor: y.actor });

        // A change no event names (made behind the API's back) has no author.
        sb.store.update('teams', 'team_acme', { brandingOnEvents: !sb.store.get('teams', 'team_acme')!.brandingOnEvents });
        const text = await agnt(['org', 'drift', '-f', doc], { sb, configDir: config });
        expect(text.stdout).toMatch(/brandingOnEvents: live \S+, file \S+\n\s+changed by: unknown \(no audit event names this field\)/);
      } finally {
        await sb.dispose();
      }
    });
  }
});
