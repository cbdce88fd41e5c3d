// Every example of every help (`agnt --help`, each area's and each command's), pasted into bash
// against a fresh `agnt sandbox`, as a reader of that help would: each help gets its own sandbox
// and home folder (with a copy of examples/ when its lines use it), its lines run in the order shown (a line may
// rely on an earlier line of the same help, as "create" before "delete"). A line that is one plain
// agnt command (no pipe, redirect, variable or glob: shellWords) runs in the test's process, in
// the home folder, with the words bash would give it; any other line is run by bash, one process
// per agnt.
// A line must exit with what it documents: 0, unless its help says otherwise by one of the marks
// below. The examples are read from the command tree itself (test/support/help-examples.ts), so
// a new example is run as soon as it is written.
//
// Marks a runner recognises, in the example's own trailing comment:
// - `# on a terminal: ...`: the line prompts; off a terminal it must refuse plainly, exit 2,
//   saying it needs a terminal (the prompts themselves are tested in the command's own tests).
// - `# exit N: ...`: the line documents that it exits N (as `--exit-code` does with changes).
// - `--watch` and `agnt sandbox start`: they run until Ctrl-C. The runner waits for their first
//   line on stdout, sends SIGINT to each agnt process of the line (Ctrl-C), and expects exit 0.
//
// Who runs a line: the seeded user a reader of that help would be (ROLES below). Tools a line
// uses besides agnt: bash, coreutils and jq; `notify-send` (a desktop notifier a test machine
// lacks) is a stand-in that prints its arguments. Without jq (a machine with only Node and npm)
// the lines that pipe into it are left out with a note; under CI=true, .ci/run installs jq and
// they run.
import { execa, type ResultPromise } from 'execa';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, removeDir, shellAvailable, tempDir, withSandbox } from '../support/helpers.ts';
import { helpExamples, shellWords } from '../support/help-examples.ts';
import { documentedExit, onTerminalOnly, roleOf, runsUntilStopped } from '../support/example-roles.ts';
import { runAgnt } from '../support/inproc.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
// A hang guard per line, not a measure of speed (a loaded machine is slow).
const LINE_GUARD_MS = Number(process.env.EXAMPLES_GUARD_MS ?? 120_000);

const usesJq = (line: string) => /\|\s*jq\b/.test(line);
const all = (await helpExamples()).filter((e) => !usesJq(e.line) || shellAvailable('jq'));
const byHelp = new Map<string, string[]>();
for (const e of all) byHelp.set(e.help, [...(byHelp.get(e.help) ?? []), e.line]);

/** A failed line as the test reports it: the line, its exit code and the end of its stderr. */
type Failure = string;

