import { beforeEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { agnt, BIN, cleanEnv, removeDir, tempDir, sandboxForFile } from '../support/helpers.ts';
import type { Rec } from '../../src/sandbox/store.ts';
import { plain, runInPty } from '../support/pty.ts';

/** With --json a failure is one JSON object on stderr and nothing else: its message. */
function errorOf(stderr: string): string {
  expect(stderr.trim().split('\n').length).toBe(1);
  return (JSON.parse(stderr) as { error: { message: string } }).error.message;
}

const sb = sandboxForFile();
let dir: string;
beforeEach(() => {
  dir = tempDir('agnt-import-');
  sb.faults.length = 0;
  return () => removeDir(dir);
});

const write = (name: string, text: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** usr_admin's contact with this primary e-mail (every match: there must be one). */
const contactsOf = (email: string): Rec[] => sb.store.lookup('contacts', 'email', email).filter((c) => c.user === 'usr_admin');
const one = (email: string): Rec => {
  const found = contactsOf(email);
  expect(found, email).toHaveLength(1);
  return found[0]!;
};
const bulkPosts = () => sb.requests.filter((r) => r.method === 'POST' && r.path === '/contacts/bulk-import');
const ledgerRows = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((r) => r.type === 'row');

const GOOGLE =
  [
    'First Name,Middle Name,Last Name,Nickname,Organization Name,Organization Title,Birthday,Notes,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value',
    'Ann,,Lee,Annie,Acme,CTO,,"Met at the conference.\nLikes tea, not coffee.",* myContacts ::: Friends,* Work,ann@acme.test,Home,ann@home.test,Mobile,+1 555 0100',
    'Bob,,Stone,,Globex,,,,* myContacts,* Work,bob@globex,,,,',
    'Cara,,Okafor,,Initech,Engineer,,,* myContacts ::: Clients,* Work,cara@initech.test,,,Work,+1 555 0101',
    'Ann,,Lee,Annie,Acme,CTO,,"Met at the conference.\nLikes tea, not coffee.",* myContacts ::: Friends,* Work,ANN@acme.test,Home,ann@home.test,Mobile,+1 555 0100',
    'Dev,,Null,,,,,No address at all,,,,,,,',
    'Cara,,Okafor,,Initech,Manager,,,* myContacts,* Work,cara@initech.test,,,,',
    ',,,,,,,,,,,,,,',
    'Eli,,Park,,,,,,,* Work,eli@park.test,,,,',
  ].join('\n') + '\n';

const OUTLOOK =
  [
    'First Name,Middle Name,Last Name,Title,Suffix,Nickname,E-mail Address,E-mail 2 Address,E-mail Display Name,Home Phone,Business Phone,Mobile Phone,Job Title,Department,Company,Categories,Notes',
    'Fay,,Nguyen,Dr.,,,fay@hospital.test,,Fay Nguyen (fay@hospital.test),,+1 555 0200,,Surgeon,Cardiology,General Hospital,VIP;Doctors,',
    'Gus,,Smith,Mr.,,Gussie,gus@smith.test,gus.smith@personal.test,Gus Smith,+1 555 0300,,+1 555 0301,Owner,,Smith & Sons,,"Line one\r\nLine two"',
    'Hana,,Kowalski,Ms.,,,hana(at)example.test,,,,,,,,,,',
  ].join('\r\n') + '\r\n';

describe('contacts import', () => {
  it('imports a Google Contacts export: right contacts, failed rows exactly the bad ones, then the fixed file completes the set', async () => {
    const file = write('google.csv', GOOGLE);
    const failed = join(dir, 'failed.csv');
    const r = await agnt(['contacts', 'import', file, '--errors-out', failed, '-o', 'json'], { sb });
    // The JSON error form's one object names each failed row and why.
    expect(errorOf(r.stderr)).toBe(
      `3 of 8 rows failed (written to ${failed}): row 3 (bob@globex): 'bob@globex' in column 'E-mail 1 - Value' is not a valid e-mail address; row 6: no e-mail address (columns 'E-mail 1 - Value', 'E-mail 2 - Value'); row 7 (cara@initech.test): cara@initech.test is also on row 4, with other values: keep one of the two rows`,
    );
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toEqual({ total: 8, created: 3, updated: 0, skipped: 2, failed: 3, resent: 0, pending: 0, ledger: `${file}.ledger.jsonl`, errorsOut: failed });

    const ann = one('ann@acme.test');
    expect(ann).toMatchObject({ name: 'Ann Lee', preferredName: 'Annie', title: 'CTO', tags: ['Friends'], company: { name: 'Acme' }, source: { type: 'imported' } });
    expect(ann.emails.map((e: Rec) => [e.address, e.type])).toEqual([
      ['ann@acme.test', 'work'],
      ['ann@home.test', 'personal'],
    ]);
    expect(ann.phones).toMatchObject([{ number: '+1 555 0100', type: 'mobile', primary: true }]);
    expect(one('cara@initech.test')).toMatchObject({ title: 'Engineer', tags: ['Clients'] });
    expect(one('eli@park.test').name).toBe('Eli Park');
    expect(contactsOf('bob@globex')).toHaveLength(0);

    // The failed rows, in the input's own columns, plus the error.
    const rows = parse(readFileSync(failed, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => [x['First Name'], x['E-mail 1 - Value'], x.import_error])).toEqual([
      ['Bob', 'bob@globex', "'bob@globex' in column 'E-mail 1 - Value' is not a valid e-mail address"],
      ['Dev', '', "no e-mail address (columns 'E-mail 1 - Value', 'E-mail 2 - Value')"],
      ['Cara', 'cara@initech.test', 'cara@initech.test is also on row 4, with other values: keep one of the two rows'],
    ]);
    expect(rows[1]!.Notes).toBe('No address at all');

    // The ledger holds every row once, in order, with its outcome.
    const ledger = ledgerRows(`${file}.ledger.jsonl`);
    expect(ledger.map((x) => [x.row, x.outcome])).toEqual([
      [2, 'created'],
      [3, 'failed'],
      [4, 'created'],
      [5, 'skipped'],
      [6, 'failed'],
      [7, 'failed'],
      [8, 'skipped'],
      [9, 'created'],
    ]);
    expect(ledger[3].error).toBe('duplicate of row 2');

    // Fix the failed-rows file (and drop the conflicting duplicate), import it as it is.
    const fixed = readFileSync(failed, 'utf8')
      .replace('bob@globex,', 'bob@globex.test,')
      .replace('No address at all,,,', 'No address at all,,,dev@null.test')
      .split('\n')
      .filter((l) => !l.startsWith('Cara,'))
      .join('\n');
    const fixedFile = write('fixed.csv', fixed);
    const again = await agnt(['contacts', 'import', fixedFile, '-o', 'json'], { sb });
    expect(again.stderr).toBe('');
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: 2, created: 2, failed: 0 });
    for (const e of ['ann@acme.test', 'cara@initech.test', 'eli@park.test', 'bob@globex.test', 'dev@null.test']) one(e);
    expect(one('dev@null.test').name).toBe('Dev Null');
  });

  it('imports an Outlook export (CRLF): Job Title not Title, categories as tags, typed phones', async () => {
    const file = write('outlook.csv', OUTLOOK);
    const r = await agnt(['contacts', 'import', file, '--tags', 'outlook', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 3, created: 2, failed: 1 });
    expect(errorOf(r.stderr)).toMatch(
      /^1 of 3 rows failed \(see .*outlook\.csv\.ledger\.jsonl, or add --errors-out FILE\): row 4 \(hana\(at\)example\.test\): 'hana\(at\)example\.test' in column 'E-mail Address' is not a valid e-mail address$/,
    );
    expect(one('fay@hospital.test')).toMatchObject({
      name: 'Fay Nguyen',
      title: 'Surgeon',
      company: { name: 'General Hospital' },
      tags: ['VIP', 'Doctors', 'outlook'],
      phones: [{ number: '+1 555 0200', type: 'work' }],
    });
    const gus = one('gus@smith.test');
    expect(gus).toMatchObject({ preferredName: 'Gussie', title: 'Owner', company: { name: 'Smith & Sons' } });
    expect(gus.emails.map((e: Rec) => e.address)).toEqual(['gus@smith.test', 'gus.smith@personal.test']);
    expect(gus.phones.map((p: Rec) => [p.number, p.type])).toEqual([
      ['+1 555 0300', 'home'],
      ['+1 555 0301', 'mobile'],
    ]);
    expect(ledgerRows(`${file}.ledger.jsonl`).find((x) => x.row === 4)).toMatchObject({ outcome: 'failed', email: 'hana(at)example.test' });
  });

  it('imports a semicolon file with a BOM, CRLF and quoted multi-line fields; the failed file keeps the dialect', async () => {
    const text =
      '\ufeffLast Name;First Name;E-mail;Phone;Company;Fonction;Notes\r\n' +
      'Müller;Jürgen;juergen@mueller.test;+49 30 1234;"Müller; Söhne GmbH";Geschäftsführer;"Zeile 1\r\nZeile 2"\r\n' +
      'Dupont;Jean;jean.dupont@;;;;\r\n' +
      '\r\n' +
      'García;Lucía;lucia@garcia.test;;Garcia SL;Directora;\r\n';
    const file = write('excel.csv', text);
    const failed = join(dir, 'failed.csv');
    const r = await agnt(['contacts', 'import', file, '--map', 'Fonction=title', '--properties-from', 'Notes', '--errors-out', failed, '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 4, created: 2, skipped: 1, failed: 1 });
    expect(one('juergen@mueller.test')).toMatchObject({
      name: 'Jürgen Müller',
      title: 'Geschäftsführer',
      company: { name: 'Müller; Söhne GmbH' },
      properties: { notes: 'Zeile 1\r\nZeile 2' },
      phones: [{ number: '+49 30 1234' }],
    });
    expect(one('lucia@garcia.test')).toMatchObject({ name: 'Lucía García', title: 'Directora' });
    expect(readFileSync(failed, 'utf8')).toBe(
      "\ufeffLast Name;First Name;E-mail;Phone;Company;Fonction;Notes;import_error\r\nDupont;Jean;jean.dupont@;;;;;'jean.dupont@' in column 'E-mail' is not a valid e-mail address\r\n",
    );
  });

  it('decodes UTF-16 (Excel "Unicode text", tab-separated) and Windows-1252 files', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tE-mail\r\nZoë Ünal\tzoe@utf16.test\r\n', 'utf16le')]);
    const r1 = await agnt(['contacts', 'import', write('u16.txt', utf16), '-o', 'json'], { sb });
    expect(r1.exitCode).toBe(0);
    expect(one('zoe@utf16.test').name).toBe('Zoë Ünal');
    const cp1252 = Buffer.from('Name;Email;Company\nJosé Núñez;jose@cp1252.test;Café “Olé”\n', 'latin1');
    cp1252[cp1252.indexOf(0x1c)] = 0x93; // the curly quotes of Windows-1252, not in Latin-1
    cp1252[cp1252.indexOf(0x1d)] = 0x94;
    const r2 = await agnt(['contacts', 'import', write('cp.csv', cp1252), '-o', 'json'], { sb });
    expect(r2.exitCode).toBe(0);
    expect(one('jose@cp1252.test')).toMatchObject({ name: 'José Núñez', company: { name: 'Café “Olé”' } });
  });

  it('skips the notes above the header of a LinkedIn export; row numbers count them', async () => {
    const text =
      'Notes:\n"When exporting your connection data, you may notice that some of the email addresses are missing."\n\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\nLin,Ked,https://www.linkedin.com/in/linked,lin@linkedin.test,Social Co,Recruiter,01 Jan 2024\nNo,Mail,https://www.linkedin.com/in/nomail,,Hidden Co,CEO,02 Jan 2024\n';
    const file = write('Connections.csv', text);
    const r = await agnt(['contacts', 'import', file, '--properties-from', 'URL', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(one('lin@linkedin.test')).toMatchObject({ name: 'Lin Ked', title: 'Recruiter', company: { name: 'Social Co' }, properties: { url: 'https://www.linkedin.com/in/linked' } });
    expect(ledgerRows(`${file}.ledger.jsonl`).map((x) => [x.row, x.outcome])).toEqual([
      [5, 'created'],
      [6, 'failed'],
    ]);
  });

  it('--dry-run sends nothing and reports what would happen', async () => {
    const file = write('google.csv', GOOGLE);
    const before = bulkPosts().length;
    const r = await agnt(['contacts', 'import', file, '--dry-run', '-o', 'json'], { sb });
    expect(errorOf(r.stderr)).toBe(
      `3 of 8 rows failed: row 3 (bob@globex): 'bob@globex' in column 'E-mail 1 - Value' is not a valid e-mail address; row 6: no e-mail address (columns 'E-mail 1 - Value', 'E-mail 2 - Value'); row 7 (cara@initech.test): cara@initech.test is also on row 4, with other values: keep one of the two rows`,
    );
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({
      dryRun: true,
      total: 8,
      toImport: 3,
      skipped: 2,
      failed: 3,
      mapping: { 'E-mail 1 - Value': "e-mail (type from 'E-mail 1 - Label')", Notes: '(ignored)' },
    });
    expect(bulkPosts().length).toBe(before);
    expect(existsSync(`${file}.ledger.jsonl`)).toBe(false);
  });

  it('reads stdin, and refuses a file without an e-mail column before sending anything', async () => {
    const ledger = join(dir, 'stdin.ledger.jsonl');
    const r = await agnt(['contacts', 'import', '-', '--ledger', ledger, '-o', 'json'], { sb, input: 'email\tname\nstdin1@example.test\tIn Put\n' });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 1, created: 1 });
    expect(one('stdin1@example.test').name).toBe('In Put');

    const before = bulkPosts().length;
    const bad = await agnt(['contacts', 'import', write('x.csv', 'Name,Phone\nAnn,1\n')], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: \S*x\.csv:1: no column holds e-mail addresses \(columns: 'Name', 'Phone'\)\nhint: name it with --map 'COLUMN=email'\n$/);
    expect(bulkPosts().length).toBe(before);
    expect((await agnt(['contacts', 'import', file_('nope.csv')], { sb })).exitCode).toBe(2);
    expect((await agnt(['contacts', 'import', write('y.csv', 'email\n'), '--batch-size', '1001'], { sb })).stderr).toMatch(/--batch-size must be at most 1000/);
  });

  it('survives a kill mid-run: --resume finishes with every row exactly once and no finished batch sent twice', async () => {
    const n = 3000;
    const lines = ['Email,Name,Company'];
    for (let i = 0; i < n; i++) lines.push(`kill${i}@example.test,Person ${i},Co ${i % 13}`);
    const file = write('big.csv', lines.join('\n') + '\n');
    const ledger = `${file}.ledger.jsonl`;
    const postsBefore = bulkPosts().length;

    // Kill the CLI (SIGKILL: no chance to tidy up) while the sandbox is in the middle of a batch.
    const child = execa(process.execPath, [BIN, 'contacts', 'import', file, '--batch-size', '100', '--concurrency', '2', '-o', 'json'], {
      env: { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin },
      reject: false,
    });
    const insert = sb.store.insert.bind(sb.store);
    let inserted = 0;
    sb.store.insert = (name, prefix, rec) => {
      if (name === 'contacts' && ++inserted === 1050) child.kill('SIGKILL');
      return insert(name, prefix, rec);
    };
    let killed;
    try {
      killed = await child;
    } finally {
      sb.store.insert = insert;
    }
    expect(killed.signal).toBe('SIGKILL');

    // What the first run knew was finished, from its ledger.
    const first = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const batches = new Map<number, string[]>(first.filter((x) => x.type === 'batch').map((x) => [x.batch, x.emails]));
    const finished = new Set(first.filter((x) => x.type === 'done').flatMap((x) => batches.get(x.batch)!));
    expect(finished.size).toBeGreaterThan(0);
    expect(finished.size).toBeLessThan(n);

    const again = await agnt(['contacts', 'import', file, '--resume', '-o', 'json', '--batch-size', '100'], { sb });
    expect(again.stderr).toBe('');
    expect(again.exitCode).toBe(0);
    const summary = JSON.parse(again.stdout);
    expect(summary).toMatchObject({ total: n, failed: 0, pending: 0 });
    expect(summary.created + summary.updated + summary.skipped).toBe(n);

    // The sandbox holds every row exactly once.
    for (let i = 0; i < n; i++) expect(contactsOf(`kill${i}@example.test`), `kill${i}`).toHaveLength(1);
    // Finished rows were sent once; only rows of batches in flight at the kill were sent twice.
    const sent = new Map<string, number>();
    for (const p of bulkPosts().slice(postsBefore)) for (const c of (p.body as { contacts: Rec[] }).contacts) sent.set(c.email, (sent.get(c.email) ?? 0) + 1);
    expect(sent.size).toBe(n);
    for (const [email, times] of sent) {
      if (finished.has(email)) expect(times, email).toBe(1);
      else expect(times, email).toBeLessThanOrEqual(2);
    }
    const twice = [...sent.values()].filter((t) => t === 2).length;
    // Rows of a batch that was in flight may or may not have reached the server: all count as resent.
    expect(summary.resent).toBeGreaterThanOrEqual(twice);
    expect(summary.resent).toBeLessThanOrEqual(200);
    // The final ledger has one line per row, in order.
    expect(ledgerRows(ledger).map((x) => x.row)).toEqual(Array.from({ length: n }, (_, i) => i + 2));
  });

  it('Ctrl-C: exit 130 after writing the ledger and the failed rows so far; --resume finishes', async () => {
    const n = 2000;
    const lines = ['Email,Name'];
    for (let i = 0; i < n; i++) lines.push(i % 500 === 7 ? `broken${i}@,Broken ${i}` : `int${i}@example.test,Int ${i}`);
    const file = write('int.csv', lines.join('\n') + '\n');
    const failed = join(dir, 'failed.csv');
    const child = execa(process.execPath, [BIN, 'contacts', 'import', file, '--batch-size', '100', '--concurrency', '1', '--errors-out', failed, '-o', 'json'], {
      env: { ...cleanEnv(), AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin },
      reject: false,
    });
    const insert = sb.store.insert.bind(sb.store);
    let inserted = 0;
    sb.store.insert = (name, prefix, rec) => {
      if (name === 'contacts' && ++inserted === 650) child.kill('SIGINT');
      return insert(name, prefix, rec);
    };
    let r;
    try {
      r = await child;
    } finally {
      sb.store.insert = insert;
    }
    expect(r.exitCode).toBe(130);
    expect(errorOf(String(r.stderr))).toMatch(/^interrupted: \d+ rows not finished; run the same command with --resume to finish \(ledger: .*int\.csv\.ledger\.jsonl\)$/);
    const partial = JSON.parse(String(r.stdout));
    expect(partial.pending).toBeGreaterThan(0);
    expect(readFileSync(`${file}.ledger.jsonl`, 'utf8')).toMatch(/\{"type":"stopped","reason":"interrupted"/);
    const early = parse(readFileSync(failed, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(early.map((x) => x.Email)).toEqual(['broken7@', 'broken507@'].slice(0, early.length));
    expect(early.length).toBeGreaterThan(0);

    const again = await agnt(['contacts', 'import', file, '--resume', '--errors-out', failed, '-o', 'json'], { sb });
    expect(again.exitCode).toBe(6);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: n, failed: 4, pending: 0 });
    expect((parse(readFileSync(failed, 'utf8'), { columns: true }) as Array<Record<string, string>>).map((x) => x.Email)).toEqual(['broken7@', 'broken507@', 'broken1007@', 'broken1507@']);
    for (let i = 0; i < n; i++) if (i % 500 !== 7) expect(contactsOf(`int${i}@example.test`), `int${i}`).toHaveLength(1);
  });

  it('a sandbox answering 503 (and 502) for a while: retried with backoff, no row lost or duplicated', async () => {
    const n = 1000;
    const lines = ['Email,Name'];
    for (let i = 0; i < n; i++) lines.push(`flaky${i}@example.test,Flaky ${i}`);
    const file = write('flaky.csv', lines.join('\n') + '\n');
    const postsBefore = bulkPosts().length;
    sb.faults.push({ method: 'POST', path: /^\/contacts\/bulk-import$/, times: 5, status: 503 });
    sb.faults.push({ method: 'POST', path: /^\/contacts\/bulk-import$/, times: 2, status: 502 });
    const r = await agnt(['contacts', 'import', file, '--batch-size', '100', '--concurrency', '3', '-o', 'json'], { sb, env: { AGNT_BACKOFF_MS: '5' } });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: n, created: n - 0, failed: 0, pending: 0 });
    const posts = bulkPosts().slice(postsBefore);
    expect(posts.filter((p) => p.status === 503)).toHaveLength(5);
    expect(posts.filter((p) => p.status === 502)).toHaveLength(2);
    const handled = new Map<string, number>();
    for (const p of posts.filter((x) => x.status === 200)) for (const c of (p.body as { contacts: Rec[] }).contacts) handled.set(c.email, (handled.get(c.email) ?? 0) + 1);
    expect(handled.size).toBe(n);
    expect([...handled.values()].every((t) => t === 1)).toBe(true);
    for (let i = 0; i < n; i += 97) one(`flaky${i}@example.test`);
  });

  it('obeys a smaller server limit: a 400 batch-too-large splits the batch, nothing lost', async () => {
    const lines = ['Email'];
    for (let i = 0; i < 120; i++) lines.push(`split${i}@example.test`);
    const file = write('split.csv', lines.join('\n') + '\n');
    const postsBefore = bulkPosts().length;
    sb.faults.push({
      method: 'POST',
      path: /^\/contacts\/bulk-import$/,
      times: 1,
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 400, error_code: 'AGNT_E_BATCH_TOO_LARGE', error: 'too many contacts', maxBatchSize: 50 }),
    });
    const r = await agnt(['contacts', 'import', file, '--concurrency', '1', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 120, created: 120 });
    const sizes = bulkPosts()
      .slice(postsBefore)
      .map((p) => (p.status === 200 ? (p.body as { contacts: unknown[] }).contacts.length : p.status));
    expect(sizes).toEqual([400, 50, 50, 20]);
  });

  it('stops on 401 mid-run (exit 4, --resume hint); --resume refuses a changed file and finishes the same one', async () => {
    const text = 'Email,Name\nstop1@example.test,One\nstop2@example.test,Two\nstop3@example.test,Three\nstop4@example.test,Four\nstop5@example.test,Five\n';
    const file = write('stop.csv', text);
    const insert = sb.store.insert.bind(sb.store);
    let inserted = 0;
    sb.store.insert = (name, prefix, rec) => {
      if (name === 'contacts' && ++inserted === 2)
        sb.faults.push({
          method: 'POST',
          path: /^\/contacts\/bulk-import$/,
          times: 1,
          status: 401,
          headers: { 'content-type': 'application/json' },
          body: '{"status":401,"error_code":"AGNT_E_UNAUTHORIZED","error":"token revoked"}',
        });
      return insert(name, prefix, rec);
    };
    let r;
    try {
      r = await agnt(['contacts', 'import', file, '--batch-size', '2', '--concurrency', '1', '-o', 'json'], { sb });
    } finally {
      sb.store.insert = insert;
    }
    expect(r.exitCode).toBe(4);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 5, created: 2, pending: 3 });
    expect(errorOf(r.stderr)).toMatch(/^token revoked \(HTTP 401, AGNT_E_UNAUTHORIZED\); 3 rows not finished: run the same command with --resume to finish$/);

    writeFileSync(file, text.replace('stop2@', 'other2@'));
    const changed = await agnt(['contacts', 'import', file, '--resume'], { sb });
    expect(changed.exitCode).toBe(1);
    expect(changed.stderr).toMatch(/row 3 is not the row the earlier import sent \(the file changed\)/);

    writeFileSync(file, text);
    const done = await agnt(['contacts', 'import', file, '--resume', '-o', 'json'], { sb });
    expect(done.stderr).toBe('');
    expect(done.exitCode).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ total: 5, created: 5, failed: 0, pending: 0 });
    for (let i = 1; i <= 5; i++) one(`stop${i}@example.test`);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal, shows the mapping (and progress) on stderr first', async () => {
    const file = write('tty.csv', 'First Name,E-mail Address,Notes\nAnn,ann.tty@example.test,x\n');
    const r = await runInPty(['contacts', 'import', file], [], { AGNT_CONFIG_DIR: tempDir(), AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin, NO_COLOR: '1' });
    expect(r.exitCode).toBe(0);
    const out = plain(r.output);
    expect(out).toContain(`${file}: utf8, comma-separated, header on row 1\n  First Name      -> name (first)\n  E-mail Address  -> e-mail\n  Notes           -> (ignored)\n`);
    expect(out).toMatch(/total +1\ncreated +1\n/);
    one('ann.tty@example.test');
  });

  it("rows the server refuses fail with the server's message, in the ledger and the failed-rows file", async () => {
    const file = write('srv.csv', 'Email,Name,Phone\nsrv1@example.test,One,+1 555 0101\nsrv2@example.test,Two,n/a\nsrv3@example.test,Three,\n');
    const failed = join(dir, 'failed.csv');
    const r = await agnt(['contacts', 'import', file, '--errors-out', failed, '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 3, created: 2, failed: 1 });
    expect(readFileSync(failed, 'utf8')).toBe("Email,Name,Phone,import_error\nsrv2@example.test,Two,n/a,phone 'n/a' has no digits\n");
    expect(ledgerRows(`${file}.ledger.jsonl`).map((x) => [x.row, x.outcome, x.batch, x.error])).toEqual([
      [2, 'created', 1, undefined],
      [3, 'failed', 1, "phone 'n/a' has no digits"],
      [4, 'created', 1, undefined],
    ]);
    expect(contactsOf('srv2@example.test')).toHaveLength(0);
  });

  it('a batch refused as a whole (400) is halved until the refused row is alone; the others go in', async () => {
    const file = write('bisect.csv', 'Email\nbis1@example.test\nbis2@example.test\nbis3@example.test\nbis4@example.test\n');
    const postsBefore = bulkPosts().length;
    sb.faults.push({
      method: 'POST',
      path: /^\/contacts\/bulk-import$/,
      times: 3,
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: '{"status":400,"error_code":"AGNT_E_VALIDATION","error":"contacts[0].name must be a string"}',
    });
    const r = await agnt(['contacts', 'import', file, '--concurrency', '1', '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 4, created: 3, failed: 1 });
    expect(
      bulkPosts()
        .slice(postsBefore)
        .map((p) => (p.status === 200 ? (p.body as { contacts: unknown[] }).contacts.length : p.status)),
    ).toEqual([400, 400, 400, 1, 2]);
    expect(ledgerRows(`${file}.ledger.jsonl`).find((x) => x.row === 2)).toMatchObject({ outcome: 'failed', error: 'contacts[0].name must be a string (HTTP 400, AGNT_E_VALIDATION)' });
    expect(contactsOf('bis1@example.test')).toHaveLength(0);
    for (const e of ['bis2', 'bis3', 'bis4']) one(`${e}@example.test`);
  });

  it('a quote never closed costs its row alone (exit 6, named by its line); the rows after it go in', async () => {
    const file = write('quote.csv', 'email,name\nq1@quote.test,One\nq2@quote.test,"Two\nq3@quote.test,Three\n');
    const r = await agnt(['contacts', 'import', file, '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(errorOf(r.stderr)).toMatch(/^1 of 3 rows failed .*row 3: line 3: a quote opened on this line is never closed; the row is left out, the rows after it are read$/);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 3, created: 2, failed: 1, pending: 0 });
    expect(one('q3@quote.test').name).toBe('Three');
    // Finished: --resume has nothing left to do, and says so with the same counts.
    const again = await agnt(['contacts', 'import', file, '--resume', '-o', 'json'], { sb });
    expect(JSON.parse(again.stdout)).toMatchObject({ total: 3, failed: 1, pending: 0 });
  });

  it('refuses to start over an unfinished ledger without --resume', async () => {
    const file = write('u.csv', 'email\nu1@example.test\n');
    writeFileSync(`${file}.ledger.jsonl`, '{"type":"start","version":1}\n');
    const r = await agnt(['contacts', 'import', file], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/holds an import that did not finish\nhint: add --resume/);
  });
});

describe('contacts bulk-import', () => {
  it('sends a YAML file as it is, reports per-row errors with exit 6', async () => {
    const file = write('c.yaml', 'contacts:\n  - email: yaml1@example.test\n    name: Yaml One\n    tags: [a]\n  - email: not-an-email\n');
    const r = await agnt(['contacts', 'bulk-import', '--file', file, '-o', 'json'], { sb });
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toEqual({
      success: false,
      total: 2,
      created: 1,
      updated: 0,
      skipped: 0,
      errors: [{ index: 1, email: 'not-an-email', error: "email 'not-an-email' is not a valid e-mail address" }],
    });
    expect(errorOf(r.stderr)).toBe('1 of 2 contacts refused');
    expect(one('yaml1@example.test')).toMatchObject({ name: 'Yaml One', tags: ['a'] });

    // Upsert: the same row again changes nothing (skipped), a change is an update.
    const same = await agnt(['contacts', 'bulk-import', '--data', '{"contacts":[{"email":"YAML1@example.test","name":"Yaml One"},{"email":"yaml1@example.test","title":"Boss"}]}', '-o', 'json'], {
      sb,
    });
    expect(same.exitCode).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ success: true, created: 0, skipped: 1, updated: 1 });
    expect(one('yaml1@example.test').title).toBe('Boss');
  });

  it('the sandbox refuses more than 1000 contacts in one request; the CLI checks first', async () => {
    const contacts = Array.from({ length: 1001 }, (_, i) => ({ email: `max${i}@example.test` }));
    const res = await fetch(`${sb.baseUrl}/contacts/bulk-import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contacts }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 400, error_code: 'AGNT_E_BATCH_TOO_LARGE', error: 'too many contacts in one request: 1001 (at most 1000)', maxBatchSize: 1000 });
    const r = await agnt(['contacts', 'bulk-import', '--file', write('big.json', JSON.stringify({ contacts }))], { sb });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/at most 1000 contacts per request, got 1001/);
  });
});

function file_(name: string): string {
  return join(dir, name);
}
