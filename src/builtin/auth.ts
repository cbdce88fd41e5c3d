import { AgntError, ApiError, EXIT, Interrupted, NetworkError, UsageError } from '../core/errors.ts';
import { loadPrompts } from '../core/prompts.ts';
import type { Context } from '../core/context.ts';
import type { Outcome } from '../core/outcome.ts';
import { callEndpoint } from '../core/endpoint-request.ts';
import { HttpClient, parseBaseUrl } from '../core/http.ts';
import { activeProfileName, maskToken, profileNames, readConfig, resolveSettings, updateConfig } from '../core/config.ts';
import { keyringDelete, keyringSave } from '../core/keyring.ts';
import { VERSION } from '../core/version.ts';
import { hostEnv } from '../core/host.ts';

interface Me {
  id: string;
  email?: string;
  name?: string | null;
}

// Login may name a profile that does not exist yet, so it reads only flags and environment.
function limits(ctx: Context): { timeoutMs: number; retries: number } {
  const s = resolveSettings({ timeout: ctx.global.timeout ? Number(ctx.global.timeout) : undefined }, { ...hostEnv(), AGNT_PROFILE: undefined }, {});
  return { timeoutMs: (s.timeout.value ?? 30) * 1000, retries: s.retries.value ?? 3 };
}

async function whoAmI(ctx: Context, baseUrl: string, token: string): Promise<Me> {
  const client = new HttpClient({
    baseUrl,
    token,
    ...limits(ctx),
    debug: ctx.global.debug ? (l) => ctx.io.err(l) : undefined,
    signal: ctx.signal,
    userAgent: `agnt/${VERSION}`,
  });
  try {
    const res = await callEndpoint<Me>(client, 'users.me.get');
    return res.data;
  } finally {
    await client.close();
  }
}

export async function login(ctx: Context, rawOpts: unknown): Promise<void> {
  const opts = rawOpts as { withToken?: boolean; use?: boolean };
  const data = readConfig();
  const profile = activeProfileName(data, ctx.global.profile).name;
  const existing = data.profiles?.[profile];
  let baseUrl = ctx.global.baseUrl ?? hostEnv().AGNT_BASE_URL ?? undefined;
  let token: string | undefined;

  if (opts.withToken) {
    if (ctx.io.stdinIsTTY) throw new UsageError('--with-token reads the token from standard input; pipe it in (agnt auth login --with-token < token.txt)');
    token = (await ctx.io.readStdin()).trim();
    if (!baseUrl) baseUrl = existing?.baseUrl;
    if (!baseUrl) throw new UsageError('no server given: pass --base-url URL');
  } else {
    if (!ctx.io.canPrompt()) {
      throw new UsageError('not on a terminal: pass --base-url URL --with-token and the token on stdin');
    }
    const prompts = await loadPrompts(ctx.io.color);
    // Ctrl-C at either question: nothing was saved, exit 130.
    const asked = <T>(p: Promise<T>): Promise<T> =>
      p.catch((e: unknown) => {
        if ((e as Error)?.name === 'ExitPromptError' || (e as Error)?.name === 'AbortPromptError') throw new Interrupted('interrupted: not logged in; nothing was saved');
        throw e;
      });
    const input = (...a: Parameters<typeof prompts.input>) => asked(prompts.input(...a));
    const password = (...a: Parameters<typeof prompts.password>) => asked(prompts.password(...a));
    const out = { input: ctx.io.stdin, output: ctx.io.stderr };
    if (!baseUrl) {
      baseUrl = await input(
        {
          message: 'Base URL of the API:',
          default: existing?.baseUrl,
          validate: (v: string) => {
            try {
              parseBaseUrl(v.trim());
              return true;
            } catch (e) {
              return (e as Error).message;
            }
          },
        },
        out,
      );
    }
    token = (await password({ message: 'API token:', mask: '*', validate: (v: string) => (v.trim() ? true : 'the token is required') }, out)).trim();
  }
  if (!token) throw new UsageError('the token is empty');
  if (/\s/.test(token)) throw new UsageError('the token contains white space; check what was piped in');
  const url = parseBaseUrl(baseUrl.trim()).toString().replace(/\/$/, '');

  const me = await whoAmI(ctx, url, token).catch((e: unknown) => {
    if (e instanceof AgntError && e.exitCode === EXIT.auth) {
      e.message = `the server refused this token: ${e.message}`;
      e.hint = 'check the token and the base URL; nothing was saved';
    }
    throw e;
  });
  const inKeyring = keyringSave(profile, token);
  // Logging in to another profile does not switch to it (scripts log in to several): only the
  // first profile, or --use, becomes the active one.
  let active = profile;
  await updateConfig((d) => {
    const current = d.currentProfile ?? 'default';
    if (!opts.use && current !== profile && d.profiles?.[current]) active = current;
    d.profiles ??= {};
    const next = { ...(d.profiles[profile] ?? {}), baseUrl: url, user: me.email ?? me.id };
    if (inKeyring) {
      delete next.token;
      next.tokenStore = 'keyring';
    } else {
      next.token = token;
      delete next.tokenStore;
    }
    d.profiles[profile] = next;
    d.currentProfile = active;
  });
  // A token left in the keyring by an earlier login must not outlive this one.
  if (!inKeyring && existing?.tokenStore === 'keyring') keyringDelete(profile);
  const who = `Logged in to ${url} as ${me.email ?? me.id}${me.name ? ` (${me.name})` : ''}`;
  if (active === profile) ctx.io.info(`${who}; profile '${profile}' is active.`);
  else ctx.io.info(`${who} in profile '${profile}'; the active profile is still '${active}' (use this one with --profile ${profile}, or switch: agnt config use ${profile}).`);
  ctx.io.info(
    inKeyring
      ? 'The token is stored in the OS keyring.'
      : `The token is stored in ${resolveSettings({}, hostEnv(), {}).configPath} (mode 0600)${hostEnv().AGNT_KEYRING && /^(0|off|false|no)$/i.test(hostEnv().AGNT_KEYRING ?? '') ? ' (AGNT_KEYRING=off)' : ': no OS keyring is available'}.`,
  );
}

