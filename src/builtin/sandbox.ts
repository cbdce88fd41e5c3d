import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { isLoopback } from '../core/http.ts';
import { updateConfig } from '../core/config.ts';

export async function start(ctx: Context, rawOpts: unknown): Promise<void> {
  const opts = rawOpts as { port: string; host: string; data?: string; profile: boolean };
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got '${opts.port}'`);
  if (!isLoopback(opts.host)) throw new UsageError(`--host must be a loopback address (the sandbox is for this machine only), got '${opts.host}'`);
  const { startSandbox } = await import('../sandbox/server.ts');
  const { DataFileError } = await import('../sandbox/store.ts');
  const sb = await startSandbox({ port, host: opts.host, dataFile: opts.data, logRequests: false }).catch((e) => {
    if (e instanceof DataFileError) throw new UsageError(e.message, 'give another --data file, or restore this one (an empty file starts a fresh sandbox)');
    throw e;
  });
  // The profile is written before the URL is announced, so a reader of the first line can use it.
  if (opts.profile !== false) {
    await updateConfig((d) => {
      d.profiles ??= {};
      d.profiles.sandbox = { ...(d.profiles.sandbox ?? {}), baseUrl: sb.baseUrl, token: sb.tokens.admin, user: 'admin@acme.test' };
      d.currentProfile ??= 'sandbox';
    });
    ctx.io.info(`Profile 'sandbox' points at it with the admin token (use --profile sandbox, or \`agnt config use sandbox\`).`);
  }
  // The global --json flag doubles as the sandbox's own --json (contract section 6).
  if (ctx.global.json) {
    ctx.io.out(JSON.stringify({ baseUrl: sb.baseUrl, tokens: sb.tokens }));
  } else {
    ctx.io.out(`Sandbox listening on ${sb.baseUrl}`);
    ctx.io.out('Tokens (one per seeded user):');
    for (const [role, token] of Object.entries(sb.tokens)) ctx.io.out(`  ${role.padEnd(12)} ${token}`);
  }
  ctx.interruptIsStop = true;
  ctx.io.info('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    ctx.signal.addEventListener('abort', stop, { once: true });
  });
  await sb.close();
  ctx.io.info('Sandbox stopped.');
}
