// One context per invocation, built lazily (after gh's Factory): a command that never calls
// the API never reads a token or builds a client.
import { AgntError, EXIT } from './errors.ts';
import { type ClientOptions, HttpClient } from './http.ts';
import { createIO, type IO } from './io.ts';
import { resolveSettings, type Settings } from './config.ts';
import { VERSION } from './version.ts';
import { secondsFlag } from './duration.ts';
import { hostEnv } from './host.ts';
import { journalHooks } from './journal-run.ts';
import { guardrailHooks } from './guardrails/hook.ts';

export interface GlobalOptions {
  output?: string;
  json?: boolean;
  yaml?: boolean;
  jsonl?: boolean;
  fields?: string;
  query?: string;
  /** -o csv: cells as the server sent them. */
  csvRaw?: boolean;
  dryRun?: boolean;
  profile?: string;
  baseUrl?: string;
  yes?: boolean;
  input?: boolean;
  debug?: boolean;
  quiet?: boolean;
  color?: boolean;
  timeout?: string;
  /** The document whose guardrails bind a command without one of its own. */
  guardrails?: string;
}

export class Context {
  readonly io: IO;
  readonly global: GlobalOptions;
  readonly signal: AbortSignal;
  /** Ctrl-C is how this command is meant to end (a server): exit 0, not 130. */
  interruptIsStop = false;
  /** Failures are reported as one JSON object on stderr (--json, -o json|jsonl, AGNT_ERROR_FORMAT=json). */
  jsonErrors = false;
  private _settings?: Settings;
  private _client?: HttpClient;

  constructor(global: GlobalOptions, signal: AbortSignal, io?: IO) {
    this.global = global;
    this.signal = signal;
    this.io = io ?? createIO({ noColor: global.color === false, noInput: global.input === false, quiet: global.quiet });
  }

  settings(): Settings {
    if (!this._settings) {
      let timeout: number | undefined;
      if (this.global.timeout !== undefined) {
        timeout = secondsFlag(this.global.timeout, '--timeout');
      }
      this._settings = resolveSettings({ profile: this.global.profile, baseUrl: this.global.baseUrl, timeout });
    }
    return this._settings;
  }

  get dryRun(): boolean {
    return Boolean(this.global.dryRun);
  }

  /** `tokenOptional`: the endpoint is public (an invitation's landing page); a token is sent when there is one. */
  client(opts: { tokenOptional?: boolean } = {}): HttpClient {
    this._client ??= new HttpClient(this.clientOptions(opts));
    return this._client;
  }

  /** What the command's client is made with (the MCP server makes its session's client from these too). */
  clientOptions(opts: { tokenOptional?: boolean } = {}): ClientOptions {
    const s = this.settings();
    if (!s.baseUrl.value) {
      throw new AgntError('no server configured', EXIT.auth, 'run `agnt auth login`, or `agnt sandbox start` for a local one, or set AGNT_BASE_URL');
    }
    if (!s.token.value && !this.dryRun && !opts.tokenOptional && s.tokenStorage === 'keyring') {
      throw new AgntError(
        `the token of profile '${s.profile.name}' is in the OS keyring, which cannot be read now`,
        EXIT.auth,
        'unlock the keyring, or run `agnt auth login` again (or set AGNT_TOKEN)',
      );
    }
    if (!s.token.value && !this.dryRun && !opts.tokenOptional) {
      throw new AgntError(`not logged in${s.profile.exists ? ` (profile '${s.profile.name}' has no token)` : ''}`, EXIT.auth, 'run `agnt auth login` or set AGNT_TOKEN');
    }
    const env = hostEnv();
    return {
      baseUrl: s.baseUrl.value,
      token: s.token.value,
      timeoutMs: (s.timeout.value ?? 30) * 1000,
      retries: s.retries.value ?? 3,
      debug: this.global.debug ? (line) => this.io.err(line) : undefined,
      dryRun: this.dryRun ? (text) => this.io.out(text) : undefined,
      signal: this.signal,
      userAgent: `agnt/${VERSION} node/${process.versions.node}`,
      backoffBaseMs: env.AGNT_BACKOFF_MS ? Number(env.AGNT_BACKOFF_MS) : undefined,
      writeHooks: [...guardrailHooks({ profile: s.profile.name, file: this.global.guardrails }), ...journalHooks({ profile: s.profile.name, baseUrl: s.baseUrl.value })],
      tls: s.caFile.value || s.certFile.value || s.keyFile.value ? { files: { caFile: s.caFile.value, certFile: s.certFile.value, keyFile: s.keyFile.value }, profile: s.profile.name } : undefined,
      http2: s.http2.value !== 'off',
    };
  }

  async close(): Promise<void> {
    await this._client?.close();
  }
}
