// `get -o yaml > f.yaml` then `update --file f.yaml` succeeds and changes nothing, for every
// resource with a get and an update; the fields the server sets (or the update does not take)
// are dropped with one note on stderr, not refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir();
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

/** The record without the stamp every write moves. */
function settled(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { updatedAt: _u, ...rest } = v as Record<string, unknown>;
  return rest;
}

interface Case {
  name: string;
  as?: string;
  get: (id: string) => string[];
  update: (id: string, file: string) => string[];
  id: () => Promise<string>;
  /** The update takes every field of the record: no note expected. */
  noNote?: boolean;
}

const firstId = async (args: string[], as = 'admin') => (await agnt([...args, '-o', 'id'], { sb, as })).stdout.split('\n')[0]!.trim();

const CASES: Case[] = [
  { name: 'organizations', id: async () => 'org_acme', get: (id) => ['org', 'get', id], update: (id, f) => ['org', 'update', id, '--file', f] },
  { name: 'SSO', id: async () => 'org_acme', get: (id) => ['org', 'sso', 'get', id], update: (id, f) => ['org', 'sso', 'set', id, '--file', f], noNote: true },
  { name: 'domains', id: async () => 'dom_acme', get: (id) => ['org', 'domains', 'get', 'org_acme', id], update: (id, f) => ['org', 'domains', 'update', 'org_acme', id, '--file', f] },
  { name: 'audit logging', id: async () => 'org_acme', get: (id) => ['org', 'audit-logging', 'get', id], update: (id, f) => ['org', 'audit-logging', 'set', id, '--file', f] },
  { name: 'teams', id: async () => 'team_acme', get: (id) => ['teams', 'get', id], update: (id, f) => ['teams', 'update', id, '--file', f] },
  { name: 'team profile', id: async () => 'team_acme', get: (id) => ['teams', 'profile', 'get', id], update: (id, f) => ['teams', 'profile', 'set', id, '--file', f], noNote: true },
  { name: 'contacts', id: () => firstId(['contacts', 'list', '--search', 'carol']), get: (id) => ['contacts', 'get', id], update: (id, f) => ['contacts', 'update', id, '--file', f] },
  { name: 'assistants', id: async () => 'ast_ava', get: (id) => ['assistants', 'get', id], update: (id, f) => ['assistants', 'update', id, '--file', f] },
  { name: 'users', id: async () => 'usr_member', get: (id) => ['users', 'get', id], update: (id, f) => ['users', 'update', id, '--file', f] },
  {
    name: 'identifiers',
    id: () => firstId(['identifiers', 'list', '--user-id', 'usr_member']),
    get: (id) => ['identifiers', 'get', id],
    update: (id, f) => ['identifiers', 'update', id, '--file', f],
  },
  {
    name: 'delegations',
    as: 'coordinator',
    id: () => firstId(['delegations', 'list', '--role', 'coordinator'], 'coordinator'),
    get: (id) => ['delegations', 'get', id],
    update: (id, f) => ['delegations', 'update', id, '--file', f],
  },
  {
    name: 'coverage drafts',
    as: 'coordinator',
    id: async () =>
      (
        await agnt(['coverage', 'create', '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2031-03-02T09:00:00Z', '--end', '2031-03-04T17:00:00Z', '-o', 'id'], {
          sb,
          as: 'coordinator',
        })
      ).stdout.trim(),
    get: (id) => ['coverage', 'get', id],
    update: (id, f) => ['coverage', 'update', id, '--file', f],
  },
];

describe('get -o yaml, then update --file with it', () => {
  for (const c of CASES) {
    it(`${c.name}: succeeds, changes nothing, and notes the fields it left out once`, async () => {
      const as = c.as ?? 'admin';
      const id = await c.id();
      expect(id, c.name).toMatch(/^\w+$/);
      const yaml = await agnt([...c.get(id), '-o', 'yaml'], { sb, as });
      expect(yaml.exitCode, yaml.stderr).toBe(0);
      const file = join(dir, `${c.name.replace(/ /g, '-')}.yaml`);
      writeFileSync(file, yaml.stdout);
      const before = await agntJson([...c.get(id)], { sb, as });

      const sent = sb.requests.length;
      const r = await agnt(c.update(id, file), { sb, as });
      expect(r.exitCode, r.stderr).toBe(0);
      const notes = r.stderr.split('\n').filter((l) => l.startsWith('note: ignored'));
      if (c.noNote) expect(r.stderr).toBe('');
      else {
        expect(notes, r.stderr).toHaveLength(1);
        expect(r.stderr.trim()).toBe(notes[0]);
      }
      expect(sb.requests.length).toBeGreaterThan(sent);

      const after = await agntJson([...c.get(id)], { sb, as });
      expect(settled(after)).toEqual(settled(before));
    });
  }

  it('names the fields it ignored, and still refuses a field no record has', async () => {
    const yaml = await agnt(['org', 'audit-logging', 'get', 'org_acme', '-o', 'yaml'], { sb });
    const file = join(dir, 'al-typo.yaml');
    writeFileSync(file, `${yaml.stdout}storagePrefx: logs/\n`);
    const sent = sb.requests.length;
    const r = await agnt(['org', 'audit-logging', 'set', 'org_acme', '--file', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown field 'storagePrefx' \(allowed: enabled, storageBucketArn, storagePrefix, roleArn, region\)/);
    expect(sb.requests.length).toBe(sent);

    writeFileSync(file, yaml.stdout);
    const ok = await agnt(['org', 'audit-logging', 'set', 'org_acme', '--file', file], { sb });
    expect(ok.stderr).toBe('note: ignored fields the server sets or this command does not change: lastDeliveredAt, deliveryConfigured\n');
  });

  it('checks nested values against the model before sending, naming the path', async () => {
    const file = join(dir, 'bad-contact.yaml');
    writeFileSync(file, 'emails:\n  - address: a@b.test\n    type: home\n');
    const id = await firstId(['contacts', 'list', '--search', 'carol']);
    const sent = sb.requests.length;
    const r = await agnt(['contacts', 'update', id, '--file', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`error: ${file}: emails[0].type: invalid value 'home' (allowed: personal, work, other)\n`);
    expect(sb.requests.length).toBe(sent);
  });
});
