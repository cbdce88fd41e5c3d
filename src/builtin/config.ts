import { UsageError } from '../core/errors.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { activeProfileName, PROFILE_SETTINGS, profileNames, readConfig, updateConfig, type Profile, type SettingName } from '../core/config.ts';
import { parseBaseUrl } from '../core/http.ts';
import { confirm } from '../core/io.ts';
import { checkZone } from '../core/zone.ts';
import { existsSync } from 'node:fs';
import { keyringDelete, keyringSave } from '../core/keyring.ts';
import { passphraseAccount } from '../core/tls-settings.ts';
import { resolve } from 'node:path';

const PASSPHRASE = 'key-passphrase';

/** The passphrase of key-file, into the OS keyring only (read from stdin: never in argv or the file). */
async function setPassphrase(ctx: Context, value: string): Promise<void> {
  if (value !== '-') throw new UsageError('key-passphrase is read from stdin, never from the command line', 'run `agnt config set key-passphrase -` and type it, or pipe it in');
  const passphrase = (await ctx.io.readStdin()).replace(/\r?\n$/, '');
  if (!passphrase) throw new UsageError('no passphrase on stdin');
  const { name } = activeProfileName(readConfig(), ctx.global.profile);
  if (!keyringSave(passphraseAccount(name), passphrase)) throw new UsageError('no OS keyring can keep it here', 'set AGNT_KEY_PASSPHRASE in the environment instead');
  ctx.io.info(`key-passphrase kept in the OS keyring (profile '${name}')`);
}

function setting(key: string) {
  const s = PROFILE_SETTINGS[key as SettingName];
  if (!s) throw new UsageError(`unknown setting '${key}' (settings: ${Object.keys(PROFILE_SETTINGS).join(', ')})`);
  return s;
}

export function list(ctx: Context): Outcome {
  const s = ctx.settings();
  const rows = [
    { key: 'profile', value: s.profile.name, source: s.profile.source },
    { key: 'base-url', value: s.baseUrl.value ?? null, source: s.baseUrl.source },
    { key: 'output', value: s.output.value ?? null, source: s.output.source },
    { key: 'timeout', value: s.timeout.value ?? null, source: s.timeout.source },
    { key: 'retries', value: s.retries.value ?? null, source: s.retries.source },
    { key: 'timezone', value: s.timezone.value ?? null, source: s.timezone.source },
    { key: 'ca-file', value: s.caFile.value ?? null, source: s.caFile.source },
    { key: 'cert-file', value: s.certFile.value ?? null, source: s.certFile.source },
    { key: 'key-file', value: s.keyFile.value ?? null, source: s.keyFile.source },
    { key: 'http2', value: s.http2.value ?? null, source: s.http2.source },
  ];
  return { data: rows, columns: [{ path: 'key' }, { path: 'value' }, { path: 'source' }] };
}

/**
 * The value alone, whatever the profile's output setting (`$(agnt config get base-url)`); -o json
 * or --query when asked for. Nothing for a setting not set.
 */
export function get(ctx: Context, key: unknown): Outcome {
  const def = setting(String(key));
  const data = readConfig();
  const { name } = activeProfileName(data, ctx.global.profile);
  return { data: data.profiles?.[name]?.[def.key as keyof Profile], format: 'table' };
}

function convert(key: string, value: string): string | number {
  const def = setting(key);
  if (def.type === 'number' || def.type === 'integer') {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || (def.type === 'integer' && !Number.isInteger(n))) throw new UsageError(`${key} must be a positive ${def.type}, got '${value}'`);
    return n;
  }
  if ('enum' in def && !(def.enum as readonly string[]).includes(value)) throw new UsageError(`${key}: invalid value '${value}' (allowed: ${def.enum.join(', ')})`);
  if (key === 'base-url') return parseBaseUrl(value).toString().replace(/\/$/, '');
  if (key === 'timezone') return checkZone(value, 'timezone');
  // Kept absolute: the profile is used from any folder.
  if (def.type === 'file') {
    const file = resolve(value);
    if (!existsSync(file)) throw new UsageError(`${key}: no file '${file}'`);
    return file;
  }
  return value;
}

export async function set(ctx: Context, key: unknown, value: unknown): Promise<void> {
  const k = String(key);
  if (k === PASSPHRASE) return setPassphrase(ctx, String(value));
  const v = convert(k, String(value));
  const data = readConfig();
  const { name } = activeProfileName(data, ctx.global.profile);
  await updateConfig((d) => {
    d.profiles ??= {};
    d.profiles[name] = { ...(d.profiles[name] ?? {}), [setting(k).key]: v };
    d.currentProfile ??= name;
  });
  ctx.io.info(`${k} = ${v} (profile '${name}')`);
}

export async function unset(ctx: Context, key: unknown): Promise<void> {
  if (key === PASSPHRASE) return keyringDelete(passphraseAccount(activeProfileName(readConfig(), ctx.global.profile).name));
  const def = setting(String(key));
  const data = readConfig();
  const { name } = activeProfileName(data, ctx.global.profile);
  await updateConfig((d) => {
    const p = d.profiles?.[name];
    if (p) delete p[def.key as keyof Profile];
  });
}

export function profiles(ctx: Context): Outcome {
  const data = readConfig();
  const active = activeProfileName(data, ctx.global.profile).name;
  const rows = profileNames(data).map((n) => ({
    name: n,
    active: n === active,
    baseUrl: data.profiles?.[n]?.baseUrl ?? null,
    user: data.profiles?.[n]?.user ?? null,
    loggedIn: Boolean(data.profiles?.[n]?.token || data.profiles?.[n]?.tokenStore === 'keyring'),
  }));
  return { data: rows, columns: [{ path: 'name' }, { path: 'active' }, { path: 'baseUrl', header: 'BASE_URL' }, { path: 'user' }, { path: 'loggedIn', header: 'LOGGED_IN' }] };
}

export async function use(ctx: Context, name: unknown): Promise<void> {
  const n = String(name);
  const data = readConfig();
  if (!data.profiles?.[n]) throw new UsageError(`no profile named '${n}' (profiles: ${profileNames(data).join(', ') || 'none'})`);
  await updateConfig((d) => {
    d.currentProfile = n;
  });
  ctx.io.info(`profile '${n}' is now active`);
}

export async function remove(ctx: Context, name: unknown): Promise<void> {
  const n = String(name);
  const data = readConfig();
  if (!data.profiles?.[n]) throw new UsageError(`no profile named '${n}'`);
  await confirm(ctx.io, `Delete profile '${n}' and its token?`, ctx.global.yes);
  await updateConfig((d) => {
    delete d.profiles?.[n];
    if (d.currentProfile === n) delete d.currentProfile;
  });
  if (data.profiles[n]!.tokenStore === 'keyring') (await import('../core/keyring.ts')).keyringDelete(n);
  ctx.io.info(`profile '${n}' removed`);
}
