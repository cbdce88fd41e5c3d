// The -o of the two commands that also write an iCalendar file (coordinator schedule, coverage
// events). Declaring -o on a command lets `ics` through the global check of output formats
// (src/cli.ts); every other command refuses `-o ics` as an unknown format.
export const ICS_OUTPUT_OPTION = {
  flags: '-o, --output <format>',
  description: 'output format: table, json, yaml, jsonl, csv, id, or ics (an iCalendar file: one event per span and principal)',
};
