// `agnt version`: what a bug report needs, agnt's version, Node's and the platform.
import type { Context } from '../core/context.ts';
import { VERSION } from '../core/version.ts';

export async function version(ctx: Context): Promise<void> {
  const data = { agnt: VERSION, node: process.versions.node, platform: `${process.platform}-${process.arch}` };
  const printer = await ctx.printer();
  await printer.value(data, false, `agnt ${data.agnt}\nNode ${data.node}\nplatform ${data.platform}`);
}
