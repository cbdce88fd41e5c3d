// `agnt usage report` over a sandbox with chats of several users, teams, tiers, models and days:
// totals equal the sum of the per-chat rollups for every --by; a second report sends at most a
// tenth of the requests; --budget; the terminal chart fits; the SVG is well-formed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { screen, spawnInPty } from '../support/pty.ts';

type Rec = Record<string, any>;
let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
let now = Date.parse('2026-11-02T12:00:00.000Z');
const chatIds: string[] = [];
/** Every run of every chat, from the chats' own rollups (GET /chats/{id}/usage). */
let rollups: Array<{ chat: string; total: Rec; rows: Rec[] }> = [];

async function api(method: string, path: string, body?: unknown): Promise<Rec> {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${sb.tokens.admin}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Rec;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false, clock: () => now });
  dir = tempDir();
  // A second team in the organization.
  sb.store.insert('teams', 'team', { id: 'team_ops', account: 'acc_acme', name: 'Ops Team', organization: 'org_acme', status: 'active', owner: 'usr_member' });
  for (const u of ['usr_member', 'usr_principal']) sb.store.update('users', u, { team: 'team_ops' });
  const users = ['usr_admin', 'usr_coord', 'usr_member', 'usr_principal'];
  const tiers = ['low', 'medium', 'high'];
  const platforms = ['chat', 'email', 'appchatA'];
  for (let i = 0; i < 24; i++) {
    const { chat } = await api('POST', '/chats', { assistantId: 'ast_ava', userId: users[i % 4], title: `chat ${i}` });
    chatIds.push(chat.id);
    sb.store.update('chats', chat.id, { modelTier: tiers[i % 3], platform: platforms[i % 3] });
    for (let r = 0; r <= i % 3; r++) {
      now += 7 * 3_600_000;
      // Some chats change tier between runs: their runs have different models.
      if (r === 1 && i % 2 === 0) sb.store.update('chats', chat.id, { modelTier: 'ultra' });
      await api('POST', `/chats/${chat.id}/process`, { message: { content: `question ${i}.${r}: ${'x'.repeat(i * 13)}` } });
    }
  }
  rollups = [];
  const { chats } = await api('GET', '/chats?perPage=100');
  for (const c of chats as Rec[]) {
    const u = await api('GET', `/chats/${c.id}/usage`);
    rollups.push({ chat: c.id, total: u.total, rows: u.rows });
  }
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

const micros = (n: number) => Math.round(n * 1_000_000);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function report(args: string[], configDir = tempDir()): Promise<{ rows: Rec[]; stderr: string; exitCode: number }> {
  const r = await agnt(['usage', 'report', ...args, '-o', 'json'], { sb, configDir });
  expect(r.exitCode, r.stderr).toBe(0);
  return { rows: JSON.parse(r.stdout), stderr: r.stderr, exitCode: r.exitCode };
}

