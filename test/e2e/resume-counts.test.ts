// Resume counts by what the server has: rows the cut-off run created and the resumed run sent
// again are `created` (and `resent`), not `skipped`; an edited file is not told to --resume again;
// batch finds the contacts a killed run created, by e-mail, instead of calling them unknown.
import { beforeEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, BIN, cleanEnv, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import type { Rec } from '../../src/sandbox/store.ts';

const sb = sandboxForFile();
let dir: string;
beforeEach(() => {
  dir = tempDir('agnt-resume-');
  return () => removeDir(dir);
});

/** Runs agnt and kills it (kill -9) when the sandbox has inserted `at` contacts of `domain`. */
async function killedAt(args: string[], domain: string, at: number) {
  const child = execa(process.execPath, [BIN, ...args], { env: { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin }, reject: false });
  const insert = sb.store.insert.bind(sb.store);
  let made = 0;
  sb.store.insert = (name, prefix, rec) => {
    if (name === 'contacts' && String(rec.email).endsWith(domain) && ++made === at) child.kill('SIGKILL');
    return insert(name, prefix, rec);
  };
  try {
    return await child;
  } finally {
    sb.store.insert = insert;
  }
}

const mine = (domain: string) => sb.store.filter('contacts', (c: Rec) => c.user === 'usr_admin' && String(c.email).endsWith(domain));

describe('resume counts', () => {
  it('contacts import killed mid-batch: --resume counts every row the server has as created; resent apart', async () => {
    const n = 600;
    const text = `email,name\n${Array.from({ length: n }, (_, i) => `k${i}@count.test,K ${i}`).join('\n')}\n`;
    const file = join(dir, 'count.csv');
    writeFileSync(file, text);
    const killed = await killedAt(['contacts', 'import', file, '--batch-size', '100', '--concurrency', '1'], '@count.test', 250);
    expect(killed.signal).toBe('SIGKILL');
    const r = await agnt(['contacts', 'import', file, '--resume', '-o', 'json'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(mine('@count.test')).toHaveLength(n);
    expect(s).toMatchObject({ total: n, created: n, updated: 0, skipped: 0, failed: 0, pending: 0 });
    expect(s.resent).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('--resume of an edited file says the file changed, without asking for --resume again', async () => {
    const n = 300;
    const text = `email,name\n${Array.from({ length: n }, (_, i) => `e${i}@edit.test,E ${i}`).join('\n')}\n`;
    const file = join(dir, 'edit.csv');
    writeFileSync(file, text);
    await killedAt(['contacts', 'import', file, '--batch-size', '50', '--concurrency', '1'], '@edit.test', 120);
    writeFileSync(file, text.replace('e1@edit.test', 'x1@edit.test'));
    const r = await agnt(['contacts', 'import', file, '--resume'], { sb });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/row 3 is not the row the earlier import sent \(the file changed\); resume with the same file, or start over without --resume\n/);
    expect(r.stderr).not.toMatch(/rows not finished/);
  }, 120_000);

  it('batch contacts create killed mid-run: --resume finds the contacts that reached the server (no "unknown")', async () => {
    const n = 60;
    const file = join(dir, 'people.csv');
    writeFileSync(file, `email,name\n${Array.from({ length: n }, (_, i) => `b${i}@found.test,B ${i}`).join('\n')}\n`);
    const cmd = ['--', 'contacts', 'create', '--email', '{email}', '--name', '{name}'];
    const killed = await killedAt(['batch', file, '--concurrency', '4', ...cmd], '@found.test', 30);
    expect(killed.signal).toBe('SIGKILL');
    const r = await agnt(['batch', file, '--resume', '-o', 'jsonl', ...cmd], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.filter((x) => x.status === 'unknown')).toEqual([]);
    const per = new Map<string, number>();
    for (const c of mine('@found.test')) per.set(c.email, (per.get(c.email) ?? 0) + 1);
    expect(per.size).toBe(n);
    expect([...per.values()].every((k) => k === 1)).toBe(true);
  }, 120_000);
});
