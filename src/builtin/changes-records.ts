// `agnt changes list|show|prune` and `agnt undo`: the change journal (docs/changes.md).
import type { BuiltinGroup, BuiltinRecord } from './record.ts';

export const CHANGES_GROUPS: readonly BuiltinGroup[] = [
  {
    command: 'changes',
    summary: 'the change sets of the writes agnt made (the change journal)',
    description:
      'Every write agnt sends, from any command, is kept in a change set of the profile (docs/changes.md): the command\n' + 'line, the record before, the answer after. `agnt undo ID` reverts one.',
  },
];

export const CHANGES_RECORDS: readonly BuiltinRecord[] = [
  {
    command: 'changes list',
    summary: 'list the change sets, newest first',
    options: [
      { flags: '--since <when>', description: 'only those made since: a duration back (7d, 12h) or a date (2026-01-31)' },
      { flags: '--command <text>', description: 'only those whose command line contains this' },
      { flags: '--user <user>', description: "only those made as this user (the profile's user)" },
    ],
    examples: ['agnt changes list', 'agnt changes list --since 1d --command "contacts update"', 'agnt changes list -o json'],
    run: async (ctx, { opts }) => (await import('../workflows/changes.ts')).list(ctx, opts),
  },
  {
    command: 'changes show',
    summary: 'show a change set: each request, field by field before and after',
    args: [{ name: 'id', description: 'the change set id (agnt changes list)' }],
    examples: [
      "agnt contacts update con_carol --title 'Chief of Staff'",
      'agnt changes show "$(agnt changes list -o id | head -1)"',
      'agnt changes show "$(agnt changes list -o id | head -1)" -o json',
    ],
    run: async (ctx, { args }) => (await import('../workflows/changes.ts')).show(ctx, String(args[0])),
  },
  {
    command: 'changes prune',
    summary: 'delete change sets older than a time (90 days by default)',
    options: [{ flags: '--older-than <duration>', description: 'age of the change sets to delete (30d, 2w); default 90d' }],
    examples: ['agnt changes prune --older-than 30d'],
    run: async (ctx, { opts }) => (await import('../workflows/changes.ts')).prune(ctx, opts),
  },
  {
    command: 'undo',
    summary: 'revert a change set: its writes undone in reverse order',
    description:
      'Send the inverse of each write of a change set, newest first (docs/inverses.md): an update writes back the\n' +
      'fields it changed, a create deletes what it made, a delete creates the record again. Each field is read first:\n' +
      'one changed by someone since is refused and named, the rest undone, and the run exits 7. A write the run never\n' +
      'heard back from is undone only where it took effect. The undo is a change set too: undoing it redoes.',
    args: [{ name: 'id', description: 'the change set id (agnt changes list)' }],
    examples: ["agnt contacts update con_carol --title 'Chief of Staff'", 'agnt undo "$(agnt changes list -o id | head -1)" --dry-run', 'agnt undo "$(agnt changes list -o id | head -1)" --yes'],
    run: async (ctx, { args, opts }) => (await import('../workflows/undo.ts')).undo(ctx, String(args[0]), opts),
  },
];
