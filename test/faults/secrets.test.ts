// Secret hygiene: every command of the catalogue, with --dry-run, and with --debug against a
// server whose every answer is an error echoing secrets back, never prints the token, a SCIM
// token, carrierCCredentials or a presigned URL's signature, on stdout, on stderr, or in any
// file it writes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAreas } from '../../commands/index.ts';
import type { CommandSpec, FieldSpec } from '../../src/core/spec.ts';
import { resolveCommand } from '../../src/core/resolve.ts';
import { agnt, tempDir, type RunResult } from '../support/helpers.ts';
import { rig, type Rig } from './setup.ts';

const TOKEN = 'agnt_live_TOKEN0secret0value0123456789';
const SCIM = 'scim_SCIM0secret0value0abcdefghijklmn';
const CC = 'CC0secret0carrier0credential0987654';
const SIG = 'f00dfeedSIGNATURE0secret0c0ffee0123456789';
const SECRETS = { token: TOKEN, scim: SCIM, carrierC: CC, signature: SIG };
const SIGNED = `http://127.0.0.1:9/_presigned/drive/x?expires=99&signature=${SIG}`;

let r: Rig;
let work: string;
let config: string;
beforeAll(async () => {
  r = await rig();
  work = tempDir('agnt-secrets-');
  config = tempDir('agnt-secrets-config-');
  writeFileSync(join(work, 'file.txt'), 'some bytes\n');
  writeFileSync(join(work, 'contacts.csv'), 'email,name\na@secrets.test,A\nb@secrets.test,B\n');
  writeFileSync(join(work, 'body.json'), JSON.stringify({ carrierCCredentials: { accessToken: CC } }));
});
afterAll(async () => {
  await r.dispose();
});
beforeEach(() => r.fs.reset());

/** Every unique command of `agnt commands --json`, with its spec. */
async function catalogue(): Promise<CommandSpec[]> {
  const res = await agnt(['commands', '--json']);
  expect(res.exitCode).toBe(0);
  const names = [...new Set((JSON.parse(res.stdout) as Array<{ command: string }>).map((c) => c.command))];
  const specs = new Map((await loadAreas()).flatMap((a) => a.commands).map((c) => [c.command, resolveCommand(c)]));
  return names.map((n) => specs.get(n)).filter((s): s is CommandSpec => Boolean(s));
}

function sample(f: FieldSpec): string {
  if (f.name === 'carrierCCredentials') return JSON.stringify({ accessToken: CC });
  if (f.enum?.length) return f.enum[0]!;
  switch (f.type) {
    case 'integer':
    case 'number':
      return '1';
    case 'boolean':
      return '';
    case 'object':
      return f.shape?.kind === 'object' && Object.keys(f.shape.fields).length ? JSON.stringify({ [Object.keys(f.shape.fields)[0]!]: 'x' }) : '{"a":"b"}';
    case 'array':
      return '[]';
    default:
      return /time|date|At$|start|end/i.test(f.name) ? '2030-01-01T10:00:00Z' : /email/i.test(f.name) ? 'x@secrets.test' : 'x_1';
  }
}

