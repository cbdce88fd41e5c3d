// The change journal from the user's side: every write of a run, from any path, is a change set in
// the profile's journal folder, with the record before (read first where the model can read it),
// the answer after, and nothing secret; AGNT_JOURNAL=off writes none.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeSetFiles, readChangeSetFile } from '../../src/core/change-journal.ts';
import { maskedCommandLine } from '../../src/core/journal-hook.ts';
import { agnt, agntJson, sandboxForFile, tempDir } from '../support/helpers.ts';

const sb = sandboxForFile();
const journal = (configDir: string) => join(configDir, 'changes', 'default');

describe('change journal', () => {
  it('an update keeps the record before (read first), the body and the answer; 0600', async () => {
    const configDir = tempDir();
    const [c] = await agntJson<Array<{ id: string; name: string }>>(['contacts', 'list', '--limit', '1'], { sb, configDir });
    const r = await agnt(['contacts', 'update', c!.id, '--set', 'name=Journal Test', '--title', 'CFO'], { sb, configDir });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const files = changeSetFiles(journal(configDir));
    expect(files).toHaveLength(1);
    expect(statSync(files[0]!.file).mode & 0o777).toBe(0o600);
    const set = readChangeSetFile(files[0]!.file)!;
    expect(set.header.command).toBe(`agnt contacts update ${c!.id} --set 'name=Journal Test' --title CFO`);
    expect(set.header.profile).toBe('default');
    expect(set.requests).toHaveLength(1);
    const [{ intent, outcome }] = set.requests as [(typeof set.requests)[0]];
    expect(intent).toMatchObject({ method: 'PUT', endpoint: 'contacts.update', target: `/contacts/${c!.id}`, body: { name: 'Journal Test', title: 'CFO' } });
    expect((intent.before as { name: string }).name).toBe(c!.name);
    expect(outcome).toMatchObject({ status: 200, after: { id: c!.id, name: 'Journal Test', title: 'CFO' } });
  });

  it('a read-only run writes no change set; AGNT_JOURNAL=off writes none for writes', async () => {
    const configDir = tempDir();
    await agntJson(['users', 'list'], { sb, configDir });
    const r = await agnt(['teams', 'create', '--name', 'No Journal'], { sb, configDir, env: { AGNT_JOURNAL: 'off' } });
    expect(r.exitCode).toBe(0);
    expect(readdirSync(configDir)).not.toContain('changes');
  });

  it('agnt api writes are journalled too, with secrets masked in the body and the command line', async () => {
    const configDir = tempDir();
    const r = await agnt(['api', 'POST', '/teams', '-f', 'name=Api Team', '-f', 'clientSecret=s3cr3t-value'], { sb, configDir });
    expect(r.exitCode, r.stderr).toBe(0);
    const [f] = changeSetFiles(journal(configDir));
    const text = readFileSync(f!.file, 'utf8');
    expect(text).not.toContain('s3cr3t-value');
    const set = readChangeSetFile(f!.file)!;
    expect(set.header.command).toBe("agnt api POST /teams -f 'name=Api Team' -f clientSecret=<redacted>");
    expect(set.requests[0]!.intent).toMatchObject({ method: 'POST', endpoint: 'teams.create', body: { name: 'Api Team', clientSecret: '<redacted>' } });
  });

  it('changes list filters by --command, --since and --user; prune removes what is older than --older-than', async () => {
    const configDir = tempDir();
    await agnt(['teams', 'create', '--name', 'List One'], { sb, configDir });
    await agnt(['contacts', 'update', 'con_carol', '--title', 'Listed'], { sb, configDir });
    // A change set of last year, by hand.
    const dir = journal(configDir);
    writeFileSync(
      join(dir, 'chg_20250101T000000Z_000aaa.jsonl'),
      `${JSON.stringify({ t: 'set', v: 1, id: 'chg_20250101T000000Z_000aaa', at: '2025-01-01T00:00:00.000Z', command: 'agnt teams create --name Old', profile: 'default', baseUrl: sb.baseUrl, user: 'old@acme.test' })}\nnot json\n`,
    );
    const all = await agntJson<Array<{ id: string; command: string; user: string | null }>>(['changes', 'list'], { sb, configDir });
    expect(all.map((x) => x.command)).toEqual(['agnt contacts update con_carol --title Listed', "agnt teams create --name 'List One'", 'agnt teams create --name Old']);
    expect((await agntJson<unknown[]>(['changes', 'list', '--command', 'teams create'], { sb, configDir })).length).toBe(2);
    expect((await agntJson<unknown[]>(['changes', 'list', '--since', '1d'], { sb, configDir })).length).toBe(2);
    expect((await agntJson<unknown[]>(['changes', 'list', '--user', 'old@acme.test'], { sb, configDir })).length).toBe(1);
    const bad = await agnt(['changes', 'list', '--since', 'soon'], { sb, configDir });
    expect(bad.exitCode).toBe(2);
    const shown = await agnt(['changes', 'show', 'chg_20250101T000000Z_000aaa'], { sb, configDir });
    expect(shown.stderr).toContain('note: chg_20250101T000000Z_000aaa: skipped unreadable line 2');
    const pruned = await agnt(['changes', 'prune', '--older-than', '30d'], { sb, configDir });
    expect(pruned.stderr).toContain('removed 1 change set');
    expect(changeSetFiles(dir).map((f) => f.id)).toEqual(all.slice(0, 2).map((x) => x.id));
    // Retention: a run that writes removes change sets older than 90 days.
    writeFileSync(join(dir, 'chg_20250101T000000Z_000bbb.jsonl'), '');
    await agnt(['teams', 'create', '--name', 'List Two'], { sb, configDir });
    expect(changeSetFiles(dir).map((f) => f.id)).not.toContain('chg_20250101T000000Z_000bbb');
    expect(changeSetFiles(dir)).toHaveLength(3);
  });

  it('masks secret flags and key=value pairs in the command line', () => {
    expect(maskedCommandLine(['auth', 'login', '--token', 'abc', '--client-secret=xyz', '--set', 'password=hunter2', 'name=Jo'])).toBe(
      'agnt auth login --token <redacted> --client-secret=<redacted> --set password=<redacted> name=Jo',
    );
  });
});
