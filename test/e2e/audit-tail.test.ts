// `agnt org audit-events tail`: oldest first, each event exactly once, across page boundaries,
// shared timestamps, kill -9 and restarts from a cursor file, while others write events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, BIN, cleanEnv, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { fakeServer, json } from '../support/fake-server.ts';
import { plain, spawnInPty } from '../support/pty.ts';

const LONG = 240_000;
let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox({ exampleRecords: false });
  dir = tempDir();
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

type Rec = Record<string, any>;

/** Audit events written straight into the sandbox's store (as the platform's own writers would). */
function insertEvents(n: number, at?: string, action = 'test.bulk'): void {
  for (let i = 0; i < n; i++) {
    sb.store.insert('auditEvents', 'aev', {
      account: 'acc_acme',
      organization: 'org_acme',
      actor: 'usr_admin',
      action,
      entityType: 'test',
      entityId: `e${i}`,
      metadata: { i },
      ...(at ? { createdAt: at } : {}),
    });
  }
}

function env(): Record<string, string | undefined> {
  return { ...cleanEnv(), AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin };
}

/** Waits (polling) until `cond` holds; fails with `what` after a generous limit. */
async function until(cond: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
const lines = (f: string) => readFileSync(f, 'utf8').split('\n').filter(Boolean);

/** The tail as a process, appending to `out` (a SIEM agent's file), its stderr kept. */
function startTail(out: string, cursor: string, extra: string[] = []): { child: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const fd = openSync(out, 'a');
  const child = spawn(process.execPath, [BIN, 'org', 'audit-events', 'tail', 'org_acme', '--cursor-file', cursor, ...extra], {
    env: { ...process.env, ...env() } as NodeJS.ProcessEnv,
    stdio: ['ignore', fd, 'pipe'],
  });
  closeSync(fd);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, stderr: () => err, exited };
}

