// End-to-end helpers: start the sandbox in-process on port 0 and run agnt against it, with its
// own temporary config folder. agnt() runs the command inside the test's process (inproc.ts)
// unless the run needs a process of its own: an environment that only a process can take (a
// time zone, a proxy, a home folder, a stand-in keyring module). agntProcess()
// always starts the built CLI (bin/agnt.js), for what only a real process shows.
// AGNT_TEST_PROCESS=1 makes every agnt() a process again, to compare the two.
import { execFileSync } from 'node:child_process';
import { execa, type Options } from 'execa';
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.ts';
import { runAgnt } from './inproc.ts';

export const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'agnt.js');

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface RunOptions {
  /** Sandbox to talk to (sets AGNT_BASE_URL). */
  sb?: Sandbox;
  /** A seeded role ('admin', 'coordinator', ...) or a literal token; default 'admin'. null: no token. */
  as?: string | null;
  input?: string;
  env?: Record<string, string | undefined>;
  configDir?: string;
  timeout?: number;
  cwd?: string;
}

export function tempDir(prefix = 'agnt-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function cleanEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const k of Object.keys(process.env)) {
    if (k.startsWith('AGNT_') || k === 'NO_COLOR' || k === 'FORCE_COLOR' || k === 'CI') env[k] = undefined;
  }
  // Tests never touch the developer's own OS keyring; the keyring tests choose a stand-in.
  env.AGNT_KEYRING = 'off';
  return env;
}

// Read by something other than agnt's own code (Node's clock, undici's proxy agent, the fake
// keyring module, the home folder, Node's own certificate store): a run in the test's process could
// not honour them.
const PROCESS_ONLY_ENV = /^(TZ|LANG|LC_\w+|HOME|XDG_\w+|HTTPS?_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS|NODE_OPTIONS|AGNT_KEYRING_MODULE|AGNT_FAKE_KEYRING_\w+)$/i;

/** Whether this run needs a process of its own (see the top of this file). */
export function needsProcess(opts: RunOptions): boolean {
  if (process.env.AGNT_TEST_PROCESS === '1') return true;
  return Object.keys(opts.env ?? {}).some((k) => PROCESS_ONLY_ENV.test(k));
}

export async function agnt(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return needsProcess(opts) ? agntProcess(args, opts) : agntInProcess(args, opts);
}

/** The environment a run of agnt gets: the test process's, less agnt's own settings, plus the run's. */
function runEnv(opts: RunOptions, ownDir: string | undefined): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...cleanEnv(), AGNT_CONFIG_DIR: opts.configDir ?? ownDir };
  if (opts.sb) {
    env.AGNT_BASE_URL = opts.sb.baseUrl;
    const as = opts.as === undefined ? 'admin' : opts.as;
    if (as !== null) env.AGNT_TOKEN = opts.sb.tokens[as] ?? as;
  }
  Object.assign(env, opts.env ?? {});
  return env;
}

/** agnt run inside the test's process (inproc.ts). */
export async function agntInProcess(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const ownDir = opts.configDir === undefined && opts.env?.AGNT_CONFIG_DIR === undefined ? tempDir() : undefined;
  try {
    return await runAgnt(args, { env: { ...process.env, ...runEnv(opts, ownDir) }, stdin: opts.input, cwd: opts.cwd });
  } finally {
    if (ownDir) removeDir(ownDir);
  }
}

/** agnt started as a process: the built CLI, bin/agnt.js. */
export async function agntProcess(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  // A config folder made here is this run's alone, and removed after it.
  const ownDir = opts.configDir === undefined && opts.env?.AGNT_CONFIG_DIR === undefined ? tempDir() : undefined;
  const env = runEnv(opts, ownDir);
  const options: Options = {
    env,
    extendEnv: true,
    reject: false,
    input: opts.input ?? '',
    // A hang guard only (see vitest.config.ts): under load Node's start-up alone can take seconds.
    timeout: opts.timeout ?? 120_000,
    cwd: opts.cwd,
    stripFinalNewline: false,
  };
  try {
    const r = await execa(process.execPath, [BIN, ...args], options);
    return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1 };
  } finally {
    if (ownDir) removeDir(ownDir);
  }
}

/** Runs and parses stdout as JSON, failing loudly with stderr when the command failed. */
export async function agntJson<T = any>(args: string[], opts: RunOptions = {}): Promise<T> {
  const r = await agnt([...args, '-o', 'json'], opts);
  if (r.exitCode !== 0) throw new Error(`agnt ${args.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export async function withSandbox(opts: SandboxOptions = {}): Promise<Sandbox & { dispose(): Promise<void> }> {
  const sb = await startSandbox({ port: 0, ...opts });
  return Object.assign(sb, { dispose: () => sb.close() });
}

/**
 * One sandbox for the test file: started before its tests (in the order of the file's
 * beforeAll hooks, so call it first) and disposed after them. The object stands for that sandbox
 * (sb.baseUrl, sb.requests, sb.store...) from the first hook on, so a file writes
 * `const sb = sandboxForFile()` where it repeated the same seven lines of hooks.
 */
export function sandboxForFile(opts: SandboxOptions = {}): Sandbox & { dispose(): Promise<void> } {
  let sb: (Sandbox & { dispose(): Promise<void> }) | undefined;
  beforeAll(async () => {
    sb = await withSandbox(opts);
  });
  afterAll(async () => {
    await sb?.dispose();
  });
  const started = () => {
    if (!sb) throw new Error('the sandbox starts in beforeAll: use it in a test or a hook');
    return sb;
  };
  return new Proxy({} as Sandbox & { dispose(): Promise<void> }, {
    get(_, key) {
      const real = started();
      const value = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Whether a program is on PATH (the completion tests drive real shells). */
/** CI=true: the environment .ci/run makes, where every optional tool must be present. */
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

const skipNoted = new Set<string>();
/**
 * Whether tests that drive a shell (zsh, fish) run: yes when it is installed, and always under CI,
 * where a missing shell must fail rather than skip. Elsewhere a missing shell skips its tests with
 * one line saying why, so `npm test` passes on a machine with only Node and npm.
 */
export function shellAvailable(shell: string): boolean {
  if (hasCommand(shell) || IN_CI) return true;
  if (!skipNoted.has(shell)) {
    skipNoted.add(shell);
    process.stderr.write(`skipping the ${shell} tests: ${shell} is not installed (CI=true runs them)\n`);
  }
  return false;
}

export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