/** An argument list that gets each command past its local checks. */
function argv(spec: CommandSpec): string[] {
  const out = spec.command.split(' ');
  for (const a of spec.args ?? []) {
    const v = a.enum?.[0] ?? (spec.command === 'drive upload' && a.multi ? join(work, 'file.txt') : spec.command === 'contacts import' ? join(work, 'contacts.csv') : 'x_1');
    if (a.flag) out.push(`--${a.flag}`, v);
    else out.push(v);
  }
  for (const f of spec.fields ?? []) {
    if (!f.required && f.name !== 'carrierCCredentials') continue;
    const flag = `--${f.flag ?? f.name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    const v = sample(f);
    out.push(...(f.type === 'boolean' ? [flag] : [flag, v]));
  }
  if (spec.command === 'api') out.push('GET', '/users/me');
  return [...out, '--yes'];
}

function leaks(res: RunResult, files: string[]): string[] {
  const found: string[] = [];
  const texts: Array<[string, string]> = [['stdout', res.stdout], ['stderr', res.stderr], ...files.map((f): [string, string] => [f, readFileSync(f, 'utf8')])];
  for (const [where, text] of texts) for (const [name, s] of Object.entries(SECRETS)) if (text.includes(s)) found.push(`${name} in ${where}`);
  return found;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

async function eachCommand(specs: CommandSpec[], run: (spec: CommandSpec) => Promise<RunResult>): Promise<{ problems: string[]; codes: Map<number, number> }> {
  const problems: string[] = [];
  const codes = new Map<number, number>();
  const queue = [...specs];
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let spec = queue.shift(); spec; spec = queue.shift()) {
        const res = await run(spec);
        codes.set(res.exitCode, (codes.get(res.exitCode) ?? 0) + 1);
        for (const l of leaks(res, [])) problems.push(`${spec.command}: ${l}`);
      }
    }),
  );
  for (const f of [...filesUnder(work), ...filesUnder(config)])
    for (const [name, s] of Object.entries(SECRETS)) if (readFileSync(f, 'utf8').includes(s) && !f.endsWith('body.json')) problems.push(`${name} in ${f}`);
  return { problems, codes };
}

describe('secrets never printed', () => {
  it('--dry-run of every command masks the token and credentials', async () => {
    const specs = await catalogue();
    expect(specs.length).toBeGreaterThan(150);
    const { problems, codes } = await eachCommand(specs, (spec) => agnt([...argv(spec), '--dry-run'], { cwd: work, configDir: config, env: { AGNT_BASE_URL: r.fs.url, AGNT_TOKEN: TOKEN } }));
    expect(problems).toEqual([]);
    // The run is only worth something if most commands got as far as the request.
    expect(codes.get(0) ?? 0).toBeGreaterThan(specs.length * 0.9);
    // A dry run may read (the user's zone, the record a nested --set merges into), never write.
    expect(r.fs.seen.filter((s) => s.method !== 'GET')).toEqual([]);
    // A hang guard for ~190 processes: on a loaded machine each takes seconds to start.
  }, 900_000);

  it('--debug of every command against answers that echo secrets masks them all', async () => {
    const specs = await catalogue();
    // Every request fails with a body that echoes the token, a SCIM token, carrierCCredentials
    // and a signed URL, in fields and inside the message.
    r.fs.rules.push({
      fault: {
        kind: 'json',
        status: 500,
        body: {
          status: 500,
          error_code: 'AGNT_E_INTERNAL',
          error: `failed for Bearer ${TOKEN} at ${SIGNED}`,
          token: TOKEN,
          scimToken: SCIM,
          scim: { token: SCIM },
          carrierCCredentials: { accessToken: CC },
          url: SIGNED,
        },
      },
    });
    const { problems, codes } = await eachCommand(specs, (spec) =>
      agnt([...argv(spec), '--debug', '--json'], { cwd: work, configDir: config, env: { AGNT_BASE_URL: r.fs.url, AGNT_TOKEN: TOKEN, AGNT_RETRIES: '1', AGNT_BACKOFF_MS: '20' } }),
    );
    expect(problems).toEqual([]);
    expect(codes.get(1) ?? 0).toBeGreaterThan(specs.length * 0.9);
    // And the requests did go out, with the real token.
    expect(r.fs.seen.length).toBeGreaterThan(specs.length * 0.9);
    expect(r.fs.seen.filter((s) => s.authorization === `Bearer ${TOKEN}`).length).toBeGreaterThan(0);
    r.fs.reset();
  }, 900_000);

  it('the SCIM token a rotate returns is kept out of --debug; the signature out of transfers and their messages', async () => {
    const res = await r.run(['org', 'scim-token', 'rotate', 'org_acme', '--yes', '--debug', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    const scim = JSON.parse(res.stdout).token as string;
    expect(scim).toMatch(/^scim_/);
    expect(res.stderr).not.toContain(scim);
    expect(res.stderr).toContain('"token":"<redacted>"');
    expect(res.stderr).not.toContain(r.sb.tokens.admin);

    const up = await r.run(['drive', 'upload', join(work, 'file.txt'), '--name', 'secrets.txt', '--debug', '-o', 'id']);
    expect(up.exitCode).toBe(0);
    const id = up.stdout.trim();
    const down = await r.run(['drive', 'download', id, '--out', '-', '--debug']);
    expect(down.exitCode).toBe(0);
    // A presigned download that fails, with the signed URL in the error message.
    r.fs.rules.push({
      method: 'GET',
      path: /^\/_presigned\//,
      fault: {
        kind: 'status',
        status: 403,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 403, error: `signature mismatch for ${r.fs.url}/_presigned/x?signature=${SIG}` }),
      },
    });
    const bad = await r.run(['drive', 'download', id, '--out', '-']);
    expect(bad.exitCode).toBe(4);
    for (const x of [up, down, bad]) {
      const signatures = r.fs.seen.filter((s) => s.path.startsWith('/_presigned/')).map((s) => new URL(s.url, r.fs.url).searchParams.get('signature')!);
      expect(signatures.length).toBeGreaterThan(0);
      for (const sig of [...signatures, SIG]) expect(x.stdout.replace(/^some bytes\n$/, '') + x.stderr).not.toContain(sig);
      expect(x.stderr + x.stdout).not.toContain(r.sb.tokens.admin);
    }
    expect(r.fs.seen.filter((s) => s.path.startsWith('/_presigned/') && s.authorization)).toEqual([]);
  });

  it('an import whose answers echo the token keeps it out of the ledger and the failed-rows file', async () => {
    const csv = join(work, 'echo.csv');
    writeFileSync(csv, 'email,name\none@secrets.test,One\ntwo@secrets.test,Two\n');
    r.fs.rules.push({
      method: 'POST',
      path: /^\/contacts\/bulk-import$/,
      times: 1,
      fault: { kind: 'rewrite', fn: (b) => ({ ...b, bulkImport: { created: 1, updated: 0, skipped: 0, errors: [{ index: 1, error: `refused for ${r.sb.tokens.admin}` }] } }) },
    });
    const failed = join(work, 'echo-failed.csv');
    const res = await r.run(['contacts', 'import', csv, '--errors-out', failed, '--debug']);
    expect(res.exitCode).toBe(6);
    const ledger = readFileSync(`${csv}.ledger.jsonl`, 'utf8');
    const rows = readFileSync(failed, 'utf8');
    expect(rows).toContain('refused for <redacted>');
    for (const text of [ledger, rows, res.stdout, res.stderr]) expect(text).not.toContain(r.sb.tokens.admin);
  });
});
