// Shared set-up of the fault suite: a sandbox behind the fault proxy, and agnt run against the
// proxy with a short backoff, so that retries are quick without changing what is retried.
import { execa, type ResultPromise } from 'execa';
import { BIN, agnt, cleanEnv, tempDir, withSandbox, type RunOptions, type RunResult } from '../support/helpers.ts';
import { faultServer, type FaultServer } from './server.ts';

export interface Rig {
  fs: FaultServer;
  sb: Awaited<ReturnType<typeof withSandbox>>;
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  spawn(args: string[], opts?: RunOptions): ResultPromise;
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  dispose(): Promise<void>;
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