/** What checking a token with GET /users/me found: the server said no, or was never reached. */
type TokenCheck = 'accepted' | 'rejected' | 'unreachable' | 'failed';

function checkOf(e: AgntError): TokenCheck {
  if (e instanceof ApiError) return e.status === 401 || e.status === 403 ? 'rejected' : 'failed';
  return e instanceof NetworkError ? 'unreachable' : 'failed';
}

/** The error `auth status` ends with, worded for what went wrong: the token, or the way to the server. */
function checkError(e: AgntError, baseUrl: string): AgntError {
  switch (checkOf(e)) {
    case 'rejected':
      e.message = `the token was not accepted: ${e.message}`;
      e.hint ??= 'run `agnt auth login` again';
      return e;
    case 'unreachable':
      e.message = `cannot reach the server at ${baseUrl}: ${e.message}`;
      e.hint ??= 'the token was not checked; check the base URL (agnt config get base-url), the network and any proxy';
      return e;
    default:
      e.message = `the server could not check the token: ${e.message}`;
      return e;
  }
}

/** What was found, for every format; then, when the token cannot be used, the error (exit 4 or 1) after it. */
export async function status(ctx: Context, rawOpts: unknown = {}): Promise<Outcome> {
  if ((rawOpts as { all?: boolean }).all) return statusAll(ctx);
  const s = ctx.settings();
  const token = s.token.value;
  let user: string | undefined;
  let problem: AgntError | undefined;
  if (s.baseUrl.value && token) {
    try {
      const me = await whoAmI(ctx, s.baseUrl.value, token);
      user = `${me.email ?? me.id}${me.name ? ` (${me.name})` : ''}`;
    } catch (e) {
      if (!(e instanceof AgntError)) throw e;
      problem = e;
    }
  }
  const where = (src: string) => ({ flag: 'flag', env: 'environment', profile: 'profile', default: 'default' })[src] ?? src;
  const data = {
    profile: s.profile.name,
    profileSource: where(s.profile.source),
    baseUrl: s.baseUrl.value ?? null,
    baseUrlSource: s.baseUrl.value ? where(s.baseUrl.source) : null,
    user: user ?? null,
    tokenCheck: problem ? checkOf(problem) : user ? 'accepted' : null,
    token: token ? maskToken(token) : null,
    tokenSource: token
      ? s.tokenStorage === 'environment'
        ? 'environment (AGNT_TOKEN)'
        : s.tokenStorage === 'keyring'
          ? `OS keyring (service agnt, account ${s.profile.name})`
          : `config file ${s.configPath}`
      : null,
    tokenStorage: token ? (s.tokenStorage === 'keyring' ? 'keyring' : s.tokenStorage === 'environment' ? 'environment' : 'file (mode 0600)') : null,
    output: s.output.value ?? 'table',
    outputSource: where(s.output.source),
    timeout: s.timeout.value,
    timeoutSource: where(s.timeout.source),
    configFile: s.configPath,
  };
  let error: AgntError | undefined;
  if (!token && s.tokenStorage === 'keyring')
    error = new AgntError(
      `the token of profile '${s.profile.name}' is in the OS keyring, which cannot be read now`,
      EXIT.auth,
      'unlock the keyring, or run `agnt auth login` again (or set AGNT_TOKEN)',
    );
  else if (!token) error = new AgntError('not logged in', EXIT.auth, 'run `agnt auth login` or set AGNT_TOKEN');
  else if (problem) error = checkError(problem, s.baseUrl.value ?? '');
  return { data, error };
}

