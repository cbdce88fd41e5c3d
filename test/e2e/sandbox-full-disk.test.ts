// A --data sandbox whose disk is full keeps nothing it did not save: the write is answered 507
// and is not kept, so no read sees it, and a restart from the file finds what the reads saw.
// The full disk is /dev/full (Linux: every write fails with ENOSPC) standing in for the data
// file's descriptor, as the data file's own device would once it filled up.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

it.skipIf(process.platform !== 'linux')('a write the data file cannot take is refused (507) and not kept', async () => {
  const dir = tempDir();
  const file = join(dir, 'state.jsonl');
  const sb = await withSandbox({ dataFile: file });
  try {
    const store = sb.store as unknown as { fd: number };
    const real = store.fd;
    const full = openSync('/dev/full', 'a');
    store.fd = full;
    const before = readFileSync(file, 'utf8');
    const made = await agnt(['contacts', 'create', '--email', 'lost@full.test', '-o', 'id'], { sb });
    expect(made.stdout).toBe('');
    expect(made.stderr).toMatch(
      /^error: the sandbox could not save the change to its data file .*state\.jsonl \(no space left on the device\); nothing was changed \(HTTP 507, AGNT_E_INSUFFICIENT_STORAGE\)\n/,
    );
    expect(made.exitCode).toBe(1);
    const seen = await agnt(['contacts', 'list', '--all', '--query', "[?email=='lost@full.test'].id", '-o', 'json'], { sb });
    expect(JSON.parse(seen.stdout)).toEqual([]);
    // An update and a delete refused the same way leave the record as it was.
    store.fd = real;
    const id = (await agnt(['contacts', 'create', '--email', 'kept@full.test', '--name', 'Kept', '-o', 'id'], { sb })).stdout.trim();
    store.fd = full;
    expect((await agnt(['contacts', 'update', id, '--name', 'Changed'], { sb })).exitCode).toBe(1);
    expect((await agnt(['contacts', 'delete', id, '--yes'], { sb })).exitCode).toBe(1);
    store.fd = real;
    closeSync(full);
    const kept = JSON.parse((await agnt(['contacts', 'get', id, '-o', 'json'], { sb })).stdout);
    expect(kept).toMatchObject({ email: 'kept@full.test', name: 'Kept' });
    expect(readFileSync(file, 'utf8').startsWith(before)).toBe(true);
    await sb.dispose();
    // What the file holds is what the reads saw.
    const again = await withSandbox({ dataFile: file });
    try {
      expect(again.store.lookup('contacts', 'email', 'lost@full.test')).toEqual([]);
      expect(again.store.get('contacts', id)).toMatchObject({ name: 'Kept' });
    } finally {
      await again.dispose();
    }
  } finally {
    removeDir(dir);
  }
});
