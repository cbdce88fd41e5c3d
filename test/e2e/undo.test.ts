// `agnt changes` and `agnt undo` against the sandbox: a batch of updates undone record for record,
// a field someone changed since refused by name (exit 7), undo riding out 503s, and a created and a
// deleted record taken back.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/sandbox/store.ts';
import { execa } from 'execa';
import { agnt, agntJson, BIN, cleanEnv, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();

/** The contacts as stored, less the time of the last change (an undo is a change too). */
const snapshot = (ids: string[]) => ids.map((id) => ({ ...sb.store.get('contacts', id)!, updatedAt: undefined }));

async function latestSet(configDir: string): Promise<Rec> {
  const sets = await agntJson<Rec[]>(['changes', 'list'], { sb, configDir });
  return sets[0]!;
}

/**
 * Runs `agnt batch ARGS` as a process (the built CLI) and kills it with -9 while the sandbox makes
 * its `at`-th matching change (an insert or an update): that change is made, its answer never sent.
 */
async function killedBatch(args: string[], configDir: string, method: 'insert' | 'update', matches: (collection: string, rec: Rec) => boolean, at: number): Promise<void> {
  const child = execa(process.execPath, [BIN, 'batch', ...args], {
    env: { ...cleanEnv(), AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: sb.baseUrl, AGNT_TOKEN: sb.tokens.admin },
    reject: false,
  });
  const store = sb.store as unknown as Record<typeof method, (collection: string, key: string, rec: Rec) => Rec>;
  const original = store[method];
  let seen = 0;
  store[method] = (collection, key, rec) => {
    const out = original.call(sb.store, collection, key, rec);
    if (matches(collection, rec) && ++seen === at) child.kill('SIGKILL');
    return out;
  };
  try {
    expect((await child).signal).toBe('SIGKILL');
  } finally {
    store[method] = original;
  }
}

/** A batch file of the contacts' ids, one row each. */
function idRows(ids: string[]): string {
  const rows = join(tempDir(), 'rows.csv');
  writeFileSync(rows, `id\n${ids.join('\n')}\n`);
  return rows;
}

async function contacts(n: number, tag: string, configDir: string): Promise<string[]> {
  const dir = tempDir();
  const csv = join(dir, 'contacts.csv');
  writeFileSync(csv, `email,name,title\n${Array.from({ length: n }, (_, i) => `${tag}${i}@undo.test,Person ${i},Role ${i}`).join('\n')}\n`);
  const r = await agnt(['contacts', 'import', csv, '-o', 'json'], { sb, configDir });
  expect(r.exitCode, r.stderr).toBe(0);
  return sb.store.filter('contacts', (c) => String(c.email ?? '').startsWith(tag) && String(c.email).endsWith('@undo.test')).map((c) => c.id as string);
}

describe('agnt undo', () => {
  it('undoes a batch of 500 contacts update --set: every record as it was before', async () => {
    const configDir = tempDir();
    const ids = await contacts(500, 'b', configDir);
    expect(ids).toHaveLength(500);
    const before = snapshot(ids);
    const rows = join(tempDir(), 'rows.csv');
    writeFileSync(rows, `id,title\n${ids.map((id, i) => `${id},Changed ${i}`).join('\n')}\n`);
    const b = await agnt(['batch', rows, '--', 'contacts', 'update', '{id}', '--set', 'title={title}', '--set', 'address.city=Aarhus'], { sb, configDir });
    expect(b.exitCode, b.stderr).toBe(0);
    expect(sb.store.get('contacts', ids[7]!)!.title).toBe('Changed 7');
    const set = await latestSet(configDir);
    expect(set).toMatchObject({ writes: 500, failed: 0, inFlight: 0 });
    expect(String(set.command)).toMatch(/^agnt batch .*rows\.csv -- contacts update '\{id\}' --set 'title=\{title\}' --set address\.city=Aarhus$/);

    const shown = await agntJson<Rec>(['changes', 'show', String(set.id)], { sb, configDir });
    expect((shown.requests as Rec[]).find((r) => r.target === `/contacts/${ids[7]}`)).toMatchObject({
      method: 'PUT',
      state: 'done',
      fields: [{ field: 'title', before: 'Role 7', after: 'Changed 7' }, { field: 'address' }],
    });

    const u = await agnt(['undo', String(set.id), '--yes'], { sb, configDir });
    expect(u.stderr).toContain(`this undo is change set chg_`);
    expect(u.exitCode, u.stderr).toBe(0);
    expect(snapshot(ids)).toEqual(before);

    // The undo is a change set that says what it undoes; undoing it redoes.
    const undoSet = await latestSet(configDir);
    expect(undoSet).toMatchObject({ undoes: set.id, writes: 500 });
    const redo = await agnt(['undo', String(undoSet.id), '--yes'], { sb, configDir });
    expect(redo.exitCode, redo.stderr).toBe(0);
    expect(sb.store.get('contacts', ids[7]!)!.title).toBe('Changed 7');
  });

  it('refuses a field changed by someone else since, by name, undoes the rest, exit 7', async () => {
    const configDir = tempDir();
    const [id] = await contacts(1, 'c', configDir);
    const r = await agnt(['contacts', 'update', id!, '--title', 'New title', '--name', 'New name'], { sb, configDir });
    expect(r.exitCode, r.stderr).toBe(0);
    const set = await latestSet(configDir);
    sb.store.update('contacts', id!, { title: 'Someone else' });
    const u = await agnt(['undo', String(set.id), '--yes', '-o', 'json'], { sb, configDir });
    expect(u.exitCode).toBe(7);
    expect(JSON.parse(u.stdout)[0]).toMatchObject({ result: 'partly', undone: 'name', refused: 'title' });
    // Undoing again: the name is back already, the title is still someone else's: refused by name.
    const again = await agnt(['undo', String(set.id), '--yes'], { sb, configDir });
    expect(again.exitCode).toBe(7);
    expect(again.stderr).toContain(`changed since ${set.id}, not undone: /contacts/${id} title (the rest was undone)`);
    expect(sb.store.get('contacts', id!)).toMatchObject({ name: 'Person 0', title: 'Someone else' });
  });

  it('completes under 503 faults, with retries', async () => {
    const configDir = tempDir();
    const ids = await contacts(20, 'f', configDir);
    const before = snapshot(ids);
    const rows = idRows(ids);
    expect((await agnt(['batch', rows, '--', 'contacts', 'update', '{id}', '--set', 'title=Faulty'], { sb, configDir })).exitCode).toBe(0);
    const set = await latestSet(configDir);
    // Two failures in a row for some of the reads and writes (the third attempt goes through).
    for (const i of [0, 5, 19]) sb.faults.push({ method: 'PUT', path: new RegExp(`^/contacts/${ids[i]}$`), times: 2, status: 503 });
    for (const i of [3, 11]) sb.faults.push({ method: 'GET', path: new RegExp(`^/contacts/${ids[i]}$`), times: 2, status: 503 });
    const u = await agnt(['undo', String(set.id), '--yes'], { sb, configDir, env: { AGNT_BACKOFF_MS: '1' } });
    expect(u.exitCode, u.stderr).toBe(0);
    expect(sb.faults.every((f) => f.times === 0)).toBe(true);
    expect(snapshot(ids)).toEqual(before);
  });

  it('deletes what a create made and creates again what a delete removed, naming what cannot come back', async () => {
    const configDir = tempDir();
    const made = await agntJson<Rec>(['teams', 'create', '--name', 'Undo Team'], { sb, configDir });
    const createSet = await latestSet(configDir);
    const gone = await agnt(['undo', String(createSet.id), '--yes'], { sb, configDir });
    expect(gone.exitCode, gone.stderr).toBe(0);
    expect(sb.store.get('teams', String(made.id))).toBeUndefined();

    // A team comes back under its own id (POST /teams takes one); a contact under a new one.
    const keep = await agntJson<Rec>(['teams', 'create', '--name', 'Kept Team'], { sb, configDir });
    const [contact] = await contacts(1, 'd', configDir);
    expect((await agnt(['teams', 'delete', String(keep.id), '--yes'], { sb, configDir })).exitCode).toBe(0);
    expect((await agnt(['contacts', 'delete', contact!, '--yes'], { sb, configDir })).exitCode).toBe(0);
    const teamSet = (await agntJson<Rec[]>(['changes', 'list', '--command', 'teams delete'], { sb, configDir }))[0]!;
    const contactSet = await latestSet(configDir);
    const t = await agnt(['undo', String(teamSet.id), '--yes'], { sb, configDir });
    expect(t.exitCode, t.stderr).toBe(0);
    expect(sb.store.get('teams', String(keep.id))).toMatchObject({ name: 'Kept Team' });
    const c = await agnt(['undo', String(contactSet.id), '--yes'], { sb, configDir });
    expect(c.exitCode, c.stderr).toBe(0);
    expect(c.stderr).toContain('cannot come back: its id (the new record has a new one); new id con_');
    expect(sb.store.filter('contacts', (x) => x.email === 'd0@undo.test')).toEqual([expect.objectContaining({ name: 'Person 0', title: 'Role 0' })]);
  });

  it('says what is wrong with an id before anything is sent', async () => {
    const configDir = tempDir();
    const bad = await agnt(['undo', 'nope', '--yes'], { sb, configDir });
    expect(bad).toMatchObject({ exitCode: 2 });
    expect(bad.stderr).toContain("'nope' is not a change set id");
    const none = await agnt(['changes', 'show', 'chg_20200101T000000Z_abcdef'], { sb, configDir });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain("no change set chg_20200101T000000Z_abcdef in profile 'default'");
  });
});

describe('agnt undo of a batch killed with -9', () => {
  it('changes show names the rows left in flight; undo undoes what reached the server', async () => {
    const configDir = tempDir();
    const ids = await contacts(200, 'k', configDir);
    const before = snapshot(ids);
    const rows = idRows(ids);
    // A real process, killed once the sandbox has applied 100 of its updates (the 100th never answered).
    await killedBatch([rows, '--', 'contacts', 'update', '{id}', '--set', 'title=Killed'], configDir, 'update', (name, rec) => name === 'contacts' && rec.title === 'Killed', 100);
    const changed = ids.filter((id) => sb.store.get('contacts', id)!.title === 'Killed');
    expect(changed.length).toBeGreaterThanOrEqual(100);

    const set = await latestSet(configDir);
    expect(set.inFlight).toBeGreaterThanOrEqual(1);
    const shown = await agnt(['changes', 'show', String(set.id)], { sb, configDir });
    expect(shown.exitCode).toBe(0);
    const inFlight = shown.stdout.split('\n').filter((l) => l.includes('IN FLIGHT (may have reached the server)'));
    expect(inFlight.length).toBe(set.inFlight);
    for (const line of inFlight) expect(line).toMatch(/^#\d+ PUT \/contacts\/con_\w+ {2}IN FLIGHT/);

    const u = await agnt(['undo', String(set.id), '--yes'], { sb, configDir });
    expect(u.exitCode, u.stderr).toBe(0);
    expect(snapshot(ids)).toEqual(before);
  });
});

describe('agnt undo of nested and settings writes', () => {
  it('reminder preferences (a body that wraps the record) and a matrix reset come back as before', async () => {
    const configDir = tempDir();
    const get = async (what: string[]) => agntJson<Rec>(['preferences', ...what, 'get', '--user', 'usr_member'], { sb, configDir, as: 'admin' });
    // A cell set beforehand (another config folder: not among the change sets undone below).
    const set = await agnt(['preferences', 'matrix', 'update', '--user', 'usr_member', '--messaging', '{mode: manual}'], { sb, configDir: tempDir() });
    expect(set.exitCode, set.stderr).toBe(0);
    const reminders = await get(['reminders']);
    const matrix = await get(['matrix']);
    expect((matrix.messaging as Rec).mode).toBe('manual');
    const r = await agnt(['preferences', 'reminders', 'update', '--user', 'usr_member', '--level', 'none', '--check-in-after', '9'], { sb, configDir });
    expect(r.exitCode, r.stderr).toBe(0);
    const reset = await agnt(['preferences', 'matrix', 'reset', '--user', 'usr_member', '--yes'], { sb, configDir });
    expect(reset.exitCode, reset.stderr).toBe(0);
    expect(await get(['reminders'])).not.toEqual(reminders);
    expect(((await get(['matrix'])).messaging as Rec).mode).toBe(null);
    const sets = await agntJson<Rec[]>(['changes', 'list'], { sb, configDir });
    for (const set of sets) {
      const u = await agnt(['undo', String(set.id), '--yes'], { sb, configDir });
      expect(u.exitCode, u.stderr).toBe(0);
    }
    expect(await get(['reminders'])).toEqual(reminders);
    expect({ ...(await get(['matrix'])), updatedAt: undefined, matrixUpdatedAt: undefined }).toEqual({ ...matrix, updatedAt: undefined, matrixUpdatedAt: undefined });
  });
});

describe('agnt undo of creates left in flight', () => {
  it('a batch of team creates killed with -9: undo finds what the unanswered creates made and deletes it', async () => {
    const configDir = tempDir();
    const names = join(tempDir(), 'names.csv');
    writeFileSync(names, `name\n${Array.from({ length: 60 }, (_, i) => `KB ${i}`).join('\n')}\n`);
    await killedBatch([names, '--', 'teams', 'create', '--name', '{name}'], configDir, 'insert', (name, rec) => name === 'teams' && String(rec.name).startsWith('KB '), 30);
    const set = await latestSet(configDir);
    expect(set.inFlight).toBeGreaterThanOrEqual(1);
    expect(sb.store.filter('teams', (t) => String(t.name).startsWith('KB ')).length).toBeGreaterThanOrEqual(30);
    const u = await agnt(['undo', String(set.id), '--yes'], { sb, configDir });
    expect(u.exitCode, u.stderr).toBe(0);
    expect(sb.store.filter('teams', (t) => String(t.name).startsWith('KB '))).toEqual([]);
  });
});
