// The token in the OS keyring (Secret Service, macOS Keychain, Windows Credential Manager)
// through @napi-rs/keyring. The native binding is loaded only when a token is read from or
// written to the keyring: never for --help, --version, or a run with AGNT_TOKEN set. Where it
// cannot be loaded or there is no keyring service (a headless Linux box), every call reports
// failure and the caller keeps the token in the 0600 config file instead.
import { createRequire } from 'node:module';
import { hostEnv } from './host.ts';

const SERVICE = 'agnt';

interface Entry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
  deletePassword(): unknown;
}
type Binding = { Entry: new (service: string, account: string) => Entry };

let binding: Binding | null | undefined;

/** AGNT_KEYRING=off keeps tokens in the config file (CI, shared accounts). */
export function keyringEnabled(env = hostEnv()): boolean {
  return !/^(0|off|false|no)$/i.test(env.AGNT_KEYRING ?? '');
}

function load(env = hostEnv()): Binding | null {
  if (binding !== undefined) return binding;
  try {
    // AGNT_KEYRING_MODULE swaps in another implementation of the same API (tests).
    binding = createRequire(import.meta.filename)(env.AGNT_KEYRING_MODULE || '@napi-rs/keyring') as Binding;
  } catch {
    binding = null;
  }
  return binding;
}

function entry(account: string): Entry | undefined {
  if (!keyringEnabled()) return undefined;
  const b = load();
  if (!b) return undefined;
  try {
    return new b.Entry(SERVICE, account);
  } catch {
    return undefined;
  }
}

/** Stores the token; true only when it can be read back. */
export function keyringSave(account: string, token: string): boolean {
  const e = entry(account);
  if (!e) return false;
  try {
    e.setPassword(token);
    return e.getPassword() === token;
  } catch {
    return false;
  }
}

export function keyringRead(account: string): string | undefined {
  try {
    return entry(account)?.getPassword() ?? undefined;
  } catch {
    return undefined;
  }
}

export function keyringDelete(account: string): void {
  try {
    entry(account)?.deletePassword();
  } catch {
    /* nothing stored, or no keyring: nothing to remove */
  }
}