async function allEvents(): Promise<Rec[]> {
  const r = await agnt(['org', 'audit-events', 'list', 'org_acme', '--all', '-o', 'jsonl'], { sb });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('audit-events tail', () => {
  it(
    'killed with -9 at ten moments while others write events and restarted each time, prints every event exactly once in time order',
    async () => {
      // A backlog of several pages, with 150 events sharing one millisecond (a page boundary falls among them).
      insertEvents(400);
      insertEvents(150, '2026-11-25T10:00:00.000Z', 'test.same-time');
      insertEvents(200);
      const out = join(dir, 'siem.jsonl');
      const cursor = join(dir, 'siem.cursor');
      writeFileSync(out, '');

      // Other writers: this process in bursts (several events in one millisecond), and agnt
      // processes changing the organization (each change is audited by the platform).
      let writing = true;
      const burst = (async () => {
        while (writing) {
          insertEvents(1 + Math.floor(Math.random() * 7), undefined, 'test.live');
          await new Promise((r) => setTimeout(r, 15));
        }
      })();
      const changes = (async () => {
        let on = false;
        while (writing) {
          on = !on;
          const r = await agnt(['org', 'audit-logging', 'set', 'org_acme', on ? '--enabled' : '--no-enabled', '--storage-prefix', `p${Date.now()}`], { sb });
          expect(r.exitCode, r.stderr).toBe(0);
        }
      })();

      for (let round = 0; round < 10; round++) {
        const before = size(out);
        const t = startTail(out, cursor, ['--follow', '--interval', '0.1']);
        // The observable moments: some output (mid-backfill on the first round), or the cursor
        // moving after it, or a later poll's output.
        const moment = round % 3;
        if (moment === 0) await until(() => size(out) > before, `round ${round}: output`);
        else if (moment === 1) {
          const saved = existsSync(cursor) ? readFileSync(cursor, 'utf8') : '';
          await until(() => size(out) > before && existsSync(cursor) && readFileSync(cursor, 'utf8') !== saved, `round ${round}: cursor saved`);
        } else {
          await until(() => size(out) > before, `round ${round}: first output`);
          const seen = size(out);
          await until(() => size(out) > seen, `round ${round}: a later poll`);
        }
        t.child.kill('SIGKILL');
        await t.exited;
      }
      writing = false;
      await burst;
      await changes;

      // One last run without --follow picks up what was written since.
      const last = startTail(out, cursor);
      expect(await last.exited, last.stderr()).toBe(0);

      const printed = lines(out).map((l) => JSON.parse(l) as Rec);
      const ids = printed.map((e) => e.id);
      const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(dupes).toEqual([]);
      const all = await allEvents();
      expect(new Set(ids)).toEqual(new Set(all.map((e) => e.id)));
      expect(printed.length).toBe(all.length);
      const times = printed.map((e) => Date.parse(e.createdAt));
      expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
      // The events of one millisecond, across a page boundary: each once.
      expect(printed.filter((e) => e.action === 'test.same-time')).toHaveLength(150);
      expect(printed.filter((e) => e.action === 'test.live').length).toBeGreaterThan(0);
      expect(printed.filter((e) => e.action.startsWith('audit_logging.')).length).toBeGreaterThan(0);
    },
    LONG,
  );

  it('without a cursor file: a backfill in a pipe is JSON lines, oldest first; --schema ecs maps each field', async () => {
    const r = await agnt(['org', 'audit-events', 'tail', 'org_acme', '--since', '2026-11-25T09:59:00Z', '--action', 'test.same-time'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(150);
    const sent = sb.requests.filter((q) => q.path === '/organizations/org_acme/audit-events').slice(-1)[0]!;
    expect(sent.url).toContain('action=test.same-time');

    // Through the presenter's stream: json is one document at the end, the cursor saved after it;
    // csv streams with its header.
    const base = ['org', 'audit-events', 'tail', 'org_acme', '--action', 'test.same-time'];
    const cursor = join(dir, 'json-cursor.json');
    const doc1 = await agnt([...base, '-o', 'json', '--cursor-file', cursor], { sb });
    expect(JSON.parse(doc1.stdout).map((e: Rec) => e.id)).toEqual(events.map((e) => e.id));
    expect(JSON.parse((await agnt([...base, '-o', 'json', '--cursor-file', cursor], { sb })).stdout)).toEqual([]);
    const csv = (await agnt([...base, '-o', 'csv'], { sb })).stdout.trim().split('\n');
    expect(csv[0]).toMatch(/^createdAt,actor/);
    expect(csv).toHaveLength(151);

    const ecs = await agnt(['org', 'audit-events', 'tail', 'org_acme', '--action', 'test.same-time', '--schema', 'ecs', '-o', 'jsonl'], { sb });
    const doc = JSON.parse(ecs.stdout.split('\n')[0]!);
    const raw = events.find((e) => e.id === doc.event.id)!;
    expect(doc).toEqual({
      '@timestamp': raw.createdAt,
      ecs: { version: '8.11.0' },
      event: { id: raw.id, action: 'test.same-time', kind: 'event', category: ['configuration'], type: ['change'], outcome: 'success', module: 'agnt', dataset: 'agnt.audit', provider: 'agnt' },
      user: { id: 'usr_admin' },
      related: { user: ['usr_admin'] },
      organization: { id: 'org_acme' },
      cloud: { account: { id: 'acc_acme' } },
      agnt: { entity: { type: 'test', id: raw.entityId }, metadata: raw.metadata },
    });
  });

  it('Ctrl-C ends a follow with exit 0 and the cursor saved', async () => {
    const out = join(dir, 'int.jsonl');
    const cursor = join(dir, 'int.cursor');
    writeFileSync(out, '');
    const t = startTail(out, cursor, ['--follow', '--interval', '0.1', '--action', 'test.same-time']);
    await until(() => lines(out).length === 150, 'the backfill');
    await until(() => JSON.parse(readFileSync(cursor, 'utf8')).ids.length === 150, 'the cursor');
    t.child.kill('SIGINT');
    expect(await t.exited, t.stderr()).toBe(0);
    expect(JSON.parse(readFileSync(cursor, 'utf8'))).toMatchObject({ time: '2026-11-25T10:00:00.000Z' });
  });

  it('bad input is one line and exit 2 with nothing sent; 401 and 403 end with exit 4', async () => {
    const notOurs = join(dir, 'not-ours.json');
    writeFileSync(notOurs, '{"hello": 1}\n');
    const before = sb.requests.length;
    for (const args of [
      ['--cursor-file', notOurs],
      ['--cursor-file', join(dir, 'no-such-dir', 'c')],
      ['--since', 'last tuesday'],
      ['--schema', 'cef'],
      ['--interval', '0'],
      ['--follow', '--query', '[].id'],
      ['--follow', '--fields', 'id', '-o', 'table'],
    ]) {
      const r = await agnt(['org', 'audit-events', 'tail', 'org_acme', ...args], { sb });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    }
    // -o json asks for the JSON error form: one object on stderr.
    const json = await agnt(['org', 'audit-events', 'tail', 'org_acme', '--follow', '-o', 'json'], { sb });
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({ exitCode: 2, message: '-o json has no end with --follow' });
    expect(sb.requests.length).toBe(before);
    expect(readFileSync(notOurs, 'utf8')).toBe('{"hello": 1}\n');

    const member = await agnt(['org', 'audit-events', 'tail', 'org_acme', '--follow'], { sb, as: 'member' });
    expect(member.exitCode).toBe(4);
    expect(member.stderr).toMatch(/HTTP 403/);
    const nobody = await agnt(['org', 'audit-events', 'tail', 'org_acme', '--follow'], { sb, as: 'agnt_sbx_wrong_token' });
    expect(nobody.exitCode).toBe(4);
    expect(nobody.stderr).toMatch(/HTTP 401/);
  });

  it("the manager view's tail pages by cursor and prints each coordinator.* event once, oldest first", async () => {
    // 60 events of one millisecond, then 70 newer ones: the first page of 100 ends among the 60.
    for (let i = 0; i < 130; i++) {
      sb.store.insert('auditEvents', 'aud', {
        account: 'acc_acme',
        organization: 'org_acme',
        actor: 'usr_coord',
        action: 'coordinator.test.same-time',
        entityType: 'delegation',
        entityId: `d${i}`,
        metadata: { coordinatorId: 'usr_coord' },
        createdAt: i < 60 ? '2026-11-25T11:00:00.000Z' : new Date(Date.parse('2026-11-25T11:00:01.000Z') + i).toISOString(),
      });
    }
    const cursor = join(dir, 'mgr.cursor');
    const r = await agnt(['coordinator', 'audit-events-tail', '--cursor-file', cursor], { sb, as: 'manager' });
    expect(r.exitCode, r.stderr).toBe(0);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const listed = await agnt(['coordinator', 'audit-events', '--all', '-o', 'jsonl'], { sb, as: 'manager' });
    const all = listed.stdout.split('\n').filter(Boolean);
    expect(events.map((e) => e.id).sort()).toEqual(all.map((l) => JSON.parse(l).id).sort());
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const times = events.map((e) => Date.parse(e.createdAt));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(events.filter((e) => e.createdAt === '2026-11-25T11:00:00.000Z')).toHaveLength(60);
    const again = await agnt(['coordinator', 'audit-events-tail', '--cursor-file', cursor], { sb, as: 'manager' });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe('');
  });

  it('a follow outlives a server that fails for a while (the core retries, then a backoff) and goes on', async () => {
    const event = { id: 'aev_1', account: 'acc_1', organization: 'org_1', actor: null, action: 'x.y', entityType: 't', entityId: null, metadata: {}, createdAt: '2026-11-25T10:00:00.000Z' };
    const fake = await fakeServer(json(200, { ok: true, events: [event], page: 1, perPage: 100, total: 1 }));
    try {
      // Every attempt of the first poll fails (the client's own retries included).
      for (let i = 0; i < 4; i++) fake.queue.push(json(503, { status: 503, error: 'unavailable' }));
      const child = spawn(process.execPath, [BIN, 'org', 'audit-events', 'tail', 'org_1', '--follow', '--interval', '0.1'], {
        env: { ...process.env, ...cleanEnv(), AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: fake.url, AGNT_TOKEN: 'agnt_fake', AGNT_BACKOFF_MS: '1' } as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (err += d));
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      await until(() => out.includes('aev_1') && fake.seen.length >= 7, 'the event after the failures, and later polls');
      child.kill('SIGINT');
      expect(await exited, err).toBe(0);
      expect(err).toMatch(/^warning: .*\(HTTP 503\); trying again in/m);
      expect(out.trim().split('\n')).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('on a terminal: a table fitted to the width, row by row; Ctrl-C ends the follow with exit 0', async () => {
    insertEvents(30, '2026-11-25T12:00:00.000Z', 'test.terminal');
    const child = spawnInPty(
      ['org', 'audit-events', 'tail', 'org_acme', '--action', 'test.terminal', '--follow', '--interval', '0.2'],
      { AGNT_CONFIG_DIR: dir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, NO_COLOR: '1' },
      60_000,
      80,
    );
    let out = '';
    let stopped = false;
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (!stopped && (plain(out).match(/test\.terminal/g) ?? []).length >= 30) {
        stopped = true;
        child.stdin?.write('\x03');
      }
    });
    const r = await child;
    const text = plain(out);
    expect(r.exitCode, text).toBe(0);
    expect(text).toMatch(/^CREATED_AT\s+ACTOR\s+ACTION\s+ENTITY\s+ENTITY_ID$/m);
    expect(text).toContain('following organization org_acme every 0.2s');
    const rows = text.split('\n').filter((l) => l.includes('test.terminal'));
    expect(rows).toHaveLength(30);
    for (const l of text.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
  });
});
