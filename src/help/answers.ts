// Answers main() gives before (or instead of) parsing: `agnt help TOPIC`, and the gh habit
// `--json id,email`, which agnt spells `--json --fields id,email`.
import { UsageError } from '../core/errors.ts';
import { TOPIC_NAMES } from './topic-names.ts';

/**
 * The text of `agnt help TOPIC`, wrapped to `width` (as help is); undefined when the word is no topic.
 * The topics' texts load only for a topic's name: every `agnt --help` would pay for them.
 */
export async function helpTopicText(word: string | undefined, width: number): Promise<string | undefined> {
  if (!(TOPIC_NAMES as readonly string[]).includes(word ?? '')) return undefined;
  const { findTopic, topicText } = await import('./topics.ts');
  const topic = findTopic(word);
  if (!topic) return undefined;
  return topicText(topic, width);
}

/** The word after --json, when it looks like a field list (`id,email`, `name`). */
function valueAfterJson(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length - 1; i++) {
    if (argv[i] === '--') return undefined;
    if (argv[i] === '--json' && /^[A-Za-z_][\w.]*(,[A-Za-z_][\w.]*)*$/.test(argv[i + 1]!)) return argv[i + 1];
  }
  return undefined;
}

/** `--json a,b`: a comma list is never an id or a verb; refused before anything is sent. */
export function jsonFieldsMistake(argv: string[]): UsageError | undefined {
  const value = valueAfterJson(argv);
  if (!value?.includes(',')) return undefined;
  const e = new UsageError(`--json takes no value, got '${value}'`, `did you mean --fields ${value}? (--json --fields ${value})`);
  e.field = 'json';
  return e;
}

/** For commander's own errors (too many arguments): the hint when a field name followed --json. */
export function jsonFieldsHint(argv: string[]): string | undefined {
  const value = valueAfterJson(argv);
  return value ? `did you mean --fields ${value}? (--json --fields ${value})` : undefined;
}
