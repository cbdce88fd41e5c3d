import type { Context } from '../core/context.ts';
import { catalogue } from '../core/builder.ts';
import { loadAreas } from '../../commands/index.ts';

export async function list(ctx: Context): Promise<void> {
  const rows = [
    { command: 'auth login', method: 'GET', path: '/users/me', summary: 'log in to a server' },
    { command: 'auth status', method: 'GET', path: '/users/me', summary: 'show who you are logged in as' },
    ...catalogue(await loadAreas()),
  ];
  const printer = await ctx.printer([{ path: 'command' }, { path: 'method' }, { path: 'path' }, { path: 'summary' }]);
  await printer.value(rows, true);
}
