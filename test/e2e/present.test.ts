// One presenter for every command (issue 23): each promise of docs/usage.md's Output section holds
// on the paths that used to print by themselves. Each case is a symptom seen before the change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, agntJson, removeDir, tempDir, withSandbox } from '../support/helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
let dir: string;
beforeAll(async () => {
  sb = await withSandbox();
  dir = tempDir();
});
afterAll(async () => {
  await sb.dispose();
  removeDir(dir);
});

const lines = (s: string) => s.split('\n').filter(Boolean);

describe('--query means one thing in every format', () => {
  it('a query that yields nothing is exit 2 naming it, never blank cells with exit 0', async () => {
    for (const format of ['csv', 'jsonl', 'id', 'json', 'table']) {
      const r = await agnt(['users', 'list', '-o', format, '--query', '{user: id, mail: email}'], { sb });
      // json and jsonl report failures in the JSON error form.
      const err = format.startsWith('json') ? `error: ${JSON.parse(r.stderr).error.message}` : r.stderr.split('\n')[0];
      expect({ format, code: r.exitCode, out: r.stdout, err }).toEqual({
        format,
        code: 2,
        out: '',
        err: expect.stringMatching(/^error: --query "\{user: id, mail: email\}" yields nothing from the \d+ records$/),
      });
    }
  });

  it('csv columns follow the query; id and jsonl print what it yields', async () => {
    const users = await agntJson<Array<{ id: string; email: string }>>(['users', 'list'], { sb });
    const csv = await agnt(['users', 'list', '-o', 'csv', '--query', '[].{user: id, mail: email}'], { sb });
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(lines(csv.stdout)).toEqual(['user,mail', ...users.map((u) => `${u.id},${u.email}`)]);
    const ids = await agnt(['users', 'list', '-o', 'id', '--query', '[].email'], { sb });
    expect(lines(ids.stdout)).toEqual(users.map((u) => u.email));
    const jsonl = await agnt(['users', 'list', '-o', 'jsonl', '--query', '[].email'], { sb });
    expect(lines(jsonl.stdout).map((l) => JSON.parse(l))).toEqual(users.map((u) => u.email));
  });
});

describe('-o id', () => {
  it('finds the id where the result nests the record', async () => {
    const prov = await agnt(['users', 'provision', '--email', 'nested-id@acme.test', '-o', 'id'], { sb });
    expect(prov.exitCode, prov.stderr).toBe(0);
    expect(prov.stdout).toMatch(/^usr_\w+\n$/);
    const idn = await agntJson<{ id: string }>(['identifiers', 'create', '--type', 'email', '--value', 'nested-idn@acme.test', '--user-id', 'usr_member'], { sb });
    const primary = await agnt(['identifiers', 'make-primary', idn.id, '-o', 'id'], { sb });
    expect(primary.exitCode, primary.stderr).toBe(0);
    expect(primary.stdout).toBe(`${idn.id}\n`);
  });

  it('a result with no id is exit 2 with a message, never an empty line', async () => {
    const r = await agnt(['org', 'model-tiers', 'get', 'org_acme', '-o', 'id'], { sb });
    expect({ code: r.exitCode, out: r.stdout, err: r.stderr.split('\n')[0] }).toEqual({ code: 2, out: '', err: 'error: -o id: the result has no id' });
    // Known from the model before sending: a change whose answer has no id is not made.
    const mark = sb.requests.length;
    const gone = await agnt(['users', 'deprovision', '--email', 'member@acme.test', '--team-id', 'team_acme', '-o', 'id'], { sb });
    expect({ code: gone.exitCode, err: gone.stderr.split('\n')[0] }).toEqual({ code: 2, err: 'error: -o id: the result has no id' });
    expect(sb.requests.slice(mark).filter((q: { method: string }) => q.method !== 'GET')).toEqual([]);
  });

  it('batch shows the nested id in its ID column', async () => {
    const file = join(dir, 'prov.csv');
    writeFileSync(file, 'email\nbatch-nested@acme.test\n');
    const r = await agnt(['batch', file, '-o', 'json', '--', 'users', 'provision', '--email', '{email}'], { sb });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0].id).toMatch(/^usr_\w+$/);
  });
});

