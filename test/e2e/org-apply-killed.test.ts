// An `org apply` killed with -9 leaves nothing behind: each create is announced in the state's
// journal (with the team's name) before it is sent, so what a killed run made without recording
// it is adopted by the next run, and a later --prune removes it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { agnt, BIN, cleanEnv, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('org apply killed with -9', () => {
  it('an apply of 300 teams killed 5 times, then apply --prune: exactly the document teams remain', async () => {
    const configDir = tempDir();
    const dir = tempDir();
    const exported = (await agnt(['org', 'export', 'org_acme'], { sb, configDir })).stdout;
    const base = parse(exported);
    const before = new Set(sb.store.filter('teams', (t) => t.organization === 'org_acme').map((t) => t.name as string));
    const big = { ...base, teams: [...base.teams, ...Array.from({ length: 300 }, (_, i) => ({ name: `Killed ${i}`, status: 'active', brandingOnEvents: false, brandingOnMessages: false }))] };
    const bigFile = join(dir, 'big.yaml');
    writeFileSync(bigFile, stringify(big));
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin };

    const insert = sb.store.insert.bind(sb.store);
    try {
      for (let run = 0; run < 5; run++) {
        const child = execa(process.execPath, [BIN, 'org', 'apply', '-f', bigFile, '--yes'], { env, reject: false });
        let made = 0;
        // Killed while the server holds its 20th create of this run: that team exists, its answer never comes.
        sb.store.insert = (name, prefix, rec) => {
          const out = insert(name, prefix, rec);
          if (name === 'teams' && ++made === 20) child.kill('SIGKILL');
          return out;
        };
        expect((await child).signal).toBe('SIGKILL');
      }
    } finally {
      sb.store.insert = insert;
    }
    const created = sb.store.filter('teams', (t) => String(t.name).startsWith('Killed ')).length;
    expect(created).toBeGreaterThanOrEqual(100);

    const baseFile = join(dir, 'base.yaml');
    writeFileSync(baseFile, exported);
    const pruned = await agnt(['org', 'apply', '-f', baseFile, '--prune', '--allow-delete', 'teams', '--yes'], { sb, configDir });
    expect(pruned.exitCode, pruned.stderr).toBe(0);
    expect(pruned.stdout + pruned.stderr).toMatch(/adopted [1-9]\d* object\(s\) a stopped apply created without recording them/);
    const after = new Set(sb.store.filter('teams', (t) => t.organization === 'org_acme').map((t) => t.name as string));
    expect(after).toEqual(before);
    expect((await agnt(['org', 'plan', '-f', baseFile, '--exit-code'], { sb, configDir })).exitCode).toBe(0);
  });
});
