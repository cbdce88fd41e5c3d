// What an agent session may do (`agnt mcp --grant FILE`), beyond the server's flags: the areas of
// commands it may reach, the records its writes may touch, and how many write requests it may
// send. A session that goes past one is refused with a tool error that names the limit, before
// anything is sent. A grant file (YAML or JSON):
//
//   toolsets: [contacts, coverage]   # command areas; any other command is refused
//   records: ['con_*', usr_alice]    # ids (or * patterns) a write's path may name
//   writes: 50                       # write requests this session may send
import { readFileSync } from 'node:fs';
import { AgntError, UsageError } from '../core/errors.ts';
import { boundedToJS, checkDocumentSize, loadYaml } from '../core/yaml.ts';

export interface Grant {
  file: string;
  toolsets?: Set<string>;
  records?: Array<{ text: string; test: RegExp }>;
  writes?: number;
}

const KEYS = ['toolsets', 'records', 'writes'];

/** Reads and checks a grant file: every mistake is exit 2 before the server starts. */
export async function readGrant(file: string, areas: readonly string[]): Promise<Grant> {
  checkDocumentSize(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--grant ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const Y = await loadYaml();
  const doc = Y.parseDocument(text);
  if (doc.errors.length) throw new UsageError(`--grant ${file}: ${doc.errors[0]!.message.split('\n')[0]}`);
  const data = boundedToJS(Y, doc, file) as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`--grant ${file}: a mapping of ${KEYS.join(', ')}`);
  const unknown = Object.keys(data).filter((k) => !KEYS.includes(k));
  if (unknown.length) throw new UsageError(`--grant ${file}: unknown key '${unknown[0]}' (keys: ${KEYS.join(', ')})`);
  const grant: Grant = { file };
  if (data.toolsets !== undefined) {
    const list = strings(data.toolsets, file, 'toolsets');
    const bad = list.filter((a) => !areas.includes(a));
    if (bad.length) throw new UsageError(`--grant ${file}: toolsets: unknown area '${bad[0]}' (areas: ${areas.join(', ')})`);
    grant.toolsets = new Set(list);
  }
  if (data.records !== undefined) grant.records = strings(data.records, file, 'records').map((text) => ({ text, test: pattern(text) }));
  if (data.writes !== undefined) {
    if (!Number.isInteger(data.writes) || (data.writes as number) < 0) throw new UsageError(`--grant ${file}: writes must be a whole number of requests (0 or more)`);
    grant.writes = data.writes as number;
  }
  return grant;
}

function strings(v: unknown, file: string, key: string): string[] {
  const list = Array.isArray(v) ? v : [v];
  if (!list.length || list.some((x) => typeof x !== 'string' || !x.trim())) throw new UsageError(`--grant ${file}: ${key} must be a list of non-empty strings`);
  return list as string[];
}

/** An id or a pattern where * stands for any run of characters of one path segment. */
function pattern(text: string): RegExp {
  return new RegExp(
    `^${text
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
}

/** Refuses a command outside the grant's toolsets. */
export function checkCommand(grant: Grant | undefined, command: string, area: string): void {
  if (grant?.toolsets && !grant.toolsets.has(area))
    throw new AgntError(`refused by the session's grant (${grant.file}): '${command}' is outside its toolsets (${[...grant.toolsets].join(', ')}); nothing was sent`, 5);
}

// A record id as the API writes them: a prefix, '_', then letters and digits ('con_8f2a', 'usr_admin').
const RECORD_ID = /^[a-z][a-z0-9]*_[A-Za-z0-9_-]+$/;

/** The record ids a request path names (path segments that are ids). */
export function recordsOf(path: string): string[] {
  return path
    .split('?')[0]!
    .split('/')
    .map((s) => decodeURIComponent(s))
    .filter((s) => RECORD_ID.test(s));
}

/**
 * Refuses writes the grant does not cover: a path naming a record no pattern allows, or more
 * write requests than the session has left. `used` is what the session has already sent.
 */
export function checkWrites(grant: Grant | undefined, writes: ReadonlyArray<{ method: string; path: string }>, used: number): void {
  if (!grant) return;
  if (grant.records) {
    for (const w of writes) {
      const outside = recordsOf(w.path).filter((id) => !grant.records!.some((r) => r.test.test(id)));
      if (outside.length)
        throw new AgntError(
          `refused by the session's grant (${grant.file}): ${w.method} ${w.path} touches ${outside.map((o) => `'${o}'`).join(', ')}, outside its records (${grant.records.map((r) => r.text).join(', ')}); nothing was sent`,
          5,
        );
    }
  }
  if (grant.writes !== undefined && used + writes.length > grant.writes)
    throw new AgntError(
      `refused by the session's grant (${grant.file}): its write budget is ${grant.writes} request(s) a session; ${used} sent, this plan sends ${writes.length}; nothing was sent`,
      5,
      'the user can start a new session, or raise writes in the grant',
    );
}
