// The commands that are not API endpoints: auth, config, sandbox, api, commands. Their
// definitions are eager (cheap); their implementations load when they run.
import { Argument, type Command, Option } from 'commander';
import { type ContextFactory, hinted } from './core/builder.ts';
import { addCoordinationCommands } from './builtin/coordination.ts';
import { addSandboxCommands } from './builtin/sandbox-commands.ts';

function lazy(makeContext: ContextFactory, load: () => Promise<(ctx: import('./core/context.ts').Context, ...args: unknown[]) => Promise<void>>) {
  return async (...params: unknown[]) => {
    const cmd = params[params.length - 1] as Command;
    const ctx = makeContext(cmd);
    const fn = await load();
    await fn(ctx, ...params.slice(0, -1));
  };
}

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}`;
}

export function addBuiltins(program: Command, makeContext: ContextFactory): void {
  const auth = program.command('auth').description('Log in, check and log out of a server').summary('log in, check and log out of a server');
  auth
    .command('login')
    .description(
      'Save a server and token in a profile, after checking the token with GET /users/me.\nOn a terminal it asks for both (the token masked); in scripts pass --with-token and the token on stdin.',
    )
    .summary('log in to a server')
    .option('--with-token', 'read the token from standard input')
    .addHelpText(
      'after',
      `\nEndpoint:\n  GET /users/me\n${examples('agnt auth login   # on a terminal: asks for the base URL and the token', 'agnt auth login --with-token < token.txt   # the base URL from AGNT_BASE_URL or the profile', 'agnt auth login --profile staging --base-url "$AGNT_BASE_URL" --with-token < token.txt')}`,
    )
    .action(lazy(makeContext, async () => (await import('./builtin/auth.ts')).login));
  auth
    .command('status')
    .description('Show the active profile, server, user, masked token, where the token is stored, and where each setting came from')
    .summary('show who you are logged in as')
    .addHelpText('after', `\nEndpoint:\n  GET /users/me\n${examples('agnt auth status', 'agnt auth status --json')}`)
    .action(lazy(makeContext, async () => (await import('./builtin/auth.ts')).status));
  auth
    .command('logout')
    .description("Remove the active profile's token")
    .summary('forget the token of a profile')
    .addHelpText('after', examples('agnt auth logout', 'agnt auth logout --profile staging'))
    .action(lazy(makeContext, async () => (await import('./builtin/auth.ts')).logout));

  const config = program.command('config').description('Profile settings and profiles').summary('profile settings and profiles');
  const settingNames = ['base-url', 'output', 'timeout', 'retries'];
  config
    .command('list')
    .alias('ls')
    .description('List the settings of the active profile and where each value comes from')
    .summary('list settings')
    .addHelpText('after', examples('agnt config list', 'agnt config list --profile sandbox --json'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).list));
  config
    .command('get')
    .argument('<key>', `setting: ${settingNames.join(', ')}`)
    .description('Print one setting of the active profile')
    .summary('print a setting')
    .addHelpText('after', examples('agnt config get output'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).get));
  config
    .command('set')
    .argument('<key>', `setting: ${settingNames.join(', ')}`)
    .argument('<value>', 'value')
    .description('Set a setting of the active profile (the token is set with `agnt auth login`)')
    .summary('change a setting')
    .addHelpText('after', examples('agnt config set output json', 'agnt config set timeout 60 --profile staging'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).set));
  config
    .command('unset')
    .argument('<key>', `setting: ${settingNames.join(', ')}`)
    .description('Remove a setting from the active profile')
    .summary('remove a setting')
    .addHelpText('after', examples('agnt config unset output'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).unset));
  config
    .command('profiles')
    .description('List profiles; the active one is marked')
    .summary('list profiles')
    .addHelpText('after', examples('agnt config profiles'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).profiles));
  config
    .command('use')
    .argument('<profile>', 'profile name')
    .description('Make a profile the active one')
    .summary('switch profile')
    .addHelpText('after', examples('agnt config use staging'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).use));
  config
    .command('remove')
    .alias('rm')
    .argument('<profile>', 'profile name')
    .description('Delete a profile and its token')
    .summary('delete a profile')
    .addHelpText('after', examples('agnt config remove staging --yes'))
    .action(lazy(makeContext, async () => (await import('./builtin/config.ts')).remove));

  addSandboxCommands(program, makeContext);

  const api = program
    .command('api')
    .description(
      'Send any request to the API: the raw escape hatch. Fields go to the query string for GET and DELETE\nand to the JSON body otherwise. -F converts true, false, null, numbers and JSON; -f sends strings.',
    )
    .summary('send a raw API request')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'path relative to the base URL, e.g. /users/me')
    .addOption(new Option('-F, --field <key=value>', 'typed field (repeatable)').argParser((v: string, p: string[] = []) => [...p, v]))
    .addOption(new Option('-f, --raw-field <key=value>', 'string field (repeatable)').argParser((v: string, p: string[] = []) => [...p, v]))
    .option('--file <path>', "request body from a JSON or YAML file, or '-' for stdin")
    .option('--paginate', 'follow page/perPage/total until every page is read')
    .addHelpText(
      'after',
      examples(
        'agnt api GET /users/me',
        'agnt api GET /users -F perPage=5 --paginate --jsonl',
        'agnt api POST /identifiers -f type=email -f value=a@example.com',
        'agnt api PATCH /users/me --file examples/me.yaml',
      ),
    )
    .action(lazy(makeContext, async () => (await import('./builtin/api.ts')).api));
  api
    .command('spec')
    .description(
      "Print the OpenAPI 3.1 document of the API (YAML; -o json for JSON), generated from agnt's model of it:\nevery endpoint an operation, its id the operationId. docs/openapi.yaml is the same document.",
    )
    .summary('print the OpenAPI document of the API')
    .addHelpText('after', examples('agnt api spec > openapi.yaml', "agnt api spec -o json | jq '.paths | keys | length'"))
    .action(lazy(makeContext, async () => (await import('./builtin/api-spec.ts')).spec));

  addCoordinationCommands(program, makeContext);
  const repeat = (v: string, p: string[] = []) => [...p, v];
  program
    .command('batch')
    .description(
      'Run an agnt command once per row of a CSV, TSV, JSONL or YAML file, in process, a few rows at a time.\n' +
        "{column} in the command is replaced by the row's value ({{ and }} are literal braces). Each row is recorded in a\n" +
        'ledger (FILE.batch-ledger.jsonl) before its request is sent; after Ctrl-C or a crash, the same command with --resume\n' +
        'runs every row exactly once: a row that may already have reached the server is looked up first where the API\n' +
        'allows it, and reported as unknown where it does not. Results come out as one stream (-o jsonl, csv, json, table)\n' +
        "with the row number and key columns; failed rows go to --errors-out in the input's own columns plus batch_error.\n" +
        'Exit codes: 0 every row succeeded, 6 some rows failed, 2 bad options or placeholders (nothing sent), 130 interrupted.',
    )
    .summary('run a command once per row of a file')
    .argument('<file>', "CSV, TSV, JSONL or YAML file, or '-' for stdin (CSV unless --input-format)")
    .argument('[command...]', 'after --: the agnt command line, with {column} placeholders')
    .option('--concurrency <n>', `rows in flight at once (default 4)`)
    .option('--serial', 'one row at a time (same as --concurrency 1)')
    .option('--match <column=regex>', 'only rows whose column matches the regular expression; repeatable (all must match)', repeat)
    .option('--skip-rows <n>', 'skip the first N data rows')
    .option('--max-rows <n>', 'run at most N rows (try a few first)')
    .option('--key <columns>', 'columns that identify a row in output and errors (default: the columns the command uses)', repeat)
    .addOption(hinted(new Option('--errors-out <file>', "write the failed rows, in the input's own columns plus batch_error"), { file: true }))
    .addOption(hinted(new Option('--ledger <file>', 'where to keep the ledger (default: FILE.batch-ledger.jsonl; required for --resume with stdin)'), { file: true }))
    .option('--resume', 'finish an interrupted run from its ledger')
    .addOption(hinted(new Option('--input-format <format>', 'csv, tsv, jsonl, yaml or json instead of guessing from the file name'), { values: ['csv', 'tsv', 'jsonl', 'yaml', 'json'] }))
    .option('--delimiter <char>', 'CSV field delimiter instead of detecting it (comma, semicolon, tab, pipe, or one character)')
    .addOption(hinted(new Option('--encoding <name>', 'text encoding instead of detecting it'), { values: ['utf8', 'utf16le', 'utf16be', 'windows-1252'] }))
    .addHelpText(
      'after',
      examples(
        "agnt batch examples/hr-export.csv --max-rows 5 -- users provision --email '{Work Email}' --first-name '{First}' --last-name '{Last}' --team-id team_acme",
        "agnt batch examples/invitees.csv --errors-out failed.csv -o jsonl -- invitations create --team-id team_acme --email '{email}'",
        "agnt batch examples/managers.yaml --dry-run -- manager-assignments create --manager '{manager}' --managed-user '{coordinator}'",
        "agnt batch examples/invitees.csv --resume -- invitations create --team-id team_acme --email '{email}'",
        "agnt batch examples/leavers.csv --yes --match 'status=^left$' -- users update '{id}' --status suspended",
      ),
    )
    .action(async (file: string, command: string[], opts: unknown, cmd: Command) => {
      const ctx = makeContext(cmd);
      await (await import('./workflows/batch/command.ts')).batch(ctx, file, command, opts, program.options);
    });

  const mcp = program
    .command('mcp')
    .description(
      'Serve agnt to AI agents over the Model Context Protocol (stdio; --http for Streamable HTTP on 127.0.0.1), as the\n' +
        'active profile; the token never appears in a tool. A few tools by default (search, describe, run a read, plan a\n' +
        'write, apply a plan, inbox, wait...); --tools all or --toolsets one tool per command. Writes are refused unless\n' +
        '--allow-writes; a destructive plan then needs the user to type its target back, or --allow-destructive.',
    )
    .summary('serve agnt to AI agents (Model Context Protocol)')
    .option('--http', 'serve Streamable HTTP on 127.0.0.1 (at /mcp) instead of stdio')
    .option('--port <n>', 'port for --http (default 8765; 0 picks a free one)')
    .option('--allow-writes', 'let apply_plan send the writes it planned')
    .option('--allow-destructive', 'apply destructive plans without asking the user (needs --allow-writes)')
    .option('--tools <set>', "'all': one tool per command instead of the compact set")
    .option('--toolsets <areas>', 'one tool per command of these areas (comma-separated: contacts,coverage)')
    .addHelpText(
      'after',
      examples(
        'agnt mcp   # the client starts it and talks on stdin and stdout; it stops when stdin ends',
        'agnt mcp --toolsets contacts,coverage --allow-writes',
        'agnt mcp install --client claude-code --profile sandbox',
      ),
    )
    .action(lazy(makeContext, async () => (await import('./mcp/command.ts')).serve));
  mcp
    .command('install')
    .description(
      "Write (or update) a client's configuration entry that runs `agnt mcp --profile NAME`, with no token in it;\n" + 'the rest of the file is kept byte for byte. --print shows the entry instead.',
    )
    .summary('add agnt to an MCP client')
    .addOption(hinted(new Option('--client <name>', 'claude-code, claude-desktop, cursor or vscode'), { values: ['claude-code', 'claude-desktop', 'cursor', 'vscode'] }))
    .option('--print', 'print the entry; change nothing')
    .addOption(hinted(new Option('--config <file>', "the client's configuration file, when not the usual one"), { file: true }))
    .option('--name <name>', 'the server name in the file (default agnt)')
    .addHelpText('after', examples('agnt mcp install --client vscode --profile sandbox', 'agnt mcp install --client cursor --print'))
    .action(lazy(makeContext, async () => (await import('./mcp/install.ts')).install));

  program
    .command('commands')
    .description('List every command with the endpoint it calls; --json prints the catalogue')
    .summary('list commands and endpoints')
    .option('--markdown', 'print the command reference (docs/commands.md) as Markdown')
    .addHelpText('after', examples('agnt commands', 'agnt commands --json', 'agnt commands --markdown > commands.md'))
    .action(async (opts: { markdown?: boolean }, cmd: Command) => {
      const ctx = makeContext(cmd);
      if (opts.markdown) ctx.io.out((await import('./completion/reference.ts')).commandReference(program));
      else await (await import('./builtin/commands.ts')).list(ctx);
    });

  program
    .command('completion')
    .description(
      "Print a completion script for bash, zsh or fish, generated from the command tree: commands, flags,\nflag values, file paths, and ids of the active profile's server (asked with a short timeout, cached for a minute).",
    )
    .summary('print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'mkdir -p ~/.local/share/bash-completion/completions && agnt completion bash > ~/.local/share/bash-completion/completions/agnt',
        'mkdir -p ~/.zfunc && agnt completion zsh > ~/.zfunc/_agnt   # with fpath=(~/.zfunc $fpath) in ~/.zshrc',
        'mkdir -p ~/.config/fish/completions && agnt completion fish > ~/.config/fish/completions/agnt.fish',
        'source <(agnt completion bash)',
      ),
    )
    .action(async (shell: string, _opts: unknown, cmd: Command) => {
      const ctx = makeContext(cmd);
      const { completionScript } = await import('./completion/scripts.ts');
      ctx.io.out(completionScript(program, shell as 'bash' | 'zsh' | 'fish'));
    });

  // Called by the completion scripts as `agnt __complete -- <words...>`; the `--` keeps commander
  // from reading the user's half-typed flags (--help, -v) as its own.
  program
    .command('__complete', { hidden: true })
    .description('Print completions for a partial command line, one value<TAB>description per line')
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (words: string[] | undefined, _opts: unknown, cmd: Command) => {
      const ctx = makeContext(cmd);
      await (await import('./completion/complete.ts')).complete(ctx, program, words ?? []);
    });
}

export const BUILTIN_NAMES = new Set(['auth', 'config', 'sandbox', 'api', 'batch', 'commands', 'completion', '__complete', 'help', 'inbox', 'wait', 'mcp']);
