import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeSetWriter, changeSetFiles, countWrites, pruneChangeSets, readChangeSetFile } from '../../src/core/change-journal.ts';
import { ApiError } from '../../src/core/errors.ts';
import { HttpClient } from '../../src/core/http.ts';
import type { WriteHook, WriteInfo, WriteOutcome } from '../../src/core/write-hooks.ts';
import { JournalHook } from '../../src/core/journal-hook.ts';
import { fakeServer, json, type FakeServer } from '../support/fake-server.ts';

describe('change journal files', () => {
  it('writes the header with the first write, intents before outcomes, redacted, 0600', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agnt-journal-')), 'changes', 'p');
    const w = new ChangeSetWriter(dir, { command: 'agnt contacts update con_1', profile: 'p', baseUrl: 'http://127.0.0.1:1' });
    expect(changeSetFiles(dir)).toEqual([]);
    const n = w.intent({ method: 'PATCH', target: '/contacts/con_1', endpoint: 'contacts.update', body: { name: 'B', password: 'hunter2' }, before: { id: 'con_1', name: 'A' } });
    const m = w.intent({ method: 'DELETE', target: '/contacts/con_2' });
    w.outcome({ n, status: 200, after: { id: 'con_1', name: 'B' } });
    w.close();
    expect(statSync(w.file).mode & 0o777).toBe(0o600);
    expect(readFileSync(w.file, 'utf8')).not.toContain('hunter2');
    const set = readChangeSetFile(w.file)!;
    expect(set.header).toMatchObject({ v: 1, id: w.id, command: 'agnt contacts update con_1', profile: 'p' });
    expect(set.requests.map((r) => [r.intent.n, r.intent.method, r.outcome?.status])).toEqual([
      [n, 'PATCH', 200],
      [m, 'DELETE', undefined],
    ]);
    expect(set.requests[0]!.intent.before).toEqual({ id: 'con_1', name: 'A' });
  });

  it('skips a line cut by a killed run, and prunes by the time in the id', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agnt-journal-')), 'changes', 'p');
    const old = new ChangeSetWriter(dir, { command: 'agnt x', profile: 'p', baseUrl: 'u' }, 'chg_20200101T000000Z_abcdef');
    old.intent({ method: 'POST', target: '/teams' });
    old.close();
    appendFileSync(old.file, '{"t":"outcome","n":1,"sta');
    const set = readChangeSetFile(old.file)!;
    expect(set.requests).toHaveLength(1);
    expect(set.requests[0]!.outcome).toBeUndefined();
    expect(set.skipped).toEqual([3]);
    const recent = new ChangeSetWriter(dir, { command: 'agnt y', profile: 'p', baseUrl: 'u' });
    recent.intent({ method: 'POST', target: '/teams' });
    recent.close();
    expect(changeSetFiles(dir).map((f) => f.id)).toEqual([recent.id, old.id]);
    expect(pruneChangeSets(dir, new Date('2021-01-01T00:00:00Z'))).toBe(1);
    expect(changeSetFiles(dir).map((f) => f.id)).toEqual([recent.id]);
  });

  it("counts a profile's writes since a time that match, an unanswered one included", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agnt-journal-')), 'changes', 'p');
    const a = new ChangeSetWriter(dir, { command: 'agnt a', profile: 'p', baseUrl: 'u' });
    const d1 = a.intent({ method: 'DELETE', target: '/teams/t1', endpoint: 'teams.delete' });
    a.outcome({ n: d1, status: 200 });
    a.intent({ method: 'PATCH', target: '/teams/t2' });
    a.close();
    const b = new ChangeSetWriter(dir, { command: 'agnt b', profile: 'p', baseUrl: 'u', session: 'mcp_1' });
    b.intent({ method: 'DELETE', target: '/teams/t3' }); // killed: no outcome, still counted
    b.close();
    // An old set: its file's lines carry an old time, so it is not counted.
    appendFileSync(
      join(dir, 'chg_20200101T000000Z_000000.jsonl'),
      [
        JSON.stringify({ t: 'set', v: 1, id: 'chg_20200101T000000Z_000000', at: '2020-01-01T00:00:00.000Z', command: 'agnt old', profile: 'p', baseUrl: 'u' }),
        JSON.stringify({ t: 'intent', n: 1, at: '2020-01-01T00:00:00.000Z', method: 'DELETE', target: '/teams/t0' }),
      ].join('\n'),
    );
    const since = new Date(Date.now() - 60_000);
    const deletes = (r: { intent: { method: string } }) => r.intent.method === 'DELETE';
    expect(countWrites(dir, since, deletes)).toBe(2);
    expect(countWrites(dir, since)).toBe(3);
    expect(countWrites(dir, new Date('2019-01-01T00:00:00Z'), deletes)).toBe(3);
    expect(countWrites(dir, since, (r, h) => deletes(r) && h.session === 'mcp_1')).toBe(1);
    expect(countWrites(dir, new Date(Date.now() + 60_000))).toBe(0);
    expect(countWrites(join(dir, 'none'), since)).toBe(0);
  });
});

