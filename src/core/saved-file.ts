// A JSON file agnt saved for a later run (a plan from `org plan --out` or `batch --plan-out`, a
// rehearsal receipt) read back: missing, not JSON, or not of the kind expected, it is one usage
// error naming the flag and what writes such a file.
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.ts';

/**
 * `label` starts the error (`--plan FILE`); `what` says what the file should be ('a plan saved by
 * agnt org plan --out'); `fits` checks its kind and shape.
 */
export function readSavedJson(file: string, label: string, what: string, fits: (data: any) => boolean): any {
  let data: any;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`${label}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not ${what}`}`);
  }
  if (!data || typeof data !== 'object' || !fits(data)) throw new UsageError(`${label}: not ${what}`);
  return data;
}
