// Profiles: logging in to another profile does not switch to it (only the first profile, or
// --use), and says which profile is active; commands agnt suggests carry the run's --profile and
// --base-url, so that a line copied as shown acts as the same user on the same server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agnt, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();
const current = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).currentProfile;
const login = (dir: string, role: string, extra: string[]) =>
  agnt(['auth', 'login', ...extra, '--base-url', sb.baseUrl, '--with-token'], { configDir: dir, input: sb.tokens[role as 'admin'], as: null });

describe('auth login and the active profile', () => {
  it('the first profile becomes active; later ones do not, unless --use', async () => {
    const dir = tempDir();
    const first = await login(dir, 'admin', ['--profile', 'work']);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toContain("profile 'work' is active.");
    expect(current(dir)).toBe('work');
    for (const p of ['backup', 'manager', 'spare']) {
      const r = await login(dir, 'backup', ['--profile', p]);
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toContain(`in profile '${p}'; the active profile is still 'work' (use this one with --profile ${p}, or switch: agnt config use ${p}).`);
    }
    expect(current(dir)).toBe('work');
    const me = await agnt(['users', 'me', '-o', 'id'], { configDir: dir, as: null });
    expect(me.stdout).toBe('usr_admin\n');
    const used = await login(dir, 'backup', ['--profile', 'spare', '--use']);
    expect(used.stderr).toContain("profile 'spare' is active.");
    expect(current(dir)).toBe('spare');
    // Logging in again to the active profile keeps it active.
    const again = await login(dir, 'admin', []);
    expect(again.stderr).toContain("profile 'spare' is active.");
  });
});

describe('suggested commands', () => {
  it('carry the --profile and --base-url the run was given', async () => {
    const dir = tempDir();
    await login(dir, 'admin', []);
    await login(dir, 'backup', ['--profile', 'backup']);
    const r = await agnt(['--profile', 'backup', 'inbox', '-o', 'json'], { configDir: dir, as: null });
    expect(r.exitCode).toBe(0);
    const accept = JSON.parse(r.stdout).find((i: any) => i.id === 'cov_pending');
    expect(accept.commands).toEqual(['agnt --profile backup coverage accept cov_pending', 'agnt --profile backup coverage decline cov_pending']);
    const plain = await agnt(['inbox', '-o', 'json'], { sb, as: 'backup' });
    expect(JSON.parse(plain.stdout).find((i: any) => i.id === 'cov_pending').commands[0]).toBe('agnt coverage accept cov_pending');
    const url = `${sb.baseUrl}/`;
    const made = await agnt(['coverage', 'create', '--base-url', url, '--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2027-06-01 09:00', '--for', '1d', '-o', 'id'], {
      sb,
      as: 'coordinator',
    });
    expect(made.exitCode).toBe(0);
    expect(made.stderr).toContain(`submit it with: agnt --base-url ${url} coverage submit ${made.stdout.trim()}`);
  });
});
