// Profiles: one JSON file in AGNT_CONFIG_DIR (or the XDG config folder), mode 0600 in a 0700
// folder. conf writes it (atomically, through a temp file and rename); reads go straight to
// the file because conf's constructor loads a JSON-schema validator that would double the
// start-up time of every command that only needs to read a base URL and a token.
import { withFileLock } from './file-lock.ts';
import { chmodSync, closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './errors.ts';
import { keyringRead } from './keyring.ts';
import { currentHost, hostEnv } from './host.ts';

export interface Profile {
  baseUrl?: string;
  /** The token, when it is kept in this file (no OS keyring, or AGNT_KEYRING=off). */
  token?: string;
  /** 'keyring': the token is in the OS keyring, under the profile's name. */
  tokenStore?: 'keyring';
  output?: string;
  timeout?: number;
  retries?: number;
  /** IANA zone for reading and showing wall times (core/time.ts). */
  timezone?: string;
  /** Path of the document whose guardrails apply (core/guardrails). */
  guardrails?: string;
  user?: string;
  /** `agnt sandbox start`'s control token (the sandbox profile only; see src/builtin/sandbox-control.ts). */
  controlToken?: string;
  /** A PEM bundle of certificate authorities to trust for this server (core/tls-settings.ts). */
  caFile?: string;
  /** A client certificate and its key, for servers that require mutual TLS. */
  certFile?: string;
  keyFile?: string;
  /** Offer HTTP/2 to an https server (auto, the default) or not (off). */
  http2?: 'auto' | 'off';
}

export interface ConfigData {
  currentProfile?: string;
  profiles?: Record<string, Profile>;
}

export const PROFILE_SETTINGS = {
  'base-url': { key: 'baseUrl', type: 'string' },
  output: { key: 'output', type: 'string', enum: ['table', 'json', 'yaml', 'jsonl', 'csv', 'id'] },
  timeout: { key: 'timeout', type: 'number' },
  retries: { key: 'retries', type: 'integer' },
  timezone: { key: 'timezone', type: 'string' },
  /** The organization document whose guardrails bind a command that has no document of its own. */
  guardrails: { key: 'guardrails', type: 'string' },
  'ca-file': { key: 'caFile', type: 'file' },
  'cert-file': { key: 'certFile', type: 'file' },
  'key-file': { key: 'keyFile', type: 'file' },
  http2: { key: 'http2', type: 'string', enum: ['auto', 'off'] },
} as const;
export type SettingName = keyof typeof PROFILE_SETTINGS;

export function configDir(env = hostEnv()): string {
  if (env.AGNT_CONFIG_DIR) return env.AGNT_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'agnt');
}

export function configPath(env = hostEnv()): string {
  return join(configDir(env), 'config.json');
}

/**
 * Reads the profiles. Every command that reads the file (and so may read a token from it)
 * tightens looser permissions than 0600 first, with a warning on stderr.
 */
export function readConfig(env = hostEnv(), warn: (m: string) => void = (m) => currentHost().stderr.write(`warning: ${m}\n`)): ConfigData {
  const file = configPath(env);
  let text: string;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  try {
    tighten(file, fstatSync(fd).mode, warn);
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  try {
    return JSON.parse(text) as ConfigData;
  } catch {
    throw new UsageError(`config file ${file} is not valid JSON; fix or remove it`);
  }
}

function tighten(file: string, rawMode: number, warn: (m: string) => void): void {
  const mode = rawMode & 0o777;
  if (!(mode & 0o077)) return;
  try {
    chmodSync(file, 0o600);
    warn(`config file ${file} was readable by others (mode ${mode.toString(8)}); set it to 600`);
  } catch (e) {
    warn(`config file ${file} is readable by others (mode ${mode.toString(8)}) and could not be changed: ${(e as Error).message}`);
  }
}

/** Looser permissions than 0600 on a file that may hold a token are tightened, with a warning. */
export function tightenPermissions(warn: (m: string) => void, env = hostEnv()): void {
  const file = configPath(env);
  try {
    tighten(file, statSync(file).mode, warn);
  } catch {
    /* no file yet */
  }
}

// Writers lock config.json (src/core/file-lock.ts) around the whole read-modify-write, so that
// concurrent `agnt config set` runs each keep their key.
const LOCK_WAIT_MS = 15_000;

/**
 * Applies a change through conf, which writes a temp file and renames it over the old one,
 * under the config lock: the file is read after the lock is taken, so no other writer's change
 * is lost.
 */
export async function updateConfig(mutate: (data: ConfigData) => void, env = hostEnv()): Promise<ConfigData> {
  const dir = configDir(env);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import('conf');
  return await withFileLock(join(dir, 'config.json'), { waitMs: LOCK_WAIT_MS, what: 'the config file' }, async () => {
    const store = new Conf<ConfigData>({
      cwd: dir,
      configName: 'config',
      projectName: 'agnt',
      projectSuffix: '',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
    });
    const data = structuredClone(store.store) as ConfigData;
    mutate(data);
    store.store = data;
    chmodSync(store.path, 0o600);
    return data;
  });
}

export function profileNames(data: ConfigData): string[] {
  return Object.keys(data.profiles ?? {}).sort();
}

export function activeProfileName(data: ConfigData, flag?: string, env = hostEnv()): { name: string; source: Source } {
  if (flag) return { name: flag, source: 'flag' };
  if (env.AGNT_PROFILE) return { name: env.AGNT_PROFILE, source: 'env' };
  if (data.currentProfile) return { name: data.currentProfile, source: 'profile' };
  return { name: 'default', source: 'default' };
}

export type Source = 'flag' | 'env' | 'profile' | 'default';

export interface Resolved<T> {
  value: T | undefined;
  source: Source;
}

export interface Settings {
  profile: { name: string; source: Source; exists: boolean };
  baseUrl: Resolved<string>;
  token: Resolved<string>;
  /** Where the token is kept: the environment, the OS keyring, or the config file. */
  tokenStorage: 'environment' | 'keyring' | 'file' | null;
  output: Resolved<string>;
  timeout: Resolved<number>;
  retries: Resolved<number>;
  /** AGNT_TIMEZONE, else the profile's (checked where it is used: core/time.ts). */
  timezone: Resolved<string>;
  caFile: Resolved<string>;
  certFile: Resolved<string>;
  keyFile: Resolved<string>;
  http2: Resolved<'auto' | 'off'>;
  configPath: string;
}

export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  output?: string;
  timeout?: number;
  retries?: number;
}

