// The flags of an audit-event tail, shared by `org audit-events tail` and
// `coordinator audit-events-tail` (src/workflows/audit-tail.ts reads them).
import type { OptionSpec } from '../src/core/spec.ts';

/** The flags of an audit-event tail (org and coordinator). */
export const TAIL_OPTIONS: OptionSpec[] = [
  { flags: '--since <when>', description: 'start at this time: 24h, 7d (that long ago), or a time (default: the oldest event)' },
  { flags: '--follow', description: 'keep polling for new events until Ctrl-C' },
  { flags: '--interval <seconds>', description: 'seconds (or a duration: 30s, 1m) between polls with --follow (default 10)' },
  { flags: '--cursor-file <file>', description: 'where the position is kept: a restart goes on after the last event written', file: true },
  { flags: '--schema <schema>', description: 'ecs: Elastic Common Schema documents', enum: ['ecs'] },
  { flags: '--tz <zone>', description: "time zone of a local --since (default: AGNT_TIMEZONE, the profile's, your user's)" },
];
