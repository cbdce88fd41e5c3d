import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { agnt, agntJson, tempDir, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

const FORMATS = ['table', 'json', 'yaml', 'jsonl', 'csv', 'id'] as const;

/** Runs a command in every output format and checks each one parses back to the same ids. */
async function inEveryFormat(args: string[], expectIds: string[], as = 'admin') {
  for (const f of FORMATS) {
    const r = await agnt([...args, '-o', f], { sb, as });
    expect(r.exitCode, `${args.join(' ')} -o ${f}: ${r.stderr}`).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout;
    let ids: string[];
    switch (f) {
      case 'json': {
        const v = JSON.parse(out);
        ids = (Array.isArray(v) ? v : [v]).map((x: any) => x.id);
        break;
      }
      case 'yaml': {
        const v = parseYaml(out);
        ids = (Array.isArray(v) ? v : [v]).map((x: any) => x.id);
        break;
      }
      case 'jsonl':
        ids = out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id);
        break;
      case 'csv': {
        const [header, ...rows] = out.trim().split('\n');
        expect(header!.split(',')[0]).toBe('id');
        ids = rows.map((r) => r.split(',')[0]!);
        break;
      }
      case 'id':
        ids = out.trim().split('\n');
        break;
      default:
        ids = expectIds.filter((id) => new RegExp(`(^|\\n)(id\\s+)?${id}\\b`).test(out));
    }
    expect(ids, `format ${f}`).toEqual(expectIds);
  }
}

