// A command agnt suggests (an inbox item's, "submit it with: ...") runs as the run that suggested
// it: the --profile and --base-url given on its command line go with it, so that a line copied
// as shown does not act as another user or against another server. (An AGNT_PROFILE or
// AGNT_BASE_URL of the environment still holds in the shell the line is pasted into.)
import type { GlobalOptions } from './context.ts';

/** A word as the shell reads it: bare when it is plain, else single-quoted. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `line` ("agnt coverage accept cov_1") with the run's --profile and --base-url after `agnt`. */
export function asThisRun(global: Pick<GlobalOptions, 'profile' | 'baseUrl'>, line: string): string {
  const flags: string[] = [];
  if (global.profile) flags.push('--profile', shellWord(global.profile));
  if (global.baseUrl) flags.push('--base-url', shellWord(global.baseUrl));
  if (!flags.length || !line.startsWith('agnt ')) return line;
  return `agnt ${flags.join(' ')} ${line.slice(5)}`;
}
