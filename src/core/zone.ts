// IANA zone names, checked with Intl alone (no Temporal), for commands that only store or
// check a zone (agnt config set timezone).
import { UsageError } from './errors.ts';

export function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A zone given by the user (a flag, AGNT_TIMEZONE, a profile), checked. */
export function checkZone(tz: string, where: string): string {
  if (!validZone(tz)) throw new UsageError(`${where}: '${tz}' is not an IANA time zone (e.g. Europe/Paris)`);
  return tz;
}

/** The machine's zone. */
export function systemZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