/** A home folder as a user of these examples has it: examples/, a token file, agnt on PATH. */
function makeHome(lines: string[]): { home: string; bin: string; pids: string } {
  const home = tempDir('agnt-example-');
  // Only a help whose lines name examples/ gets its copy (copying it for every help was a tenth
  // of this file's time).
  if (lines.some((l) => l.includes('examples/'))) cpSync(join(ROOT, 'examples'), join(home, 'examples'), { recursive: true });
  mkdirSync(join(home, 'Downloads'));
  const bin = join(home, '.bin');
  mkdirSync(bin);
  const pids = join(home, '.agnt-pids');
  // Each agnt of a line notes its pid, so that Ctrl-C can be sent to agnt itself.
  writeFileSync(join(bin, 'agnt'), `#!/bin/sh\necho $$ >> '${pids}'\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
  writeFileSync(join(bin, 'notify-send'), '#!/bin/sh\necho "notify-send: $*"\n', { mode: 0o755 });
  return { home, bin, pids };
}

function pidsOf(file: string): number[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];
}

function signal(pids: string, sig: NodeJS.Signals): void {
  for (const pid of pidsOf(pids)) {
    try {
      process.kill(pid, sig);
    } catch {
      // That agnt has ended already.
    }
  }
}

/** Runs a line that serves or watches until Ctrl-C: its first stdout line, then SIGINT to agnt. */
async function runUntilStopped(child: ResultPromise, pids: string): Promise<void> {
  await new Promise<void>((ok) => {
    child.stdout!.once('data', () => ok());
    void child.finally(() => ok());
  });
  signal(pids, 'SIGINT');
}

async function runHelp(help: string, lines: string[]): Promise<Failure[]> {
  const sb = await withSandbox();
  const { home, bin, pids } = makeHome(lines);
  const failures: Failure[] = [];
  let bench: ResultPromise | undefined;
  try {
    const base = { ...cleanEnv(), HOME: home, PATH: `${bin}:${process.env.PATH}`, AGNT_CONFIG_DIR: join(home, '.config', 'agnt'), AGNT_BASE_URL: sb.baseUrl };
    writeFileSync(join(home, 'token.txt'), `${sb.tokens.admin}\n`, { mode: 0o600 });
    if (/^(auth|config|mcp|sandbox clone)\b/.test(help)) {
      // The profiles such a reader has: `sandbox` (what `agnt sandbox start` writes) and
      // `staging` (the auth login help's own example); `agnt mcp install` names a profile too, and
      // `agnt sandbox clone` copies the organization of one into the running sandbox.
      for (const profile of ['sandbox', 'staging']) {
        const r = await runAgnt(['auth', 'login', '--profile', profile, '--with-token'], { env: { ...process.env, ...base }, stdin: sb.tokens.admin });
        if (r.exitCode !== 0) throw new Error(`setting up profile ${profile}: ${r.stderr}`);
      }
    }
    // The bench verbs (`agnt sandbox clock|snapshot|fault|requests|status|stop`) drive a running
    // `agnt sandbox start`, as their reader has one: started here, with the snapshot they name.
    // A clone goes into an empty one (the seeded one already holds Acme Corp's users and domain).
    if (/^sandbox (?!start\b)/.test(help)) bench = (await startBench(base, home, help === 'sandbox clone' ? ['--empty'] : [])).child;
    for (const line of lines) {
      const env = { ...base, AGNT_TOKEN: /^agnt (auth|config)\b/.test(line) ? undefined : sb.tokens[roleOf(line)] };
      const words = runsUntilStopped(line) ? undefined : shellWords(line);
      if (words?.[0] === 'agnt') {
        const started = Date.now();
        const r = await runAgnt(words.slice(1), { env: { ...process.env, ...env }, cwd: home });
        if (process.env.EXAMPLES_LOG) process.stderr.write(`[${help}] exit ${r.exitCode} (in-process, ${Date.now() - started} ms): ${line}\n`);
        const stderr = r.stderr.trim().split('\n').slice(-3).join(' | ');
        if (onTerminalOnly(line)) {
          if (r.exitCode !== 2 || !/terminal/.test(r.stderr)) failures.push(`${line}  =>  exit ${r.exitCode}, expected 2 naming a terminal: ${stderr}`);
        } else if (r.exitCode !== documentedExit(line)) failures.push(`${line}  =>  exit ${r.exitCode}, expected ${documentedExit(line)}: ${stderr}`);
        continue;
      }
      writeFileSync(pids, '');
      const child = execa('bash', ['-o', 'pipefail', '-c', line], { cwd: home, env, reject: false, input: '', timeout: LINE_GUARD_MS });
      // The guard ends bash; the agnt processes of a pipeline are ended with it.
      const guard = setTimeout(() => signal(pids, 'SIGKILL'), LINE_GUARD_MS);
      if (runsUntilStopped(line)) await runUntilStopped(child, pids);
      const r = await child;
      clearTimeout(guard);
      if (process.env.EXAMPLES_LOG) process.stderr.write(`[${help}] exit ${r.exitCode}${r.timedOut ? ' (timed out)' : ''}: ${line}\n`);
      const stderr = String(r.stderr).trim().split('\n').slice(-3).join(' | ');
      if (onTerminalOnly(line)) {
        if (r.exitCode !== 2 || !/terminal/.test(String(r.stderr))) failures.push(`${line}  =>  exit ${r.exitCode}, expected 2 naming a terminal: ${stderr}`);
      } else if (r.timedOut) failures.push(`${line}  =>  still running after ${LINE_GUARD_MS / 1000}s: ${stderr}`);
      else if (r.exitCode !== documentedExit(line)) failures.push(`${line}  =>  exit ${r.exitCode}, expected ${documentedExit(line)}: ${stderr}`);
    }
  } finally {
    if (bench?.exitCode === null) bench.kill('SIGTERM');
    await bench;
    await sb.dispose();
    removeDir(home);
  }
  return failures;
}

/** `agnt sandbox start` in the home's config folder (the `sandbox` profile), up once it prints; a snapshot saved. */
async function startBench(env: Record<string, string | undefined>, home: string, args: string[] = []): Promise<{ child: ResultPromise }> {
  const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', ...args], { cwd: home, env, reject: false });
  await new Promise<void>((ok, fail) => {
    child.stdout!.once('data', () => ok());
    void child.then((r) => fail(new Error(`agnt sandbox start exited ${r.exitCode}: ${r.stderr}`)));
  });
  const saved = await execa(process.execPath, [BIN, 'sandbox', 'snapshot', 'save', 'before-import'], { cwd: home, env, reject: false });
  if (saved.exitCode !== 0) throw new Error(`saving a snapshot for the sandbox examples: ${saved.stderr}`);
  // Wrapped: an async function returning the subprocess itself would wait for it to end.
  return { child };
}

describe('help examples', () => {
  it('are read from every help', () => {
    expect(all.length).toBeGreaterThan(400);
    expect(byHelp.has('')).toBe(true); // the root help's
    expect(byHelp.has('coverage create')).toBe(true);
  });

  it('split a plain line as bash would, and leave any other line to bash', () => {
    expect(shellWords(`agnt org list --all --query "[?name=='Acme'].id | [0]"`)).toEqual(['agnt', 'org', 'list', '--all', '--query', "[?name=='Acme'].id | [0]"]);
    expect(shellWords(`agnt contacts import - --map 'Work Email=email' a\\ b   # a comment`)).toEqual(['agnt', 'contacts', 'import', '-', '--map', 'Work Email=email', 'a b']);
    for (const line of ['agnt a | jq .', 'agnt a > f', 'x=$(agnt a)', 'agnt a "$id"', 'agnt drive upload examples/*.txt', 'agnt a -o ~/x', 'agnt a && agnt b', 'FOO=1 agnt a']) {
      expect(shellWords(line), line).toBeUndefined();
    }
  });

  it.concurrent.each([...byHelp.entries()].map(([help, lines]) => [help ? `agnt ${help} --help` : 'agnt --help', help, lines] as const))('%s', async (_title, help, lines) => {
    const failures = await runHelp(help, lines);
    expect(failures, `examples of ${help ? `agnt ${help}` : 'agnt'} --help that failed`).toEqual([]);
  });
});
