// Commands that are not one endpoint each: `agnt inbox` (what waits for me, across areas) and
// `agnt wait KIND ID` (poll an object until a condition holds). Definitions are eager and
// cheap; the work loads when they run.
import type { Command } from 'commander';
import type { ContextFactory } from '../core/builder.ts';
import { WAIT_KINDS } from '../workflows/wait-kinds.ts';

function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}`;
}

const an = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export function addCoordinationCommands(program: Command, makeContext: ContextFactory): void {
  program
    .command('inbox')
    .description(
      'What waits for you, across your roles: coverage spans to accept (backup) or approve (manager), your drafts not ' +
        'yet submitted, delegations to confirm (principal), delegations whose calendar access is degraded ' +
        "(coordinator), your team's pending invitations (team owners and admins) and organization requests to decide " +
        '(organization admins). Each item comes with the commands that act on it. Times are in your time zone.\n\n' +
        'With --watch it polls: on a terminal the screen is redrawn; in a pipe only new items are printed, one JSON ' +
        'object per line (or one id per line with -o id). A source that cannot be read is named on stderr (exit 6).',
    )
    .summary('what waits for you: spans to accept or approve, drafts, delegations, invitations, requests')
    .option('--watch', 'keep polling; Ctrl-C stops')
    .option('--interval <duration>', 'pause between polls with --watch (default 30s)')
    .option('--tz <zone>', "time zone for times (default: your user's timezone)")
    .option('--utc', 'show times in UTC')
    .addHelpText(
      'after',
      `\nEndpoints:\n  GET /users/me\n  GET /coverage-spans (role backup, manager, primary)\n  GET /coverage-spans/{spanId}/principals\n  GET /delegations (role principal, coordinator)\n  GET /team-invitations\n  GET /organization-requests\n${examples(
        [
          'agnt inbox',
          'agnt inbox -o json',
          'agnt inbox --watch --interval 1m',
          'agnt inbox --watch | while read -r item; do notify-send agnt "$item"; done',
          'agnt inbox -o jsonl | jq -r \'select(.kind == "coverage.accept") | .id\' | agnt coverage accept -',
        ],
      )}`,
    )
    .action(async (opts: Record<string, unknown>, cmd: Command) => {
      const ctx = makeContext(cmd);
      const outcome = await (await import('../workflows/inbox.ts')).inbox(ctx, opts);
      await (await import('../core/present.ts')).present(ctx, { command: 'inbox' }, outcome);
    });

  const wait = program
    .command('wait')
    .description(
      'Poll an object until a condition holds. Exit 0 when it does, 1 when the object reaches a state from which ' +
        'it cannot (a rejected or cancelled span for status=scheduled, a failed job), 8 when --timeout passes first.\n\n' +
        "--for takes FIELD=VALUE (dotted FIELD; several values comma-separated) or 'jmespath=EXPR', met when EXPR is " +
        'truthy. Polls start --interval apart and back off by half each time, up to --max-interval.',
    )
    .summary('wait for a coverage span, delegation, delivery job, drive file or onboarding session to reach a state');
  for (const k of WAIT_KINDS) {
    const c = wait
      .command(k.name)
      .aliases(k.aliases)
      .description(`Wait for ${an(k.what)} to meet a condition (statuses: ${k.statuses})`)
      .summary(`wait for ${an(k.what)}`)
      .argument(`<${k.arg}>`, `${k.what} id`)
      .option('--for <condition>', `FIELD=VALUE[,VALUE...] or 'jmespath=EXPR' (default: ${k.defaultFor})`)
      // The root program owns --timeout (seconds per request) and reads it wherever it stands;
      // here it is how long to wait, and the per-request limit comes from AGNT_TIMEOUT or the profile.
      .option('--timeout <duration>', 'how long to wait before giving up with exit 8: 30s, 10m, 2h, 1d (default 10m)')
      .option('--interval <duration>', 'first pause between polls (default 1s)')
      .option('--max-interval <duration>', 'longest pause between polls (default 15s)');
    if (k.flag) c.option(`--${k.flag.flag} <id>`, `${k.flag.description}${k.flag.default ? ` (default: ${k.flag.default})` : ''}`);
    c.addHelpText('after', `\nEndpoint:\n  GET ${k.path}\n${examples(k.examples)}`);
    c.action(async (id: string, opts: Record<string, unknown>, cmd: Command) => {
      const ctx = makeContext(cmd);
      const timeout = ctx.global.timeout;
      ctx.global.timeout = undefined;
      const outcome = await (await import('../workflows/wait.ts')).wait(ctx, k, id, { ...opts, timeout });
      await (await import('../core/present.ts')).present(ctx, { command: `wait ${k.name}` }, outcome);
    });
  }
}