describe('users', () => {
  it('me, in every output format', async () => {
    await inEveryFormat(['users', 'me'], ['usr_admin']);
  });

  it('list, in every output format, with the default table columns', async () => {
    const all = await agntJson<any[]>(['users', 'list'], { sb });
    await inEveryFormat(
      ['users', 'list'],
      all.map((u) => u.id),
    );
    const r = await agnt(['users', 'list'], { sb });
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+EMAIL\s+ORG_ROLE\s+TEAM_ROLE\s+STATUS$/);
    expect(rows).toContainEqual(expect.stringMatching(/^usr_admin\s+Ada Admin\s+admin@acme\.test\s+admin\s+owner\s+active$/));
  });

  it('--all walks every page, in order, and --limit stops early', async () => {
    const all = await agntJson<any[]>(['users', 'list', '--per-page', '100'], { sb });
    expect(all.length).toBeGreaterThan(5);
    sb.requests.length = 0;
    const paged = await agnt(['users', 'list', '--all', '--per-page', '2', '-o', 'id'], { sb });
    expect(paged.stdout.trim().split('\n')).toEqual(all.map((u) => u.id));
    const pages = sb.requests.filter((q) => q.path === '/users').map((q) => new URL(q.url, 'http://x').searchParams.get('page'));
    expect(pages.sort()).toEqual(Array.from({ length: Math.ceil(all.length / 2) }, (_, i) => String(i + 1)).sort());
    const limited = await agnt(['users', 'list', '--limit', '3', '-o', 'jsonl'], { sb });
    expect(
      limited.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(all.slice(0, 3).map((u) => u.id));
    const page2 = await agntJson<any[]>(['users', 'list', '--page', '2', '--per-page', '3'], { sb });
    expect(page2.map((u) => u.id)).toEqual(all.slice(3, 6).map((u) => u.id));
  });

  it('filters: status, email, search', async () => {
    expect((await agntJson<any[]>(['users', 'list', '--email', 'MEMBER@acme.test'], { sb })).map((u) => u.id)).toEqual(['usr_member']);
    expect((await agntJson<any[]>(['users', 'list', '--search', 'princ'], { sb })).map((u) => u.id)).toEqual(['usr_principal', 'usr_principal2']);
    expect(await agntJson<any[]>(['users', 'list', '--status', 'suspended'], { sb })).toEqual([]);
  });

  it('--fields keeps dotted fields in json, yaml, csv and table', async () => {
    const j = await agntJson(['users', 'me', '--fields', 'id,team.name'], { sb });
    expect(j).toEqual({ id: 'usr_admin', team: { name: 'Acme Executive Team' } });
    const y = await agnt(['users', 'me', '--fields', 'id,team.name', '-o', 'yaml'], { sb });
    expect(parseYaml(y.stdout)).toEqual({ id: 'usr_admin', team: { name: 'Acme Executive Team' } });
    const c = await agnt(['users', 'list', '--fields', 'id,team.name', '-o', 'csv', '--limit', '1'], { sb });
    expect(c.stdout).toBe('id,team.name\nusr_admin,Acme Executive Team\n');
    const t = await agnt(['users', 'list', '--fields', 'email,status', '--limit', '2'], { sb });
    expect(t.stdout.split('\n')[0]).toMatch(/^EMAIL\s+STATUS$/);
  });

  it('--query applies JMESPath to the whole result in every format (a list is one array)', async () => {
    const q = await agnt(['users', 'list', '--query', "[?teamRole=='owner'].email", '-o', 'json'], { sb });
    expect(JSON.parse(q.stdout)).toEqual(['admin@acme.test']);
    const l = await agnt(['users', 'list', '--query', '[].{id: id, role: organizationRole}', '-o', 'jsonl', '--limit', '2'], { sb });
    expect(l.stdout).toBe('{"id":"usr_admin","role":"admin"}\n{"id":"usr_coord","role":"member"}\n');
    const bad = await agnt(['users', 'list', '--query', '[?'], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: invalid --query expression/);
  });

  it('create, get (with identifiers), update, set-assistant, delete', async () => {
    const u = await agntJson(['users', 'create', '--email', 'new.person@acme.test', '--first-name', 'New', '--last-name', 'Person', '--metadata', '{"source":"test"}'], { sb });
    expect(u).toMatchObject({ email: 'new.person@acme.test', name: 'New Person', metadata: { source: 'test' } });
    const dup = await agnt(['users', 'create', '--email', 'new.person@acme.test'], { sb });
    expect(dup.exitCode).toBe(5);
    expect(dup.stderr).toMatch(/already exists \(HTTP 400, AGNT_E_DUPLICATE\)/);

    const got = await agntJson(['users', 'get', u.id], { sb });
    expect(got.id).toBe(u.id);
    expect(Array.isArray(got.identifiers) && Array.isArray(got.contacts) && Array.isArray(got.memories)).toBe(true);

    const upd = await agntJson(['users', 'update', u.id, '--status', 'suspended', '--manager-roles', 'ea_manager,other', '--organization-role', 'guest'], { sb });
    expect(upd).toMatchObject({ status: 'suspended', managerRoles: ['ea_manager', 'other'], organizationRole: 'guest' });

    // A user who never signed up may have an assistant set by someone else.
    const set = await agntJson(['users', 'set-assistant', 'usr_ghost', '--assistant', 'ast_ava'], { sb });
    expect(set.assistant).toBe('ast_ava');
    const cleared = await agntJson(['users', 'set-assistant', 'usr_ghost', '--assistant', 'null'], { sb });
    expect(cleared.assistant).toBeNull();

    const refused = await agnt(['users', 'delete', u.id], { sb });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/refusing without --yes/);
    const del = await agntJson(['users', 'delete', u.id, '--yes'], { sb });
    expect(del).toMatchObject({ id: u.id, deleted: true });
    expect((await agnt(['users', 'get', u.id], { sb })).exitCode).toBe(3);
  });

  it('set-assistant answers 403 AGNT_E_ASSISTANT_NOT_VISIBLE for an assistant the caller cannot see', async () => {
    const r = await agnt(['users', 'set-assistant', 'usr_admin', '--assistant', 'ast_private'], { sb });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/^error: assistant ast_private is not visible to you \(HTTP 403, AGNT_E_ASSISTANT_NOT_VISIBLE\)/);
    const other = await agnt(['users', 'set-assistant', 'usr_member', '--assistant', 'ast_ava'], { sb });
    expect(other.exitCode).toBe(4);
  });

  it('a PUT on a user of another organization gets 403', async () => {
    const r = await agnt(['users', 'update', 'usr_globex', '--name', 'Hijack'], { sb });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/another organization \(HTTP 403, AGNT_E_CROSS_ORGANIZATION\)/);
    const member = await agnt(['users', 'update', 'usr_coord', '--name', 'X'], { sb, as: 'member' });
    expect(member.exitCode).toBe(4);
  });

  it('update-me and profile', async () => {
    const me = await agntJson(['users', 'update-me', '--city', 'Paris', '--timezone', 'Europe/Paris', '--country', 'null', '--voice', '{"voiceId":"v1","provider":"p"}'], { sb, as: 'member' });
    expect(me).toMatchObject({ id: 'usr_member', city: 'Paris', timezone: 'Europe/Paris', country: null, voice: { voiceId: 'v1', provider: 'p' } });
    // users me answers from a text kept until the state changes: read before and after a change.
    expect(await agntJson(['users', 'me'], { sb, as: 'member' })).toMatchObject({ city: 'Paris' });
    await agntJson(['users', 'update-me', '--city', 'Lyon'], { sb, as: 'member' });
    expect(await agntJson(['users', 'me'], { sb, as: 'member' })).toMatchObject({ id: 'usr_member', city: 'Lyon' });
    const badVoice = await agnt(['users', 'update-me', '--voice', '{"voiceId":"v1","colour":"red"}'], { sb, as: 'member' });
    expect(badVoice.exitCode).toBe(2);
    expect(badVoice.stderr).toMatch(/--voice: unknown field 'colour'/);
    const p = await agntJson(['users', 'profile'], { sb });
    expect(p.profile.professional.companyDisplayName).toBe('Acme Corp');
    expect(p.identifiers[0].value).toBe('admin@acme.test');
  });

  it('provision: 201 created and added, 200 already a member', async () => {
    const a = await agntJson(['users', 'provision', '--email', 'prov@acme.test', '--team-id', 'team_acme', '--first-name', 'Pro'], { sb });
    expect(a).toMatchObject({ teamId: 'team_acme', created: true, addedToTeam: true, alreadyMember: false, joinSkipped: false });
    const b = await agntJson(['users', 'provision', '--email', 'prov@acme.test', '--team-id', 'team_acme'], { sb });
    expect(b).toMatchObject({ created: false, addedToTeam: false, alreadyMember: true, joinSkipped: false });
    const status = sb.requests.filter((q) => q.path === '/users/provision').map((q) => q.status);
    expect(status.slice(-2)).toEqual([201, 200]);
    const table = await agnt(['users', 'provision', '--email', 'prov@acme.test'], { sb });
    expect(table.stdout).toMatch(/found; already a member of team team_acme/);
    const gone = await agntJson(['users', 'deprovision', '--email', 'prov@acme.test', '--team-id', 'team_acme'], { sb });
    expect(gone).toMatchObject({ deleted: true, userDeleted: true });
    const missing = await agnt(['users', 'deprovision', '--email', 'prov@acme.test'], { sb });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toBe('error: --team-id is required (or give it in --file/--data)\n');
  });

  it('create from a YAML file, with flags overriding it; bad files are usage errors', async () => {
    const dir = tempDir();
    const f = join(dir, 'user.yaml');
    writeFileSync(f, 'email: from.file@acme.test\nfirstName: File\nlastName: Person\n');
    const u = await agntJson(['users', 'create', '--file', f, '--last-name', 'Flag'], { sb });
    expect(u).toMatchObject({ email: 'from.file@acme.test', name: 'File Flag' });
    writeFileSync(f, 'email: [unclosed\n');
    sb.requests.length = 0;
    const bad = await agnt(['users', 'create', '--file', f], { sb });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`^error: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: invalid YAML`));
    writeFileSync(f, 'email: x@acme.test\nnickname: X\n');
    const unknown = await agnt(['users', 'create', '--file', f], { sb });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown field 'nickname'/);
    const missing = await agnt(['users', 'create', '--file', join(dir, 'nope.json')], { sb });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json: no such file/);
    expect(sb.requests).toEqual([]);
  });

  it('workspace profile, snapshots (paginated) and cleanup', async () => {
    const p = await agntJson(['workspace', 'profile'], { sb });
    expect(p.userId).toBe('usr_admin');
    const none = await agnt(['workspace', 'profile', '--json'], { sb, as: 'member' });
    expect(none.stdout).toBe('null\n');
    const snaps = await agnt(['workspace', 'snapshots', '--all', '-o', 'jsonl'], { sb });
    const lines = snaps.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(48);
    expect(lines.map((l) => l.timestamp)).toEqual([...lines.map((l) => l.timestamp)].sort());
    const c = await agntJson(['workspace', 'cleanup', '--scope', 'sites'], { sb });
    expect(c).toMatchObject({ scope: 'sites', freedBytes: expect.any(Number), usedBytes: expect.any(Number) });
    const bad = await agnt(['workspace', 'cleanup', '--scope', 'everything'], { sb });
    expect(bad.exitCode).toBe(2);
  });
});
