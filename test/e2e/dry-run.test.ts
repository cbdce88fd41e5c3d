// `--dry-run` prints exactly the request a real run sends: for every command that writes, the
// dry run's {method, url, body} is compared with what the sandbox received from the same
// command run for real (same time-zone reading, same defaults, same merged body).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAreas } from '../../commands/index.ts';
import { resolveCommand } from '../../src/core/resolve.ts';
import type { CommandSpec, FieldSpec } from '../../src/core/spec.ts';
import { flagOf } from '../../src/core/input.ts';
import { agnt, tempDir, withSandbox } from '../support/helpers.ts';

type Sb = Awaited<ReturnType<typeof withSandbox>>;
const LANES = 3;
let lanes: Sb[] = [];
let dir: string;
beforeAll(async () => {
  lanes = await Promise.all(Array.from({ length: LANES }, () => withSandbox()));
  dir = tempDir('agnt-dry-');
  writeFileSync(join(dir, 'note.txt'), 'hello');
});
afterAll(async () => {
  await Promise.all(lanes.map((sb) => sb.dispose()));
});

// Ids that exist in the seeded sandbox, by resource; others get an id that does not exist
// (the sandbox still records the body of a request it refuses).
const SEEDED: Record<string, string> = { users: 'usr_member', organizations: 'org_acme', teams: 'team_acme', assistants: 'ast_ava', chats: 'cht_welcome' };

function valueFor(f: FieldSpec): string | undefined {
  if (f.enum?.length) return f.enum[0];
  switch (f.type) {
    case 'integer':
    case 'number':
      return '1';
    case 'object':
    case 'any':
      return '{}';
    case 'array':
      return '[]';
    default:
      if (/email/i.test(f.name)) return 'dry@example.com';
      if (/(At|start|end|from|to|date|Start|End)$/.test(f.name)) return '2026-12-01T09:00:00Z';
      if (/url|Url|link/i.test(f.name)) return 'https://example.com/x';
      return /Id$|^user$|^principal$|^backup$/.test(f.name) ? 'usr_member' : 'dry';
  }
}

// What a command needs beyond its required fields to send anything.
const EXTRA: Record<string, string[]> = {
  'chats send': ['--content', 'hello'],
  'chats process': ['--content', 'hello'],
  'preferences exceptions add': ['--match', '{"kind": "domain", "value": "acme.com"}'],
  // A nested --set on a PUT: the body sent holds the whole saml object, read first.
  'org sso set': ['--set', 'saml.ssoUrl=https://idp.example.com/sso'],
  // A local time and a length in days: read in the user's zone (America/New_York), dry or not.
  'coverage create': ['--principal', 'usr_principal', '--backup', 'usr_backup', '--start', '2026-11-30 09:00', '--for', '5d', '--reason', 'pto'],
  'coverage update': ['--start', '2026-12-01 09:00'],
  'booking-links add-invitees': ['--invitee', 'Dry Run <dry@example.com>'],
};

