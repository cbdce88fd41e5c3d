// The credential of `agnt mcp --http`. Any local process (or a browser page's script, through DNS
// rebinding) can reach 127.0.0.1, and the server acts as the profile's user: every request must
// carry a bearer token. One is made at each start (printed once on stderr, and stored 0600 for
// `agnt mcp install --url`), or read from --token-file. Compared in constant time: the digests of
// both, so neither the token's length nor its first differing byte shows in the time taken.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-file.ts';
import { configDir } from '../core/config.ts';
import { UsageError } from '../core/errors.ts';

/** Where the token of the last `agnt mcp --http` of a profile is kept. */
export function storedTokenPath(profile: string): string {
  return join(configDir(), 'mcp', `${profile.replace(/[^A-Za-z0-9_.-]+/g, '_')}.http-token`);
}

export function newToken(): string {
  return `agnt_mcp_${randomBytes(32).toString('base64url')}`;
}

/** A token from --token-file: its first line, at least 32 characters (a guessable one is refused). */
export function readTokenFile(file: string, flag = '--token-file'): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const token = text.split(/\r?\n/, 1)[0]!.trim();
  if (token.length < 32 || /\s/.test(token)) throw new UsageError(`${flag} ${file}: the token must be one line of at least 32 characters with no spaces`);
  return token;
}

export function storeToken(profile: string, token: string): string {
  const file = storedTokenPath(profile);
  writeFileAtomic(file, `${token}\n`, { mode: 0o600, dirMode: 0o700 });
  return file;
}

/** The stored token of a profile, if `agnt mcp --http` has made one. */
export function storedToken(profile: string): string | undefined {
  try {
    return readFileSync(storedTokenPath(profile), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether an Authorization header carries this bearer token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  // Compared even when absent, so that a missing header costs the same as a wrong one.
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && Boolean(m);
}
