// `agnt sandbox ...`: start the local emulator, and the rehearsal bench's verbs that drive a
// running one (clock, snapshots, fault rules, the journal of requests, status, stop). Definitions
// are eager and cheap; the work loads when a verb runs.
import { type Command, Option } from 'commander';
import type { ContextFactory } from '../core/builder.ts';
import type { Context } from '../core/context.ts';

type Impl = (ctx: Context, ...args: unknown[]) => Promise<void>;

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}`;
}

export function addSandboxCommands(program: Command, makeContext: ContextFactory): void {
  const run =
    (pick: (m: typeof import('./sandbox-control.ts')) => Impl) =>
    async (...params: unknown[]) => {
      const ctx = makeContext(params[params.length - 1] as Command);
      await pick(await import('./sandbox-control.ts'))(ctx, ...params.slice(0, -1));
    };
  const url = (c: Command) => c.option('--url <url>', 'the sandbox (default: the `sandbox` profile, which `agnt sandbox start` writes)');

  const sandbox = program.command('sandbox').description('A local, stateful emulator of the whole API, and a bench to rehearse against it').summary('run the local API emulator');
  sandbox
    .command('start')
    .description(
      'Serve the platform API on 127.0.0.1 with a seeded account (organization, team, admin, coordinator,\nmanager, members, principals, an assistant, contacts) and one token per seeded user, or with the\norganizations of --seed documents (as `agnt org export` writes them), or --empty (one admin). Prints a\ncontrol token for the bench verbs (clock, snapshot, fault, requests, status, stop) and writes a profile\nnamed `sandbox` with the admin token and the control token. Serves until SIGINT, SIGTERM or `agnt sandbox stop`.',
    )
    .summary('start the sandbox server')
    .option('--port <n>', 'port (0 picks a free one)', '0')
    .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
    .option('--data <file>', 'persist the state to this JSON file (loaded if it exists); snapshots go beside it')
    .addOption(new Option('--seed <file>', 'start with the organization of this document (repeatable)').argParser((v: string, p: string[] = []) => [...p, v]))
    .option('--empty', 'start with one organization and its admin only')
    .option('--clock <time>', "start the sandbox's clock at this time (ISO 8601), frozen unless --clock-rate")
    .option('--clock-rate <n>', 'sandbox seconds per real second (0 frozen, 1 running)')
    .option('--faults <file>', 'fault rules to install at start (YAML or JSON, as `agnt sandbox fault add` takes them)')
    .option('--no-profile', 'do not write the `sandbox` profile')
    .addHelpText(
      'after',
      examples(
        'agnt sandbox start   # serves until Ctrl-C',
        'agnt sandbox start --port 0 --data sandbox.json   # any free port; the state kept in sandbox.json',
        'agnt sandbox start --json --no-profile   # first line: {"baseUrl", "tokens", "controlToken", "clock"}',
        'agnt sandbox start --seed examples/org.yaml --clock 2026-12-01T09:00:00Z   # that organization, on a frozen clock',
      ),
    )
    .action(async (...params: unknown[]) => {
      const ctx = makeContext(params[params.length - 1] as Command);
      await (await import('./sandbox.ts')).start(ctx, params[0]);
    });

  const clock = sandbox.command('clock').description("Show or move the sandbox's clock: timestamps, span states, expiries and audit events follow it").summary("show or move the sandbox's clock");
  url(clock.command('show', { isDefault: true }).description("Show the sandbox's clock (also `agnt sandbox clock`)").summary('show the clock'))
    .addHelpText('after', examples('agnt sandbox clock', 'agnt sandbox clock show -o json'))
    .action(run((m) => m.clockShow as Impl));
  url(
    clock
      .command('set')
      .argument('<time>', 'ISO 8601 time with its zone, e.g. 2026-12-01T09:00:00Z')
      .option('--rate <n>', 'and run at this rate from there (0 frozen, 1 running)')
      .description('Set the clock. It never goes back past the latest stored record (exit 2); restore a snapshot for that.')
      .summary('set the clock'),
  )
    .addHelpText('after', examples('agnt sandbox clock set 2027-01-04T09:00:00Z', 'agnt sandbox clock set 2027-01-04T09:00:00Z --rate 60   # a minute per second'))
    .action(run((m) => m.clockSet as Impl));
  url(clock.command('advance').argument('<duration>', 'e.g. 90m, 36h, 5d, 2w').description('Move the clock forward').summary('move the clock forward'))
    .addHelpText('after', examples('agnt sandbox clock advance 5d', 'agnt sandbox clock advance 1d12h'))
    .action(run((m) => m.clockAdvance as Impl));

  const snapshot = sandbox.command('snapshot').description('Save the whole state (records and clock) under a name, and put it back').summary('save and restore the state');
  url(snapshot.command('save').argument('<name>', 'letters, digits, . _ -').description('Save the state under NAME (replacing a snapshot of that name)').summary('save a snapshot'))
    .addHelpText('after', examples('agnt sandbox snapshot save before-import'))
    .action(run((m) => m.snapshotSave as Impl));
  url(snapshot.command('restore').argument('<name>').description('Put back every record and the clock as saved; tokens stay valid').summary('restore a snapshot'))
    .addHelpText('after', examples('agnt sandbox snapshot restore before-import'))
    .action(run((m) => m.snapshotRestore as Impl));
  url(snapshot.command('list').alias('ls').description('List the snapshots').summary('list snapshots'))
    .addHelpText('after', examples('agnt sandbox snapshot list'))
    .action(run((m) => m.snapshotList as Impl));
  url(snapshot.command('delete').argument('<name>').description('Delete a snapshot').summary('delete a snapshot'))
    .addHelpText('after', examples('agnt sandbox snapshot delete before-import'))
    .action(run((m) => m.snapshotDelete as Impl));

  const fault = sandbox.command('fault').description('Answer matching requests with failures on purpose, to rehearse retries').summary('inject failures');
  url(
    fault
      .command('add')
      .option('--method <method>', 'GET, POST, PUT, PATCH or DELETE')
      .option('--path <glob>', "path glob: * within a segment, ** across ('/contacts/*')")
      .option('--endpoint <id>', 'an endpoint id of the model (an operationId of `agnt api spec`)')
      .option('--user <user>', "only this user's requests (id or e-mail)")
      .option('--status <code>', 'answer with this HTTP status')
      .option('--rate <share>', 'on this share of matching requests (0-1)')
      .option('--times <n>', 'on the next N matching requests only')
      .option('--retry-after <duration>', 'send Retry-After (e.g. 2s)')
      .option('--delay <duration>', 'answer after this long (e.g. 800ms); alone, the real answer comes late')
      .option('--reset', 'drop the connection instead of answering')
      .description('Add a fault rule. A rule that matches no endpoint of the API model is refused (exit 2).')
      .summary('add a fault rule'),
  )
    .addHelpText(
      'after',
      examples(
        "agnt sandbox fault add --method POST --path '/contacts/*' --status 503 --rate 0.2 --retry-after 2s",
        'agnt sandbox fault add --endpoint users.me.get --status 429 --times 3',
        "agnt sandbox fault add --method GET --path '/teams' --reset --times 1",
      ),
    )
    .action(run((m) => m.faultAdd as Impl));
  url(fault.command('list').alias('ls').description('List the fault rules, with how often each answered').summary('list fault rules'))
    .addHelpText('after', examples('agnt sandbox fault list'))
    .action(run((m) => m.faultList as Impl));
  url(fault.command('clear').argument('[id]', 'one rule (default: all)').description('Remove one fault rule, or all of them').summary('remove fault rules'))
    .addHelpText('after', examples('agnt sandbox fault clear'))
    .action(run((m) => m.faultClear as Impl));

  url(
    sandbox
      .command('requests')
      .option('--since <id>', 'only requests after this one')
      .option('--method <method>', 'only this method')
      .option('--path <glob>', "only paths matching this glob ('/contacts/**')")
      .option('--follow', 'keep printing requests as they arrive, until Ctrl-C')
      .description('The journal of what the sandbox received and answered: method, path, query, body (secrets masked), status, user, the fault rule that answered, time on the sandbox clock')
      .summary('list the requests the sandbox served'),
  )
    .addHelpText('after', examples('agnt sandbox requests --method POST --path /contacts/bulk-import -o json', 'agnt sandbox requests --since 120 -o jsonl'))
    .action(run((m) => m.requests as Impl));
  url(sandbox.command('status').description('The URL, clock, records per collection, snapshots, fault rules and data file').summary("show the sandbox's state"))
    .addHelpText('after', examples('agnt sandbox status', 'agnt sandbox status -o json'))
    .action(run((m) => m.status as Impl));
  url(sandbox.command('stop').description('Stop the sandbox (its data file, if any, is written first)').summary('stop the sandbox'))
    .addHelpText('after', examples('agnt sandbox stop'))
    .action(run((m) => m.stop as Impl));
}
