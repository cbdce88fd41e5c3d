// Usage and cost across chats (part 1, 2.1 usage totals and 2.3 the per-chat rollup): the
// organization-wide view the API itself does not have (src/workflows/usage/).
import type { AreaSpec } from '../src/core/spec.ts';
import { area as chatsApi } from '../src/api/areas/chats.ts';
import { area as usersApi } from '../src/api/areas/users.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const Chats = endpointsOf(chatsApi);
const Users = endpointsOf(usersApi);

export const usage: AreaSpec = {
  name: 'usage',
  summary: 'Usage and cost of the chats you can see: by user, team, assistant, model, tier, platform, day or week',
  commands: [
    {
      command: 'usage report',
      summary: 'Tokens, cost, runs and turns, grouped by one or two keys; a budget check for scripts',
      description:
        "Reads the chats you can see (an organization admin: the organization's) and adds up their usage. Chat totals answer where they can; a chat's usage rollup is read only when a key needs its runs (model, day, week) or the period cuts through the chat, and only when the chat changed since the last report (rollups are cached in your cache folder). --from and --to take ISO 8601, 24h/7d (that long ago), or local time in your time zone.",
      endpoint: Chats('chats.list'),
      also: [Chats('chats.usage'), Users('users.list')],
      list: false,
      omit: 'all',
      options: [
        { flags: '--by <keys>', description: 'one or two of: user, team, assistant, model, tier, platform, day, week (e.g. team,model; default user)' },
        { flags: '--from <when>', description: 'runs at or after this time (default: all)' },
        { flags: '--to <when>', description: 'runs before this time (a date alone: the end of that day; default: now)' },
        { flags: '--user <user>', description: "only these users' chats (id or e-mail; repeatable)", repeatable: true },
        { flags: '--assistant <assistantId>', description: "only this assistant's chats" },
        { flags: '--budget <usd>', description: 'the period may cost this much (USD): says by how much it is over, or how much is left' },
        { flags: '--exit-code', description: 'with --budget: exit 7 when the cost is over the budget' },
        { flags: '--chart <file.svg>', description: 'also write the cost per row as a standalone SVG chart', file: true },
        { flags: '--tz <zone>', description: "time zone of days, weeks and local times (default: AGNT_TIMEZONE, the profile's, your user's)" },
      ],
      handler: async () => (await import('../src/workflows/usage/report.ts')).usageReport,
      examples: [
        'agnt usage report --from 2026-11-01 --to 2026-11-30 --by team',
        'agnt usage report --from 30d --by day --chart cost.svg',
        'agnt usage report --from 2026-11-01 --by team,model -o csv > november.csv',
        'agnt usage report --from 2026-11-01 --budget 500 --exit-code',
      ],
    },
  ],
};
