import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeSetWriter, changeSetFiles, pruneChangeSets, readChangeSetFile } from '../../src/core/change-journal.ts';
import { ApiError } from '../../src/core/errors.ts';
import { HttpClient } from '../../src/core/http.ts';
import type { WriteHook, WriteInfo, WriteOutcome } from '../../src/core/write-hooks.ts';
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
});
