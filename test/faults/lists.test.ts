// --all never ends with exit 0 having printed fewer records than the server's total: it follows
// the page size the server answers with (even when the server does not say it capped it),
// pages by cursor where the endpoint does, and says so with exit 1 when the counts disagree.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rig, type Rig } from './setup.ts';

let r: Rig;
const N = 250;
const TAG = 'pg14';
beforeAll(async () => {
  r = await rig();
  const base = r.sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as Record<string, unknown>;
  for (let i = 0; i < N; i++) {
    const { id: _id, ...rest } = base;
    r.sb.store.insert('contacts', 'con', { ...rest, name: `Paged ${i}`, email: `paged${i}@lists.test`, emails: [], tags: [TAG] });
  }
  // Audit events for the cursor walk; 30 of them share one timestamp, across a page boundary.
  const t0 = Date.parse('2026-03-01T00:00:00.000Z');
  for (let i = 0; i < N; i++) {
    const at = i >= 80 && i < 110 ? t0 + 80_000 : t0 + i * 1000;
    r.sb.store.insert('auditEvents', 'aud', {
      account: 'acc_acme',
      organization: 'org_acme',
      actor: 'usr_coord',
      action: 'coordinator.lists.test',
      entityType: 'span',
      entityId: `e${i}`,
      metadata: { coordinatorId: 'usr_coord' },
      createdAt: new Date(at).toISOString(),
    });
  }
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.fs.reset());

const CONTACTS = /^\/contacts$/;
const ids = (stdout: string) => stdout.split('\n').filter(Boolean);

describe('pagination follows the server', () => {
  it('a server that caps perPage: --all --per-page 1000 still prints every record, exit 0', async () => {
    const res = await r.run(['contacts', 'list', '--tags', TAG, '--all', '--per-page', '1000', '-o', 'id']);
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    expect(new Set(ids(res.stdout)).size).toBe(N);
    expect(ids(res.stdout).length).toBe(N);
  });

  it('a server that caps perPage without saying so: walks by the size of page 1', async () => {
    r.fs.rules.push({ method: 'GET', path: CONTACTS, fault: { kind: 'rewrite', fn: (b) => ({ ...b, perPage: undefined }) } });
    for (const format of ['id', 'json', 'jsonl', 'csv']) {
      const res = await r.run(['contacts', 'list', '--tags', TAG, '--all', '--per-page', '1000', '-o', format]);
      expect(res.exitCode, res.stderr).toBe(0);
      const n = format === 'json' ? JSON.parse(res.stdout).length : ids(res.stdout).length - (format === 'csv' ? 1 : 0);
      expect(n).toBe(N);
    }
  });

  it('fewer records than the total: the records received are printed, then one line on stderr, exit 1', async () => {
    // Page 2 comes back short: 10 records go missing.
    r.fs.rules.push({ method: 'GET', path: CONTACTS, url: /[?&]page=2\b/, fault: { kind: 'rewrite', fn: (b) => ({ ...b, contacts: b.contacts.slice(10) }) } });
    const res = await r.run(['contacts', 'list', '--tags', TAG, '--all', '-o', 'id']);
    expect(res.exitCode).toBe(1);
    expect(ids(res.stdout).length).toBe(N - 10);
    expect(res.stderr).toMatch(/^error: contacts list: received 240 records but the server reported 250; the list is incomplete\n/);
  });

  it('a total that grows past what the pages hold is reported too', async () => {
    r.fs.rules.push({ method: 'GET', path: CONTACTS, fault: { kind: 'rewrite', fn: (b) => ({ ...b, total: b.total + 5 }) } });
    const res = await r.run(['contacts', 'list', '--tags', TAG, '--all', '--json']);
    expect(res.exitCode).toBe(1);
    expect(JSON.parse(res.stdout).length).toBe(N);
  });

  it('coverage list --all is checked like every list: a larger total is exit 1, in every format', async () => {
    const coordinator = { env: { AGNT_TOKEN: r.sb.tokens.coordinator } };
    const made = await r.run(['coverage', 'create', '--principal', 'usr_principal2', '--backup', 'usr_backup', '--start', '2027-06-01T12:00:00Z', '--end', '2027-06-02T12:00:00Z'], coordinator);
    expect(made.exitCode, made.stderr).toBe(0);
    r.fs.rules.push({ method: 'GET', path: /^\/coverage-spans$/, fault: { kind: 'rewrite', fn: (b) => ({ ...b, total: b.total + 5 }) } });
    for (const format of ['table', 'yaml', 'csv']) {
      const res = await r.run(['coverage', 'list', '--all', '-o', format], coordinator);
      expect(res.exitCode, `${format}: ${res.stderr}`).toBe(1);
      expect(res.stderr).toMatch(/^error: coverage list: received (\d+) records? but the server reported \d+; the list is incomplete\n/);
    }
  });

  it('--limit N stops after N records and sends the documented limit parameter', async () => {
    const res = await r.run(['contacts', 'list', '--tags', TAG, '--limit', '130', '-o', 'id']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout).length).toBe(130);
    const asked = r.fs.seen.filter((s) => CONTACTS.test(s.path));
    expect(asked.length).toBe(2);
    for (const s of asked) expect(s.url).toMatch(/[?&]limit=130\b/);
  });

  it('--limit on an endpoint without a documented limit sends none', async () => {
    const res = await r.run(['assistants', 'list', '--limit', '1', '-o', 'id']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout).length).toBe(1);
    expect(r.fs.seen.find((s) => /^\/assistants$/.test(s.path))!.url).not.toMatch(/limit=/);
  });
});

/** Every seeded event once, fetched by cursor: no page number, and `before` from the second request on. */
function expectCursorWalk(res: { exitCode: number; stdout: string; stderr: string }): void {
  expect(res.exitCode, res.stderr).toBe(0);
  const got = ids(res.stdout).map((l) => JSON.parse(l).entityId);
  expect(got.length).toBe(N);
  expect(new Set(got).size).toBe(N);
  const asked = r.fs.seen.filter((s) => s.path === '/coordinator/manager-audit-events');
  expect(asked.length).toBeGreaterThan(2);
  for (const s of asked) expect(s.url).not.toMatch(/[?&]page=/);
  for (const s of asked.slice(1)) expect(s.url).toMatch(/[?&]before=/);
}

describe('cursor paging (limit/before)', () => {
  it('coordinator audit-events --all walks by cursor: every event once, even when many share a time', async () => {
    const res = await r.run(['coordinator', 'audit-events', '--action', 'coordinator.lists.test', '--all', '-o', 'jsonl']);
    expectCursorWalk(res);
  });

  it('agnt api --paginate, given the path by hand, walks it by cursor too: the model says how it pages', async () => {
    const res = await r.run(['api', 'GET', '/coordinator/manager-audit-events', '-F', 'action=coordinator.lists.test', '--paginate', '-o', 'jsonl']);
    expectCursorWalk(res);
  });

  it('--limit sends limit and stops there', async () => {
    const res = await r.run(['coordinator', 'audit-events', '--action', 'coordinator.lists.test', '--limit', '120', '-o', 'id']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout).length).toBe(120);
    const asked = r.fs.seen.filter((s) => s.path === '/coordinator/manager-audit-events');
    expect(asked[0]!.url).toMatch(/[?&]limit=100\b/);
  });
});
