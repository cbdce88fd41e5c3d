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
  replaceData?: boolean;
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
  const seeds = opts.seed?.length ? await readSeeds(opts.seed, ctx) : opts.empty ? [] : undefined;
  const data = opts.data !== undefined ? await seedTarget(opts.data, seeds === undefined ? undefined : opts.empty ? '--empty' : '--seed', opts.replaceData === true) : undefined;
  const tls = await readTls(opts);

  const { startSandbox } = await import('../sandbox/server.ts');
  const { seedOrganizations, tokensForAll } = await import('../sandbox/seed-doc.ts');
  let seeded = false;
  const seed =
    seeds === undefined
      ? undefined
      : (store: import('../sandbox/store.ts').Store) => {
          seeded = true;
          seedOrganizations(store, seeds.length ? seeds.map((s) => ({ name: s.name, adminEmail: s.admin, assistant: s.assistant })) : [{ name: 'Sandbox', adminEmail: 'admin@sandbox.test' }]);
        };
  const { DataFileError } = await import('../sandbox/store.ts');
  let sb: import('../sandbox/server.ts').Sandbox;
  try {
    // The rules are installed once the state is seeded (a seed is not faulted); checked at start.
    sb = await startSandbox({ port, host: opts.host, dataFile: opts.data, logRequests: false, seed, bench: { clockStart, clockRate, faults }, tls: tls?.server });
  } catch (e) {
    data?.failed();
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
      // A seed that fails leaves nothing behind: the data file is as it was before this start.
      data?.failed();
      throw e;
    }
    for (const r of rules) bench.faults.add(r);
    bench.journal.clear();
    tokensForAll(sb.store);
    sb.tokens = Object.fromEntries(Object.entries(sb.store.meta.tokens as Record<string, { role: string }>).map(([tok, v]) => [v.role, tok]));
  }
  data?.succeeded();
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

/**
 * The --data file of a start: a file that already holds a sandbox's state is resumed, and refused
 * with --seed or --empty (which would replace it) unless --replace-data says the seed wins. A
 * replaced file is moved aside while the seed runs and put back if it fails, so a failed seed
 * leaves the data file as it was (or absent, when there was none).
 */
async function seedTarget(file: string, seedFlag: string | undefined, replace: boolean) {
  const { existsSync, renameSync, rmSync, statSync, writeFileSync } = await import('node:fs');
  const holds = existsSync(file) && statSync(file).size > 0;
  if (replace && !seedFlag) throw new UsageError('--replace-data goes with --seed or --empty (it says that the seed replaces the state of the --data file)');
  if (!seedFlag) return undefined;
  if (holds && !replace)
    throw new UsageError(
      `--data ${file} already holds a sandbox's state, which ${seedFlag} would replace`,
      `add --replace-data to start from ${seedFlag === '--seed' ? 'the seed' : 'an empty organization'} (the file is replaced once the seed succeeds), or leave out ${seedFlag} to resume the file`,
    );
  const aside = `${file}.before-seed`;
  const wasEmpty = existsSync(file) && !holds;
  if (holds) renameSync(file, aside);
  return {
    failed(): void {
      rmSync(file, { force: true });
      if (holds) renameSync(aside, file);
      else if (wasEmpty) writeFileSync(file, '', { mode: 0o600 });
    },
    succeeded(): void {
      if (holds) rmSync(aside, { force: true });
    },
  };
}

interface Seed {
  file: string;
  name: string;
  admin: string;
  assistant: string | null;
  /** The document to apply instead of the file (its unset secrets emptied), as JSON. */
  text?: string;
}

/** Each --seed document, checked as `agnt org validate` checks it, with its organization and admin. */
async function readSeeds(files: string[], ctx: Context): Promise<Seed[]> {
  const { loadDocument } = await import('../workflows/org-as-code/document.ts');
  const { unsetSecrets } = await import('../workflows/org-as-code/secrets.ts');
  const { hostEnv } = await import('../core/host.ts');
  const out: Seed[] = [];
  for (const file of files) {
    const { doc } = await loadDocument(file);
    // A secret whose variable is not set is seeded empty, with a note (a sandbox holds no real secret).
    const unset = unsetSecrets(doc, hostEnv());
    for (const u of unset.paths) ctx.io.info(`note: --seed ${file}: ${u.path} refers to \${env:${u.name}}, which is not set; seeded empty`);
    const name = doc.organization?.name;
    if (!name) throw new UsageError(`--seed ${file}: the document names no organization (organization.name)`);
    if (out.some((s) => s.name.toLowerCase() === name.toLowerCase())) throw new UsageError(`--seed ${file}: organization '${name}' is seeded twice`);
    const admin = doc.members?.find((m) => m.role === 'admin')?.email;
    if (!admin) throw new UsageError(`--seed ${file}: members lists no admin (the sandbox gives the first admin the organization to start from)`);
    out.push({ file, name, admin, assistant: doc.organization?.defaultAssistant ?? null, ...(unset.paths.length ? { text: JSON.stringify(unset.doc) } : {}) });
  }
  return out;
}

/** Applies a document to its seeded organization with `agnt org apply`, as its admin would. */
async function applySeed(baseUrl: string, caFile: string | undefined, token: string, seed: Seed): Promise<void> {
  const { seedOrgId } = await import('../sandbox/seed-doc.ts');
  await applyInSandbox(baseUrl, token, seedOrgId(seed.name), seed.file, seed.text, `--seed ${seed.file}: the sandbox could not be seeded`, caFile);
}

/**
 * Runs `agnt org apply -f FILE ORG --yes` against a sandbox as a process of its own, with the
 * given token and a throw-away config folder (the one implementation of what a document means);
 * `text`, when given, is applied instead of the file (written 0600 into that folder).
 */
export async function applyInSandbox(baseUrl: string, token: string, orgId: string, file: string, text: string | undefined, failure: string, caFile?: string): Promise<void> {
  const { execFile } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const self = (await import('../core/self.ts')).selfCommand();
  const config = mkdtempSync(join(tmpdir(), 'agnt-seed-'));
  try {
    let doc = file;
    if (text !== undefined) {
      doc = join(config, 'seed.json');
      writeFileSync(doc, text, { mode: 0o600 });
    }
    const env = { ...process.env, AGNT_BASE_URL: baseUrl, AGNT_TOKEN: token, AGNT_CONFIG_DIR: config, AGNT_KEYRING: 'off', AGNT_PROFILE: undefined, AGNT_CA_FILE: caFile };
    const r = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(self.file, [...self.args, 'org', 'apply', '-f', doc, orgId, '--yes', '--quiet'], { env, maxBuffer: 64 * 1024 * 1024 }, (e, _out, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stderr: String(stderr) }),
      );
    });
    if (r.code !== 0) {
      const lines = r.stderr.trim().split('\n');
      const line = lines.find((l) => l.startsWith('error: ')) ?? lines[0] ?? '';
      throw new AgntError(`${failure}: ${line.replace(/^error:\s*/, '')}`, EXIT.usage);
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
