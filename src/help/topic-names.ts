// The help topics' names, apart from their texts (topics.ts): the root help lists them on every
// `agnt --help`, and start-up must not load the texts (9 KB) for that.

export const TOPIC_NAMES = ['environment', 'exit-codes', 'formatting', 'config'] as const;

/** The list of topics, for the root help and for `agnt help` with an unknown word. */
export function topicsLine(): string {
  return `Help topics: ${TOPIC_NAMES.map((t) => `agnt help ${t}`).join(', ')}.`;
}
