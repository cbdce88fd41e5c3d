// `agnt sandbox start` as a real process (the seed runs `agnt org apply` as one), driven by agnt
// commands with the `sandbox` profile it writes, as a user's script would.
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { agnt, BIN, cleanEnv, removeDir, tempDir, type RunOptions, type RunResult } from './helpers.ts';

export interface SandboxProcess {
  url: string;
  tokens: Record<string, string>;
  controlToken: string;
  /** The config folder holding the `sandbox` profile it wrote. */
  config: string;
  child: ResultPromise;
  /** Runs agnt with that profile (the admin's token), or as a seeded user (by role or e-mail). */
  run(args: string[], opts?: RunOptions & { role?: string }): Promise<RunResult>;
  json<T = any>(args: string[], opts?: RunOptions & { role?: string }): Promise<T>;
  stop(): Promise<void>;
}

/** Starts `agnt sandbox start --port 0 --json ARGS` and waits for its first line (it serves). */
export async function startSandboxProcess(args: string[], env: Record<string, string> = {}, config = tempDir('agnt-sbx-')): Promise<SandboxProcess> {
  const child = execa(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--json', ...args], {
    env: { ...cleanEnv(), AGNT_CONFIG_DIR: config, ...env },
    extendEnv: true,
    reject: false,
  });
  const first = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    void child.then((r) => fail(new Error(`agnt sandbox start exited ${r.exitCode}: ${r.stderr}`)));
  });
  const info = JSON.parse(first);
  const run = (a: string[], opts: RunOptions & { role?: string } = {}) =>
    agnt(a, { configDir: config, ...opts, env: { ...(opts.role ? { AGNT_TOKEN: info.tokens[opts.role] } : {}), ...(opts.env ?? {}) } });
  return {
    ...info,
    url: info.baseUrl,
    config,
    child,
    run,
    json: async (a, opts) => {
      const r = await run([...a, '-o', 'json'], opts);
      if (r.exitCode !== 0) throw new Error(`agnt ${a.join(' ')} exited ${r.exitCode}: ${r.stderr}`);
      return JSON.parse(r.stdout);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await child;
      removeDir(config);
    },
  };
}
