// The console's line mode in a real pseudo-terminal: with TERM=dumb (as a screen reader or a
// serial console has it) and with --plain, the same approve, reject and decline as the full
// screen, through numbered items and prompts; each change read back at the sandbox, and not one
// escape sequence written. Runs the built CLI (npm run build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, withSandbox } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
const LONG = 60_000;

beforeAll(async () => {
  sb = await withSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

const as = (role: string, extra: Record<string, string> = {}) => ({ AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[role], ...extra });
const PROMPT = /Item number, \/ to filter, l to list, r to refresh, q to quit: $/;

describe('agnt console, line by line', () => {
  it(
    'TERM=dumb: approves one span and rejects another through prompts; the sandbox has both; no escape sequence',
    async () => {
      const r = await runInPty(
        ['console'],
        [
          { expect: /2 items \(updated [^)]*\):\n1\. coverage\.approve cov_approval, from usr_coord, [^\n]+pending_manager_approval\n/, send: [] },
          { expect: PROMPT, send: '1\r' },
          { expect: /Action \(a approve, d reject; Enter for none\): $/, send: 'a\r' },
          { expect: /approve cov_approval\? \(sends: agnt coverage approve cov_approval\) \[y\/N\]: $/, send: 'y\r' },
          { expect: /cov_approval: done: approve -> scheduled\n/, send: [] },
          { expect: PROMPT, send: '2\r' },
          { expect: /Action \(a approve, d reject; Enter for none\): $/, send: 'd\r' },
          { expect: /reject cov_approval2\? .*\[y\/N\]: $/, send: 'n\r' },
          { expect: /Nothing sent\.\n/, send: [] },
          { expect: PROMPT, send: '2\r' },
          { expect: /Action/, send: 'd\r' },
          { expect: /\[y\/N\]: $/, send: 'y\r' },
          { expect: /cov_approval2: done: reject -> cancelled\n/, send: [] },
          { expect: PROMPT, send: 'q\r' },
        ],
        as('manager', { TERM: 'dumb' }),
      );
      expect(r.exitCode).toBe(0);
      expect(r.output).not.toContain('\x1b');
      expect(sb.store.get('coverageSpans', 'cov_approval')).toMatchObject({ status: 'scheduled' });
      expect(sb.store.get('coverageSpans', 'cov_approval2')).toMatchObject({ status: 'cancelled' });
    },
    LONG,
  );

  it(
    '--plain: declines a delegation, and rejects an organization request with the reason asked for',
    async () => {
      const r = await runInPty(
        ['console', '--plain'],
        [
          { expect: /1\. delegation\.confirm del_pending, from usr_manager/, send: [] },
          { expect: PROMPT, send: '1\r' },
          { expect: /Action \(a confirm, d decline; Enter for none\): $/, send: 'd\r' },
          { expect: /decline del_pending\? \(sends: agnt delegations revoke del_pending\) \[y\/N\]: $/, send: 'y\r' },
          { expect: /del_pending: done: decline -> revoked\n/, send: [] },
          { expect: PROMPT, send: 'q\r' },
        ],
        as('principal'),
      );
      expect(r.exitCode).toBe(0);
      expect(sb.store.get('delegations', 'del_pending')).toMatchObject({ status: 'revoked' });

      const admin = await runInPty(
        ['console', '--plain'],
        [
          { expect: PROMPT, send: '/labs\r' },
          { expect: /1 item matching 'labs'[^\n]*\n1\. org-request\.decide orq_labs/, send: [] },
          { expect: PROMPT, send: '1\r' },
          { expect: /Action \(a approve, d reject; Enter for none\): $/, send: 'd\r' },
          { expect: /Reason: $/, send: 'a second lab is not budgeted\r' },
          { expect: /reject orq_labs\? \(sends: agnt org-requests reject orq_labs --reason \.\.\.\) \[y\/N\]: $/, send: 'y\r' },
          { expect: /orq_labs: done: reject -> rejected\n/, send: [] },
          { expect: PROMPT, send: 'q\r' },
        ],
        as('admin'),
      );
      expect(admin.exitCode).toBe(0);
      const request = sb.store.get('organizationRequests', 'orq_labs');
      expect(request).toMatchObject({ status: 'rejected' });
      expect(JSON.stringify(request)).toContain('a second lab is not budgeted');
    },
    LONG,
  );

  it('off a terminal it refuses plainly (exit 2), before any request', async () => {
    const before = sb.requests.length;
    const r = await agnt(['console'], { sb, as: 'manager' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('the console needs a terminal');
    expect(sb.requests.length).toBe(before);
    const plainAlone = await agnt(['inbox', '--plain'], { sb, as: 'manager' });
    expect(plainAlone.exitCode).toBe(2);
    expect(plainAlone.stderr).toContain('--plain goes with --tui');
  });
});
