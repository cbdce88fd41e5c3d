// The help topics are the one list of what agnt reads and means: every environment variable the
// code reads is in `agnt help environment`, and every exit code of EXIT in `help exit-codes`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/core/errors.ts';
import { environment, exitCodes, TOPIC_NAMES, topics, topicText, wrap } from '../../src/help/topics.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

function files(rel: string): string[] {
  const abs = join(ROOT, rel);
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((name) => files(join(rel, name)));
}

describe('help topics', () => {
  it('agnt help environment names every variable the code reads', () => {
    const read = new Set<string>();
    for (const f of files('src').filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|envNumber\(['"]([A-Z][A-Z0-9_]+)['"]/g)) read.add((m[1] ?? m[2] ?? m[3])!);
    }
    // A lowercase https_proxy is the same variable as HTTPS_PROXY.
    const listed = new Set(environment().flatMap((e) => e.name.split(', ')));
    expect(read.size).toBeGreaterThan(15);
    expect([...read].filter((v) => !listed.has(v)).sort()).toEqual([]);
    for (const v of ['AGNT_NO_INPUT', 'AGNT_TRACE', 'AGNT_BACKOFF_MS', 'AGNT_RETRY_BUDGET']) expect(listed.has(v), v).toBe(true);
    for (const e of environment()) expect(e.default, e.name).toBeTruthy();
  });

  it('agnt help exit-codes lists every code of EXIT once', () => {
    expect(exitCodes().map((e) => e.code)).toEqual(Object.values(EXIT));
  });

  it("the root help's list of topics is the topics' own", () => {
    expect(topics().map((t) => t.name)).toEqual([...TOPIC_NAMES]);
  });

  it('wraps at the width asked, a long key on a line of its own', () => {
    for (const t of topics()) for (const line of topicText(t, 60).split('\n')) if (!line.startsWith('  $ ')) expect(line.length, `${t.name}: ${line}`).toBeLessThanOrEqual(60);
    expect(wrap('a b c d', 3)).toEqual(['a b', 'c d']);
  });
});
