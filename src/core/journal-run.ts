// The change journal's part of every run's start-up: the command line remembered (cli.ts) and the
// run's write hook (Context.clientOptions), without the journal itself. The hook, the change-set
// files and the record reads (journal-hook.ts) load at the run's first write: most runs only read,
// and the start-up chunk every command loads is budgeted.
import { currentHost, hostEnv, type Host } from './host.ts';
import type { WriteHook } from './write-hooks.ts';

import { COMMAND_LINE, JOURNAL_SETTINGS, type JournalSettings } from './journal-keys.ts';

const LAZY_HOOK = { key: 'journal hook (lazy)' };

/** Remembers the run's arguments (cli.ts), for the change set's command line. */
export function rememberCommandLine(host: Host, argv: readonly string[]): void {
  host.locals.set(COMMAND_LINE, [...argv]);
}

/**
 * The run's journal hook, one per run (a run that builds several clients still makes one change
 * set); none when AGNT_JOURNAL=off. It loads the journal on its first write.
 */
export function journalHooks(settings: JournalSettings): WriteHook[] {
  if (hostEnv().AGNT_JOURNAL === 'off') return [];
  const host = currentHost();
  if (!host.locals.has(JOURNAL_SETTINGS)) host.locals.set(JOURNAL_SETTINGS, settings);
  let hook = host.locals.get(LAZY_HOOK) as WriteHook | undefined;
  if (!hook) {
    let real: Promise<WriteHook> | undefined;
    hook = {
      before: async (write, client) => {
        real ??= import('./journal-hook.ts').then((m) => m.runJournal(host)!);
        return (await real).before(write, client);
      },
    };
    host.locals.set(LAZY_HOOK, hook);
  }
  return [hook];
}
