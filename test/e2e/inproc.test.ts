// The test seam itself (src/core/host.ts, test/support/inproc.ts): runs of main() in one process
// share nothing. Each of these would fail if a run's state (the retry budget, "stdin was read",
// the environment, the terminal) were kept in a module rather than in the run's Host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agntJson, cleanEnv, tempDir, withSandbox } from '../support/helpers.ts';
import { runAgnt } from '../support/inproc.ts';
import { bench, type Bench } from '../faults/setup.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
/** A sandbox answering with its own fault rules. */
let b: Bench;
beforeAll(async () => {
  sb = await withSandbox();
  b = await bench();
});
afterAll(async () => {
  await sb.dispose();
  await b.dispose();
});

const envFor = (token: string, extra: Record<string, string> = {}) => ({ ...process.env, ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: token, ...extra });

describe('runs in one process share nothing', () => {
  it('each run has its own retry budget', async () => {
    for (const _ of [1, 2]) {
      b.again();
      await b.fault({ path: '/users/me', status: 503, retryAfter: 0 });
      const res = await b.run(['users', 'me'], { env: { AGNT_RETRIES: '50', AGNT_RETRY_BUDGET: '4' } });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain('(after 5 attempts) (HTTP 503');
      expect(b.sent('GET', '/users/me')).toHaveLength(5);
    }
  });

  it('each run reads its own stdin', async () => {
    const ids = (await agntJson<Array<{ id: string }>>(['contacts', 'list', '--all'], { sb })).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids.slice(0, 2)) {
      const res = await runAgnt(['contacts', 'delete', '-', '--yes'], { env: envFor(sb.tokens.admin!), stdin: `${id}\n` });
      expect(res.stderr).not.toContain('standard input');
      expect(res.exitCode).toBe(0);
      expect(sb.requests.filter((q) => q.method === 'DELETE').map((q) => q.path)).toContain(`/contacts/${id}`);
    }
  });

  it('runs side by side keep their own environment and terminal', async () => {
    const [admin, coordinator, narrow, wide] = await Promise.all([
      runAgnt(['users', 'me', '-o', 'id'], { env: envFor(sb.tokens.admin!) }),
      runAgnt(['users', 'me', '-o', 'id'], { env: envFor(sb.tokens.coordinator!) }),
      runAgnt(['users', 'list', '--help'], { env: envFor(sb.tokens.admin!), tty: true, columns: 50 }),
      runAgnt(['users', 'list', '--help'], { env: envFor(sb.tokens.admin!), tty: true, columns: 200 }),
    ]);
    expect(admin).toEqual({ stdout: 'usr_admin\n', stderr: '', exitCode: 0 });
    expect(coordinator.exitCode).toBe(0);
    expect(coordinator.stdout).not.toBe(admin.stdout);
    const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));
    expect(widest(narrow.stdout)).toBeLessThan(widest(wide.stdout));
  });
});
