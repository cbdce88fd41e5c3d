// Every users, workspace and identifiers command in every output format: each run exits 0 and
// its stdout parses as the format says.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

const FORMATS = ['table', 'json', 'yaml', 'jsonl', 'csv', 'id'] as const;
// Results that hold no record id (a profile, a report): -o id is exit 2 for them.
const NO_ID = new Set(['users profile', 'users deprovision', 'workspace profile', 'workspace snapshots', 'workspace cleanup']);

function checkFormat(format: (typeof FORMATS)[number], out: string, label: string): void {
  switch (format) {
    case 'json':
      JSON.parse(out);
      break;
    case 'yaml':
      parseYaml(out);
      break;
    case 'jsonl':
      for (const line of out.split('\n').filter(Boolean)) JSON.parse(line);
      break;
    case 'csv': {
      const lines = out.split('\n').filter(Boolean);
      expect(lines.length, label).toBeGreaterThanOrEqual(1);
      break;
    }
    case 'id':
      for (const line of out.split('\n').filter(Boolean)) expect(line).not.toMatch(/\s/);
      break;
    default:
      expect(out.length, label).toBeGreaterThan(0);
  }
}

describe('every users and identifiers command in every format', () => {
  it('covers the whole catalogue of the two areas', async () => {
    // A fresh object per format for the commands that create or delete.
    const catalogue = await agntJson<Array<{ command: string }>>(['commands']);
    const names = new Set(catalogue.map((c) => c.command).filter((c) => /^(users|workspace|identifiers) /.test(c)));
    const covered = new Set<string>();
    let n = 0;
    for (const format of FORMATS) {
      n++;
      const email = `fmt${n}@acme.test`;
      const idn = (await agntJson(['identifiers', 'create', '--type', 'email', '--value', `idn${n}@acme.test`, '--user-id', 'usr_member'], { sb })).id as string;
      const runs: string[][] = [
        ['users', 'me'],
        ['users', 'update-me', '--city', `City ${n}`],
        ['users', 'profile'],
        ['users', 'list', '--all', '--per-page', '4'],
        ['users', 'create', '--email', email],
        ['users', 'get', 'usr_member'],
        ['users', 'update', 'usr_member', '--locale', 'en-GB'],
        ['users', 'set-assistant', 'usr_ghost', '--assistant', 'ast_ava'],
        ['users', 'provision', '--email', `prov${n}@acme.test`, '--team-id', 'team_acme'],
        ['users', 'deprovision', '--email', `prov${n}@acme.test`, '--team-id', 'team_acme'],
        ['users', 'delete', (await agntJson(['users', 'list', '--email', email], { sb }).catch(() => [{ id: 'x' }]))[0]?.id ?? 'x', '--yes'],
        ['workspace', 'profile'],
        ['workspace', 'snapshots', '--limit', '3'],
        ['workspace', 'cleanup'],
        ['identifiers', 'list', '--user-id', 'usr_member'],
        ['identifiers', 'create', '--type', 'phone', '--value', `+1555000${String(n).padStart(4, '0')}`, '--user-id', 'usr_member'],
        ['identifiers', 'get', idn],
        ['identifiers', 'update', idn, '--label', 'home'],
        ['identifiers', 'link', idn, '--user-id', 'usr_principal'],
        ['identifiers', 'make-primary', idn],
        ['identifiers', 'delete', idn, '--yes'],
      ];
      for (const args of runs) {
        // users delete needs the user created just before it.
        if (args[0] === 'users' && args[1] === 'delete') {
          const created = await agntJson<any[]>(['users', 'list', '--email', email], { sb });
          args[2] = created[0].id;
        }
        const r = await agnt([...args, '-o', format], { sb });
        const label = `${args.join(' ')} -o ${format}`;
        covered.add(`${args[0]} ${args[1]}`);
        // -o id on a result that has no id is an error saying so, never an empty line.
        if (format === 'id' && NO_ID.has(`${args[0]} ${args[1]}`)) {
          expect({ code: r.exitCode, out: r.stdout, err: r.stderr.split('\n')[0] }, label).toEqual({ code: 2, out: '', err: 'error: -o id: the result has no id' });
          continue;
        }
        expect(r.exitCode, `${label}: ${r.stderr}`).toBe(0);
        expect(r.stderr).toBe('');
        checkFormat(format, r.stdout, label);
        if (format === 'id' && args[1] !== 'delete') expect(r.stdout.trim(), label).not.toBe('');
      }
    }
    expect([...names].filter((c) => !covered.has(c))).toEqual([]);
    // A hang guard for a few hundred processes: on a loaded machine each takes seconds to start.
  }, 900_000);
});
