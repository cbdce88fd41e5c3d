// `-o ics` writes every value from the server through the RFC 5545 escape and fold, ids
// included: a span or principal id holding CR/LF cannot add a property (ATTENDEE, X-...) or a
// second VEVENT to the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { agnt } from '../support/helpers.ts';
import { type FakeServer, fakeServer } from '../support/fake-server.ts';

const EVIL_SPAN = 'cov_1\r\nATTENDEE:mailto:evil@x.test\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged';
const EVIL_PRINCIPAL = 'usr_p\nX-EVIL:1;a,b\\';
const event = {
  spanId: EVIL_SPAN,
  role: 'backup',
  status: 'approved',
  reason: 'pto\r\nATTENDEE:mailto:evil2@x.test',
  startAt: '2027-03-01T14:00:00Z',
  endAt: '2027-03-02T14:00:00Z',
  principal: { id: EVIL_PRINCIPAL, name: 'Pat\r\nATTENDEE:mailto:evil3@x.test' },
  primaryCoordinator: { id: 'usr_c', name: 'Cory' },
  backupCoordinator: { id: 'usr_b', name: 'Bea' },
};

let fake: FakeServer;
beforeAll(async () => {
  fake = await fakeServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.startsWith('/users/me') ? { ok: true, user: { id: 'usr_b', timezone: 'UTC' } } : { ok: true, events: [event] }));
  });
});
afterAll(async () => {
  await fake.close();
});

describe('-o ics and hostile ids', () => {
  it('CR/LF in ids and names stays inside its property: one VEVENT, no injected lines, folded at 75 octets', async () => {
    const r = await agnt(['coverage', 'events', '--from', '2027-02-25', '--to', '2027-03-31', '-o', 'ics'], { env: { AGNT_BASE_URL: fake.url, AGNT_TOKEN: 'agnt_test_ics' } });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.split('\r\n').filter(Boolean);
    // Every content line is a property agnt writes, or a fold (a line starting with a space).
    const names = new Set(lines.filter((l) => !l.startsWith(' ')).map((l) => /^[A-Z-]+/.exec(l)?.[0]));
    expect([...names].sort()).toEqual(
      [
        'BEGIN',
        'CATEGORIES',
        'DESCRIPTION',
        'DTEND',
        'DTSTAMP',
        'DTSTART',
        'END',
        'NAME',
        'PRODID',
        'SEQUENCE',
        'STATUS',
        'SUMMARY',
        'UID',
        'VERSION',
        'X-AGNT-SPAN',
        'X-MICROSOFT-CDO-BUSYSTATUS',
        'X-WR-CALNAME',
      ].sort(),
    );
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(r.stdout).not.toMatch(/\r\n(ATTENDEE|X-EVIL)/);
    for (const l of lines) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    // Read back by another library: one event, whose UID holds the id as text.
    const events = Object.values(ical.sync.parseICS(r.stdout)).filter((c: any) => c.type === 'VEVENT') as any[];
    expect(events).toHaveLength(1);
    expect(events[0].uid).toContain('ATTENDEE:mailto:evil@x.test');
    expect(events[0].attendee).toBeUndefined();
  });
});
