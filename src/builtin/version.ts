// `agnt version`: what a bug report needs, agnt's version, Node's and the platform.
import type { Outcome } from '../core/outcome.ts';
import { VERSION } from '../core/version.ts';

export function version(): Outcome {
  const data = { agnt: VERSION, node: process.versions.node, platform: `${process.platform}-${process.arch}` };
  return { data, text: `agnt ${data.agnt}\nNode ${data.node}\nplatform ${data.platform}` };
}
