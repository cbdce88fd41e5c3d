// An `org apply` with creates, updates and deletes, then `agnt undo`: the organization exports as
// it did before the apply.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { agnt, agntJson, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('agnt undo of an org apply', () => {
  it('puts back what the apply created, changed and removed', async () => {
    const configDir = tempDir();
    const file = join(tempDir(), 'org.yaml');
    // A team made by an apply from a file, so that a later --prune may remove it.
    const first = parse((await agnt(['org', 'export', 'org_acme'], { sb, configDir })).stdout);
    first.teams.push({ name: 'Temp Team', status: 'active', brandingOnEvents: false, brandingOnMessages: true });
    writeFileSync(file, stringify(first));
    expect((await agnt(['org', 'apply', '-f', file, '--yes'], { sb, configDir })).exitCode).toBe(0);

    const before = (await agnt(['org', 'export', 'org_acme'], { sb, configDir })).stdout;
    const doc = parse(before);
    doc.teams = doc.teams.filter((t: { name: string }) => t.name !== 'Temp Team');
    doc.teams[0].brandingOnMessages = true;
    doc.modelTiers.chat = 'high';
    doc.teams.push({ name: 'Undo Labs', status: 'active', brandingOnEvents: true, brandingOnMessages: false });
    writeFileSync(file, stringify(doc));
    const applied = await agnt(['org', 'apply', '-f', file, '--prune', '--allow-delete', 'teams', '--yes'], { sb, configDir });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const after = (await agnt(['org', 'export', 'org_acme'], { sb, configDir })).stdout;
    expect(after).not.toBe(before);

    const [set] = await agntJson<Array<{ id: string; command: string; writes: number }>>(['changes', 'list', '--command', 'org apply'], { sb, configDir });
    const shown = await agntJson<{ requests: Array<{ method: string; endpoint: string; state: string }> }>(['changes', 'show', set!.id], { sb, configDir });
    const endpoints = shown.requests.map((r) => r.endpoint);
    expect(endpoints).toEqual(expect.arrayContaining(['teams.create', 'teams.update', 'orgs.model-tiers.set', 'teams.delete']));
    expect(shown.requests.every((r) => r.state === 'done')).toBe(true);
    const u = await agnt(['undo', set!.id, '--yes'], { sb, configDir });
    expect(u.exitCode, u.stderr).toBe(0);
    expect((await agnt(['org', 'export', 'org_acme'], { sb, configDir })).stdout).toBe(before);
  });
});
