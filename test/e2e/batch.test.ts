import { beforeEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { agnt, BIN, cleanEnv, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import { runInPty } from '../support/pty.ts';
import type { Rec } from '../../src/sandbox/store.ts';

const sb = sandboxForFile();
let dir: string;
beforeEach(() => {
  dir = tempDir('agnt-batch-');
  return () => removeDir(dir);
});

const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const invitePosts = (domain: string) => sb.requests.filter((r) => r.method === 'POST' && r.path === '/team-invitations' && String((r.body as Rec)?.email ?? '').endsWith(domain));
const invitations = (domain: string) => sb.store.filter('teamInvitations', (i) => i.email.endsWith(domain));
const ledgerOf = (path: string) => jsonl(readFileSync(path, 'utf8'));
const INVITE = ['--', 'invitations', 'create', '--team-id', 'team_acme', '--email', '{email}'];

/** Starts `agnt batch` as a process and signals it when the sandbox has created `at` invitations of `domain`. */
async function interrupted(args: string[], domain: string, at: number, signal: 'SIGKILL' | 'SIGINT') {
  const child = execa(process.execPath, [BIN, 'batch', ...args], {
    env: { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin },
    reject: false,
  });
  const insert = sb.store.insert.bind(sb.store);
  let made = 0;
  sb.store.insert = (name, prefix, rec) => {
    if (name === 'teamInvitations' && String(rec.email).endsWith(domain) && ++made === at) child.kill(signal);
    return insert(name, prefix, rec);
  };
  try {
    return await child;
  } finally {
    sb.store.insert = insert;
  }
}

describe('agnt batch', () => {
  it('1,000 invitations, killed (kill -9) about half way: --resume makes exactly 1,000, none sent twice', async () => {
    const n = 1000;
    const file = write('invitees.csv', ['email,name', ...Array.from({ length: n }, (_, i) => `p${i}@kill.test,Person ${i}`)].join('\n') + '\n');
    const ledger = `${file}.batch-ledger.jsonl`;
    const killed = await interrupted([file, '-o', 'jsonl', ...INVITE], '@kill.test', 500, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    // The ledger shows how far it got: about half, and not all.
    const first = ledgerOf(ledger);
    const finished = first.filter((r) => r.type === 'row').length;
    expect(finished).toBeGreaterThan(400);
    expect(finished).toBeLessThan(n);
    expect(first.some((r) => r.type === 'end')).toBe(false);
    // Without --resume the unfinished ledger is refused, before anything is sent.
    const before = sb.requests.length;
    const refused = await agnt(['batch', file, ...INVITE], { sb });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/an earlier run did not finish .*--resume/s);
    expect(sb.requests.length).toBe(before);

    const again = await agnt(['batch', file, '--resume', '-o', 'jsonl', ...INVITE], { sb, timeout: 60_000 });
    expect(again.stderr).toMatch(/batch: 1000 rows: \d+ ok, \d+ found already done, 0 failed, \d+ finished earlier\n$/);
    expect(again.exitCode).toBe(0);
    const out = jsonl(again.stdout);
    // The request in flight at the kill reached the server: it is found by a lookup, not sent again.
    expect(out.filter((r) => r.status === 'found').length).toBeGreaterThanOrEqual(1);
    expect(out.length + finished).toBe(n);
    expect(invitations('@kill.test')).toHaveLength(n);
    const perEmail = new Map<string, number>();
    for (const r of invitePosts('@kill.test')) perEmail.set((r.body as Rec).email, (perEmail.get((r.body as Rec).email) ?? 0) + 1);
    expect(perEmail.size).toBe(n);
    expect([...perEmail.values()].every((c) => c === 1)).toBe(true);
    expect(invitePosts('@kill.test').every((r) => r.status === 201)).toBe(true);
    expect(ledgerOf(ledger).at(-1)).toMatchObject({ type: 'end', rows: n, failed: 0 });
  }, 120_000);

  it('--max-rows 5 sends 5 requests; a bad row fails with its row number while the rest go on; one record per row', async () => {
    const rows = ['Email,First,Last', 'a1@max.test,A,One', 'a2@max.test,B,Two', 'not-an-email,C,Three', 'a4@max.test,D,Four', 'a5@max.test,E,Five', 'a6@max.test,F,Six', 'a7@max.test,G,Seven'];
    const file = write('hr.csv', rows.join('\n') + '\n');
    const cmd = ['--', 'users', 'provision', '--email', '{Email}', '--first-name', '{First}', '--last-name', '{Last}', '--team-id', 'team_acme'];
    const before = sb.requests.length;
    const failed = join(dir, 'failed.csv');
    const r = await agnt(['batch', file, '--max-rows', '5', '--errors-out', failed, '-o', 'jsonl', ...cmd], { sb });
    expect(r.exitCode).toBe(6);
    const sent = sb.requests.slice(before).filter((x) => x.path === '/users/provision');
    expect(sent).toHaveLength(5);
    const out = jsonl(r.stdout);
    expect(out.map((x) => x.row)).toEqual([2, 3, 4, 5, 6]);
    expect(out.map((x) => x.status)).toEqual(['ok', 'ok', 'failed', 'ok', 'ok']);
    expect(out[0]).toMatchObject({ row: 2, Email: 'a1@max.test', First: 'A', Last: 'One', status: 'ok', result: { created: true, teamId: 'team_acme' } });
    expect(out[2]).toMatchObject({ row: 4, Email: 'not-an-email', status: 'failed', error: 'email is not a valid e-mail address (HTTP 400, AGNT_E_VALIDATION)' });
    // With -o jsonl, stderr is the JSON error form: one object and nothing else, naming each
    // failed row and why.
    const err = r.stderr.trim().split('\n');
    expect(err).toHaveLength(1);
    expect(JSON.parse(err[0]!)).toEqual({
      error: {
        message: expect.stringMatching(
          /^1 of 5 rows failed \(written to .*failed\.csv\): row 4 \(Email=not-an-email, First=C, Last=Three\): error: email is not a valid e-mail address \(HTTP 400, AGNT_E_VALIDATION\) \(batch: 5 rows: 4 ok, 1 failed\)$/,
        ),
        exitCode: 6,
      },
    });
    // Without it, one line per failed row as it fails, then the tally and the error.
    const file2 = write('hr2.csv', rows.map((x) => x.replace('@max.test', '@max2.test')).join('\n') + '\n');
    const human = await agnt(['batch', file2, '--max-rows', '5', ...cmd], { sb });
    expect(human.exitCode).toBe(6);
    expect(human.stderr).toContain('row 4 (Email=not-an-email, First=C, Last=Three): error: email is not a valid e-mail address (HTTP 400, AGNT_E_VALIDATION)\n');
    expect(human.stderr).toMatch(/batch: 5 rows: 4 ok, 1 failed\nerror: 1 of 5 rows failed \(see .*hr2\.csv\.batch-ledger\.jsonl, or add --errors-out FILE\)\n$/);
    expect(sb.store.find('users', (u) => u.email === 'a5@max.test')).toBeTruthy();
    expect(sb.store.find('users', (u) => u.email === 'a6@max.test')).toBeFalsy();
    // The failed rows, in the input's own columns plus the error, ready to fix and run again.
    expect(parse(readFileSync(failed, 'utf8'), { columns: true })).toEqual([
      { Email: 'not-an-email', First: 'C', Last: 'Three', batch_error: 'email is not a valid e-mail address (HTTP 400, AGNT_E_VALIDATION)' },
    ]);
  });

  it('a bad value caught locally fails its row before any request; csv and table output carry row and keys', async () => {
    const file = write('roles.jsonl', ['{"id":"usr_member","role":"admin"}', '{"id":"usr_backup","role":"boss"}', '{"id":"usr_principal","role":"member"}'].join('\n') + '\n');
    const before = sb.requests.length;
    const r = await agnt(['batch', file, '--serial', '-o', 'csv', '--', 'teams', 'members', 'update', 'team_acme', '{id}', '--role', '{role}'], { sb });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain("row 2 (id=usr_backup, role=boss): error: --role: invalid value 'boss' (allowed: owner, admin, member)\n");
    const puts = sb.requests.slice(before).filter((x) => x.method === 'PUT');
    expect(puts.map((x) => x.path)).toEqual(['/teams/team_acme/members/usr_member', '/teams/team_acme/members/usr_principal']);
    const rows = parse(r.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => [x.row, x.id, x.role, x.status])).toEqual([
      ['1', 'usr_member', 'admin', 'ok'],
      ['2', 'usr_backup', 'boss', 'failed'],
      ['3', 'usr_principal', 'member', 'ok'],
    ]);
    expect(sb.store.get('users', 'usr_member')!.teamRole).toBe('admin');
    await agnt(['teams', 'members', 'update', 'team_acme', 'usr_member', '--role', 'member'], { sb });
  });

  it('--query applies to the stream as -o json prints it, one array (docs/bulk.md: the one rule); --fields to each record', async () => {
    const file = write('q.csv', 'email\nq1@acme.test\nq2@acme.test\nq3@acme.test\n');
    const rows = await agnt(['batch', file, '--dry-run', '-o', 'jsonl', '--query', '[].row', ...INVITE], { sb });
    expect(rows.exitCode, rows.stderr).toBe(0);
    expect(rows.stdout).toBe('2\n3\n4\n');
    const last = await agnt(['batch', file, '--dry-run', '-o', 'json', '--query', '[-1].email', ...INVITE], { sb });
    expect(JSON.parse(last.stdout)).toBe('q3@acme.test');
    const fields = await agnt(['batch', file, '--dry-run', '-o', 'jsonl', '--fields', 'row,status', ...INVITE], { sb });
    expect(jsonl(fields.stdout)).toEqual([2, 3, 4].map((row) => ({ row, status: 'dry-run' })));
  });

  it("a row's --set a.b=c on a PUT keeps the rest of that object, as on the command line", async () => {
    const ids = ['con_carol', 'con_dan'];
    for (const id of ids) sb.store.update('contacts', id, { address: { line1: `1 ${id} St`, city: 'Oslo', country: 'NO' } });
    const file = write('cities.csv', `id,city\n${ids[0]},Bergen\n${ids[1]},Aarhus\n`);
    const dry = await agnt(['batch', file, '--dry-run', '-o', 'jsonl', '--', 'contacts', 'update', '{id}', '--set', 'address.city={city}'], { sb });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(jsonl(dry.stdout).map((x) => x.request.body)).toEqual([
      { address: { line1: '1 con_carol St', city: 'Bergen', country: 'NO' } },
      { address: { line1: '1 con_dan St', city: 'Aarhus', country: 'NO' } },
    ]);
    const r = await agnt(['batch', file, '-o', 'jsonl', '--', 'contacts', 'update', '{id}', '--set', 'address.city={city}'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids.map((id) => sb.store.get('contacts', id)!.address)).toEqual([
      { line1: '1 con_carol St', city: 'Bergen', country: 'NO' },
      { line1: '1 con_dan St', city: 'Aarhus', country: 'NO' },
    ]);
  });

  it('placeholders, flags and the command are checked before any request (exit 2)', async () => {
    const file = write('a.csv', 'email,name\nx@y.test,X\n');
    const before = sb.requests.length;
    const unknown = await agnt(['batch', file, '--', 'invitations', 'create', '--team-id', 'team_acme', '--email', '{mail}'], { sb });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^error: unknown column \{mail\}: .*a\.csv has the columns email, name\n/);
    const flag = await agnt(['batch', file, '--', 'invitations', 'create', '--team-id', 'team_acme', '--emial', '{email}'], { sb });
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/unknown option '--emial'/);
    const notApi = await agnt(['batch', file, '--', 'auth', 'status'], { sb });
    expect(notApi.exitCode).toBe(2);
    const runFlag = await agnt(['batch', file, '--', 'invitations', 'create', '--team-id', 'team_acme', '--email', '{email}', '-o', 'json'], { sb });
    expect(runFlag.exitCode).toBe(2);
    expect(runFlag.stderr).toMatch(/-o\/--output belongs to agnt batch itself: put it before the --/);
    const noYes = await agnt(['batch', file, '--', 'users', 'delete', '{email}'], { sb });
    expect(noYes.exitCode).toBe(2);
    expect(noYes.stderr).toMatch(/asks for confirmation .* add --yes/);
    const badMatch = await agnt(['batch', file, '--match', 'nope=x', ...INVITE], { sb });
    expect(badMatch.exitCode).toBe(2);
    const missing = await agnt(['batch', join(dir, 'none.csv'), ...INVITE], { sb });
    expect(missing.exitCode).toBe(2);
    expect(sb.requests.length).toBe(before);
  });

  it('--dry-run prints each row request and sends nothing; --match and --skip-rows choose rows; YAML and TSV input', async () => {
    const yaml = write(
      'm.yaml',
      ['- manager: usr_manager', '  coordinator: usr_coord', '- manager: usr_manager', '  coordinator: usr_backup', '- manager: usr_admin', '  coordinator: usr_coord', ''].join('\n'),
    );
    const before = sb.requests.length;
    const r = await agnt(
      [
        'batch',
        yaml,
        '--dry-run',
        '--match',
        'manager=^usr_manager$',
        '--skip-rows',
        '1',
        '-o',
        'jsonl',
        '--',
        'manager-assignments',
        'create',
        '--manager',
        '{manager}',
        '--managed-user',
        '{coordinator}',
      ],
      { sb },
    );
    expect(r.exitCode).toBe(0);
    expect(sb.requests.length).toBe(before);
    const out = jsonl(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      row: 2,
      manager: 'usr_manager',
      coordinator: 'usr_backup',
      status: 'dry-run',
      request: { method: 'POST', url: `${sb.baseUrl}/manager-assignments`, body: { manager: 'usr_manager', managedUser: 'usr_backup', role: 'coordinator' } },
    });
    expect(JSON.stringify(out)).not.toContain(sb.tokens.admin!);
    expect(r.stderr).toBe('dry run: 1 row, nothing sent\n');

    const tsv = write('t.tsv', 'email\tteam\ntsv1@tsv.test\tteam_acme\n');
    const t = await agnt(['batch', tsv, '-o', 'jsonl', '--', 'invitations', 'create', '--team-id', '{team}', '--email', '{email}'], { sb });
    expect(t.exitCode).toBe(0);
    expect(jsonl(t.stdout)).toMatchObject([{ row: 2, email: 'tsv1@tsv.test', team: 'team_acme', status: 'ok' }]);
    expect(invitations('@tsv.test')).toHaveLength(1);
  });

  it('a row whose request may have reached the server, where the API has no lookup, is reported as unknown and not sent again', async () => {
    const file = write('assist.csv', 'user,assistant\nusr_ghost,ast_ava\n');
    const cmd = ['--', 'users', 'set-assistant', '{user}', '--assistant', '{assistant}'];
    const ledger = `${file}.batch-ledger.jsonl`;
    // What a run killed right after sending row 2 leaves.
    writeFileSync(
      ledger,
      [
        JSON.stringify({
          type: 'start',
          version: 1,
          kind: 'batch',
          input: file,
          format: 'csv',
          header: ['user', 'assistant'],
          command: cmd.slice(1),
          options: { match: [], skipRows: 0, maxRows: null },
          startedAt: new Date().toISOString(),
        }),
        JSON.stringify({ type: 'send', row: 2, h: 0 }),
        '{"type":"row","ro',
      ].join('\n'),
    );
    const before = sb.requests.length;
    const changed = await agnt(['batch', file, '--resume', ...cmd], { sb });
    expect(changed.exitCode).toBe(2);
    expect(changed.stderr).toMatch(/row 2 of .* changed since the earlier run/);
    const { rowHash } = await import('../../src/workflows/batch/ledger.ts');
    writeFileSync(ledger, readFileSync(ledger, 'utf8').replace('"h":0', `"h":${rowHash(['usr_ghost', 'ast_ava'])}`));
    const r = await agnt(['batch', file, '--resume', '-o', 'jsonl', ...cmd], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stderr).error.message).toMatch(/: row 2 \(user=usr_ghost, assistant=ast_ava\): unknown: the earlier run may have sent this row/);
    expect(jsonl(r.stdout)).toMatchObject([{ row: 2, status: 'unknown' }]);
    expect(sb.requests.slice(before).filter((x) => x.method === 'PATCH')).toHaveLength(0);
    // The torn line was cut before the ledger went on (the refused resume left its own records).
    expect(ledgerOf(ledger).map((x) => x.type)).toEqual(['start', 'send', 'resume', 'stopped', 'resume', 'row', 'end']);
  });

  it('Ctrl-C exits 130 with the ledger intact, and --resume finishes', async () => {
    const n = 600;
    const file = write('int.csv', ['email', ...Array.from({ length: n }, (_, i) => `q${i}@int.test`)].join('\n') + '\n');
    const ledger = `${file}.batch-ledger.jsonl`;
    const r = await interrupted([file, '-o', 'jsonl', ...INVITE], '@int.test', 200, 'SIGINT');
    expect(r.exitCode).toBe(130);
    // With -o jsonl, the JSON error form's one object, saying what was done.
    expect(String(r.stderr)).toMatch(
      /^\{"error":\{"message":"interrupted after \d+ rows.*; run the same command with --resume to finish \(ledger: .*int\.csv\.batch-ledger\.jsonl\)","exitCode":130\}\}\n?$/,
    );
    const first = ledgerOf(ledger);
    expect(first[0]).toMatchObject({ type: 'start', kind: 'batch' });
    expect(first.at(-1)).toMatchObject({ type: 'stopped' });
    const done = first.filter((x) => x.type === 'row').length;
    expect(jsonl(String(r.stdout))).toHaveLength(done);
    expect(done).toBeLessThan(n);

    const again = await agnt(['batch', file, '--resume', '-o', 'jsonl', ...INVITE], { sb, timeout: 60_000 });
    expect(again.exitCode).toBe(0);
    expect(jsonl(again.stdout).length + done).toBe(n);
    expect(invitations('@int.test')).toHaveLength(n);
    const emails = invitePosts('@int.test').map((x) => (x.body as Rec).email);
    expect(new Set(emails).size).toBe(n);
    expect(emails).toHaveLength(n);
  }, 120_000);
  it('a 401 stops the run naming the row; progress is drawn on a terminal only', async () => {
    const file = write('p.csv', ['email', ...Array.from({ length: 30 }, (_, i) => `r${i}@pty.test`)].join('\n') + '\n');
    const denied = await agnt(['batch', file, '--serial', ...INVITE], { sb, as: 'agnt_live_not_a_token' });
    expect(denied.exitCode).toBe(4);
    expect(denied.stderr).toMatch(
      /^error: batch stopped at row 2 \(email=r0@pty\.test\): invalid or expired API token \(HTTP 401, AGNT_E_UNAUTHORIZED\); fix that, then run the same command with --resume/m,
    );
    expect(invitations('@pty.test')).toHaveLength(0);
    const tty = await runInPty(['batch', file, '--resume', '-o', 'jsonl', ...INVITE], [], { AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, AGNT_CONFIG_DIR: dir });
    expect(tty.exitCode).toBe(0);
    // The status line (rows, rate, then share of the file), drawn by ora (core/progress.ts) and cleared at the end.
    expect(tty.output).toMatch(/\d+ rows {2}[\d,]+ rows\/s/);
    expect(invitations('@pty.test')).toHaveLength(30);
  });
});
