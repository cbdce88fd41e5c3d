import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe('identifiers', () => {
  it('list in every format, filtered by user and type', async () => {
    const json = await agntJson<any[]>(['identifiers', 'list', '--user-id', 'usr_principal'], { sb });
    expect(json.map((i) => i.type).sort()).toEqual(['email', 'email', 'phone']);
    expect(json[0].user).toEqual({ id: 'usr_principal', name: 'Pat Principal', status: 'active' });
    const ids = json.map((i) => i.id);
    const yaml = parseYaml((await agnt(['identifiers', 'list', '--user-id', 'usr_principal', '-o', 'yaml'], { sb })).stdout);
    expect(yaml.map((i: any) => i.id)).toEqual(ids);
    const jsonl = (await agnt(['identifiers', 'list', '--user-id', 'usr_principal', '-o', 'jsonl'], { sb })).stdout.trim().split('\n');
    expect(jsonl.map((l) => JSON.parse(l).id)).toEqual(ids);
    const csv = (await agnt(['identifiers', 'list', '--user-id', 'usr_principal', '-o', 'csv'], { sb })).stdout.trim().split('\n');
    expect(csv[0]).toBe('id,type,value,verified,primary,user.id,user.name');
    expect(csv.slice(1).map((l) => l.split(',')[0])).toEqual(ids);
    const idOut = (await agnt(['identifiers', 'list', '--user-id', 'usr_principal', '-o', 'id'], { sb })).stdout;
    expect(idOut).toBe(`${ids.join('\n')}\n`);
    const table = (await agnt(['identifiers', 'list', '--type', 'phone'], { sb })).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+TYPE\s+VALUE\s+VERIFIED\s+PRIMARY\s+USER\s+USER_NAME$/);
    expect(table[1]).toMatch(/phone\s+\+15550100001\s+true\s+false\s+usr_principal\s+Pat Principal/);
    const bad = await agnt(['identifiers', 'list', '--type', 'fax'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('allowed: email, phone, external_id, employee_id, provider1, provider2, provider3, custom');
  });

  it('create, get, update, link, make-primary, delete', async () => {
    const created = await agntJson(['identifiers', 'create', '--type', 'email', '--value', 'ada.personal@mail.test', '--user-id', 'usr_admin', '--label', 'personal', '--verified'], { sb });
    expect(created).toMatchObject({ type: 'email', value: 'ada.personal@mail.test', verified: true, primary: false, label: 'personal' });
    expect(created.user).toMatchObject({ id: 'usr_admin', email: 'admin@acme.test', organizationRole: 'admin' });

    for (const f of ['table', 'json', 'yaml', 'csv', 'id', 'jsonl']) {
      const r = await agnt(['identifiers', 'get', created.id, '-o', f], { sb });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(created.id);
    }

    const upd = await agntJson(['identifiers', 'update', created.id, '--label', 'null', '--no-verified', '--metadata', 'source: test'], { sb });
    expect(upd).toMatchObject({ label: null, verified: false, metadata: { source: 'test' } });

    const mp = await agntJson(['identifiers', 'make-primary', created.id], { sb });
    expect(mp.identifier).toMatchObject({ id: created.id, primary: true });
    expect(mp.user.email).toBe('ada.personal@mail.test');
    const text = await agnt(['identifiers', 'make-primary', created.id], { sb });
    expect(text.stdout).toBe('ada.personal@mail.test is now the primary e-mail of usr_admin\n');
    const others = await agntJson<any[]>(['identifiers', 'list', '--user-id', 'usr_admin', '--type', 'email'], { sb });
    expect(others.filter((i) => i.primary).map((i) => i.id)).toEqual([created.id]);

    const linked = await agntJson(['identifiers', 'link', created.id, '--user-id', 'usr_member'], { sb });
    expect(linked.user.id).toBe('usr_member');

    const phone = (await agntJson<any[]>(['identifiers', 'list', '--type', 'phone'], { sb }))[0];
    const notEmail = await agnt(['identifiers', 'make-primary', phone.id], { sb });
    expect(notEmail.exitCode).toBe(5);
    expect(notEmail.stderr).toMatch(/only e-mail identifiers can be primary/);

    const del = await agntJson(['identifiers', 'delete', created.id, '--yes'], { sb });
    expect(del).toEqual({ id: created.id, deleted: true, message: `identifier ${created.id} deleted` });
    const gone = await agnt(['identifiers', 'get', created.id], { sb });
    expect(gone.exitCode).toBe(3);
  });

  it('create with user data makes a new user; a duplicate is refused', async () => {
    const c = await agntJson(['identifiers', 'create', '--type', 'email', '--value', 'walkin@guest.test', '--user-data', '{"name":"Walk In","timezone":"Europe/Berlin"}'], { sb });
    expect(c.user).toMatchObject({ name: 'Walk In', timezone: 'Europe/Berlin', email: 'walkin@guest.test' });
    expect(c.primary).toBe(true);
    const dup = await agnt(['identifiers', 'create', '--type', 'email', '--value', 'WALKIN@guest.test'], { sb });
    expect(dup.exitCode).toBe(5);
    const badKey = await agnt(['identifiers', 'create', '--type', 'email', '--value', 'a@b.test', '--user-data', '{"nick":"x"}'], { sb });
    expect(badKey.exitCode).toBe(2);
    const noType = await agnt(['identifiers', 'create', '--value', 'a@b.test'], { sb });
    expect(noType.exitCode).toBe(2);
    expect(noType.stderr).toMatch(/--type is required/);
  });

  it('ids holding / or .. stay inside their path segment', async () => {
    sb.requests.length = 0;
    const r = await agnt(['identifiers', 'get', '../users/usr_admin'], { sb });
    expect(r.exitCode).toBe(3);
    expect(sb.requests.map((q) => q.path)).toEqual(['/identifiers/..%2Fusers%2Fusr_admin']);
    const dots = await agnt(['identifiers', 'delete', '..', '--yes'], { sb });
    expect(dots.exitCode).toBe(2);
    expect(sb.requests.length).toBe(1);
  });
});
