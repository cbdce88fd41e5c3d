import type { Context } from '../core/context.ts';
import { document } from '../core/outcome.ts';
import { AgntError, EXIT, UsageError } from '../core/errors.ts';
import { isLoopback } from '../core/http.ts';
import { updateConfig } from '../core/config.ts';
import { parseInstant, parseRate, readRulesFile } from './sandbox-control.ts';

interface StartOptions {
  port: string;
  host: string;
  data?: string;
  profile: boolean;
  seed?: string[];
  empty?: boolean;
  clock?: string;
  clockRate?: string;
  faults?: string;
  tls?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  tlsClientCa?: string;
}

export async function start(ctx: Context, rawOpts: unknown): Promise<void> {
  const opts = rawOpts as StartOptions;
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got '${opts.port}'`);
  if (!isLoopback(opts.host)) throw new UsageError(`--host must be a loopback address (the sandbox is for this machine only), got '${opts.host}'`);
  if (opts.seed?.length && opts.empty) throw new UsageError('give --seed or --empty, not both');
  // Everything given is checked before the sandbox starts: a bad seed, clock or rules file
  // starts nothing.
  const clockStart = opts.clock !== undefined ? Date.parse(parseInstant(opts.clock, '--clock')) : undefined;
  const clockRate = opts.clockRate !== undefined ? parseRate(opts.clockRate, '--clock-rate') : undefined;
  const faults = opts.faults !== undefined ? await readRulesFile(opts.faults) : undefined;
  const seeds = opts.seed?.length ? await readSeeds(opts.seed) : opts.empty ? [] : undefined;
  const tls = await readTls(opts);

  const { startSandbox } = await import('../sandbox/server.ts');
  const { seedOrganizations, tokensForAll } = await import('../sandbox/seed-doc.ts');
  let seeded = false;
  const seed =
    seeds === undefined
      ? undefined
      : (store: import('../sandbox/store.ts').Store) => {
          seeded = true;
          seedOrganizations(store, seeds.length ? seeds.map((s) => ({ name: s.name, adminEmail: s.admin })) : [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]);
        };
  const { DataFileError } = await import('../sandbox/store.ts');
  let sb: import('../sandbox/server.ts').Sandbox;
  try {
    // The rules are installed once the state is seeded (a seed is not faulted); checked at start.
    sb = await startSandbox({ port, host: opts.host, dataFile: opts.data, logRequests: false, seed, bench: { clockStart, clockRate, faults }, tls: tls?.server });
  } catch (e) {
    if (e instanceof DataFileError) throw new UsageError(e.message, 'give another --data file, or restore this one (an empty file starts a fresh sandbox)');
    const status = (e as { status?: number }).status;
    if (status === 400) throw new UsageError(`${opts.faults}: ${(e as Error).message}`);
    throw e;
  }
  const bench = sb.bench!;
  if (seeded && seeds?.length) {
    const rules = bench.faults.list();
    bench.faults.clear();
    try {
      for (const s of seeds)
        await applySeed(sb.baseUrl, tls?.caFile, Object.entries(sb.store.meta.tokens as Record<string, { userId: string }>).find(([, v]) => sb.store.get('users', v.userId)?.email === s.admin)![0], s);
    } catch (e) {
      await sb.close();
      throw e;
    }
    for (const r of rules) bench.faults.add(r);
    bench.journal.clear();
    tokensForAll(sb.store);
    sb.tokens = Object.fromEntries(Object.entries(sb.store.meta.tokens as Record<string, { role: string }>).map(([tok, v]) => [v.role, tok]));
  }
  const adminRole = seeds === undefined ? 'admin' : (seeds[0]?.admin ?? 'admin@sandbox.test');
  // The profile is written before the URL is announced, so a reader of the first line can use it.
  if (opts.profile !== false) {
    // A data file made otherwise (another seed) keeps its own users: its admin, else its first.
    const admin = sb.tokens[adminRole] ?? sb.tokens.admin ?? Object.values(sb.tokens)[0]!;
    const user = sb.store.get('users', sb.store.meta.tokens[admin]?.userId)?.email;
    await updateConfig((d) => {
      d.profiles ??= {};
      // Over TLS the profile trusts the sandbox's authority (caFile); nothing global is changed.
      d.profiles.sandbox = { ...(d.profiles.sandbox ?? {}), baseUrl: sb.baseUrl, token: admin, user, controlToken: bench.controlToken, caFile: tls?.caFile };
      d.currentProfile ??= 'sandbox';
    });
    ctx.io.info(`Profile 'sandbox' points at it with the admin token and the control token (use --profile sandbox, or \`agnt config use sandbox\`).`);
  }
  // The start-up lines go out through the presenter before the sandbox serves (the command ends
  // only when it stops). The global --json flag doubles as the sandbox's own --json (contract
  // section 6): its first stdout line is the one JSON object, on a terminal too.
  const started = { baseUrl: sb.baseUrl, tokens: sb.tokens, controlToken: bench.controlToken, clock: bench.clock.view().now, ...(tls ? { caFile: tls.caFile } : {}) };
  const lines = [
    `Sandbox listening on ${sb.baseUrl}${tls ? ' (HTTPS, HTTP/2 and HTTP/1.1)' : ''}`,
    ...(tls ? [`Certificate authority: ${tls.caFile}`] : []),
    'Tokens (one per seeded user):',
    ...Object.entries(sb.tokens).map(([role, token]) => `  ${role.padEnd(12)} ${token}`),
    `Control token (agnt sandbox clock|snapshot|fault|requests|status|stop): ${bench.controlToken}`,
    `Clock: ${started.clock}${bench.clock.rate === 0 ? ' (frozen)' : bench.clock.rate === 1 ? '' : ` (rate ${bench.clock.rate})`}`,
  ];
  // The stop handlers go in before anything is printed: whoever reads a line may stop the sandbox
  // at once, and a SIGTERM that arrives before its listener kills the process unsaved (seen on a
  // loaded machine between 'Press Ctrl-C to stop.' and the listener). `on`, not `once`, so that
  // signal-exit (loaded with ora and the prompts) never finds itself the only listener and kills
  // the process again.
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = () => resolve();
    process.on('SIGTERM', stop);
    bench.onStop = stop;
    ctx.signal.addEventListener('abort', stop, { once: true });
  });
  const { present } = await import('../core/present.ts');
  await present(ctx, { command: 'sandbox start' }, document(ctx.global.json ? JSON.stringify(started) : lines.join('\n')));
  ctx.interruptIsStop = true;
  ctx.io.info('Press Ctrl-C to stop.');
  await stopped;
  process.off('SIGTERM', stop);
  await sb.close();
  ctx.io.info('Sandbox stopped.');
}

