// Completion for an extension's words: `agnt-NAME __complete WORDS...` prints candidates, one
// value<TAB>description per line, as `agnt __complete` does; a short timeout keeps a TAB quick.
import { execFile } from 'node:child_process';
import { findExtension } from './find.ts';

export async function completeExtension(words: string[]): Promise<string | undefined> {
  const ext = findExtension(words[0]!);
  if (!ext) return undefined;
  return new Promise((resolve) => {
    execFile(ext.path, ['__complete', ...words.slice(1)], { timeout: 2000 }, (err, stdout) => resolve(err ? '' : String(stdout).trimEnd()));
  });
}