describe('write hooks in the HTTP core', () => {
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await fakeServer();
  });
  afterAll(async () => {
    await srv.close();
  });

  it('tells hooks of writes only, with their outcome, and sends the session header', async () => {
    const seen: Array<{ write: WriteInfo; outcome?: WriteOutcome }> = [];
    const hook: WriteHook = {
      before(write) {
        const entry: { write: WriteInfo; outcome?: WriteOutcome } = { write };
        seen.push(entry);
        return (outcome) => {
          entry.outcome = outcome;
        };
      },
    };
    const c = new HttpClient({ baseUrl: srv.url, token: 't', timeoutMs: 2000, retries: 1, writeHooks: [hook], session: 'mcp_s1' });
    srv.queue.push(json(200, { ok: true, team: { id: 't1' } }), json(200, { ok: true, team: { id: 't1', name: 'B' } }), json(404, { ok: false, error: { code: 'not_found', message: 'gone' } }));
    await c.request({ method: 'GET', path: '/teams/t1', resultKey: 'team' });
    await c.request({ method: 'PATCH', path: '/teams/{teamId}', params: { teamId: 't1' }, body: { name: 'B' }, resultKey: 'team' });
    await expect(c.request({ method: 'DELETE', path: '/teams/t2' })).rejects.toBeInstanceOf(ApiError);
    await c.close();
    expect(seen.map((s) => `${s.write.method} ${s.write.target}`)).toEqual(['PATCH /teams/t1', 'DELETE /teams/t2']);
    expect(seen[0]!.write.payload).toBe('{"name":"B"}');
    expect(seen[0]!.outcome?.response?.data).toEqual({ id: 't1', name: 'B' });
    expect((seen[1]!.outcome!.error as ApiError).status).toBe(404);
    expect(srv.seen.map((s) => s.headers['x-agnt-session'])).toEqual(['mcp_s1', 'mcp_s1', 'mcp_s1']);
  });

  it('a hook that throws refuses the write: nothing is sent', async () => {
    const refuse: WriteHook = {
      before() {
        throw new Error('guardrail: no deletes');
      },
    };
    srv.seen.length = 0;
    const c = new HttpClient({ baseUrl: srv.url, token: 't', timeoutMs: 2000, retries: 1, writeHooks: [refuse] });
    await expect(c.request({ method: 'DELETE', path: '/teams/t1' })).rejects.toThrow('guardrail: no deletes');
    await c.close();
    expect(srv.seen).toHaveLength(0);
  });

  it("the journal hook keeps an agent session's writes in a change set of its own, carrying the session id", async () => {
    const was = process.env.AGNT_CONFIG_DIR;
    process.env.AGNT_CONFIG_DIR = mkdtempSync(join(tmpdir(), 'agnt-journal-'));
    try {
      const hook = new JournalHook({ profile: 'p', baseUrl: srv.url }, ['mcp']);
      const plain = new HttpClient({ baseUrl: srv.url, token: 't', timeoutMs: 2000, retries: 1, writeHooks: [hook] });
      const agent = new HttpClient({ baseUrl: srv.url, token: 't', timeoutMs: 2000, retries: 1, writeHooks: [hook], session: 'mcp_s9' });
      srv.queue.push(json(201, { ok: true, team: { id: 't1' } }), json(201, { ok: true, team: { id: 't2' } }), json(200, { ok: true, bulkImport: { created: 3000 } }));
      await plain.request({ method: 'POST', path: '/teams', body: { name: 'A' }, resultKey: 'team' });
      await agent.request({ method: 'POST', path: '/teams', body: { name: 'B' }, resultKey: 'team' });
      // A bulk body over 256 KB is not copied, only its size.
      const rows = JSON.stringify({ contacts: Array.from({ length: 6000 }, (_, i) => ({ email: `person${i}@example.test`, name: `Person number ${i}` })) });
      await agent.request({ method: 'POST', path: '/contacts/bulk-import', json: rows, resultKey: 'bulkImport' });
      await plain.close();
      await agent.close();
      const sets = changeSetFiles(join(process.env.AGNT_CONFIG_DIR, 'changes', 'p')).map((f) => readChangeSetFile(f.file)!);
      expect(sets.map((x) => [x.header.session, x.header.command, x.requests[0]!.outcome?.after])).toEqual(
        expect.arrayContaining([
          [undefined, 'agnt mcp', { id: 't1' }],
          ['mcp_s9', 'agnt mcp', { id: 't2' }],
        ]),
      );
      expect(hook.ids()).toHaveLength(2);
      const bulk = sets.find((x) => x.header.session)!.requests[1]!;
      expect(bulk.intent).toMatchObject({ endpoint: 'contacts.bulk-import', body: { omitted: `${rows.length} bytes` } });
      expect(rows.length).toBeGreaterThan(256 * 1024);
      expect(bulk.outcome?.after).toEqual({ created: 3000 });
    } finally {
      if (was === undefined) delete process.env.AGNT_CONFIG_DIR;
      else process.env.AGNT_CONFIG_DIR = was;
    }
  });
});
