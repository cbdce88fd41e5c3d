// What a sandbox keeps is kept as a secret: the journal masks a body's secret fields (whatever
// their case), drive blobs are 0600 like the data file, and tokens come from a CSPRNG.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal } from '../../src/sandbox/journal.ts';
import { issueToken } from '../../src/sandbox/model.ts';
import { agnt, tempDir, withSandbox } from '../support/helpers.ts';

afterEach(() => vi.restoreAllMocks());

describe('sandbox secrets', () => {
  it('the journal masks token, password and secret fields of a JSON body, camel-cased ones too', () => {
    const j = new Journal();
    const body = { token: 'tok-1', password: 'pw-2', secret: 'sec-3', newPassword: 'pw-4', webhookSecret: 'sec-5', nested: [{ refreshToken: 'tok-6' }], name: 'kept' };
    j.record({ time: 't', method: 'POST', path: '/x', query: {}, raw: Buffer.from(JSON.stringify(body)), status: 200, user: null, fault: null, session: null });
    const seen = JSON.stringify(j.list({}));
    for (const v of ['tok-1', 'pw-2', 'sec-3', 'pw-4', 'sec-5', 'tok-6']) expect(seen).not.toContain(v);
    expect(seen).toContain('kept');
  });

  it('drive blobs of a --data sandbox are 0600', async () => {
    const dir = tempDir('agnt-blobs-');
    const sb = await withSandbox({ dataFile: join(dir, 'state.jsonl') });
    try {
      writeFileSync(join(dir, 'notes.txt'), 'hello');
      const r = await agnt(['drive', 'upload', join(dir, 'notes.txt'), '-o', 'json'], { sb });
      expect(r.exitCode).toBe(0);
      const { blobPath } = await import('../../src/sandbox/areas/drive.ts');
      const file = sb.store.get('driveFiles', JSON.parse(r.stdout).id);
      expect(statSync(blobPath(sb, file!.storageKey)).mode & 0o777).toBe(0o600);
      const seeded = sb.store.find('driveFiles', (f) => typeof f.metadata?.seedText === 'string');
      if (seeded) expect(statSync(blobPath(sb, seeded.storageKey)).mode & 0o777).toBe(0o600);
    } finally {
      await sb.dispose();
    }
  });

  it('tokens do not come from Math.random', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const store = { meta: { tokens: {} as Record<string, unknown> } };
    const a = issueToken(store as never, 'member', 'usr_a');
    const b = issueToken(store as never, 'member', 'usr_a');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^agnt_sbx_member_[A-Za-z0-9_-]{22,}$/);
  });
});