function pick<T>(flag: T | undefined, envValue: T | undefined, profileValue: T | undefined, fallback?: T): Resolved<T> {
  if (flag !== undefined) return { value: flag, source: 'flag' };
  if (envValue !== undefined) return { value: envValue, source: 'env' };
  if (profileValue !== undefined) return { value: profileValue, source: 'profile' };
  return { value: fallback, source: 'default' };
}

function envNumber(name: string, env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${name} must be a non-negative number, got '${raw}'`);
  return n;
}

function http2Env(env: NodeJS.ProcessEnv): 'auto' | 'off' | undefined {
  const raw = env.AGNT_HTTP2;
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'auto' && raw !== 'off') throw new UsageError(`AGNT_HTTP2 must be auto or off, got '${raw}'`);
  return raw;
}

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_RETRIES = 3;

export function resolveSettings(flags: SettingFlags, env = hostEnv(), data: ConfigData = readConfig(env)): Settings {
  const profile = activeProfileName(data, flags.profile, env);
  const p = data.profiles?.[profile.name];
  if (!p && (profile.source === 'flag' || profile.source === 'env')) {
    const known = profileNames(data);
    throw new UsageError(`no profile named '${profile.name}'${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, 'run `agnt auth login --profile NAME` to create it');
  }
  const fromEnv = env.AGNT_TOKEN || undefined;
  const inKeyring = !fromEnv && p?.tokenStore === 'keyring';
  let token: Resolved<string> | undefined;
  return {
    profile: { ...profile, exists: Boolean(p) },
    baseUrl: pick(flags.baseUrl, env.AGNT_BASE_URL || undefined, p?.baseUrl),
    // Read on first use: the keyring's binding loads only for commands that need the token.
    get token(): Resolved<string> {
      token ??= inKeyring ? { value: keyringRead(profile.name), source: 'profile' } : pick(undefined, fromEnv, p?.token);
      return token;
    },
    tokenStorage: fromEnv ? 'environment' : inKeyring ? 'keyring' : p?.token ? 'file' : null,
    output: pick(flags.output, env.AGNT_OUTPUT || undefined, p?.output),
    timeout: pick(flags.timeout, envNumber('AGNT_TIMEOUT', env), p?.timeout, DEFAULT_TIMEOUT_SECONDS),
    retries: pick(flags.retries, envNumber('AGNT_RETRIES', env), p?.retries, DEFAULT_RETRIES),
    timezone: pick(undefined, env.AGNT_TIMEZONE || undefined, p?.timezone),
    caFile: pick(undefined, env.AGNT_CA_FILE || undefined, p?.caFile),
    certFile: pick(undefined, env.AGNT_CERT_FILE || undefined, p?.certFile),
    keyFile: pick(undefined, env.AGNT_KEY_FILE || undefined, p?.keyFile),
    http2: pick(undefined, http2Env(env), p?.http2, 'auto'),
    configPath: configPath(env),
  };
}

export function maskToken(token: string | undefined): string {
  if (!token) return '(none)';
  if (token.length <= 8) return '****';
  return `${token.slice(0, 4)}${'*'.repeat(Math.min(20, token.length - 4))}`;
}
