// Request counts where they are a contract (issue 30): a workflow sends O(pages + shown items),
// never a request per record that a list page already answered; and fan-out over many teams
// prints no process warning. Counted at the sandbox, not timed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agnt, withSandbox } from '../support/helpers.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

type Sb = Awaited<ReturnType<typeof withSandbox>>;

const principalReads = (sb: Sb, from: number) => sb.requests.slice(from).filter((r) => r.method === 'GET' && /^\/coverage-spans\/[^/]+\/principals$/.test(r.path));

describe('the inbox and the coverage table', () => {
  let sb: Sb;
  const SPANS = 300;
  beforeAll(async () => {
    sb = await withSandbox();
    const span = sb.store.get('coverageSpans', 'cov_draft')!;
    const row = sb.store.find('coverageSpanPrincipals', (r) => r.span === 'cov_draft')!;
    for (let i = 0; i < SPANS; i++) {
      const at = new Date(Date.parse('2031-01-01T00:00:00Z') + i * 86_400_000);
      const { id: _s, ...spanRest } = span;
      const made = sb.store.insert('coverageSpans', 'cov', { ...spanRest, status: 'pending_acceptance', startAt: at.toISOString(), endAt: new Date(at.getTime() + 3_600_000).toISOString() });
      const { id: _r, ...rowRest } = row;
      sb.store.insert('coverageSpanPrincipals', 'csp', { ...rowRest, span: made.id });
    }
  });
  afterAll(async () => {
    await sb.dispose();
  });

  it("the inbox fetches each shown span's principals once, and nothing per delegation", async () => {
    const mark = sb.requests.length;
    const r = await agnt(['inbox', '-o', 'json'], { sb, as: 'backup' });
    expect(r.exitCode).toBe(0);
    const items = JSON.parse(r.stdout) as Array<{ kind: string; id: string }>;
    const spans = items.filter((i) => i.kind.startsWith('coverage.'));
    expect(spans.length).toBeGreaterThanOrEqual(SPANS);
    const reads = principalReads(sb, mark);
    expect(reads).toHaveLength(spans.length);
    expect(new Set(reads.map((x) => x.path)).size).toBe(spans.length);
    // The rest: who I am and a few list pages per source (100 spans a page).
    expect(sb.requests.length - mark - reads.length).toBeLessThanOrEqual(1 + Math.ceil(spans.length / 100) + 10);
  });

  it('the inbox reads no principals where its output cannot show them (-o id, csv), and reads them for --query', async () => {
    let mark = sb.requests.length;
    const ids = await agnt(['inbox', '-o', 'id'], { sb, as: 'backup' });
    expect(ids.exitCode).toBe(0);
    expect(ids.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(SPANS);
    expect(principalReads(sb, mark)).toHaveLength(0);
    mark = sb.requests.length;
    const csv = await agnt(['inbox', '-o', 'csv'], { sb, as: 'backup' });
    expect(csv.exitCode).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('kind,id,summary,commands');
    expect(principalReads(sb, mark)).toHaveLength(0);
    mark = sb.requests.length;
    const picked = await agnt(['inbox', '-o', 'json', '--query', "[?kind=='coverage.accept'].principals[0].principal"], { sb, as: 'backup' });
    expect(picked.exitCode).toBe(0);
    expect((JSON.parse(picked.stdout) as unknown[]).length).toBeGreaterThanOrEqual(SPANS);
    expect(principalReads(sb, mark).length).toBeGreaterThanOrEqual(SPANS);
  });

  it('coverage list fetches principals for a table only, one request per span shown', async () => {
    let mark = sb.requests.length;
    const table = await agnt(['coverage', 'list', '--role', 'backup', '--status', 'pending_acceptance', '--per-page', '20', '-o', 'table'], { sb, as: 'backup' });
    expect(table.exitCode).toBe(0);
    expect(principalReads(sb, mark)).toHaveLength(20);
    mark = sb.requests.length;
    const jsonl = await agnt(['coverage', 'list', '--role', 'backup', '--all', '-o', 'jsonl'], { sb, as: 'backup' });
    expect(jsonl.exitCode).toBe(0);
    expect(jsonl.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(SPANS);
    expect(principalReads(sb, mark)).toHaveLength(0);
  });
});

describe('organization as code over 1,000 teams', () => {
  it('export, plan and drift print no process warning on stderr', async () => {
    const sb = await withSandbox();
    try {
      const team = sb.store.get('teams', 'team_labs')!;
      const { id: _t, ...rest } = team;
      for (let i = 0; i < 1_000; i++) sb.store.insert('teams', 'team', { ...rest, name: `Fan-out ${String(i).padStart(4, '0')}`, owner: null });
      const exp = await agnt(['org', 'export', 'org_acme', '--json'], { sb, timeout: 200_000 });
      expect(exp.stderr).toBe('');
      expect(exp.exitCode).toBe(0);
      expect(JSON.parse(exp.stdout).teams.length).toBeGreaterThanOrEqual(1_000);
      const { writeFileSync, mkdtempSync } = await import('node:fs');
      const { join } = await import('node:path');
      const { tmpdir } = await import('node:os');
      const doc = join(mkdtempSync(join(tmpdir(), 'agnt-fanout-')), 'org.json');
      writeFileSync(doc, exp.stdout);
      for (const verb of ['plan', 'drift']) {
        const r = await agnt(['org', verb, '-f', doc, '--json'], { sb, timeout: 200_000 });
        expect(r.stderr, verb).not.toContain('MaxListenersExceededWarning');
        expect(r.stderr, verb).toBe('');
        expect(r.exitCode, verb).toBe(0);
      }
    } finally {
      await sb.dispose();
    }
  });
});
