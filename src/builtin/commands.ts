import type { Context } from '../core/context.ts';
import { catalogue } from '../core/builder.ts';
import { loadAreas } from '../../commands/index.ts';
import { findEndpoint } from '../api/index.ts';

export async function list(ctx: Context): Promise<void> {
  // auth login and status check the token with the one endpoint they call.
  const { method, path } = await findEndpoint('users.me.get');
  const rows = [
    { command: 'auth login', method, path, summary: 'log in to a server' },
    { command: 'auth status', method, path, summary: 'show who you are logged in as' },
    ...catalogue(await loadAreas()),
  ];
  const printer = await ctx.printer([{ path: 'command' }, { path: 'method' }, { path: 'path' }, { path: 'summary' }]);
  await printer.value(rows, true);
}
