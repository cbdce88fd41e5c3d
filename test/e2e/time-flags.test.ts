// Every time flag is read locally by the one time parser: relative times where docs/usage.md
// promises them, a bad time or an inverted period refused with exit 2 before any request, and
// errors that name the flag the user typed and the zone local times are read in.
import { describe, expect, it } from 'vitest';
import { agnt, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

const sentSince = (mark: number, path: string) => sb.requests.slice(mark).filter((r) => r.path === path);

describe('time flags', () => {
  it('coordinator audit-events --from 1h is sent as an ISO time an hour ago', async () => {
    const mark = sb.requests.length;
    const before = Date.now();
    const r = await agnt(['coordinator', 'audit-events', '--from', '1h', '-o', 'json'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    const [req] = sentSince(mark, '/coordinator/manager-audit-events');
    const from = Date.parse(String(new URL(req!.url, sb.baseUrl).searchParams.get('from')));
    expect(from).toBeGreaterThanOrEqual(before - 3_600_000 - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - 3_600_000 + 1000);
  });

  it('a time that cannot be read is exit 2 naming the flag and the zone (AGNT_TIMEZONE), nothing sent', async () => {
    const mark = sb.requests.length;
    const env = { AGNT_TIMEZONE: 'Europe/Paris' };
    const a = await agnt(['coordinator', 'audit-events', '--from', 'garbage'], { sb, env });
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/^error: --from: cannot read 'garbage' as a time\nhint: .*local time in Europe\/Paris/);
    const b = await agnt(['org', 'audit-events', 'list', 'org_acme', '--since', 'nope'], { sb, env });
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/^error: --since: cannot read 'nope' as a time\nhint: .*local time in Europe\/Paris/);
    const c = await agnt(['coverage', 'events', '--to', 'nope'], { sb, env, as: 'coordinator' });
    expect(c.exitCode).toBe(2);
    expect(c.stderr).toMatch(/^error: --to: cannot read 'nope' as a time\nhint: .*local time in Europe\/Paris/);
    expect(sb.requests.slice(mark).filter((r) => r.path !== '/users/me')).toEqual([]);
  });

  it('org audit-logging deliver --from now --to 24h: the period ends before it starts, exit 2, nothing sent', async () => {
    const mark = sb.requests.length;
    const r = await agnt(['org', 'audit-logging', 'deliver', 'org_acme', '--from', 'now', '--to', '24h'], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: --to \(\S+\) is not after --from \(\S+\)\n$/);
    expect(sb.requests.slice(mark).filter((x) => x.method === 'POST')).toEqual([]);
  });
});
