// Chat usage rollups kept between reports, by chat id and the chat's updatedAt: a chat that has
// not changed since the last report is not asked for again. One JSON file per server in the
// user's cache folder (AGNT_CACHE_DIR; else beside a test's AGNT_CONFIG_DIR; else
// $XDG_CACHE_HOME/agnt or ~/.cache/agnt), written whole and renamed into place.
import { writeFileAtomic } from '../../core/atomic-file.ts';
import { hostEnv } from '../../core/host.ts';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What a report needs of a run: [startedAt, model, modelTier, input, output, cacheRead, cacheCreation, costMicros, turns]. */
export type RunRow = [string | null, string | null, string | null, number, number, number, number, number, number];

interface Entry {
  updatedAt: string;
  runs: RunRow[];
}

const MARK = 'agnt usage rollups';

export function cacheDir(env: NodeJS.ProcessEnv = hostEnv()): string {
  if (env.AGNT_CACHE_DIR) return env.AGNT_CACHE_DIR;
  if (env.AGNT_CONFIG_DIR) return join(env.AGNT_CONFIG_DIR, 'cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'agnt');
}

export class RollupCache {
  private chats: Record<string, Entry> = {};
  private dirty = false;
  private readonly file: string;

  constructor(baseUrl: string) {
    const u = new URL(baseUrl);
    this.file = join(cacheDir(), 'usage', `${`${u.hostname}_${u.port || (u.protocol === 'https:' ? 443 : 80)}${u.pathname}`.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
    try {
      const doc = JSON.parse(readFileSync(this.file, 'utf8'));
      if (doc?.agnt === MARK && doc.version === 1 && doc.chats && typeof doc.chats === 'object') this.chats = doc.chats;
    } catch {
      // No cache yet, or one that cannot be read: every rollup is asked for.
    }
  }

  get(chatId: string, updatedAt: string): RunRow[] | undefined {
    const e = this.chats[chatId];
    return e && e.updatedAt === updatedAt ? e.runs : undefined;
  }

  set(chatId: string, updatedAt: string, runs: RunRow[]): void {
    this.chats[chatId] = { updatedAt, runs };
    this.dirty = true;
  }

  /** Writes the cache; a cache that cannot be written costs the next report requests, not this one's result. */
  save(): string | undefined {
    if (!this.dirty) return undefined;
    try {
      writeFileAtomic(this.file, JSON.stringify({ agnt: MARK, version: 1, chats: this.chats }), { dirMode: 0o700 });
      return undefined;
    } catch (e) {
      return `cannot write the usage cache ${this.file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the next report asks for every rollup again`;
    }
  }
}