describe('usage report', () => {
  it('totals equal the sum of the per-chat rollups, to the cent, for every --by', async () => {
    expect(new Set(rollups.flatMap((u) => u.rows.map((r) => r.model))).size).toBeGreaterThanOrEqual(4);
    const expected = {
      cost: sum(rollups.map((u) => micros(u.total.costUsd))),
      input: sum(rollups.map((u) => u.total.inputTokens)),
      output: sum(rollups.map((u) => u.total.outputTokens)),
      cacheRead: sum(rollups.map((u) => u.total.cacheReadTokens)),
      cacheCreation: sum(rollups.map((u) => u.total.cacheCreationTokens)),
      runs: sum(rollups.map((u) => u.total.runs)),
      turns: sum(rollups.map((u) => u.total.turns)),
    };
    for (const by of ['user', 'team', 'assistant', 'model', 'tier', 'platform', 'day', 'week', 'team,model', 'day,user']) {
      const { rows } = await report(['--by', by]);
      const got = sum(rows.map((r) => micros(r.costUsd)));
      expect(Math.round(got / 10_000), by).toBe(Math.round(expected.cost / 10_000));
      expect(got, by).toBe(expected.cost);
      expect(sum(rows.map((r) => r.inputTokens)), by).toBe(expected.input);
      expect(sum(rows.map((r) => r.outputTokens)), by).toBe(expected.output);
      expect(sum(rows.map((r) => r.cacheReadTokens)), by).toBe(expected.cacheRead);
      expect(sum(rows.map((r) => r.cacheCreationTokens)), by).toBe(expected.cacheCreation);
      expect(sum(rows.map((r) => r.runs)), by).toBe(expected.runs);
      expect(sum(rows.map((r) => r.turns)), by).toBe(expected.turns);
      for (const k of by.split(','))
        expect(
          rows.every((r) => typeof r[k] === 'string' && r[k] !== ''),
          by,
        ).toBe(true);
    }
    const teams = (await report(['--by', 'team'])).rows.map((r) => r.team).sort();
    expect(teams).toEqual(['Acme Executive Team', 'Ops Team']);
    const models = (await report(['--by', 'model'])).rows;
    for (const m of models) {
      const rows = rollups.flatMap((u) => u.rows).filter((r) => r.model === m.model);
      expect(micros(m.costUsd), m.model).toBe(sum(rows.map((r) => micros(r.costUsd))));
    }
  });

  it('a period that cuts through chats counts the runs inside it, from the rollups', async () => {
    const runs = rollups.flatMap((u) => u.rows);
    const times = runs.map((r) => Date.parse(r.startedAt)).sort((a, b) => a - b);
    const from = new Date(times[10]!).toISOString();
    const to = new Date(times[30]!).toISOString();
    const inside = runs.filter((r) => Date.parse(r.startedAt) >= Date.parse(from) && Date.parse(r.startedAt) < Date.parse(to));
    for (const by of ['user', 'platform', 'day']) {
      const { rows } = await report(['--by', by, '--from', from, '--to', to]);
      expect(sum(rows.map((r) => micros(r.costUsd))), by).toBe(sum(inside.map((r) => micros(r.costUsd))));
      expect(sum(rows.map((r) => r.runs)), by).toBe(inside.length);
    }
  });

  it('a second report over the same period sends at most a tenth of the requests (counted with --debug)', async () => {
    const config = tempDir();
    const requests = (stderr: string) => (stderr.match(/^> (GET|POST|PUT|PATCH|DELETE) /gm) ?? []).length;
    const first = await agnt(['usage', 'report', '--by', 'day,model', '--debug', '-o', 'json'], { sb, configDir: config });
    expect(first.exitCode, first.stderr).toBe(0);
    const second = await agnt(['usage', 'report', '--by', 'day,model', '--debug', '-o', 'json'], { sb, configDir: config });
    expect(second.exitCode).toBe(0);
    expect(requests(first.stderr)).toBeGreaterThan(chatIds.length);
    expect(requests(second.stderr)).toBeLessThanOrEqual(requests(first.stderr) / 10);
    expect(second.stdout).toBe(first.stdout);
    // A chat that changed is asked for again, and its new run counted.
    now += 3_600_000;
    await api('POST', `/chats/${chatIds[0]}/process`, { message: { content: 'one more' } });
    const third = await agnt(['usage', 'report', '--by', 'day,model', '--debug', '-o', 'json'], { sb, configDir: config });
    expect(third.stderr).toContain(`/chats/${chatIds[0]}/usage`);
    expect((third.stderr.match(/^> GET \S+\/chats\/[^/]+\/usage/gm) ?? []).length).toBe(1);
    const fresh = await api('GET', `/chats/${chatIds[0]}/usage`);
    rollups = rollups.map((u) => (u.chat === chatIds[0] ? { chat: u.chat, total: fresh.total, rows: fresh.rows } : u));
    expect(sum(JSON.parse(third.stdout).map((r: Rec) => micros(r.costUsd)))).toBe(sum(rollups.map((u) => micros(u.total.costUsd))));
  });

  it('--budget --exit-code: exit 7 over the budget, saying by how much; 0 within it', async () => {
    const total = sum(rollups.map((u) => micros(u.total.costUsd))) / 1_000_000;
    const budget = Math.floor(total * 50) / 100; // half, in cents
    const over = await agnt(['usage', 'report', '--budget', String(budget), '--exit-code'], { sb });
    expect(over.exitCode).toBe(7);
    expect(over.stderr).toContain(`over budget by $${(total - budget).toFixed(2)}`);
    expect(over.stderr).not.toMatch(/^error:/m);
    expect(over.stdout).toMatch(/admin@acme\.test/);
    const within = await agnt(['usage', 'report', '--budget', String(Math.ceil(total * 2)), '--exit-code'], { sb });
    expect(within.exitCode).toBe(0);
    expect(within.stderr).toContain('within budget');
  });

  it('bad input is one line and exit 2, with nothing sent', async () => {
    const before = sb.requests.length;
    for (const args of [
      ['--by', 'colour'],
      ['--by', 'user,team,model'],
      ['--from', '2026-11-20T00:00:00Z', '--to', '2026-11-10T00:00:00Z'],
      ['--budget', 'lots'],
      ['--exit-code'],
      ['--chart', join(dir, 'no-such-dir', 'x.svg')],
    ]) {
      const r = await agnt(['usage', 'report', ...args], { sb });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(
        r.stderr.split('\n').filter((l) => l.startsWith('error:')),
        args.join(' '),
      ).toHaveLength(1);
    }
    expect(sb.requests.length).toBe(before);
  });

  it('-o csv has one row per group with the key and number columns', async () => {
    const r = await agnt(['usage', 'report', '--by', 'team,tier', '-o', 'csv'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('team,tier,inputTokens,outputTokens,cacheReadTokens,cacheCreationTokens,costUsd,runs,turns');
    expect(lines.length).toBeGreaterThan(3);
  });

  it('on a terminal of 80 and of 120 columns the table and the day chart fit; no colour with NO_COLOR', async () => {
    for (const columns of [80, 120]) {
      const child = spawnInPty(['usage', 'report', '--by', 'day'], { AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, NO_COLOR: '1' }, 60_000, columns);
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
      const r = await child;
      expect(r.exitCode, out).toBe(0);
      // What the terminal shows: the progress lines drawn while the chats were read are cleared.
      const text = screen(out);
      expect(text).toContain('cost per day');
      expect(text).toMatch(/\u2588/);
      expect(text).toMatch(/^TOTAL\s+\$\d+\.\d\d/m);
      expect(out).not.toMatch(/\x1b\[(3\d|1)m/);
      const lines = text.split('\n');
      const widest = Math.max(...lines.map((l) => [...l].length));
      expect(widest, text).toBeLessThanOrEqual(columns);
      // The chart uses the width it has: wider on the wider terminal.
      const chartRow = lines.find((l) => /\u2502/.test(l))!;
      expect(chartRow.length).toBeGreaterThan(columns / 4);
    }
  });

  it('--chart writes a well-formed standalone SVG with one bar per row', async () => {
    const file = join(dir, 'cost.svg');
    const { rows } = await report(['--by', 'user', '--chart', file]);
    const svg = readFileSync(file, 'utf8');
    expect(() => checkWellFormed(svg)).not.toThrow();
    expect(svg).toMatch(/^<\?xml[^>]*\?>\s*<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(rows.length);
    for (const r of rows) expect(svg).toContain(`>${r.user}</text>`);
  });
});

/** Throws unless `xml` is well-formed: one root, tags nested and closed, attributes quoted, known entities only. */
function checkWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|([^<]+)|(<)/g;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    if (m[6]) throw new Error(`stray '<' at ${m.index}`);
    if (m[5] !== undefined) {
      if (!stack.length && m[5].trim()) throw new Error('text outside the root');
      const amp = m[5].match(/&[^;\s]*;?/g) ?? [];
      for (const a of amp) if (!/^&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(a)) throw new Error(`bad entity ${a}`);
      continue;
    }
    if (m[2] === undefined) continue;
    const [, close, name, , selfClose] = m;
    if (close) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else if (!selfClose) {
      if (!stack.length) roots++;
      stack.push(name!);
    } else if (!stack.length) roots++;
  }
  if (stack.length) throw new Error(`unclosed <${stack.pop()}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}
