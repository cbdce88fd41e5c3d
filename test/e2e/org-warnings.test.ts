// No process warning reaches stderr: org export, plan, drift and apply with --json on an
// organization of 10 teams and 50 members print exactly one JSON object on stderr, or nothing
// (Node's MaxListenersExceededWarning came from one abort listener per request in flight).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { provisionedIdentifier } from '../../src/sandbox/areas/identifiers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false });
  dir = tempDir('agnt-org-warnings-');
  const s = sb.store;
  const base = s.get('teams', 'team_acme')!;
  const teams = Array.from({ length: 9 }, (_, i) => s.insert('teams', 'team', { ...base, id: `team_w${i}`, name: `Warn Team ${i}` }));
  const user = s.get('users', 'usr_member')!;
  for (let i = 0; i < 50; i++) {
    const t = teams[i % teams.length]!;
    const u = s.insert('users', 'usr', { ...user, id: `usr_w${i}`, email: `w${i}@acme.test`, name: `W ${i}`, team: t.id, teamRole: i < teams.length ? 'owner' : 'member', organizationRole: 'member' });
    // As the API's provisioning makes them: a primary identifier, which holds the user's matrix.
    provisionedIdentifier(s, u);
  }
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

/** stderr is empty, or one line holding one JSON object. */
function oneObjectOrNothing(stderr: string): void {
  if (stderr === '') return;
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(() => JSON.parse(lines[0]!), stderr).not.toThrow();
}

describe('org commands on a larger organization', () => {
  it('export, plan, drift and apply with --json: no warning on stderr', async () => {
    const config = tempDir();
    const exported = await agnt(['org', 'export', 'org_acme', '--json'], { sb, configDir: config });
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stderr).not.toMatch(/Warning/);
    oneObjectOrNothing(exported.stderr);
    const doc = join(dir, 'org.json');
    writeFileSync(doc, exported.stdout);
    for (const args of [
      ['org', 'plan', '-f', doc, '--json'],
      ['org', 'drift', '-f', doc, '--json'],
      ['org', 'apply', '-f', doc, '--yes', '--json'],
    ]) {
      const r = await agnt(args, { sb, configDir: config });
      expect(r.stderr, args.join(' ')).not.toMatch(/Warning/);
      oneObjectOrNothing(r.stderr);
    }
  });
});
