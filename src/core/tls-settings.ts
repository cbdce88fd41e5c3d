// The profile's TLS settings as the HTTP client uses them: a CA bundle to trust (caFile), a client
// certificate for mutual TLS (certFile, keyFile, and the key's passphrase from AGNT_KEY_PASSPHRASE
// or the OS keyring, never from the config file), and whether to offer HTTP/2 (http2: auto|off).
// The files are read and the key opened here, before any request, so that a wrong path or
// passphrase is a usage error naming the setting rather than a failed handshake.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { UsageError } from './errors.ts';
import { keyringRead } from './keyring.ts';

/** What the client's connections are made with (PEM text, read from the settings' files). */
export interface TlsOptions {
  ca?: string;
  cert?: string;
  key?: string;
  passphrase?: string;
  /** Where `cert` was read from, for the message of a server that refuses it (not a TLS option). */
  certFile?: string;
}

export interface TlsFiles {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

/** The keyring account of a profile's key passphrase (`agnt config set key-passphrase`). */
export const passphraseAccount = (profile: string): string => `${profile}:key-passphrase`;

function read(file: string, setting: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${setting} '${file}' cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, `fix it with \`agnt config set ${setting} FILE\` (or unset it)`);
  }
}

/** Reads and checks the files the settings name; undefined when none is set. */
export function tlsOptions(files: TlsFiles, profile: string, env: NodeJS.ProcessEnv): TlsOptions | undefined {
  if (!files.caFile && !files.certFile && !files.keyFile) return undefined;
  const out: TlsOptions = {};
  if (files.caFile) {
    out.ca = read(files.caFile, 'ca-file');
    if (!out.ca.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`ca-file '${files.caFile}' holds no PEM certificate`, 'give a PEM bundle of the authorities to trust');
  }
  if (Boolean(files.certFile) !== Boolean(files.keyFile)) {
    const [has, lacks] = files.certFile ? ['cert-file', 'key-file'] : ['key-file', 'cert-file'];
    throw new UsageError(`${has} is set but ${lacks} is not: a client certificate needs both`, `run \`agnt config set ${lacks} FILE\``);
  }
  if (files.certFile && files.keyFile) {
    out.cert = read(files.certFile, 'cert-file');
    out.certFile = files.certFile;
    out.key = read(files.keyFile, 'key-file');
    if (out.key.includes('ENCRYPTED')) {
      out.passphrase = env.AGNT_KEY_PASSPHRASE || keyringRead(passphraseAccount(profile));
      if (!out.passphrase)
        throw new UsageError(
          `key-file '${files.keyFile}' is encrypted and no passphrase is given`,
          'set AGNT_KEY_PASSPHRASE, or keep it in the OS keyring with `agnt config set key-passphrase -` (read from stdin)',
        );
    }
    checkKey(out.key, out.passphrase, files.keyFile);
  }
  return out;
}

/** Opens the client key with its passphrase now: a wrong one is a usage error, not a failed handshake. */
function checkKey(key: string, passphrase: string | undefined, keyFile: string): void {
  // node:crypto only for a profile with a client certificate: not a cost of every start.
  const { createPrivateKey } = createRequire(import.meta.filename)('node:crypto') as typeof import('node:crypto');
  try {
    createPrivateKey({ key, passphrase });
  } catch (e) {
    const bad = /bad decrypt|passphrase/i.test((e as Error).message);
    throw new UsageError(
      bad ? `key-file '${keyFile}' cannot be opened with the passphrase given` : `key-file '${keyFile}' is not a private key: ${(e as Error).message}`,
      bad ? 'check AGNT_KEY_PASSPHRASE (or the passphrase kept by `agnt config set key-passphrase`)' : 'give the PEM private key of cert-file',
    );
  }
}