interface Seed {
  file: string;
  name: string;
  admin: string;
}

/** Each --seed document, checked as `agnt org validate` checks it, with its organization and admin. */
async function readSeeds(files: string[]): Promise<Seed[]> {
  const { loadDocument } = await import('../workflows/org-as-code/document.ts');
  const out: Seed[] = [];
  for (const file of files) {
    const { doc } = await loadDocument(file);
    const name = doc.organization?.name;
    if (!name) throw new UsageError(`--seed ${file}: the document names no organization (organization.name)`);
    if (out.some((s) => s.name.toLowerCase() === name.toLowerCase())) throw new UsageError(`--seed ${file}: organization '${name}' is seeded twice`);
    const admin = doc.members?.find((m) => m.role === 'admin')?.email;
    if (!admin) throw new UsageError(`--seed ${file}: members lists no admin (the sandbox gives the first admin the organization to start from)`);
    out.push({ file, name, admin });
  }
  return out;
}

/** Applies a document to its seeded organization with `agnt org apply`, as its admin would. */
async function applySeed(baseUrl: string, caFile: string | undefined, token: string, seed: Seed): Promise<void> {
  const { execFile } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { seedOrgId } = await import('../sandbox/seed-doc.ts');
  const config = mkdtempSync(join(tmpdir(), 'agnt-seed-'));
  try {
    const env = { ...process.env, AGNT_BASE_URL: baseUrl, AGNT_TOKEN: token, AGNT_CONFIG_DIR: config, AGNT_KEYRING: 'off', AGNT_PROFILE: undefined, AGNT_CA_FILE: caFile };
    const r = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [process.argv[1]!, 'org', 'apply', '-f', seed.file, seedOrgId(seed.name), '--yes', '--quiet'], { env, maxBuffer: 64 * 1024 * 1024 }, (e, _out, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stderr: String(stderr) }),
      );
    });
    if (r.code !== 0) {
      const lines = r.stderr.trim().split('\n');
      const line = lines.find((l) => l.startsWith('error: ')) ?? lines[0] ?? '';
      throw new AgntError(`--seed ${seed.file}: the sandbox could not be seeded: ${line.replace(/^error:\s*/, '')}`, EXIT.usage);
    }
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
}

/**
 * The certificate to serve with --tls: the given --tls-cert and --tls-key (the profile then
 * trusts that certificate file, which a self-signed certificate or a chain ending in its CA
 * satisfies), else one made now by a new local authority, whose certificate is written beside the
 * data (or in the config folder) for the profile's caFile. The authority's key is never written.
 */
async function readTls(opts: StartOptions): Promise<{ server: { cert: string; key: string; clientCa?: string }; caFile: string } | undefined> {
  const given = opts.tlsCert !== undefined || opts.tlsKey !== undefined;
  if (!opts.tls) {
    if (given || opts.tlsClientCa !== undefined) throw new UsageError('--tls-cert, --tls-key and --tls-client-ca go with --tls');
    return undefined;
  }
  if (given && (opts.tlsCert === undefined || opts.tlsKey === undefined)) throw new UsageError('give --tls-cert and --tls-key together');
  const { readFileSync } = await import('node:fs');
  const { dirname, join, resolve, basename, extname } = await import('node:path');
  const read = (file: string, flag: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`${flag} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
  const clientCa = opts.tlsClientCa !== undefined ? read(opts.tlsClientCa, '--tls-client-ca') : undefined;
  if (given) return { server: { cert: read(opts.tlsCert!, '--tls-cert'), key: read(opts.tlsKey!, '--tls-key'), clientCa }, caFile: resolve(opts.tlsCert!) };
  const { sandboxCertificates } = await import('../sandbox/certificates.ts');
  const { writeFileAtomic } = await import('../core/atomic-file.ts');
  const { configDir } = await import('../core/config.ts');
  const made = sandboxCertificates();
  const caFile = opts.data ? join(dirname(resolve(opts.data)), `${basename(opts.data, extname(opts.data))}.ca.pem`) : join(configDir(), 'sandbox-ca.pem');
  writeFileAtomic(caFile, made.authority.cert, { mode: 0o644, dirMode: 0o700 });
  return { server: { ...made.server, clientCa }, caFile };
}
