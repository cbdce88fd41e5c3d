// Shared set-up of the fault suite, with a short backoff so that retries are quick without
// changing what is retried. Two rigs:
// - bench(): a sandbox answering with its own fault rules (src/sandbox/faults.ts: a status with
//   Retry-After, a delay, a dropped connection; every time, N times, at a rate, after the first N,
//   on one page of a walk), added through its control API as `agnt sandbox fault add` adds them,
//   and read back from its journal. What a server can do to itself is tested this way.
// - rig(): a sandbox behind the fault proxy (server.ts), for what a server cannot do to itself or
//   its rules cannot express: a stall in the middle of a body, a half-written, misshapen or
//   rewritten answer, a redirect, a non-JSON or empty body, a Retry-After date, the presigned
//   storage URLs (not endpoints of the API model, which a rule must match), and seeing the client
//   give up on a request (the journal has a request once it is answered).
import { execa, type ResultPromise } from 'execa';
import { BIN, agnt, cleanEnv, tempDir, withSandbox, type RunOptions, type RunResult } from '../support/helpers.ts';
import type { FaultRule } from '../../src/sandbox/faults.ts';
import type { JournalEntry } from '../../src/sandbox/journal.ts';
import { faultServer, type FaultServer } from './server.ts';

export interface Rig {
  fs: FaultServer;
  sb: Awaited<ReturnType<typeof withSandbox>>;
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  spawn(args: string[], opts?: RunOptions): ResultPromise;
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  dispose(): Promise<void>;
}

export interface Bench {
  sb: Awaited<ReturnType<typeof withSandbox>>;
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  spawn(args: string[], opts?: RunOptions): ResultPromise;
  /** The environment of a process run against the sandbox (its own config folder). */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  /** Adds a fault rule through the control API; refused (thrown) as `agnt sandbox fault add` would refuse it. */
  fault(rule: Omit<FaultRule, 'id' | 'hits'>): Promise<FaultRule>;
  /** The rule as it is now (its hits). */
  rule(id: string): FaultRule;
  /** The requests the sandbox journaled since the last again() (for a method and path glob). */
  sent(method?: string, path?: string): JournalEntry[];
  /** Resolves once the predicate holds (checked every 10 ms); rejects after timeoutMs. */
  until(pred: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** No rules, and the journal read from here on. */
  again(): void;
  dispose(): Promise<void>;
}

export async function bench(): Promise<Bench> {
  const sb = await withSandbox({ bench: {} });
  const control = sb.bench!;
  let mark = control.journal.lastId;
  const env = (extra: Record<string, string | undefined> = {}) => ({
    ...cleanEnv(),
    AGNT_CONFIG_DIR: tempDir(),
    AGNT_BASE_URL: sb.baseUrl,
    AGNT_TOKEN: sb.tokens.admin,
    AGNT_BACKOFF_MS: '20',
    ...extra,
  });
  return {
    sb,
    env,
    run: (args, opts = {}) => agnt(args, { ...opts, env: { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, AGNT_BACKOFF_MS: '20', ...(opts.env ?? {}) } }),
    spawn: (args, opts = {}) =>
      execa(process.execPath, [BIN, ...args], { env: env(opts.env), extendEnv: true, reject: false, input: opts.input ?? '', cwd: opts.cwd, timeout: 30_000, stripFinalNewline: false }),
    fault: async (rule) => {
      const res = await fetch(`${sb.baseUrl}/_sandbox/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${control.controlToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      });
      const body = (await res.json()) as { faults?: FaultRule[]; error?: string };
      if (res.status !== 201) throw new Error(`the sandbox refused the fault rule ${JSON.stringify(rule)}: ${body.error}`);
      return body.faults![0]!;
    },
    rule: (id) => {
      const found = control.faults.list().find((f) => f.id === id);
      if (!found) throw new Error(`no fault rule ${id}`);
      return found;
    },
    sent: (method, path) => control.journal.list({ since: mark, method, path }),
    until: async (pred, what, timeoutMs = 15_000) => {
      const end = Date.now() + timeoutMs;
      while (!pred()) {
        if (Date.now() > end) throw new Error(`sandbox: ${what} did not happen within ${timeoutMs} ms`);
        await new Promise((ok) => setTimeout(ok, 10));
      }
    },
    again: () => {
      control.faults.clear();
      mark = control.journal.lastId;
    },
    dispose: () => sb.dispose(),
  };
}

export async function rig(): Promise<Rig> {
  const sb = await withSandbox();
  const fs = await faultServer(sb);
  const env = (extra: Record<string, string | undefined> = {}) => ({
    ...cleanEnv(),
    AGNT_CONFIG_DIR: tempDir(),
    AGNT_BASE_URL: fs.url,
    AGNT_TOKEN: sb.tokens.admin,
    AGNT_BACKOFF_MS: '20',
    ...extra,
  });
  return {
    fs,
    sb,
    env,
    run: (args, opts = {}) => agnt(args, { ...opts, env: { AGNT_BASE_URL: fs.url, AGNT_TOKEN: sb.tokens.admin, AGNT_BACKOFF_MS: '20', ...(opts.env ?? {}) } }),
    spawn: (args, opts = {}) =>
      execa(process.execPath, [BIN, ...args], { env: env(opts.env), extendEnv: true, reject: false, input: opts.input ?? '', cwd: opts.cwd, timeout: 30_000, stripFinalNewline: false }),
    dispose: async () => {
      await fs.close();
      await sb.dispose();
    },
  };
}

/** The requests the proxy saw for a method and path. */
export function hits(fs: FaultServer, method: string, path: RegExp): number {
  return fs.seen.filter((s) => s.method === method && path.test(s.path)).length;
}