/**
 * `auth status --all`: every profile, each checked with its own server and stored token (the
 * environment's AGNT_TOKEN and AGNT_BASE_URL would make every row the same, so they are left out).
 */
async function statusAll(ctx: Context): Promise<Outcome> {
  const data = readConfig();
  const names = profileNames(data);
  if (!names.length) throw new AgntError('no profiles', EXIT.auth, 'run `agnt auth login` to create one');
  const active = activeProfileName(data, undefined, { ...hostEnv(), AGNT_PROFILE: undefined }).name;
  const env = { ...hostEnv(), AGNT_TOKEN: undefined, AGNT_BASE_URL: undefined, AGNT_PROFILE: undefined };
  const rows = await Promise.all(
    names.map(async (name) => {
      const s = resolveSettings({ profile: name }, env, data);
      let token: string | undefined;
      let check: TokenCheck | 'not logged in' = 'not logged in';
      let user: string | null = null;
      let error: string | null = null;
      try {
        token = s.token.value;
      } catch (e) {
        error = (e as Error).message;
      }
      if (token && s.baseUrl.value) {
        try {
          const me = await whoAmI(ctx, s.baseUrl.value, token);
          user = `${me.email ?? me.id}${me.name ? ` (${me.name})` : ''}`;
          check = 'accepted';
        } catch (e) {
          if (!(e instanceof AgntError)) throw e;
          check = checkOf(e);
          error = e.message;
        }
      }
      return { profile: name, active: name === active, baseUrl: s.baseUrl.value ?? null, user, tokenCheck: check, token: token ? maskToken(token) : null, error };
    }),
  );
  const columns = [{ path: 'profile' }, { path: 'active' }, { path: 'baseUrl' }, { path: 'user' }, { path: 'tokenCheck', header: 'TOKEN' }, { path: 'error' }];
  const bad = rows.filter((r) => r.tokenCheck !== 'accepted');
  if (!bad.length) return { data: rows, columns };
  const worst = bad.some((r) => r.tokenCheck === 'rejected' || r.tokenCheck === 'not logged in') ? EXIT.auth : EXIT.failure;
  return { data: rows, columns, error: new AgntError(`${bad.length} of ${rows.length} profiles cannot be used: ${bad.map((r) => `${r.profile} (${r.tokenCheck})`).join(', ')}`, worst) };
}

/**
 * `agnt auth token`: the token agnt would send, on stdout alone, for `$(agnt auth token)`, whatever
 * the profile's output setting (-o json when asked for).
 */
export async function token(ctx: Context): Promise<Outcome> {
  const s = ctx.settings();
  const value = s.token.value;
  if (!value && s.tokenStorage === 'keyring')
    throw new AgntError(`the token of profile '${s.profile.name}' is in the OS keyring, which cannot be read now`, EXIT.auth, 'unlock the keyring, or run `agnt auth login` again');
  if (!value) throw new AgntError(`profile '${s.profile.name}' has no token`, EXIT.auth, 'run `agnt auth login` (or set AGNT_TOKEN)');
  return { data: value, format: 'table' };
}

export async function logout(ctx: Context): Promise<void> {
  const data = readConfig();
  const { name } = activeProfileName(data, ctx.global.profile);
  const p = data.profiles?.[name];
  if (!p?.token && p?.tokenStore !== 'keyring') {
    ctx.io.info(`profile '${name}' has no token; nothing to do`);
    return;
  }
  if (p.tokenStore === 'keyring') keyringDelete(name);
  await updateConfig((d) => {
    const prof = d.profiles?.[name];
    if (prof) {
      delete prof.token;
      delete prof.tokenStore;
      delete prof.user;
    }
  });
  ctx.io.info(`Logged out: removed the token of profile '${name}'${hostEnv().AGNT_TOKEN ? ' (AGNT_TOKEN is still set in the environment)' : ''}.`);
}
