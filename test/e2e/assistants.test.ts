import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agnt, agntJson, tempDir, sandboxForFile } from '../support/helpers.ts';
import { assistants } from '../../commands/assistants.ts';
import { expectHelpForEvery } from './shared.ts';

const sb = sandboxForFile();

const ids = (list: Array<{ id: string }>) => list.map((a) => a.id);

describe('assistants', () => {
  it('lists the assistants visible by scope, and all of them for an organization admin', async () => {
    expect(ids(await agntJson(['assistants', 'list'], { sb }))).toEqual(['ast_ava']);
    expect(ids(await agntJson(['assistants', 'list'], { sb, as: 'member' }))).toEqual(['ast_ava', 'ast_private']);
    expect(ids(await agntJson(['assistants', 'list'], { sb, as: 'other' }))).toEqual(['ast_globex']);
    const byEmail = await agnt(['assistants', 'list', '--email', 'AVA@assistants.acme.test', '-o', 'id'], { sb });
    expect(byEmail.stdout).toBe('ast_ava\n');

    const all = await agnt(['assistants', 'all'], { sb });
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toMatch(/^ID\s+NAME\s+EMAIL\s+SCOPE\s+STATUS\s+ORGANIZATION\s+TEAM\s+USER$/m);
    expect(all.stdout).toMatch(/^ast_private\s+Mo\s+mo@assistants\.acme\.test\s+user\s+active\s+usr_member$/m);
    expect(all.stdout).not.toContain('ast_globex');
    const denied = await agnt(['assistants', 'all'], { sb, as: 'member' });
    expect(denied.exitCode).toBe(4);

    const hidden = await agnt(['assistants', 'get', 'ast_private'], { sb });
    expect(hidden.exitCode).toBe(3);
  });

  it('creates, gets, updates and deletes an assistant; team scope is seen by the team only', async () => {
    const a = await agntJson(['assistants', 'create', '--name', 'Tess', '--email', 'tess@assistants.acme.test', '--scope', 'team', '--writing-style', '{"humor":0.9}', '--talk-to-strangers'], { sb });
    expect(a).toMatchObject({ name: 'Tess', scope: 'team', team: 'team_acme', organization: 'org_acme', status: 'active', talkToStrangers: true, writingStyle: { humor: 0.9, professionalism: 0.7 } });
    expect(ids(await agntJson(['assistants', 'list'], { sb, as: 'member' }))).toContain(a.id);
    expect((await agnt(['assistants', 'get', a.id], { sb, as: 'other' })).exitCode).toBe(3);

    const dup = await agnt(['assistants', 'create', '--name', 'Tess', '--email', 'tess@assistants.acme.test'], { sb });
    expect(dup.exitCode).toBe(5);
    const notAdmin = await agnt(['assistants', 'create', '--name', 'Org', '--email', 'org@assistants.acme.test', '--scope', 'organization'], { sb, as: 'member' });
    expect(notAdmin.exitCode).toBe(4);
    const noEmail = await agnt(['assistants', 'create', '--name', 'X'], { sb });
    expect(noEmail.exitCode).toBe(2);

    const upd = await agntJson(['assistants', 'update', a.id, '--tagline', 'Calm', '--status', 'inactive', '--channels', '{"sms":"+15550100100","smsProvider":"carrierA"}'], { sb });
    expect(upd).toMatchObject({ tagline: 'Calm', status: 'inactive', channels: { sms: '+15550100100', smsProvider: 'carrierA' } });
    const upd2 = await agntJson(['assistants', 'update', a.id, '--channels', '{"appmsgACarrierA":{"enabled":true}}', '--tagline', 'null'], { sb });
    expect(upd2.channels).toEqual({ sms: '+15550100100', smsProvider: 'carrierA', appmsgACarrierA: { enabled: true } });
    expect(upd2.tagline).toBeNull();
    const widened = await agntJson(['assistants', 'update', a.id, '--scope', 'organization'], { sb });
    expect(widened).toMatchObject({ scope: 'organization', organization: 'org_acme' });
    const narrowed = await agnt(['assistants', 'update', a.id, '--scope', 'team'], { sb, as: 'member' });
    expect(narrowed.exitCode).toBe(4);
    const badEnum = await agnt(['assistants', 'update', a.id, '--status', 'retired'], { sb });
    expect(badEnum.exitCode).toBe(2);

    const refused = await agnt(['assistants', 'delete', a.id], { sb });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/refusing without --yes/);
    const del = await agntJson(['assistants', 'delete', a.id, '--yes'], { sb });
    expect(del).toMatchObject({ id: a.id, deleted: true });
    expect((await agnt(['assistants', 'get', a.id], { sb })).exitCode).toBe(3);
    expect(sb.store.get('assistants', a.id)).toMatchObject({ retiredEmail: 'tess@assistants.acme.test', deletedAt: expect.any(String) });
  });

  it('generates free e-mail addresses for a name (no ok key)', async () => {
    const json = await agntJson(['assistants', 'generate', '--name', 'Ava'], { sb });
    expect(json).toEqual({ name: 'Ava', emails: ['ava2@assistants.acme.test', 'ava3@assistants.acme.test', 'ava4@assistants.acme.test'] });
    const table = await agnt(['assistants', 'generate', '--name', 'Sam Lee'], { sb });
    expect(table.stdout).toBe('sam.lee@assistants.acme.test\nsam.lee2@assistants.acme.test\nsam.lee3@assistants.acme.test\n');
  });

  it("manages a user's assistant: get, create, update, delete", async () => {
    const mine = await agntJson(['assistants', 'user', 'get'], { sb });
    expect(mine.id).toBe('ast_ava');
    const created = await agntJson(['assistants', 'user', 'create', 'usr_principal', '--name', 'Robin', '--pronouns', 'they/them'], { sb });
    expect(created).toMatchObject({ name: 'Robin', scope: 'user', user: 'usr_principal', pronouns: 'they/them', email: 'robin@assistants.acme.test' });
    expect((await agntJson(['users', 'get', 'usr_principal'], { sb })).assistant).toBe(created.id);
    const again = await agnt(['assistants', 'user', 'create', 'usr_principal', '--name', 'Robin'], { sb });
    expect(again.exitCode).toBe(5);

    const got = await agntJson(['assistants', 'user', 'get', 'usr_principal'], { sb });
    expect(got.id).toBe(created.id);
    const upd = await agntJson(['assistants', 'user', 'update', 'usr_principal', '--personality', 'Brief'], { sb, as: 'principal' });
    expect(upd).toMatchObject({ id: created.id, personality: 'Brief' });
    const stranger = await agnt(['assistants', 'user', 'get', 'usr_principal'], { sb, as: 'member' });
    expect(stranger.exitCode).toBe(4);

    const del = await agntJson(['assistants', 'user', 'delete', 'usr_principal', '--yes'], { sb });
    expect(del).toMatchObject({ id: created.id, deleted: true });
    expect((await agnt(['assistants', 'user', 'get', 'usr_principal'], { sb })).exitCode).toBe(3);

    // A shared assistant is only unassigned.
    const shared = await agntJson(['assistants', 'user', 'delete', 'usr_principal2', '--yes'], { sb });
    expect(shared).toMatchObject({ id: 'ast_ava', deleted: false });
    expect(sb.store.get('assistants', 'ast_ava')!.deletedAt).toBeNull();
  });

  it('hires an assistant for a user, and checks that the caller can see it', async () => {
    const u = await agntJson(['assistants', 'hire', 'usr_ghost', '--assistant-id', 'ast_ava'], { sb });
    expect(u).toMatchObject({ id: 'usr_ghost', assistant: 'ast_ava', assistantName: 'Ava' });
    const invisible = await agnt(['assistants', 'hire', '--assistant-id', 'ast_private'], { sb });
    expect(invisible.exitCode).toBe(4);
    expect(invisible.stderr).toMatch(/AGNT_E_ASSISTANT_NOT_VISIBLE/);
    const released = await agntJson(['assistants', 'hire', 'usr_ghost', '--assistant-id', 'null'], { sb });
    expect(released.assistant).toBeNull();
  });

  it('never shows the write-only carrierC access token: not in any output format, --debug or --dry-run', async () => {
    const secret = 'cc-SECRET-7f3a9d1e';
    const dir = tempDir();
    const file = join(dir, 'carrier-c.json');
    writeFileSync(file, JSON.stringify({ accessToken: secret }));

    writeFileSync(join(dir, 'body.json'), JSON.stringify({ carrierCCredentials: { accessToken: secret } }));
    const runs = [
      await agnt(['assistants', 'update', 'ast_ava', '--carrier-c-credentials', `@${file}`, '--debug'], { sb }),
      await agnt(['assistants', 'update', 'ast_ava', '--carrier-c-credentials', `@${file}`, '--dry-run'], { sb }),
      await agnt(['assistants', 'update', 'ast_ava', '--data', JSON.stringify({ carrierCCredentials: { accessToken: secret } }), '--debug', '-o', 'json'], { sb }),
    ];
    runs.push(await agnt(['assistants', 'user', 'update', '--file', join(dir, 'body.json'), '--debug', '-o', 'yaml'], { sb }));
    for (const format of ['table', 'json', 'yaml', 'jsonl', 'csv', 'id']) {
      runs.push(await agnt(['assistants', 'update', 'ast_ava', '--carrier-c-credentials', `@${file}`, '-o', format], { sb }));
      runs.push(await agnt(['assistants', 'get', 'ast_ava', '-o', format, '--debug'], { sb }));
    }
    // A mistyped value must not come back quoted in the parse error either.
    const typo = await agnt(['assistants', 'update', 'ast_ava', '--carrier-c-credentials', `{"accessToken":${secret}}`], { sb });
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toBe('error: --carrier-c-credentials:1:16: invalid JSON: unexpected character\n');
    const typo2 = await agnt(['assistants', 'update', 'ast_ava', '--data', `{"carrierCCredentials":{"accessToken":${secret}}}`], { sb });
    expect(typo2.exitCode).toBe(2);
    expect(typo2.stderr).not.toContain(secret.slice(3));
    runs.push(await agnt(['assistants', 'list', '-o', 'json', '--debug'], { sb }));
    runs.push(await agnt(['assistants', 'user', 'get', '-o', 'yaml'], { sb }));

    expect(runs[0]!.stderr).toMatch(/^> \{"carrierCCredentials":"<redacted>"\}$/m);
    expect(JSON.parse(runs[1]!.stdout).body).toEqual({ carrierCCredentials: '<redacted>' });
    for (const r of runs) {
      expect(r.stdout + r.stderr).not.toContain(secret);
    }
    expect(runs.map((r) => r.exitCode)).toEqual(runs.map(() => 0));
    // The platform got it and keeps it, but never on the record it returns.
    expect(sb.store.meta.carrierC.ast_ava).toBe(secret);
    expect(JSON.stringify(sb.store.get('assistants', 'ast_ava'))).not.toContain(secret);
  });

  it('names the endpoint and an example in every --help', async () => {
    await expectHelpForEvery(assistants);
  });
});
