// Correctness at sizes where it is cheap to check: a 10k-record walk returns every record once,
// and a `--data` sandbox keeps every acknowledged change through kill -9. (Speed is measured by
// `npm run bench`, never asserted here.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { bulkImport } from '../../src/sandbox/areas/contacts-import.ts';

describe('a list of 10k contacts', () => {
  let sb: Awaited<ReturnType<typeof withSandbox>>;
  let want: string[];
  beforeAll(async () => {
    sb = await withSandbox();
    const admin = sb.store.get('users', 'usr_admin')!;
    for (let at = 0; at < 10_000; at += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `walk.${at + i}@example.test`, name: `Walk ${at + i}`, tags: (at + i) % 10 ? [] : ['tenth'] }));
      expect(bulkImport(sb.store, admin, rows).created).toBe(1000);
    }
    want = sb.store.filter('contacts', (c) => c.user === 'usr_admin').map((c) => c.id);
    expect(want.length).toBeGreaterThanOrEqual(10_000);
  }, 120_000);
  afterAll(async () => {
    await sb.dispose();
  });

  it('--all returns every record once, in order', async () => {
    const r = await agnt(['contacts', 'list', '--all', '-o', 'id'], { sb, timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(want);
  }, 180_000);

  it('a filtered --all returns every match once', async () => {
    const r = await agnt(['contacts', 'list', '--all', '--tags', 'tenth', '-o', 'id'], { sb, timeout: 120_000 });
    expect(r.exitCode).toBe(0);
    const ids = r.stdout.trim().split('\n');
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
  }, 180_000);

  it('a page past the end is empty and keeps the total', async () => {
    const r = await agnt(['api', 'GET', '/contacts?page=1000&perPage=100', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ contacts: [], page: 1000, perPage: 100, total: want.length });
  });
});

describe('agnt sandbox start --data', () => {
  it('keeps every acknowledged change through kill -9', async () => {
    const dir = tempDir();
    try {
      const data = join(dir, 'state.json');
      const start = async () => {
        const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--json', '--no-profile', '--data', data], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: dir }, extendEnv: true, reject: false });
        const first = await new Promise<any>((resolve) => createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l))));
        return { child, env: { AGNT_BASE_URL: first.baseUrl, AGNT_TOKEN: first.tokens.admin } };
      };
      const a = await start();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await agnt(['contacts', 'create', '--email', `kept.${i}@example.test`, '-o', 'id'], { env: a.env });
        expect(r.exitCode).toBe(0);
        ids.push(r.stdout.trim());
      }
      const upd = await agnt(['contacts', 'update', ids[0]!, '--title', 'Kept title', '-o', 'id'], { env: a.env });
      expect(upd.exitCode).toBe(0);
      const del = await agnt(['contacts', 'delete', ids[1]!, '--yes'], { env: a.env });
      expect(del.exitCode).toBe(0);
      a.child.kill('SIGKILL');
      expect((await a.child).signal).toBe('SIGKILL');
      // The changes were appended to the data file, not written as a whole new state.
      expect(readFileSync(data, 'utf8')).toContain('Kept title');

      const b = await start();
      try {
        const r = await agnt(['contacts', 'list', '--all', '--search', 'kept.', '-o', 'json'], { env: b.env });
        expect(r.exitCode).toBe(0);
        const got = JSON.parse(r.stdout) as Array<{ id: string; title: string | null }>;
        expect(got.map((c) => c.id).sort()).toEqual([ids[0], ids[2], ids[3], ids[4]].sort());
        expect(got.find((c) => c.id === ids[0])!.title).toBe('Kept title');
        // New ids after the restart do not collide with those handed out before the kill.
        const more = await agnt(['contacts', 'create', '--email', 'after@example.test', '-o', 'id'], { env: b.env });
        expect(more.exitCode).toBe(0);
        expect(ids).not.toContain(more.stdout.trim());
      } finally {
        b.child.kill('SIGTERM');
        await b.child;
      }
    } finally {
      removeDir(dir);
    }
  }, 180_000);
});
