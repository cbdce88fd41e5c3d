// The commands that are not API endpoints: auth, config, sandbox, api, commands. Their
// definitions are eager (cheap); their implementations load when they run.
import { Argument, type Command, Option } from 'commander';
import type { ContextFactory } from './core/builder.ts';

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
      `\nEndpoint:\n  GET /users/me\n${examples('agnt auth login', 'agnt auth login --base-url https://api.example.com --with-token < token.txt', 'agnt auth login --profile staging --base-url https://staging.example.com --with-token < token.txt')}`,
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

  const sandbox = program.command('sandbox').description('A local, stateful emulator of the whole API').summary('run the local API emulator');
  sandbox
    .command('start')
    .description(
      'Serve the platform API on 127.0.0.1 with a seeded account (organization, team, admin, coordinator,\nmanager, members, principals, an assistant, contacts) and one token per seeded user. Writes a profile\nnamed `sandbox` pointing at it with the admin token. Serves until SIGINT or SIGTERM.',
    )
    .summary('start the sandbox server')
    .option('--port <n>', 'port (0 picks a free one)', '0')
    .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
    .option('--data <file>', 'persist the state to this JSON file (loaded if it exists)')
    .option('--no-profile', 'do not write the `sandbox` profile')
    .addHelpText('after', examples('agnt sandbox start', 'agnt sandbox start --port 8080 --data sandbox.json', 'agnt sandbox start --json | head -1'))
    .action(lazy(makeContext, async () => (await import('./builtin/sandbox.ts')).start));

  program
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
        'agnt api PUT /users/usr_1 --file body.yaml',
      ),
    )
    .action(lazy(makeContext, async () => (await import('./builtin/api.ts')).api));

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
        'agnt completion bash > ~/.local/share/bash-completion/completions/agnt',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh syntax in an example, not a template
        'agnt completion zsh > "${fpath[1]}/_agnt"',
        'agnt completion fish > ~/.config/fish/completions/agnt.fish',
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

export const BUILTIN_NAMES = new Set(['auth', 'config', 'sandbox', 'api', 'commands', 'completion', '__complete', 'help']);