describe('agnt api', () => {
  it('prints JSON by default, compact in a pipe; -o still applies', async () => {
    const me = await agnt(['api', 'GET', '/users/me'], { sb });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(lines(me.stdout)).toHaveLength(1);
    expect(JSON.parse(me.stdout)).toMatchObject({ ok: true });
    const contacts = await agnt(['api', 'GET', '/contacts?perPage=2'], { sb });
    expect(JSON.parse(contacts.stdout).contacts).toHaveLength(2);
    const yaml = await agnt(['api', 'GET', '/users/me', '-o', 'yaml'], { sb });
    expect(yaml.stdout).toMatch(/^ok: true$/m);
  });
});

describe('exit 7 is an outcome, not an error', () => {
  it('org plan and drift --exit-code print the document and no error object', async () => {
    const exported = await agnt(['org', 'export', 'org_acme'], { sb });
    const doc = join(dir, 'org.yaml');
    writeFileSync(doc, exported.stdout.replace('brandingOnMessages: false', 'brandingOnMessages: true'));
    const config = tempDir();
    try {
      const plan = await agnt(['org', 'plan', '-f', doc, '--exit-code', '-o', 'json'], { sb, configDir: config });
      expect({ code: plan.exitCode, err: plan.stderr }).toEqual({ code: 7, err: '' });
      expect(JSON.parse(plan.stdout).changes).toHaveLength(1);
      const drift = await agnt(['org', 'drift', '-f', doc, '--exit-code', '-o', 'jsonl'], { sb, configDir: config });
      expect({ code: drift.exitCode, err: drift.stderr }).toEqual({ code: 7, err: '' });
      expect(lines(drift.stdout).map((l) => JSON.parse(l).path)).toEqual(['teams[Acme Executive Team].brandingOnMessages']);
    } finally {
      removeDir(config);
    }
  });
});

describe("ids from stdin ('-')", () => {
  it('-o json is an array whatever the number of ids and failures', async () => {
    const one = await agnt(['contacts', 'delete', '-', '--yes', '--json'], { sb, input: 'con_missing\n' });
    expect(one.exitCode).toBe(6);
    expect(JSON.parse(one.stdout)).toEqual([]);
    expect(JSON.parse(one.stderr).error).toMatchObject({ exitCode: 6, message: expect.stringContaining('con_missing') });
    const two = await agnt(['contacts', 'delete', '-', '--yes', '--json'], { sb, input: 'con_missing\ncon_gone\n' });
    expect({ code: two.exitCode, out: JSON.parse(two.stdout) }).toEqual({ code: 6, out: [] });
  });
});

describe('escaping', () => {
  it('org export escapes C1 and bidirectional characters in yaml and json, and still round-trips', async () => {
    const name = 'Acme \u202eevil\u009b31m';
    sb.store.update('organizations', 'org_acme', { name });
    for (const format of ['yaml', 'json']) {
      const r = await agnt(['org', 'export', 'org_acme', '-o', format], { sb });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(r.stdout).toContain('\\u202e');
    }
    const json = await agnt(['org', 'export', 'org_acme', '-o', 'json'], { sb });
    expect(JSON.parse(json.stdout).organization?.name ?? JSON.parse(json.stdout).name).toBe(name);
  });
});

describe('times', () => {
  it('coverage list --tz applies to csv as it does for every list', async () => {
    await agntJson(['coverage', 'create', '--principal', 'usr_principal2', '--backup', 'usr_backup', '--start', '2027-06-01T12:00:00Z', '--end', '2027-06-02T12:00:00Z'], { sb, as: 'coordinator' });
    const utc = await agnt(['coverage', 'list', '-o', 'csv', '--fields', 'id,startAt'], { sb, as: 'coordinator' });
    const tokyo = await agnt(['coverage', 'list', '-o', 'csv', '--fields', 'id,startAt', '--tz', 'Asia/Tokyo'], { sb, as: 'coordinator' });
    expect(tokyo.exitCode, tokyo.stderr).toBe(0);
    const rows = lines(tokyo.stdout).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(lines(utc.stdout).slice(1)[0]).toMatch(/Z$/);
  });
});
