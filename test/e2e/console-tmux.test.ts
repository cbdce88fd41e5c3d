// `agnt console` in a real terminal (tmux), against a seeded sandbox: moving, filtering,
// approving a span and declining a delegation (each change read back at the sandbox), a resize
// from 120x40 to 80x24 that leaves a whole frame, and Ctrl-C and SIGTERM giving the terminal back
// as it was (`stty -a` before and after; the alternate screen left, the cursor shown). Every wait
// is for something on the screen, polled. Runs the built CLI (npm run build).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, removeDir, tempDir, withSandbox } from '../support/helpers.ts';
import { agntLine, hasTmux, inTmux, type TmuxPane } from '../support/pty.ts';

// CI installs tmux (.ci/install-shells.sh): there, its absence is a failure, not a skip.
const run = hasTmux() || process.env.CI === 'true';
const LONG = 60_000;
let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir = '';
const panes: TmuxPane[] = [];

beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir('agnt-console-');
});
afterAll(async () => {
  for (const p of panes) p.close();
  await sb.dispose();
  removeDir(dir);
});

/**
 * The console as `as`, in a pane of width x height; the script notes the terminal's settings
 * before and after, and agnt's exit code, then keeps the terminal open (cat) for its modes to be read.
 */
function open(as: string, width: number, height: number, args: string[] = []): TmuxPane {
  const d = (f: string) => `'${join(dir, `${as}-${f}`)}'`;
  const script = `stty -a > ${d('before')}; ${agntLine(['console', ...args])}; echo "agnt exited $?"; stty -a > ${d('after')}; echo settings-saved; exec cat > /dev/null`;
  const pane = inTmux(script, { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens[as], AGNT_CONFIG_DIR: join(dir, `cfg-${as}`) }, width, height);
  panes.push(pane);
  return pane;
}

/** A frame drawn to its last line (a capture can fall between the writes of one frame). */
const drawn = (screen: string, title: string) => screen.includes(title) && /q quit/.test(screen);
const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const selected = (screen: string) => lines(screen).find((l) => l.startsWith('> ')) ?? '';

/** The frame is whole: title on top, the details rule where the height puts it, the keys at the bottom, nothing wider than the terminal. */
function expectWholeFrame(screen: string, width: number, height: number): void {
  const l = lines(screen);
  expect(l).toHaveLength(height);
  expect(l[0]).toMatch(/^agnt console {2}\d+ /);
  expect(l[1]).toMatch(/^ {2}KIND +WHO +WHEN +STATE/);
  expect(l[height - 9]).toMatch(/^-- details -+$/);
  expect(l[height - 1]).toContain('q quit');
  for (const x of l) expect(x.length).toBeLessThanOrEqual(width);
  expect(l.filter((x) => x.startsWith('agnt console'))).toHaveLength(1);
}

function settingsKept(as: string): void {
  const before = readFileSync(join(dir, `${as}-before`), 'utf8');
  const after = readFileSync(join(dir, `${as}-after`), 'utf8');
  expect(before).toContain('icanon');
  expect(after).toBe(before);
}

async function ended(pane: TmuxPane): Promise<string> {
  const screen = await pane.waitFor((s) => s.includes('settings-saved'), 'the script end');
  // The alternate screen is left, the cursor shown, no mouse or keypad mode left on.
  expect(pane.format('#{alternate_on}')).toBe('0');
  expect(pane.format('#{cursor_flag}')).toBe('1');
  expect(pane.format('#{mouse_any_flag}')).toBe('0');
  expect(pane.format('#{wrap_flag}')).toBe('1');
  return screen;
}

