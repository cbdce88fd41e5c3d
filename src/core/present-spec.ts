// What the presenter knows of a command, shared by the presenter (present.ts) and its stream
// sink (present-stream.ts), which the presenter loads only for a stream.
import type { CommandSpec } from './spec.ts';

/** What the presenter needs of a command's record. */
export type PresentSpec = Pick<CommandSpec, 'command'> & Partial<Pick<CommandSpec, 'columns' | 'render' | 'path' | 'endpoint' | 'formats' | 'markdown'>>;

/** The words an id of this command's result may be nested under: its path's parameters ('identifierId': identifier) and its resource. */
export function idKeysOf(spec: PresentSpec): string[] {
  const keys: string[] = [];
  for (const m of (spec.path ?? '').matchAll(/\{(\w+?)Id\}/g)) keys.push(m[1]!);
  const resource = (spec.endpoint as { resource?: string } | undefined)?.resource;
  if (resource) keys.push(resource);
  return keys;
}
