// The keys `agnt usage report --by` groups by, and what each needs to be answered: a chat
// record's own fields (its usage totals then answer), or its rollup's per-run rows (model, and the
// run's start time for day and week).
import { UsageError } from '../../core/errors.ts';
import { wallClock } from '../../core/wall-clock.ts';

type Rec = Record<string, any>;

export const KEYS = ['user', 'team', 'assistant', 'model', 'tier', 'platform', 'day', 'week'] as const;
export type Key = (typeof KEYS)[number];

/** Keys a chat's totals cannot answer: they need the runs. */
const PER_RUN = new Set<Key>(['model', 'day', 'week']);
export const TIME_KEYS = new Set<Key>(['day', 'week']);

export function parseBy(text: string | undefined): Key[] {
  const keys = (text ?? 'user')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length < 1 || keys.length > 2) throw new UsageError(`--by takes one or two keys (e.g. --by team,model), got '${text}'`);
  for (const k of keys) if (!(KEYS as readonly string[]).includes(k)) throw new UsageError(`--by: unknown key '${k}' (allowed: ${KEYS.join(', ')})`);
  if (keys[0] === keys[1]) throw new UsageError(`--by names '${keys[0]}' twice`);
  return keys as Key[];
}

export function needsRuns(keys: readonly Key[]): boolean {
  return keys.some((k) => PER_RUN.has(k));
}

export interface KeyContext {
  /** Team name by user id (for --by team). */
  teams: Map<string, string>;
  tz: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(ms: number, tz: string): string {
  const w = wallClock(ms, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** ISO 8601 week ('2026-W48') of the wall-clock date in `tz`. */
function weekOf(ms: number, tz: string): string {
  const w = wallClock(ms, tz);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${pad(week)}`;
}

/** The value of `key` for a chat, or for one of its runs (`run`, when the runs were read). */
export function keyValue(key: Key, chat: Rec, run: Rec | undefined, c: KeyContext): string {
  switch (key) {
    case 'user':
      return chat.owner?.email ?? chat.user ?? '(none)';
    case 'team':
      return c.teams.get(chat.user) ?? '(no team)';
    case 'assistant':
      return chat.assistantInfo?.name ?? chat.assistant ?? '(none)';
    case 'tier':
      return run?.modelTier ?? chat.modelTier ?? '(none)';
    case 'platform':
      return chat.platform ?? '(none)';
    case 'model':
      return run?.model ?? '(unknown)';
    case 'day':
    case 'week': {
      const at = Date.parse(run?.startedAt ?? chat.createdAt);
      return key === 'day' ? dayOf(at, c.tz) : weekOf(at, c.tz);
    }
  }
}