describe.skipIf(!run)('agnt console in tmux', () => {
  it(
    'moves, filters, and approves a span; the sandbox has it scheduled; q leaves the terminal as it was',
    async () => {
      const pane = open('manager', 120, 40);
      let screen = await pane.waitFor((s) => drawn(s, 'agnt console  2 items'), 'the first frame');
      expectWholeFrame(screen, 120, 40);
      expect(pane.format('#{alternate_on}')).toBe('1');
      expect(selected(screen)).toContain('coverage.approve');
      expect(screen).toMatch(/^cov_approval {2}coverage\.approve/m);
      pane.send(['j']);
      screen = await pane.waitFor((s) => /^cov_approval2 {2}/m.test(s), 'the second item selected');
      pane.send(['/']);
      pane.send(['approval2'], true);
      pane.send(['Enter']);
      screen = await pane.waitFor((s) => s.includes('1 of 2 items (filter: approval2)'), 'the filter applied');
      expect(lines(screen).filter((l) => /^(> | {2})coverage\.approve/.test(l))).toHaveLength(1);
      pane.send(['Escape']);
      await pane.waitFor((s) => s.includes('agnt console  2 items'), 'the filter cleared');
      pane.send(['k', 'a']);
      screen = await pane.waitFor((s) => s.includes('approve cov_approval? sends: agnt coverage approve cov_approval'), 'the confirmation');
      expect(sb.store.get('coverageSpans', 'cov_approval')).toMatchObject({ status: 'pending_manager_approval' });
      pane.send(['y']);
      screen = await pane.waitFor((s) => s.includes('done: approve -> scheduled'), 'the outcome on the item');
      expect(selected(screen)).toContain('done: approve -> scheduled');
      expect(sb.store.get('coverageSpans', 'cov_approval')).toMatchObject({ status: 'scheduled' });
      // The other span is untouched.
      expect(sb.store.get('coverageSpans', 'cov_approval2')).toMatchObject({ status: 'pending_manager_approval' });
      pane.send(['q']);
      screen = await ended(pane);
      expect(screen).toContain('agnt exited 0');
      settingsKept('manager');
    },
    LONG,
  );

  it(
    'declines a delegation (d, then y): the sandbox has it revoked; Ctrl-C leaves the terminal as it was',
    async () => {
      const pane = open('principal', 100, 30);
      await pane.waitFor((s) => /^> delegation\.confirm/m.test(s), 'the delegation selected');
      pane.send(['d']);
      await pane.waitFor((s) => s.includes('decline del_pending? sends: agnt delegations revoke del_pending'), 'the confirmation');
      pane.send(['y']);
      await pane.waitFor((s) => s.includes('done: decline -> revoked'), 'the outcome on the item');
      expect(sb.store.get('delegations', 'del_pending')).toMatchObject({ status: 'revoked' });
      pane.send(['C-c']);
      const screen = await ended(pane);
      expect(screen).toContain('agnt exited 0');
      settingsKept('principal');
    },
    LONG,
  );

  it(
    'redraws a whole frame when the terminal goes from 120x40 to 80x24, and back',
    async () => {
      const pane = open('backup', 120, 40);
      let screen = await pane.waitFor((s) => drawn(s, 'agnt console'), 'the first frame');
      expectWholeFrame(screen, 120, 40);
      pane.resize(80, 24);
      screen = await pane.waitFor((s) => lines(s).length === 24 && /^-- details -{69}$/m.test(s) && drawn(s, 'agnt console'), 'the 80x24 frame');
      expectWholeFrame(screen, 80, 24);
      pane.resize(120, 40);
      screen = await pane.waitFor((s) => lines(s).length === 40 && /^-- details -{109}$/m.test(s) && drawn(s, 'agnt console'), 'the 120x40 frame');
      expectWholeFrame(screen, 120, 40);
      pane.send(['q']);
      await ended(pane);
      settingsKept('backup');
    },
    LONG,
  );

  it(
    'refreshes on its timer (--interval): a span the backup accepts meanwhile appears',
    async () => {
      const pane = open('manager', 100, 30, ['--interval', '1s']);
      await pane.waitFor((s) => s.includes('agnt console  1 item '), 'the one span left to approve');
      const r = await agnt(['coverage', 'accept', 'cov_pending'], { sb, as: 'backup' });
      expect(r.exitCode, r.stderr).toBe(0);
      const screen = await pane.waitFor((s) => s.includes('agnt console  2 items'), 'the accepted span, after a refresh');
      expect(screen).toMatch(/^ {2}coverage\.approve/m);
      pane.send(['q']);
      await ended(pane);
    },
    LONG,
  );

  it(
    '? shows the help; an action that fails shows on its item, and r refreshes',
    async () => {
      const pane = open('manager', 100, 30);
      await pane.waitFor((s) => s.includes('agnt console  2 items'), 'the first frame');
      pane.send(['?']);
      await pane.waitFor((s) => s.includes('Any key closes this help.') && s.includes('sort: since, kind, who'), 'the help');
      pane.send(['Escape']);
      let screen = await pane.waitFor((s) => /^> coverage\.approve/m.test(s), 'the list again');
      const id = /^(cov_\w+) {2}coverage\.approve/m.exec(screen)![1]!;
      // Someone else decides it first.
      const r = await agnt(['coverage', 'reject', id], { sb, as: 'manager' });
      expect(r.exitCode, r.stderr).toBe(0);
      pane.send(['a', 'y']);
      screen = await pane.waitFor((s) => /^> coverage\.approve .*FAILED: approve: /m.test(s) && drawn(s, 'agnt console'), 'the failure on the item');
      expect(screen).toMatch(/^last action: failed: approve: .+/m);
      expectWholeFrame(screen, 100, 30);
      pane.send(['r']);
      screen = await pane.waitFor((s) => s.includes('agnt console  1 item '), 'the refreshed list');
      expect(screen).not.toMatch(new RegExp(`^${id} {2}`, 'm'));
      pane.send(['q']);
      await ended(pane);
    },
    LONG,
  );

  it(
    'a server that stops answering is said on the status line; the view stays',
    async () => {
      const gone = await withSandbox();
      const pane = inTmux(
        `${agntLine(['console'])}; echo "agnt exited $?"; exec cat > /dev/null`,
        { AGNT_BASE_URL: gone.baseUrl, AGNT_TOKEN: gone.tokens.manager, AGNT_CONFIG_DIR: join(dir, 'cfg-gone') },
        100,
        30,
      );
      panes.push(pane);
      await pane.waitFor((s) => drawn(s, 'agnt console  2 items'), 'the first frame');
      await gone.dispose();
      pane.send(['r']);
      const screen = await pane.waitFor((s) => s.includes('refresh failed: ') && drawn(s, 'agnt console  2 items'), 'the failed refresh');
      expectWholeFrame(screen, 100, 30);
      pane.send(['q']);
      // agnt's own exit code, as the shell saw it, and the alternate screen left.
      await pane.waitFor((s) => s.includes('agnt exited 0'), 'the console to end with exit 0');
      expect(pane.format('#{alternate_on}')).toBe('0');
    },
    LONG,
  );

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(
      `${signal} gives the terminal back as it was and exits ${code}`,
      async () => {
        const as = signal === 'SIGTERM' ? 'coordinator' : 'member';
        const pane = open(as, 100, 30);
        await pane.waitFor((s) => s.includes('agnt console'), 'the first frame');
        const node = execFileSync('pgrep', ['-P', String(pane.shellPid())], { encoding: 'utf8' })
          .trim()
          .split('\n')[0]!;
        process.kill(Number(node), signal);
        const screen = await ended(pane);
        expect(screen).toContain(`agnt exited ${code}`);
        settingsKept(as);
      },
      LONG,
    );
  }
});
