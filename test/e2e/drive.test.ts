import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, openSync, readFileSync, readdirSync, closeSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { BIN, agnt, agntJson, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { blobPath } from '../../src/sandbox/areas/drive.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
// The sandbox's clock, moved forward to expire presigned URLs.
let clockOffset = 0;

const BIG = 105 * 1024 * 1024;

beforeAll(async () => {
  sb = await withSandbox({ clock: () => Date.now() + clockOffset });
  dir = tempDir('agnt-drive-');
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

/** A file of pseudo-random bytes, written in 1 MiB pieces so the test never holds it whole. */
function bigFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  const piece = randomBytes(1024 * 1024);
  for (let done = 0; done < size; done += piece.length) {
    piece.writeUInt32LE(done / piece.length, 0);
    writeSync(fd, piece, 0, Math.min(piece.length, size - done));
  }
  closeSync(fd);
}

/** Runs the CLI under /usr/bin/time and returns its peak resident memory in bytes. */
async function agntWithPeak(args: string[], as = 'admin'): Promise<{ exitCode: number; stdout: string; stderr: string; peakBytes: number }> {
  const env = { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[as]! };
  const r = await execa('/usr/bin/time', ['-f', 'AGNT_PEAK_KB=%M', process.execPath, BIN, ...args], { env, extendEnv: true, reject: false, timeout: 120_000, input: '' });
  const stderr = String(r.stderr);
  const kb = Number(/AGNT_PEAK_KB=(\d+)/.exec(stderr)?.[1]);
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: stderr.replace(/AGNT_PEAK_KB=\d+\n?/, ''), peakBytes: kb * 1024 };
}

async function storage(as = 'admin'): Promise<{ usedBytes: number; quotaBytes: number; remainingBytes: number; percentUsed: number }> {
  return await agntJson(['drive', 'storage'], { sb, as });
}

function presigned(method: string) {
  return sb.requests.filter((r) => r.method === method && r.path.startsWith('/_presigned/'));
}

describe('drive upload and download', () => {
  let bigId = '';
  let textId = '';
  const big = () => join(dir, 'big.bin');

  it('uploads several files, one over 100 MB, with the CLI under 120 MB of memory', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'first line\nsecond line\n');
    writeFileSync(join(dir, 'photo.png'), randomBytes(70_000));
    bigFile(big(), BIG);
    const before = await storage();
    const putsBefore = presigned('PUT').length;

    const r = await agntWithPeak(['drive', 'upload', join(dir, 'notes.txt'), join(dir, 'photo.png'), big(), '-o', 'json']);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.stderr).not.toContain('\r'); // no progress bar when stderr is not a terminal
    expect(r.exitCode).toBe(0);
    const files = JSON.parse(r.stdout) as Array<{ id: string; name: string; size: number; status: string; mimeType: string }>;
    expect(files.map((f) => [f.name, f.size, f.status])).toEqual([
      ['notes.txt', 23, 'ready'],
      ['photo.png', 70_000, 'ready'],
      ['big.bin', BIG, 'ready'],
    ]);
    expect(files.map((f) => f.mimeType)).toEqual(['text/plain', 'image/png', 'application/octet-stream']);
    expect(r.peakBytes).toBeGreaterThan(0);
    expect(r.peakBytes).toBeLessThan(120 * 1024 * 1024);
    console.log(`peak RSS of the upload of ${BIG} bytes: ${(r.peakBytes / 1024 / 1024).toFixed(1)} MiB`);
    textId = files[0]!.id;
    bigId = files[2]!.id;

    expect(presigned('PUT').length - putsBefore).toBe(3);
    const after = await storage();
    expect(after.usedBytes - before.usedBytes).toBe(23 + 70_000 + BIG);
    expect(after.remainingBytes).toBe(after.quotaBytes - after.usedBytes);
  }, 120_000);

  it('downloads the big file byte-identical, without leaving temp files', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    const r = await agntWithPeak(['drive', 'download', bigId, '--out', `${out}/`]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/saved .*big\.bin/);
    expect(await sha256(join(out, 'big.bin'))).toBe(await sha256(big()));
    expect(readdirSync(out)).toEqual(['big.bin']);
  }, 120_000);

  it('leaves nothing at the target when interrupted with Ctrl-C', async () => {
    const out = join(dir, 'interrupted');
    mkdirSync(out);
    const env = { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin! };
    const child = execa(process.execPath, [BIN, 'drive', 'download', bigId, '--out', out], { env, extendEnv: true, reject: false, input: '' });
    // Interrupt once the temporary file exists, i.e. in the middle of the transfer.
    let seen = false;
    while (!seen && child.exitCode === null) {
      seen = readdirSync(out).some((f) => f.endsWith('.agnt-part'));
      if (!seen) await new Promise((r) => setTimeout(r, 2));
    }
    expect(seen).toBe(true);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);

  it('downloads to stdout with --out - and nothing else on stdout', async () => {
    const r = await agnt(['drive', 'download', textId, '--out', '-'], { sb });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('first line\nsecond line\n');
    expect(r.stderr).toBe('');
  });

  it('never sends the bearer token to a presigned URL', () => {
    const all = sb.requests.filter((x) => x.path.startsWith('/_presigned/'));
    expect(presigned('PUT').length).toBeGreaterThan(0);
    expect(presigned('GET').length).toBeGreaterThan(0);
    for (const x of all) expect(x.authorization).toBeUndefined();
  });

  it('keeps the signature out of --debug output', async () => {
    const r = await agnt(['--debug', 'drive', 'download', textId, '--out', '-'], { sb });
    expect(r.exitCode).toBe(0);
    const url = presigned('GET').at(-1)!.url;
    const signature = new URL(url, sb.baseUrl).searchParams.get('signature')!;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(r.stderr).not.toContain(signature);
    expect(r.stderr).toContain('signature=<redacted>');
    expect(r.stderr).not.toContain(sb.tokens.admin!);
  });

  it("keeps a server-given '../' name inside the target folder", async () => {
    const id = (await agntJson(['drive', 'upload', join(dir, 'notes.txt'), '--name', 'escape-test.txt'], { sb })).id as string;
    sb.store.update('driveFiles', id, { name: '../../escape.txt' });
    const target = join(dir, 'inside', 'deeper');
    mkdirSync(target, { recursive: true });
    const r = await agnt(['drive', 'download', id, '--out', target], { sb });
    expect(r.exitCode).toBe(0);
    expect(readdirSync(target)).toEqual(['escape.txt']);
    expect(existsSync(join(dir, 'escape.txt'))).toBe(false);
    expect(existsSync(join(dir, 'inside', 'escape.txt'))).toBe(false);

    sb.store.update('driveFiles', id, { name: '..' });
    const other = join(dir, 'dots');
    mkdirSync(other);
    const r2 = await agnt(['drive', 'download', id], { sb, cwd: other });
    expect(r2.exitCode).toBe(0);
    expect(readdirSync(other)).toEqual([id]);
  });

  it('does not overwrite an existing file without --force', async () => {
    const target = join(dir, 'keep.txt');
    writeFileSync(target, 'mine');
    const r = await agnt(['drive', 'download', textId, '--out', target], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/already exists/);
    expect(r.stderr).toMatch(/--force/);
    expect(readFileSync(target, 'utf8')).toBe('mine');
    const count = sb.requests.length;
    const nowhere = await agnt(['drive', 'download', textId, '--out', `${join(dir, 'no-such-folder')}/`], { sb });
    expect(nowhere.exitCode).toBe(2);
    expect(nowhere.stderr).toMatch(/no-such-folder: no such folder/);
    expect(sb.requests.length).toBe(count);
    const forced = await agnt(['drive', 'download', textId, '--out', target, '--force'], { sb });
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('first line\nsecond line\n');
  });

  it('leaves no file, partial or temporary, when a download comes up short', async () => {
    writeFileSync(join(dir, 'short.txt'), 'x'.repeat(50_000));
    const id = (await agntJson(['drive', 'upload', join(dir, 'short.txt')], { sb })).id as string;
    const key = sb.store.get('driveFiles', id)!.storageKey as string;
    truncateSync(blobPath(sb, key), 20_000);
    const out = join(dir, 'short-out');
    mkdirSync(out);
    const r = await agnt(['drive', 'download', id, '--out', out], { sb });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/error: download .*20000.*50000/);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('drive upload failures', () => {
  it('retries a failed PUT from the start', async () => {
    writeFileSync(join(dir, 'retry.txt'), 'retry me');
    const puts = presigned('PUT').length;
    sb.faults.push({ method: 'PUT', path: /^\/_presigned\//, times: 1, status: 503, body: 'busy' });
    const r = await agnt(['drive', 'upload', join(dir, 'retry.txt'), '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/HTTP 503.*retrying from the start/);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'retry.txt', status: 'ready', size: 8 });
    expect(presigned('PUT').length - puts).toBe(2);
  });

  it("a presigned PUT answered 503 with Retry-After is sent again by the HTTP core after the asked delay, not a loop of the upload's own", async () => {
    writeFileSync(join(dir, 'later.txt'), 'try me later');
    const puts = presigned('PUT').length;
    sb.faults.push({ method: 'PUT', path: /^\/_presigned\//, times: 1, status: 503, body: 'busy', headers: { 'retry-after': '1' } });
    const r = await agnt(['drive', 'upload', join(dir, 'later.txt'), '-o', 'json', '--debug'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    // The core's retry line: the wait is the server's 1 s, and the attempt is counted against the core's limit.
    expect(r.stderr).toContain('* HTTP 503; retrying in 1000 ms (attempt 2 of 3)\n');
    expect(r.stderr).toContain('later.txt: upload to the presigned URL failed: HTTP 503; retrying from the start (attempt 2 of 3)\n');
    expect(presigned('PUT').length - puts).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'later.txt', status: 'ready', size: 12 });
  });

  it('reports a file whose confirm failed as pending', async () => {
    writeFileSync(join(dir, 'unconfirmed.txt'), 'never confirmed');
    sb.faults.push({ method: 'POST', path: /\/confirm$/, times: 1, status: 500, body: '{"status":500,"error":"boom"}' });
    const r = await agnt(['drive', 'upload', join(dir, 'unconfirmed.txt')], { sb });
    expect(r.exitCode).toBe(1);
    const id = /(fil_\w+) was not confirmed: a new file stays pending/.exec(r.stderr)?.[1];
    expect(id).toBeDefined();
    expect((await agntJson(['drive', 'get', id!], { sb })).status).toBe('pending');
  });

  it('goes on with the other files when one fails, and exits 6', async () => {
    writeFileSync(join(dir, 'one.txt'), 'one');
    writeFileSync(join(dir, 'two.txt'), 'two');
    sb.faults.push({ method: 'PUT', path: /^\/_presigned\//, times: 1, status: 403, body: '{"status":403,"error":"denied"}' });
    const r = await agnt(['drive', 'upload', join(dir, 'one.txt'), join(dir, 'two.txt'), '-o', 'jsonl'], { sb });
    expect(r.exitCode).toBe(6);
    // -o jsonl: the failure is one JSON object on stderr, naming the file and why.
    expect(JSON.parse(r.stderr).error).toEqual({
      exitCode: 6,
      message: expect.stringMatching(/^1 of 2 uploads failed: .*one\.txt: upload to the presigned URL failed: denied \(fil_\w+ was not confirmed/),
    });
    const human = await agnt(['drive', 'upload', join(dir, 'one.txt'), join(dir, 'two.txt')], { sb });
    expect(human.stderr).toMatch(/^\S*one\.txt: (error|uploaded)/m);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((f) => [f.name, f.status])).toEqual([['two.txt', 'ready']]);
  });

  it('refuses an upload over the quota, with the numbers, before sending any byte', async () => {
    const huge = join(dir, 'huge.bin');
    writeFileSync(huge, '');
    truncateSync(huge, 16 * 1024 ** 3); // sparse: takes no disk space
    const puts = presigned('PUT').length;
    const r = await agnt(['drive', 'upload', huge], { sb });
    expect(r.exitCode).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/error: storage quota exceeded.*huge\.bin needs 16\.0 GiB, .* remaining \(.* of 15\.0 GiB used, \d+%\).*HTTP 400, AGNT_E_QUOTA_EXCEEDED/);
    expect(presigned('PUT').length).toBe(puts);
  });

  it('checks local files before sending anything', async () => {
    const count = sb.requests.length;
    const r = await agnt(['drive', 'upload', join(dir, 'notes.txt'), join(dir, 'missing.txt')], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/missing\.txt: no such file/);
    expect(sb.requests.length).toBe(count);
  });
});

describe('presigned URLs', () => {
  async function url(): Promise<string> {
    writeFileSync(join(dir, 'signed.txt'), 'signed');
    const id = (await agntJson(['drive', 'upload', join(dir, 'signed.txt')], { sb })).id as string;
    return (await agntJson(['api', 'GET', `/users/usr_admin/drive-files/${id}/download`], { sb })).url as string;
  }

  it('refuses a wrong signature', async () => {
    const u = new URL(await url());
    expect((await fetch(u)).status).toBe(200);
    u.searchParams.set('signature', 'ab'.repeat(32));
    const res = await fetch(u);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 403, error_code: 'AGNT_E_SIGNATURE_INVALID' });
  });

  it('refuses an expired URL (15 minutes)', async () => {
    const u = await url();
    clockOffset = 14 * 60_000;
    expect((await fetch(u)).status).toBe(200);
    clockOffset = 16 * 60_000;
    try {
      const res = await fetch(u);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error_code: 'AGNT_E_URL_EXPIRED' });
    } finally {
      clockOffset = 0;
    }
  });
});

describe('drive files', () => {
  it('saves versions on re-upload and restores one', async () => {
    const sub = join(dir, 'v');
    mkdirSync(sub);
    const path = join(sub, 'plan.md');
    writeFileSync(path, 'version one');
    const first = await agntJson(['drive', 'upload', path], { sb });
    writeFileSync(path, 'version two, longer');
    const second = await agntJson(['drive', 'upload', path], { sb });
    expect(second.id).toBe(first.id);
    expect(second.size).toBe(19);

    const versions = await agntJson(['drive', 'versions', first.id], { sb });
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ size: 11, mimeType: 'text/markdown', savedBy: 'usr_admin' });
    const table = await agnt(['drive', 'versions', first.id], { sb });
    expect(table.stdout).toMatch(/^INDEX\s+SAVED_AT\s+SAVED_BY\s+SIZE\s+MIME_TYPE\n0\s+\S+\s+usr_admin\s+11\s+text\/markdown\n$/);

    const restored = await agntJson(['drive', 'restore', first.id, '0'], { sb });
    expect(restored.size).toBe(11);
    expect((await agnt(['drive', 'download', first.id, '--out', '-'], { sb })).stdout).toBe('version one');
    expect(await agntJson(['drive', 'versions', first.id], { sb })).toHaveLength(2);

    const missing = await agnt(['drive', 'restore', first.id, '7'], { sb });
    expect(missing.exitCode).toBe(3);
  });

  it('lists with filters, moves, shares, links tasks, processes and deletes', async () => {
    writeFileSync(join(dir, 'quarterly-report.pdf'), 'pdf bytes');
    const f = await agntJson(['drive', 'upload', join(dir, 'quarterly-report.pdf')], { sb });
    expect(f.mimeType).toBe('application/pdf');
    expect((await agnt(['drive', 'list', '--search', 'qrtrep', '-o', 'id'], { sb })).stdout).toBe(`${f.id}\n`);
    const notes = await agntJson(['drive', 'list', '--kind', 'note', '--event-id', 'evt_board', '--note-type', 'action-items'], { sb });
    expect(notes.map((n: { name: string }) => n.name)).toEqual(['Board prep - action items.md']);

    expect((await agntJson(['drive', 'move', f.id, '--folder', 'fld_reports'], { sb })).folder).toBe('fld_reports');
    expect((await agnt(['drive', 'list', '-o', 'id'], { sb })).stdout).not.toContain(f.id);
    expect((await agnt(['drive', 'list', '--folder', 'fld_reports', '-o', 'id'], { sb })).stdout).toBe(`${f.id}\n`);

    expect((await agntJson(['drive', 'share', f.id, '--team', 'team_acme'], { sb })).team).toBe('team_acme');
    expect((await agnt(['drive', 'shared', '-o', 'id'], { sb, as: 'member' })).stdout).toContain(f.id);
    expect((await agntJson(['drive', 'unshare', f.id], { sb })).team).toBeNull();
    expect((await agnt(['drive', 'shared', '-o', 'id'], { sb, as: 'member' })).stdout).not.toContain(f.id);

    expect(await agntJson(['drive', 'link-task', f.id, '--task-id', 'tsk_1'], { sb })).toEqual({ fileId: f.id, taskId: 'tsk_1' });
    await agntJson(['drive', 'process', f.id, '--message', 'Summarise it'], { sb });
    const acts = await agntJson(['drive', 'activities', f.id], { sb });
    expect(acts.slice(0, 5).map((a: { type: string; role: string }) => `${a.type}:${a.role}`)).toEqual(['status_change:user', 'edit:user', 'share:user', 'share:user', 'message:user']);

    const before = await storage();
    const del = await agnt(['drive', 'delete', f.id], { sb });
    expect(del.exitCode).toBe(2);
    expect(del.stderr).toMatch(/refusing without --yes/);
    expect((await agnt(['drive', 'delete', f.id, '--yes'], { sb })).exitCode).toBe(0);
    expect((await storage()).usedBytes).toBe(before.usedBytes - 9);
    expect((await agnt(['drive', 'get', f.id], { sb })).exitCode).toBe(3);
  });

  it("uses --user for another user's drive and refuses what the caller may not see", async () => {
    expect((await agnt(['drive', 'list', '--user', 'usr_member', '-o', 'id'], { sb, as: 'admin' })).exitCode).toBe(0);
    const r = await agnt(['drive', 'storage', '--user', 'usr_admin'], { sb, as: 'member' });
    expect(r.exitCode).toBe(4);
    expect((await agnt(['drive', 'storage', '--user', 'usr_nobody'], { sb })).exitCode).toBe(3);
  });
});