/** A command line that reaches the endpoint: every path id, every required field. */
function argvFor(spec: CommandSpec): string[] | undefined {
  const argv = spec.command.split(' ');
  for (const a of spec.args ?? []) {
    const v = a.enum?.[0] ?? (a.resource ? SEEDED[a.resource] : undefined) ?? (a.default !== undefined ? undefined : `dry_${a.name}`);
    if (a.name === 'path') return undefined; // local files: drive upload, covered by the drive tests
    if (v === undefined) continue;
    if (a.flag) argv.push(`--${a.flag}`, v);
    else argv.push(v);
  }
  const extra = EXTRA[spec.command] ?? [];
  for (const f of spec.fields ?? []) {
    if (!f.required || extra.includes(`--${flagOf(f)}`)) continue;
    const v = valueFor(f);
    if (f.type === 'boolean') argv.push(`--${flagOf(f)}`);
    else if (v !== undefined) argv.push(`--${flagOf(f)}`, v);
  }
  return [...argv, ...extra, '--yes'];
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The dry run's printed requests (pretty JSON objects one after the other), writes only. */
function printed(stdout: string, base: string): Sent[] {
  const out: Sent[] = [];
  for (const chunk of stdout.split(/\n(?=\{)/)) {
    if (!chunk.trim()) continue;
    const r = JSON.parse(chunk) as Sent;
    if (r.method !== 'GET') out.push({ method: r.method, url: r.url.slice(base.length), body: r.body });
  }
  return out;
}

const writers = (await loadAreas())
  .flatMap((a) => a.commands)
  .map(resolveCommand)
  .filter((c) => c.method !== 'GET' && c.method !== 'DELETE' && !c.hidden);
// Commands whose real run needs more than one id that exists, or files: their requests are
// compared by the tests of their area; each is listed with why.
const ELSEWHERE: Record<string, string> = {
  'drive upload': 'local files (drive.test.ts)',
  'contacts import': 'a CSV file (contacts-import.test.ts)',
  'org apply': 'an organization document; its dry run is `org plan`, which sends no write (org-as-code.test.ts)',
};

describe('--dry-run equals the real request', () => {
  const todo = writers.filter((c) => !ELSEWHERE[c.command]);
  const results = new Map<string, { dry: Sent[]; real: Sent[]; argv: string[]; stderr: string }>();

  beforeAll(async () => {
    const queue = [...todo];
    await Promise.all(
      lanes.map(async (sb) => {
        for (let spec = queue.shift(); spec; spec = queue.shift()) {
          const argv = argvFor(spec);
          if (!argv) continue;
          const dry = await agnt([...argv, '--dry-run'], { sb });
          sb.requests.length = 0;
          const real = await agnt(argv, { sb });
          const sent = sb.requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, url: r.url, body: r.body ?? null }));
          results.set(spec.command, { dry: dry.exitCode === 0 ? printed(dry.stdout, sb.baseUrl) : [], real: sent, argv, stderr: dry.stderr + real.stderr });
        }
      }),
    );
  }, 600_000);

  it('covers the commands that write', () => {
    const reached = [...results.entries()].filter(([, r]) => r.real.length > 0).map(([k]) => k);
    const missed = [...results.entries()].filter(([, r]) => r.real.length === 0).map(([k, r]) => `${k}: ${r.argv.join(' ')}: ${r.stderr.split('\n')[0]}`);
    expect(missed, missed.join('\n')).toEqual([]);
    expect(reached.length).toBeGreaterThan(60);
  });

  it('a nested --set on a PUT: the dry run shows the merged object the real run sends', async () => {
    const sb = lanes[0]!;
    const contact = sb.store.all('contacts').find((c: any) => c.user === 'usr_admin') as { id: string };
    sb.store.update('contacts', contact.id, { address: { line1: '1 Harbour St', city: 'Oslo', country: 'NO' } });
    const argv = ['contacts', 'update', contact.id, '--set', 'address.city=Aarhus'];
    const dry = await agnt([...argv, '--dry-run'], { sb });
    expect(dry.exitCode, dry.stderr).toBe(0);
    sb.requests.length = 0;
    const real = await agnt(argv, { sb });
    expect(real.exitCode, real.stderr).toBe(0);
    const sent = sb.requests.filter((r) => r.method === 'PUT').map((r) => ({ method: r.method, url: r.url, body: r.body }));
    expect(printed(dry.stdout, sb.baseUrl)).toEqual(sent);
    expect(sent[0]!.body).toEqual({ address: { line1: '1 Harbour St', city: 'Aarhus', country: 'NO' } });
  });

  it('coverage create reads local times in the user zone, dry or not', () => {
    const r = results.get('coverage create')!;
    expect(r.real[0]!.body).toMatchObject({ startAt: '2026-11-30T14:00:00.000Z', endAt: '2026-12-05T14:00:00.000Z' });
  });

  it.each(todo.map((c) => c.command))('%s', (command) => {
    const r = results.get(command);
    if (!r || r.real.length === 0) return; // reported by the coverage test above
    expect(r.dry[0], r.stderr).toEqual(r.real[0]);
  });
});
