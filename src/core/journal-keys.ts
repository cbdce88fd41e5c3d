// What a run keeps for its change journal (Host.locals keys), shared by journal-run.ts, which
// start-up loads, and journal-hook.ts, which it loads at the first write.

/** The run's arguments, for the change set's command line. */
export const COMMAND_LINE = { key: 'command line' };
/** The run's journal settings, once a client was made: journal-hook.ts makes the run's hook from them. */
export const JOURNAL_SETTINGS = { key: 'journal settings' };

export interface JournalSettings {
  profile: string;
  baseUrl: string;
}
