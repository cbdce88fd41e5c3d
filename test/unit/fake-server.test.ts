// The fake HTTP server of the unit tests fails on a request nothing was queued for, so that a
// test cannot pass on an answer it did not expect.
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../support/fake-server.ts';

describe('fake server', () => {
  it('answers the queue, then fails an unexpected request: 500 naming it, and close() rejects', async () => {
    const srv = await fakeServer();
    srv.queue.push(json(200, { ok: true }));
    expect((await fetch(`${srv.url}/expected`)).status).toBe(200);
    const res = await fetch(`${srv.url}/surprise?x=1`);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('unexpected request GET /surprise?x=1');
    await expect(srv.close()).rejects.toThrow('requests nothing was queued for: GET /surprise?x=1');
  });

  it('a fallback given on purpose answers every request past the queue', async () => {
    const srv = await fakeServer(json(200, { ok: true }));
    expect((await fetch(`${srv.url}/any`)).status).toBe(200);
    await expect(srv.close()).resolves.toBeUndefined();
  });
});
